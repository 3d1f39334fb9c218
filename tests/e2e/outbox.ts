import pg from 'pg';
import { codeIn, linkIn } from '../support/outbox';

/** Runs `work` with a connection to the database of the app under test (global-setup sets its URL). */
export async function withE2EDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const connectionString = process.env.E2E_DATABASE_URL;
  if (!connectionString) throw new Error('E2E_DATABASE_URL is not set: tests/e2e/global-setup.ts sets it');
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

interface OutboxQuery {
  recipient: string;
  channel?: 'email' | 'sms';
  purpose?: string;
  /** Only messages written at or after this moment. */
  since?: Date;
}

/**
 * The body of the newest development-outbox message that matches, waiting up to 5 s for it to be
 * written (the app sends it while the browser is already moving on).
 */
export async function latestOutboxBody(query: OutboxQuery): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const body = await withE2EDatabase(async (client) => {
      const { rows } = await client.query<{ body: string }>(
        `select body from dev_outbox
          where recipient = $1 and ($2::text is null or channel = $2) and ($3::text is null or purpose = $3)
            and ($4::timestamptz is null or created_at >= $4)
          order by created_at desc limit 1`,
        [query.recipient, query.channel ?? null, query.purpose ?? null, query.since ?? null],
      );
      return rows[0]?.body;
    });
    if (body) return body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${query.purpose ?? query.channel ?? ''} message to ${query.recipient} in the outbox`);
}

/** The link in the newest matching e-mail. */
export async function outboxLink(query: OutboxQuery): Promise<URL> {
  return linkIn(await latestOutboxBody({ channel: 'email', ...query }));
}

/** The six-digit code in the newest matching text message. */
export async function outboxCode(query: OutboxQuery): Promise<string> {
  return codeIn(await latestOutboxBody({ channel: 'sms', ...query }));
}

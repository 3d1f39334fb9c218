import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { openDatabase } from '../../src/server/db/client';
import { runMigrations } from '../../src/server/db/migrate';

/**
 * The PostgreSQL server a test run uses: the one at TEST_DATABASE_URL (any database on it; used to
 * create and drop the run's databases), else an embedded server started for the run in .tmp/.
 */
export interface TestPostgres {
  /** A URL to a maintenance database of the server, for CREATE and DROP DATABASE. */
  adminUrl: string;
  stop(): Promise<void>;
}

export async function startTestPostgres(): Promise<TestPostgres> {
  const external = process.env.TEST_DATABASE_URL;
  if (external) return { adminUrl: external, stop: async () => {} };
  const { startEmbeddedPostgres } = await import('../../src/server/db/embedded');
  const dataDir = path.resolve('.tmp', `test-pg-${process.pid}-${randomBytes(3).toString('hex')}`);
  const embedded = await startEmbeddedPostgres({
    dataDir,
    logger: pino({ level: 'warn' }),
    durable: false,
  });
  return {
    adminUrl: embedded.url,
    stop: async () => {
      await embedded.stop();
      const fs = await import('node:fs/promises');
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export function databaseUrl(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withAdminClient<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates a database named `name` with every migration applied: the template for each test file. */
export async function createTemplateDatabase(adminUrl: string, name: string): Promise<void> {
  await withAdminClient(adminUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS "${name}"`);
    await client.query(`CREATE DATABASE "${name}"`);
  });
  const handle = openDatabase(databaseUrl(adminUrl, name), { max: 2 });
  try {
    await runMigrations(handle.db);
  } finally {
    await handle.close();
  }
}

/** A fresh database copied from the template (fast: a file copy inside PostgreSQL). */
export async function createDatabaseFromTemplate(adminUrl: string, template: string): Promise<string> {
  const name = `brigade_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(adminUrl, (client) =>
    client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`),
  );
  return name;
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await withAdminClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

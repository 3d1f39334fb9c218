import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client';
import { devOutbox } from '../../src/server/modules/messaging/messaging.schema';
import { until } from './until';

/** The newest development-outbox message to `recipient` for `purpose`, or undefined. */
export async function latestMessage(db: Database, recipient: string, purpose: string) {
  const [row] = await db
    .select()
    .from(devOutbox)
    .where(and(eq(devOutbox.recipient, recipient), eq(devOutbox.purpose, purpose)))
    .orderBy(desc(devOutbox.createdAt))
    .limit(1);
  return row;
}

/** The first http(s) link in a message body. */
export function linkIn(body: string): URL {
  const match = /https?:\/\/\S+/.exec(body);
  if (!match) throw new Error(`no link in: ${body}`);
  return new URL(match[0]);
}

/** The six-digit code in a text message. */
export function codeIn(body: string): string {
  const match = /\b(\d{6})\b/.exec(body);
  if (!match) throw new Error(`no code in: ${body}`);
  return match[1]!;
}

/** Like `latestMessage`, but waits up to `timeoutMs` for it (see `until`). */
export function waitForMessage(db: Database, recipient: string, purpose: string, timeoutMs = 5000) {
  return until(() => latestMessage(db, recipient, purpose), timeoutMs);
}

import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/transaction';

/** The PostgreSQL channel every process LISTENs on. */
export const EVENTS_CHANNEL = 'brigade_events';

/**
 * Topics other screens follow: `orders` (any order changed: boards, lists, counts), `order-requests`
 * (the pending requests changed); `order:<id>` (one order) and `notifications:<userId>` carry a key.
 */
export const STATIC_TOPICS = ['menu', 'settings', 'orders', 'order-requests', 'sessions'] as const;
const KEYED_TOPIC = /^(order:[0-9a-f-]{36}|notifications:[0-9a-f-]{36})$/;

export function isKnownTopic(topic: string): boolean {
  return (STATIC_TOPICS as readonly string[]).includes(topic) || KEYED_TOPIC.test(topic);
}

export interface ChangeEvent {
  id: number;
  topic: string;
  version: number;
}

/**
 * Records that `topic` changed, inside the transaction of the change: an event row (its version is
 * its id) and a NOTIFY, which PostgreSQL delivers only at commit, so a
 * rolled-back change announces nothing.
 */
export async function publishChange(tx: Tx, topic: string): Promise<ChangeEvent> {
  if (!isKnownTopic(topic)) throw new Error(`unknown live topic ${topic}`);
  // The version is the event's id: increasing per topic and never reused, even after pruning.
  const result = await tx.execute(sql`
    insert into events (id, topic, version)
    select id, ${topic}, id from (select nextval(pg_get_serial_sequence('events', 'id')) as id) n
    returning id, topic, version`);
  const row = result.rows[0] as { id: string | number; topic: string; version: string | number };
  const event = { id: Number(row.id), topic: row.topic, version: Number(row.version) };
  await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
  return event;
}

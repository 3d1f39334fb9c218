import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/transaction';

/** The PostgreSQL channel every process LISTENs on. */
export const EVENTS_CHANNEL = 'brigade_events';

/**
 * Topics other screens follow: `orders` (any order changed: boards, lists, counts), `order-requests`
 * (the pending requests changed), `coupons`, `feedback`, `inventory`, `inventory-counts` and `purchase-orders` (their admin screens); `order:<id>` (one
 * order) and `notifications:<userId>` carry a key. `push` is internal: a notification waits for Web
 * Push (the push worker listens); it has no topic rule, so no stream may follow it.
 */
export const STATIC_TOPICS = [
  'menu',
  'settings',
  'orders',
  'order-requests',
  'sessions',
  'coupons',
  'feedback',
  'inventory',
  'inventory-counts',
  'purchase-orders',
  'expenses',
  'settlements',
  'cash-closes',
  'master-data',
  'push',
] as const;
const KEYED_TOPIC = /^(order:[0-9a-f-]{36}|my-orders:[0-9a-f-]{36}|notifications:[0-9a-f-]{36})$/;

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
 * its id). Nothing is announced here: after the commit, the request's `announceOwnEvents` applies the
 * new rows in this process and sends them to the others with NOTIFY (decision 008), so a rolled-back
 * change announces nothing, and committing transactions do not queue behind PostgreSQL's NOTIFY lock.
 */
export async function publishChange(tx: Tx, topic: string): Promise<ChangeEvent> {
  const [event] = await publishChanges(tx, [topic]);
  if (!event) throw new Error(`live topic ${topic} was not published`);
  return event;
}

/**
 * `publishChange` for several topics in one statement (an order announces `orders`, `order-requests`
 * and its own topic at once): one round trip however many topics.
 */
export async function publishChanges(tx: Tx, topics: readonly string[]): Promise<ChangeEvent[]> {
  if (topics.length === 0) return [];
  const result = await tx.execute(sql`
    with ${changeCtes(topics)}
    select id, topic, version from event_rows order by id`);
  return result.rows.map((row) => {
    const event = row as { id: string | number; topic: string; version: string | number };
    return { id: Number(event.id), topic: event.topic, version: Number(event.version) };
  });
}

/**
 * The version of `topic` the database holds, as an SQL expression (0 when it never changed): the
 * highest event id of the topic, as the hubs count it (pruning keeps each shared topic's newest row).
 * A statement that relied on what a process keeps in memory by topic version can check, in its own
 * snapshot, that the version has not moved (placing a point-of-sale order, use-cases/sale-context.ts).
 */
export function topicVersionSql(topic: (typeof STATIC_TOPICS)[number]): SQL {
  return sql`(select coalesce(max(id), 0) from events where topic = ${topic})`;
}

/** The events of `topics` as the common table expression `event_rows` (`eventRowsCte`). */
function changeCtes(topics: readonly string[], when?: SQL): SQL {
  return eventRowsCte(topicList(topics), when);
}

/**
 * Known topics as the array literal `eventRowsCte` takes (`{"orders","order:…"}`); an unknown topic
 * throws. Known topics have no quotes or commas, so the literal is safe.
 */
export function topicList(topics: readonly string[]): string {
  for (const topic of topics) if (!isKnownTopic(topic)) throw new Error(`unknown live topic ${topic}`);
  return `{${topics.map((topic) => `"${topic}"`).join(',')}}`;
}

/**
 * The events of the topics in `list` as a common table expression, `event_rows`, for a module that
 * writes its change and its events in one statement (placing an order). `list` is what `topicList`
 * gives, or a placeholder a prepared statement fills with it (db/prepared.ts). A data-modifying WITH
 * query always runs, read or not; `when` (SQL) writes them only if it holds (placing: only if the
 * order was written).
 */
export function eventRowsCte(list: string | Placeholder, when?: SQL): SQL {
  // The version is the event's id: increasing per topic and never reused, even after pruning.
  return sql`event_rows as (
      insert into events (id, topic, version)
      select n.id, n.topic, n.id
      from (select nextval(pg_get_serial_sequence('events', 'id')) as id, topic
            from unnest(${list}::text[]) as t(topic)${when ? sql` where ${when}` : sql``}) n
      returning id, topic, version)`;
}

/**
 * `changeCtes` for topics that a query gives: the event of each topic `topics` answers (a select of one
 * text column, `topic`; each topic once, however many rows name it) as the common table expression
 * `name`, for a change that learns its topics from its own rows (a notification announces the topic
 * of each person told, `notifications:<userId>`). The query may read the statement's other
 * common table expressions (the rows it wrote). It must give known topics (`isKnownTopic`): they come
 * from the database, so they are not checked here.
 */
export function topicQueryCtes(topics: SQL, name = 'event_rows'): SQL {
  return sql`${sql.identifier(name)} as (
      insert into events (id, topic, version)
      select n.id, n.topic, n.id
      from (select nextval(pg_get_serial_sequence('events', 'id')) as id, t.topic
            from (select distinct q.topic::text as topic from (${topics}) as q) as t) as n
      returning id, topic, version)`;
}

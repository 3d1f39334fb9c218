import { and, count, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Notification, NotificationPage, ReadAllResult } from '../../../shared/contracts/notifications';
import { type NotificationKind, notificationsTopic } from '../../../shared/notification-kinds';
import type { Role } from '../../../shared/roles';
import type { Database } from '../../db/client';
import type { Queryable, Tx } from '../../db/transaction';
import type { Actor } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { newestFirst, toPage } from '../../lib/pagination';
import { users } from '../auth';
import { topicQueryCtes } from '../events';
import { notifications, pushSubscriptions } from './notifications.schema';

/**
 * In-app notifications (docs/PRODUCT-RULES.md, Notifications): `notify` writes one row per person told in
 * the caller's transaction (placing an order, moving one, a low rating), the bell lists a user's own
 * and marks them read. Every change announces the person's live topic `notifications:<userId>` (their
 * bell refetches; the list's ETag is its version), and a row waiting for Web Push announces the
 * internal topic `push`, which wakes the push worker (push-sender.ts).
 */

type NotificationRow = typeof notifications.$inferSelect;

/** Who is told: one person, or everyone with one of the roles (a disabled account is told nothing). */
export type NotifyTarget = { userId: string } | { roles: readonly Role[] };

export interface NotifyMessage {
  kind: NotificationKind;
  title: string;
  body?: string;
  orderId?: string | null;
  /** The page that opens it: a path of this site (`/orders/<id>`). */
  link?: string | null;
  /**
   * Folds a burst: a person who still has an unread row of this kind made in the last `withinSeconds`
   * gets that row counted up and reworded (`title`, "<count> <counted>", `link`) instead of a new
   * row, and no second push. So a flood of one kind is one entry on the bell and at most one push a
   * window, while the first of each window is told in full.
   */
  fold?: { withinSeconds: number; title: string; counted: string; link: string };
}

/** Longest title and body kept (the words are the server's own; this only bounds them). */
const MAX_TITLE = 200;
const MAX_BODY = 1000;

/** The topic of each person told by the rows of `rows` (a common table expression with `user_id`). */
const personTopics = (rows: string) =>
  sql`select ${notificationsTopic('')}::text || r.user_id::text as topic from ${sql.identifier(rows)} as r`;

/**
 * Tells `target` about something, inside the caller's transaction, in one statement: one row per
 * person (roles: every account with one of them that is not disabled), `push_pending` when the person
 * has a push device (a folded row is counted up instead, see `fold`), the events of
 * `notifications:<userId>` for each, and of `push` when any new row waits for a push. Answers how
 * many people were told (0: nobody has the role).
 */
export async function notify(tx: Tx, target: NotifyTarget, message: NotifyMessage): Promise<number> {
  let who: SQL;
  if ('userId' in target) who = eq(users.id, target.userId) as SQL;
  else if (target.roles.length > 0) who = inArray(users.role, [...target.roles]) as SQL;
  else return 0;
  const { fold } = message;
  const folded =
    fold && fold.withinSeconds > 0
      ? sql`
      update ${notifications} n set occurrences = n.occurrences + 1, order_id = null,
        title = ${fold.title.slice(0, MAX_TITLE)}, link = ${fold.link},
        body = (n.occurrences + 1)::text || ' ' || ${fold.counted}::text
      from recipients r
      where n.user_id = r.user_id and n.kind = ${message.kind} and n.read_at is null
        and n.created_at > clock_timestamp() - make_interval(secs => ${fold.withinSeconds})
      returning n.user_id`
      : sql`select user_id from recipients where false`;
  const result = await tx.execute(sql`
    with recipients as (
      select ${users.id} as user_id,
        exists (select 1 from ${pushSubscriptions} s where s.user_id = ${users.id}) as push
      from ${users}
      where ${who} and not ${users.disabled}),
    folded as (${folded}),
    new_rows as (
      insert into ${notifications} (user_id, kind, title, body, order_id, link, push_pending)
      select r.user_id, ${message.kind}, ${message.title.slice(0, MAX_TITLE)},
        ${(message.body ?? '').slice(0, MAX_BODY)}, ${message.orderId ?? null}::uuid, ${message.link ?? null}, r.push
      from recipients r
      where not exists (select 1 from folded f where f.user_id = r.user_id)
      returning user_id, push_pending),
    told as (select user_id from new_rows union select user_id from folded),
    ${topicQueryCtes(sql`${personTopics('told')} union all select 'push' from new_rows where push_pending`)}
    select (select count(*) from told)::int as told, (select count(*) from event_rows)::int as events`);
  return Number((result.rows[0] as { told: number } | undefined)?.told ?? 0);
}

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

/** A notification as the API answers it. */
export function presentNotification(
  row: Pick<NotificationRow, 'id' | 'kind' | 'title' | 'body' | 'orderId' | 'link' | 'readAt' | 'createdAt'>,
): Notification {
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    title: row.title,
    body: row.body,
    orderId: row.orderId,
    link: row.link,
    readAt: iso(row.readAt),
    createdAt: iso(row.createdAt) as string,
  };
}

export interface NotificationQuery {
  limit: number;
  cursor?: string | undefined;
  /** Only the unread ones. */
  unread?: boolean | undefined;
}

/** How many of the user's notifications are unread (the bell's count). */
export async function unreadNotificationCount(db: Queryable, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** The caller's notifications, newest first, with the count of all their unread ones. */
export async function listNotifications(
  db: Database,
  actor: Actor,
  query: NotificationQuery,
): Promise<NotificationPage> {
  const page = newestFirst(notifications, query.cursor);
  const [rows, unreadCount] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, actor.id),
          query.unread ? isNull(notifications.readAt) : undefined,
          page.where,
        ),
      )
      .orderBy(...page.orderBy)
      .limit(query.limit + 1),
    unreadNotificationCount(db, actor.id),
  ]);
  pruneSoon(db);
  return { ...toPage(rows, query.limit, presentNotification), unreadCount };
}

const notFoundNotification = () => notFound('There is no such notification.');

/**
 * Marks one of the caller's notifications read (read already: as it was), in one statement that also
 * announces their topic when it changed. Another person's notification is a 404, as a missing one.
 */
export async function markNotificationRead(db: Database, actor: Actor, id: string): Promise<Notification> {
  const result = await db.execute(sql`
    with marked as (
      update ${notifications} set read_at = clock_timestamp()
      where id = ${id}::uuid and user_id = ${actor.id}::uuid and read_at is null
      returning id, kind, title, body, order_id, link, read_at, created_at, user_id),
    ${topicQueryCtes(personTopics('marked'))}
    select id, kind, title, body, order_id as "orderId", link, read_at as "readAt", created_at as "createdAt"
    from marked
    union all
    select id, kind, title, body, order_id, link, read_at, created_at
    from ${notifications}
    where id = ${id}::uuid and user_id = ${actor.id}::uuid and not exists (select 1 from marked)`);
  const row = result.rows[0] as Parameters<typeof presentNotification>[0] | undefined;
  if (!row) throw notFoundNotification();
  pruneSoon(db);
  return presentNotification(row);
}

/** Marks every unread notification of the caller read; announces their topic when any changed. */
export async function markAllNotificationsRead(db: Database, actor: Actor): Promise<ReadAllResult> {
  const result = await db.execute(sql`
    with marked as (
      update ${notifications} set read_at = clock_timestamp()
      where user_id = ${actor.id}::uuid and read_at is null
      returning user_id),
    ${topicQueryCtes(personTopics('marked'))}
    select (select count(*) from marked)::int as marked`);
  pruneSoon(db);
  return { unreadCount: 0, marked: Number((result.rows[0] as { marked: number } | undefined)?.marked ?? 0) };
}

/** Read notifications are kept this long, unread ones `UNREAD_KEPT_DAYS`. */
export const READ_KEPT_DAYS = 90;
export const UNREAD_KEPT_DAYS = 180;
const PRUNE_EVERY_MS = 10 * 60_000;
const lastPrune = new WeakMap<Database, number>();

/**
 * Deletes read notifications older than 90 days and unread ones older than 180, announcing the topic
 * of each person whose list changed (their ETag must change too). Answers how many were deleted.
 */
export async function pruneNotifications(db: Database): Promise<number> {
  const result = await db.execute(sql`
    with pruned as (
      delete from ${notifications}
      where created_at < now() - make_interval(days => ${UNREAD_KEPT_DAYS})
        or (read_at is not null and created_at < now() - make_interval(days => ${READ_KEPT_DAYS}))
      returning user_id),
    ${topicQueryCtes(personTopics('pruned'))}
    select (select count(*) from pruned)::int as pruned`);
  return Number((result.rows[0] as { pruned: number } | undefined)?.pruned ?? 0);
}

/** Housekeeping after a user's request, at most every 10 minutes per process: never in its way. */
function pruneSoon(db: Database): void {
  const last = lastPrune.get(db) ?? 0;
  if (Date.now() - last < PRUNE_EVERY_MS) return;
  lastPrune.set(db, Date.now());
  void pruneNotifications(db).catch(() => lastPrune.set(db, last));
}

import { and, eq, gte, inArray, isNotNull, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import {
  type FeedbackTrendBucket,
  type GivenFeedback,
  LOW_RATING,
  RATING_MAX,
} from '../../../shared/contracts/feedback';
import { orderNumberLabel } from '../../../shared/contracts/orders';
import { isRole, type Role } from '../../../shared/roles';
import type { Queryable, Tx } from '../../db/transaction';
import type { Actor } from '../../lib/context';
import { conflict, notFound } from '../../lib/errors';
import { newestFirst, toPage } from '../../lib/pagination';
import { inIds } from '../../lib/resource';
import { authorize, can } from '../../policies';
import { recordAudit } from '../audit';
import { isPhoneOnlyEmail, users } from '../auth';
import { publishChange, type TopicRule } from '../events';
import { feedback } from './feedback.schema';

/**
 * The feedback module: one rating per completed order (overall 1 to 5, required; food and service 1 to
 * 5, each optional; and a comment), its review and the owner's reply. What an order is, who may rate it
 * and the reply's e-mail span modules: use-cases/leave-feedback.ts and use-cases/customer-feedback.ts.
 * Every write publishes the live topic `feedback` (Customer Feedback), which only those who may read
 * all feedback may follow.
 */

export type FeedbackRow = typeof feedback.$inferSelect;

export const FEEDBACK_TOPIC = 'feedback';

/** Customer Feedback's topic: those who may read all feedback (installed with the module). */
export const FEEDBACK_TOPIC_RULES: Record<string, TopicRule> = {
  [FEEDBACK_TOPIC]: ({ actor }) => can(actor, 'feedback.read'),
};

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** Feedback as its author sees it back. */
export function presentGivenFeedback(row: FeedbackRow): GivenFeedback {
  return {
    overall: row.overall,
    food: row.food,
    service: row.service,
    comment: row.comment,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The feedback given on an order, or null. */
export async function feedbackOfOrder(db: Queryable, orderId: string): Promise<FeedbackRow | null> {
  const [row] = await db.select().from(feedback).where(eq(feedback.orderId, orderId));
  return row ?? null;
}

export interface NewFeedback {
  orderId: string;
  orderNumber: number;
  /** Who left it, when signed in. */
  authorId: string | null;
  overall: number;
  /** Null when not rated. */
  food: number | null;
  service: number | null;
  comment: string;
}

/**
 * Writes an order's feedback, once: a second one (also one arriving at the same moment: the unique
 * index on the order settles it) is a 409 `already-given`. Publishes `feedback`.
 */
export async function insertFeedback(tx: Tx, input: NewFeedback): Promise<FeedbackRow> {
  const [row] = await tx
    .insert(feedback)
    .values({
      orderId: input.orderId,
      authorId: input.authorId,
      overall: input.overall,
      food: input.food,
      service: input.service,
      comment: input.comment,
    })
    .onConflictDoNothing({ target: feedback.orderId })
    .returning();
  if (!row) {
    throw conflict(
      `Order ${orderNumberLabel(input.orderNumber)} has already been rated: one rating per order.`,
      {
        reason: 'already-given',
      },
    );
  }
  await publishChange(tx, FEEDBACK_TOPIC);
  return row;
}

/** The filters of Customer Feedback's list and summary; `from` and `to` as instants (`to` exclusive). */
export interface FeedbackFilters {
  /** Overall ratings. */
  rating?: number[];
  from?: Date;
  to?: Date;
  reviewed?: 'reviewed' | 'unreviewed';
}

function filterConditions(filters: FeedbackFilters): (SQL | undefined)[] {
  return [
    filters.rating ? inArray(feedback.overall, filters.rating) : undefined,
    filters.from ? gte(feedback.createdAt, filters.from) : undefined,
    filters.to ? lt(feedback.createdAt, filters.to) : undefined,
    filters.reviewed === 'reviewed' ? isNotNull(feedback.reviewedAt) : undefined,
    filters.reviewed === 'unreviewed' ? isNull(feedback.reviewedAt) : undefined,
  ];
}

/** Feedback newest first, filtered (Customer Feedback); the caller adds the orders. */
export async function listFeedback(
  db: Queryable,
  actor: Actor,
  query: FeedbackFilters & { limit: number; cursor?: string },
): Promise<{ items: FeedbackRow[]; nextCursor: string | null }> {
  authorize(actor, 'feedback.read');
  const page = newestFirst(feedback, query.cursor);
  const rows = await db
    .select()
    .from(feedback)
    .where(and(...filterConditions(query), page.where))
    .orderBy(...page.orderBy)
    .limit(query.limit + 1);
  return toPage(rows, query.limit, (row) => row);
}

const notFoundFeedback = () => notFound('There is no feedback with this id.');

/** One feedback locked `for update` in the caller's transaction (a review or a reply). */
export async function lockFeedback(tx: Tx, actor: Actor, id: string): Promise<FeedbackRow> {
  authorize(actor, 'feedback.read');
  const [row] = await tx.select().from(feedback).where(eq(feedback.id, id)).for('update');
  if (!row) throw notFoundFeedback();
  return row;
}

const reviewState = (row: FeedbackRow) => ({
  reviewedAt: iso(row.reviewedAt),
  reviewedBy: row.reviewedBy,
});

/**
 * Marks feedback reviewed (by `actor`, now) or not reviewed, inside the caller's transaction with the
 * row locked (`lockFeedback`). Marking it as it already is changes nothing (an earlier review keeps its
 * time and reviewer); a change is audited and published.
 */
export async function setFeedbackReviewed(
  tx: Tx,
  actor: Actor,
  row: FeedbackRow,
  reviewed: boolean,
  orderNumber: number,
): Promise<FeedbackRow> {
  if ((row.reviewedAt !== null) === reviewed) return row;
  const [updated] = await tx
    .update(feedback)
    .set(
      reviewed
        ? { reviewedAt: sql`clock_timestamp()`, reviewedBy: actor.id }
        : { reviewedAt: null, reviewedBy: null },
    )
    .where(eq(feedback.id, row.id))
    .returning();
  if (!updated) throw notFoundFeedback();
  const label = orderNumberLabel(orderNumber);
  await recordAudit(tx, actor, {
    area: 'feedback',
    action: reviewed ? 'feedback.reviewed' : 'feedback.unreviewed',
    summary: reviewed
      ? `Marked the feedback on order ${label} as reviewed`
      : `Marked the feedback on order ${label} as not reviewed`,
    targetType: 'feedback',
    targetId: row.id,
    before: reviewState(row),
    after: reviewState(updated),
  });
  await publishChange(tx, FEEDBACK_TOPIC);
  return updated;
}

/**
 * Keeps the owner's reply (the latest one; the audit log keeps earlier ones), who wrote it and when,
 * and marks the feedback reviewed if it was not; inside the caller's transaction with the row locked.
 * Audited and published.
 */
export async function saveFeedbackReply(
  tx: Tx,
  actor: Actor,
  row: FeedbackRow,
  message: string,
  context: { orderNumber: number; recipient: string },
): Promise<FeedbackRow> {
  const [updated] = await tx
    .update(feedback)
    .set({
      reply: message,
      repliedAt: sql`clock_timestamp()`,
      repliedBy: actor.id,
      ...(row.reviewedAt ? {} : { reviewedAt: sql`clock_timestamp()`, reviewedBy: actor.id }),
    })
    .where(eq(feedback.id, row.id))
    .returning();
  if (!updated) throw notFoundFeedback();
  await recordAudit(tx, actor, {
    area: 'feedback',
    action: 'feedback.replied',
    summary: `Replied by e-mail to ${context.recipient} about the feedback on order ${orderNumberLabel(context.orderNumber)}`,
    targetType: 'feedback',
    targetId: row.id,
    before: { reply: row.reply, ...reviewState(row) },
    after: { reply: updated.reply, to: context.recipient, ...reviewState(updated) },
  });
  await publishChange(tx, FEEDBACK_TOPIC);
  return updated;
}

/**
 * A person feedback mentions: their current name and role, and their e-mail address when it is a real
 * one.
 */
export interface FeedbackPerson {
  id: string;
  name: string;
  role: Role;
  /** Null for a phone-only account's placeholder address. */
  email: string | null;
}

/** The accounts of the given ids (those that still exist), by id. */
export async function feedbackPeople(
  db: Queryable,
  ids: readonly string[],
): Promise<Map<string, FeedbackPerson>> {
  const people = new Map<string, FeedbackPerson>();
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return people;
  const rows = await db
    .select({ id: users.id, name: users.name, role: users.role, email: users.email })
    .from(users)
    .where(inIds(users.id, wanted));
  for (const row of rows) {
    people.set(row.id, {
      id: row.id,
      name: row.name,
      role: isRole(row.role) ? row.role : 'customer',
      email: isPhoneOnlyEmail(row.email) ? null : row.email,
    });
  }
  return people;
}

// ---------------------------------------------------------------------------------------------------
// The summary: averages, the distribution of overall ratings and the trend.

export interface FeedbackTotals {
  count: number;
  /** Each over the feedback that has that rating (SQL's `avg` leaves nulls out); null when none has. */
  averages: { overall: number | null; food: number | null; service: number | null };
  /** How many have each rating: every one overall; food and service are optional. */
  rated: { overall: number; food: number; service: number };
  /** Index 0: one star … index 4: five stars. */
  distribution: number[];
  /** The first and last day with feedback (restaurant time zone), or null when there is none. */
  firstDay: string | null;
  lastDay: string | null;
}

/**
 * Count, averages (two decimals; food and service over the feedback that rated them, with how many
 * did), distribution and the days of the first and last feedback.
 */
export async function feedbackTotals(
  db: Queryable,
  actor: Actor,
  filters: FeedbackFilters,
  timeZone: string,
): Promise<FeedbackTotals> {
  authorize(actor, 'feedback.read');
  const localDay = sql`(${feedback.createdAt} at time zone ${timeZone})::date`;
  const stars = Array.from({ length: RATING_MAX }, (_, index) => index + 1);
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      overall: sql<number | null>`round(avg(${feedback.overall}), 2)::float8`,
      food: sql<number | null>`round(avg(${feedback.food}), 2)::float8`,
      service: sql<number | null>`round(avg(${feedback.service}), 2)::float8`,
      foodRated: sql<number>`count(${feedback.food})::int`,
      serviceRated: sql<number>`count(${feedback.service})::int`,
      distribution: sql<number[]>`array[${sql.join(
        stars.map((star) => sql`count(*) filter (where ${feedback.overall} = ${star})::int`),
        sql`, `,
      )}]`,
      firstDay: sql<string | null>`min(${localDay})::text`,
      lastDay: sql<string | null>`max(${localDay})::text`,
    })
    .from(feedback)
    .where(and(...filterConditions(filters)));
  return {
    count: row?.count ?? 0,
    averages: { overall: row?.overall ?? null, food: row?.food ?? null, service: row?.service ?? null },
    rated: { overall: row?.count ?? 0, food: row?.foodRated ?? 0, service: row?.serviceRated ?? 0 },
    distribution: (row?.distribution ?? stars.map(() => 0)).map(Number),
    firstDay: row?.firstDay ?? null,
    lastDay: row?.lastDay ?? null,
  };
}

/** Unreviewed feedback with a low overall rating, all time. */
export async function flaggedUnreviewedCount(db: Queryable, actor: Actor): Promise<number> {
  authorize(actor, 'feedback.read');
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(feedback)
    .where(and(lte(feedback.overall, LOW_RATING), isNull(feedback.reviewedAt)));
  return row?.count ?? 0;
}

export interface TrendPoint {
  /** The bucket's first day (YYYY-MM-DD, restaurant time zone; a week starts on Monday). */
  period: string;
  count: number;
  /** Each over the bucket's feedback that has that rating; null when none has. */
  overall: number | null;
  food: number | null;
  service: number | null;
}

/** The filtered feedback grouped into `bucket`s of the restaurant's calendar: only buckets with feedback. */
export async function feedbackTrend(
  db: Queryable,
  actor: Actor,
  filters: FeedbackFilters,
  timeZone: string,
  bucket: FeedbackTrendBucket,
): Promise<TrendPoint[]> {
  authorize(actor, 'feedback.read');
  const period = sql`date_trunc(${bucket}, ${feedback.createdAt} at time zone ${timeZone})::date`;
  const rows = await db
    .select({
      period: sql<string>`${period}::text`,
      count: sql<number>`count(*)::int`,
      overall: sql<number>`round(avg(${feedback.overall}), 2)::float8`,
      food: sql<number | null>`round(avg(${feedback.food}), 2)::float8`,
      service: sql<number | null>`round(avg(${feedback.service}), 2)::float8`,
    })
    .from(feedback)
    .where(and(...filterConditions(filters)))
    // By position: the bucket and the time zone are parameters, so a repeated expression would not match.
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  return rows;
}

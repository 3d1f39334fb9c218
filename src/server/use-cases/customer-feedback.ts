import {
  FEEDBACK_TREND_BUCKETS,
  type FeedbackAuthor,
  type FeedbackEntry,
  type FeedbackEntryPage,
  type FeedbackSummary,
  type FeedbackTrendBucket,
  LOW_RATING,
  RATING_ASPECT_LABELS,
  RATING_ASPECTS,
  RATING_MAX,
} from '../../shared/contracts/feedback';
import { orderNumberLabel } from '../../shared/contracts/orders';
import type { Database } from '../db/client';
import { withTransaction } from '../db/transaction';
import type { Actor, AppDeps } from '../lib/context';
import { queryDateRange } from '../lib/date-range';
import { conflict } from '../lib/errors';
import {
  type FeedbackFilters,
  type FeedbackPerson,
  type FeedbackRow,
  feedbackPeople,
  feedbackTotals,
  feedbackTrend,
  flaggedUnreviewedCount,
  listFeedback,
  lockFeedback,
  saveFeedbackReply,
  setFeedbackReviewed,
  type TrendPoint,
} from '../modules/feedback';
import { type OrderOutline, orderOutlines } from '../modules/orders';
import { getSettings } from '../modules/settings';

/**
 * Customer Feedback (`/admin/feedback`; docs/PRODUCT-RULES.md, Customer feedback): all feedback with its
 * order (feedback, orders), the restaurant's time zone and name (settings), people (auth through the
 * feedback module), and the reply's e-mail (messaging). Policy `feedback.read` (administrators).
 */

/** The filters as the query names them: days in the restaurant's time zone. */
export interface FeedbackQuery {
  rating?: number[];
  from?: string;
  to?: string;
  reviewed?: 'reviewed' | 'unreviewed';
}

/** Most days a trend is drawn per day, and per week; beyond that per month. */
export const TREND_DAY_LIMIT = 62;
export const TREND_WEEK_LIMIT = 550;
/** Most buckets filled in (empty ones included); a longer range is drawn over the data's own days. */
const MAX_TREND_BUCKETS = 400;

async function filtersOf(db: Database, query: FeedbackQuery) {
  const { timeZone } = await getSettings(db);
  const { from, to } = queryDateRange(query, timeZone);
  const filters: FeedbackFilters = { rating: query.rating, from, to, reviewed: query.reviewed };
  return { filters, timeZone };
}

const iso = (value: Date | null) => value?.toISOString() ?? null;

/**
 * The account a reply goes to: the order's customer; on an order without one, the account that left
 * the feedback when it is a customer's (signed in, with the receipt's link), never a staff member's.
 */
function replyAccountId(
  row: FeedbackRow,
  outline: OrderOutline | undefined,
  people: Map<string, FeedbackPerson>,
): string | null {
  if (outline?.customerId) return outline.customerId;
  if (!row.authorId) return null;
  return people.get(row.authorId)?.role === 'customer' ? row.authorId : null;
}

/**
 * Who wrote the feedback: the order's customer, another signed-in account (it held the order's
 * link), or a guest with the link (no account, or one deleted since: `author_id` is then cleared).
 */
function authorOf(
  row: FeedbackRow,
  outline: OrderOutline | undefined,
  people: Map<string, FeedbackPerson>,
): FeedbackAuthor {
  if (!row.authorId) return { kind: 'guest', id: null, name: null, role: null };
  const person = people.get(row.authorId);
  return {
    kind: row.authorId === outline?.customerId ? 'customer' : 'account',
    id: row.authorId,
    name: person?.name ?? 'Former user',
    role: person?.role ?? null,
  };
}

function presentEntry(
  row: FeedbackRow,
  outline: OrderOutline | undefined,
  people: Map<string, FeedbackPerson>,
): FeedbackEntry {
  const person = (id: string | null) => {
    if (!id) return null;
    return { id, name: people.get(id)?.name ?? 'Former user' };
  };
  const accountId = replyAccountId(row, outline, people);
  const confirmedAt = outline?.confirmedAt ?? null;
  const readyAt = outline?.readyAt ?? null;
  return {
    id: row.id,
    overall: row.overall,
    food: row.food,
    service: row.service,
    comment: row.comment,
    flagged: row.overall <= LOW_RATING,
    createdAt: row.createdAt.toISOString(),
    order: {
      id: row.orderId,
      number: outline?.number ?? 0,
      type: outline?.type ?? 'takeaway',
      tableName: outline?.tableName ?? null,
      lines: outline?.lines ?? [],
      placedAt: outline ? outline.placedAt.toISOString() : row.createdAt.toISOString(),
      confirmedAt: iso(confirmedAt),
      readyAt: iso(readyAt),
      preparationSeconds:
        confirmedAt && readyAt
          ? Math.max(0, Math.round((readyAt.getTime() - confirmedAt.getTime()) / 1000))
          : null,
    },
    author: authorOf(row, outline, people),
    customer: person(accountId),
    customerName: outline?.customerName || (accountId ? (people.get(accountId)?.name ?? '') : ''),
    canReply: Boolean(accountId && people.get(accountId)?.email),
    reviewedAt: iso(row.reviewedAt),
    reviewedBy: person(row.reviewedBy),
    reply: row.reply,
    repliedAt: iso(row.repliedAt),
    repliedBy: person(row.repliedBy),
  };
}

/** Entries for feedback rows: their orders and people in a few queries, whatever their number. */
async function presentEntries(db: Database, rows: FeedbackRow[]): Promise<FeedbackEntry[]> {
  if (rows.length === 0) return [];
  const outlines = await orderOutlines(
    db,
    rows.map((row) => row.orderId),
  );
  const ids: string[] = [];
  for (const row of rows) {
    const customerId = outlines.get(row.orderId)?.customerId ?? null;
    for (const id of [customerId, row.authorId, row.reviewedBy, row.repliedBy]) if (id) ids.push(id);
  }
  const people = await feedbackPeople(db, ids);
  return rows.map((row) => presentEntry(row, outlines.get(row.orderId), people));
}

/** `GET /api/admin/feedback`: newest first, filtered. */
export async function customerFeedback(
  db: Database,
  actor: Actor,
  query: FeedbackQuery & { limit: number; cursor?: string },
): Promise<FeedbackEntryPage> {
  const { filters } = await filtersOf(db, query);
  const page = await listFeedback(db, actor, { ...filters, limit: query.limit, cursor: query.cursor });
  return { items: await presentEntries(db, page.items), nextCursor: page.nextCursor };
}

// ---------------------------------------------------------------------------------------------------
// The summary

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayText = (utcMs: number) => new Date(utcMs).toISOString().slice(0, 10);

/** The bucket a range of days is drawn in: per day up to 62 days, per week up to 550, else per month. */
export function trendBucketFor(from: string, to: string): FeedbackTrendBucket {
  const days = dayNumber(to) - dayNumber(from) + 1;
  if (days <= TREND_DAY_LIMIT) return 'day';
  if (days <= TREND_WEEK_LIMIT) return 'week';
  return 'month';
}

/** The first day of the bucket `day` falls in (weeks start on Monday, as PostgreSQL's `date_trunc`). */
export function bucketStart(day: string, bucket: FeedbackTrendBucket): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (bucket === 'month') return `${day.slice(0, 8)}01`;
  if (bucket === 'week') return dayText(date.getTime() - ((date.getUTCDay() + 6) % 7) * DAY_MS);
  return day;
}

function nextBucket(start: string, bucket: FeedbackTrendBucket): string {
  const date = new Date(`${start}T00:00:00Z`);
  if (bucket === 'month') return dayText(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1));
  return dayText(date.getTime() + (bucket === 'week' ? 7 : 1) * DAY_MS);
}

/** Every bucket from `from`'s to `to`'s, each with its feedback or empty. */
export function fillTrend(
  points: TrendPoint[],
  from: string,
  to: string,
  bucket: FeedbackTrendBucket,
): TrendPoint[] {
  const byPeriod = new Map(points.map((point) => [point.period, point]));
  const filled: TrendPoint[] = [];
  const last = bucketStart(to, bucket);
  for (let period = bucketStart(from, bucket); period <= last; period = nextBucket(period, bucket)) {
    filled.push(byPeriod.get(period) ?? { period, count: 0, overall: null, food: null, service: null });
  }
  return filled;
}

/**
 * `GET /api/admin/feedback/summary`: count, averages and distribution of the filtered feedback, the
 * unreviewed low ratings of all time, and the trend over the filters' days (or, without them, the
 * data's first and last day), each bucket empty or with its count and averages.
 */
export async function customerFeedbackSummary(
  db: Database,
  actor: Actor,
  query: FeedbackQuery,
): Promise<FeedbackSummary> {
  const { filters, timeZone } = await filtersOf(db, query);
  const [totals, flaggedUnreviewed] = await Promise.all([
    feedbackTotals(db, actor, filters, timeZone),
    flaggedUnreviewedCount(db, actor),
  ]);
  // A missing bound is the data's; with no data either, the other bound (or no trend at all).
  const from = query.from ?? totals.firstDay ?? query.to ?? null;
  const to = query.to ?? totals.lastDay ?? query.from ?? null;
  const bucket: FeedbackTrendBucket = from && to ? trendBucketFor(from, to) : FEEDBACK_TREND_BUCKETS[0];
  let trend: TrendPoint[] = [];
  if (from && to && totals.count > 0) {
    const points = await feedbackTrend(db, actor, filters, timeZone, bucket);
    trend = fillTrend(points, from, to, bucket);
    if (trend.length > MAX_TREND_BUCKETS && totals.firstDay && totals.lastDay) {
      trend = fillTrend(points, totals.firstDay, totals.lastDay, bucket);
    }
  } else if (from && to) {
    const filled = fillTrend([], from, to, bucket);
    trend = filled.length > MAX_TREND_BUCKETS ? [] : filled;
  }
  return {
    count: totals.count,
    averages: totals.averages,
    rated: totals.rated,
    distribution: totals.distribution,
    flaggedUnreviewed,
    bucket,
    trend,
    from,
    to,
  };
}

// ---------------------------------------------------------------------------------------------------
// Review and reply

/** `PATCH /api/admin/feedback/{id}`: marks it reviewed (or not); audited. */
export async function reviewFeedback(
  db: Database,
  actor: Actor,
  id: string,
  reviewed: boolean,
): Promise<FeedbackEntry> {
  const row = await withTransaction(db, async (tx) => {
    const locked = await lockFeedback(tx, actor, id);
    const outline = (await orderOutlines(tx, [locked.orderId])).get(locked.orderId);
    return setFeedbackReviewed(tx, actor, locked, reviewed, outline?.number ?? 0);
  });
  const [entry] = await presentEntries(db, [row]);
  return entry as FeedbackEntry;
}

function replyEmail(input: {
  restaurant: string;
  row: FeedbackRow;
  outline: OrderOutline;
  name: string;
  message: string;
  timeZone: string;
  locale: string;
}) {
  const label = orderNumberLabel(input.outline.number);
  const day = new Intl.DateTimeFormat(input.locale, { dateStyle: 'long', timeZone: input.timeZone }).format(
    input.row.createdAt,
  );
  // Only the ratings given: food and service are optional.
  const ratings = RATING_ASPECTS.flatMap((aspect) => {
    const value = input.row[aspect];
    return value === null ? [] : [`${RATING_ASPECT_LABELS[aspect]} ${value}/${RATING_MAX}`];
  }).join(', ');
  const lines = [
    `Hello ${input.name || 'there'},`,
    '',
    input.message,
    '',
    `${input.restaurant}`,
    '',
    `Your feedback on order ${label} (${day}): ${ratings}`,
    ...(input.row.comment ? [`“${input.row.comment}”`] : []),
  ];
  return {
    subject: `Re: your feedback on order ${label} at ${input.restaurant}`,
    text: lines.join('\n'),
  };
}

/**
 * `POST /api/admin/feedback/{id}/reply`: e-mails the customer (the order's customer account, or the
 * customer's account that left the feedback: `replyAccountId`) through the messenger, keeps the reply
 * with who sent it and when, and marks the feedback reviewed; audited. No e-mail address (a guest
 * without an account, a staff member's rating, or a phone-only account): 409 `no-email`. The e-mail is sent before the transaction commits: if the
 * provider fails (503), nothing is kept and the reply can be sent again.
 */
export async function replyToFeedback(
  deps: Pick<AppDeps, 'db' | 'messenger'>,
  actor: Actor,
  id: string,
  message: string,
): Promise<FeedbackEntry> {
  const { db, messenger } = deps;
  const settings = await getSettings(db);
  const row = await withTransaction(db, async (tx) => {
    const locked = await lockFeedback(tx, actor, id);
    const outline = (await orderOutlines(tx, [locked.orderId])).get(locked.orderId);
    const people = await feedbackPeople(
      tx,
      [outline?.customerId, locked.authorId].filter((id): id is string => Boolean(id)),
    );
    const accountId = replyAccountId(locked, outline, people);
    const person = accountId ? people.get(accountId) : undefined;
    const label = orderNumberLabel(outline?.number ?? 0);
    if (!outline || !person?.email) {
      throw conflict(
        `The customer of order ${label} left no e-mail address, so a reply cannot be sent. Reach them another way if you can.`,
        { reason: 'no-email' },
      );
    }
    const saved = await saveFeedbackReply(tx, actor, locked, message, {
      orderNumber: outline.number,
      recipient: person.email,
    });
    const email = replyEmail({
      restaurant: settings.name,
      row: locked,
      outline,
      name: outline.customerName || person.name,
      message,
      timeZone: settings.timeZone,
      locale: settings.locale,
    });
    await messenger.sendEmail({ to: person.email, ...email, purpose: 'feedback-reply' });
    return saved;
  });
  const [entry] = await presentEntries(db, [row]);
  return entry as FeedbackEntry;
}

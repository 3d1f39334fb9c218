import type { FeedbackEntry } from '../../../shared/contracts/feedback';
import { RATING_MAX } from '../../../shared/feedback-paths';
import type { Role } from '../../../shared/roles';
import {
  type ChartBox,
  linePath as chartLinePath,
  pointX,
  valueY,
} from '../../components/charts/chart-geometry';

/**
 * What the feedback screens say and draw, as pure functions: the words of a rating, how
 * long an order took, the admin screen's filters as a query, and the trend chart's geometry (that of
 * every chart, `components/charts/chart-geometry.ts`, on the ratings' scale).
 * Zod-free: the guests' feedback page loads it.
 */

/** The word beside a rating. */
export const RATING_WORDS: Readonly<Record<number, string>> = {
  1: 'Poor',
  2: 'Fair',
  3: 'Good',
  4: 'Very good',
  5: 'Excellent',
};

/** A radio's accessible name: "1 star, Poor", "4 stars, Very good". */
export function ratingName(rating: number): string {
  return `${rating} ${rating === 1 ? 'star' : 'stars'}, ${RATING_WORDS[rating] ?? ''}`.trim();
}

/** An average to two decimals ("4.25"), or a dash when there is none. */
export function formatAverage(value: number | null): string {
  return value === null ? '—' : value.toFixed(2);
}

/**
 * Under an optional rating's average, how many it is taken over: "3 of 5 rated the food", "None rated
 * the service"; nothing when there is no feedback at all.
 */
export function ratedNote(aspect: 'food' | 'service', rated: number, count: number): string | null {
  if (count === 0) return null;
  const what = aspect === 'food' ? 'the food' : 'the service';
  return rated === 0 ? `None rated ${what}` : `${rated} of ${count} rated ${what}`;
}

/** "45 s", "12 min", "1 h 5 min": how long an order took from confirmed to ready. */
export function durationLabel(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  if (whole < 60) return `${whole} s`;
  const minutes = Math.round(whole / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** "2× Latte (Oat milk), 1× Soup". */
export function itemsLine(lines: readonly { name: string; quantity: number; options?: readonly string[] }[]) {
  return lines
    .map((line) => {
      const options = line.options && line.options.length > 0 ? ` (${line.options.join(', ')})` : '';
      return `${line.quantity}× ${line.name}${options}`;
    })
    .join(', ');
}

/**
 * The order's feedback link with its secret key, from its payment link (`/payment/{id}?key=…`, which
 * staff and the order's customer read with the order); null when the link carries no key.
 */
export function feedbackKeyOf(paymentLink: string): string | null {
  const query = paymentLink.indexOf('?');
  if (query < 0) return null;
  return new URLSearchParams(paymentLink.slice(query + 1)).get('key');
}

const AUTHOR_ROLE_WORDS: Readonly<Record<Role, string>> = {
  customer: 'customer account',
  staff: 'staff',
  manager: 'manager',
  admin: 'admin',
};

/**
 * Who wrote a feedback, as Customer Feedback names them: "Cleo Ng, the order’s customer", "Sam Lee
 * (staff), with the order’s link", "Guest with the receipt link (not signed in)".
 */
export function authorLabel(author: FeedbackEntry['author']): string {
  const name = author.name ?? 'Former user';
  if (author.kind === 'customer') return `${name}, the order’s customer`;
  if (author.kind === 'account') {
    return author.role
      ? `${name} (${AUTHOR_ROLE_WORDS[author.role]}), with the order’s link`
      : `${name}, with the order’s link`;
  }
  return 'Guest with the receipt link (not signed in)';
}

/**
 * What deserves a second look about who wrote a feedback: someone other than the order's customer
 * account (kept before only that customer could rate it), or a member of staff with the link of an
 * order without one. Null when nothing does.
 */
export function authorWarning(entry: Pick<FeedbackEntry, 'author' | 'customer'>): string | null {
  const { author, customer } = entry;
  if (author.kind === 'customer') return null;
  if (customer && customer.id !== author.id) return 'Not written by the order’s customer.';
  if (author.role && author.role !== 'customer') return 'Written by a member of staff.';
  return null;
}

export const REVIEW_FILTERS = ['unreviewed', 'reviewed', 'all'] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number];
export const REVIEW_FILTER_LABELS: Record<ReviewFilter, string> = {
  unreviewed: 'Unreviewed',
  reviewed: 'Reviewed',
  all: 'All',
};

/** The admin screen's filters: overall ratings (none: all), days (`YYYY-MM-DD`, '' for open) and reviewed. */
export interface FeedbackFilters {
  ratings: number[];
  from: string;
  to: string;
  reviewed: ReviewFilter;
}

export const NO_FEEDBACK_FILTERS: FeedbackFilters = { ratings: [], from: '', to: '', reviewed: 'all' };

export function hasFilters(filters: FeedbackFilters): boolean {
  return filters.ratings.length > 0 || filters.from !== '' || filters.to !== '' || filters.reviewed !== 'all';
}

/** `rating=1,2&from=…&to=…&reviewed=…` of `GET /api/admin/feedback` and its summary. */
export function feedbackQuery(filters: FeedbackFilters): URLSearchParams {
  const query = new URLSearchParams();
  if (filters.ratings.length > 0) {
    query.set('rating', [...filters.ratings].sort((a, b) => a - b).join(','));
  }
  if (filters.from) query.set('from', filters.from);
  if (filters.to) query.set('to', filters.to);
  if (filters.reviewed !== 'all') query.set('reviewed', filters.reviewed);
  return query;
}

/** The share of `count` in `total` as a whole percentage (0 when there is nothing). */
export function percentOf(count: number, total: number): number {
  return total === 0 ? 0 : Math.round((count / total) * 100);
}

export type { ChartBox } from '../../components/charts/chart-geometry';
export { labelledIndexes } from '../../components/charts/chart-geometry';

/** The x of the `index`-th of `count` periods: spread over the plot, one alone in its middle. */
export function chartX(box: ChartBox, index: number, count: number): number {
  return pointX(box, index, count);
}

/** The y of a rating (1 at the bottom, 5 at the top). */
export function chartY(box: ChartBox, rating: number): number {
  return valueY(box, rating, 1, RATING_MAX);
}

/**
 * An SVG path through the periods that have a value: a period without feedback (null) breaks the
 * line instead of pulling it to zero.
 */
export function linePath(box: ChartBox, values: readonly (number | null)[]): string {
  return chartLinePath(box, values, 1, RATING_MAX);
}

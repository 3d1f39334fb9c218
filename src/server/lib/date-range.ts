import { zoneOffsetMs } from '../../shared/time-zones';
import { badRequest } from './errors';

/**
 * Dates a query may name. JavaScript and PostgreSQL disagree at the edges of their calendars (year
 * 0000 does not exist in PostgreSQL; `to=9999-12-31` means up to 10000-01-01, which neither writes as
 * an ISO date), so a date filter outside these years is refused as bad input, naming the field, instead
 * of failing in the database.
 */
export const EARLIEST_QUERY_DATE = '1900-01-01';
export const LATEST_QUERY_DATE = '2999-12-31';
export const DATE_RANGE_MESSAGE = `must be a date from ${EARLIEST_QUERY_DATE} to ${LATEST_QUERY_DATE}`;

/**
 * False for a date or date-time outside the range above. Anything not shaped like a date passes: the
 * format check beside it names that problem, so a typo gets one message, not two.
 */
export function isQueryDateInRange(value: string): boolean {
  const day = /^\d{4}-\d{2}-\d{2}/.exec(value)?.[0];
  if (!day) return true;
  return day >= EARLIEST_QUERY_DATE && day <= LATEST_QUERY_DATE;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Midnight at the start of the calendar day `year-month-day` in `timeZone` (days may overflow). */
function startOfDay(year: number, month: number, day: number, timeZone: string): Date {
  const naive = Date.UTC(year, month - 1, day);
  // Twice: the offset at the guess, not at the naive instant, is the one that applies (DST days).
  const first = naive - zoneOffsetMs(naive, timeZone);
  return new Date(naive - zoneOffsetMs(first, timeZone));
}

/**
 * A filter bound as an instant. A date alone is a day in the restaurant's time zone: `from` starts at its
 * midnight and `to` includes the whole day, up to the next midnight.
 */
export function queryDateBound(value: string, bound: 'from' | 'to', timeZone: string): Date {
  const date = DATE_ONLY.exec(value);
  if (!date) return new Date(value);
  const [year, month, day] = [Number(date[1]), Number(date[2]), Number(date[3])];
  return startOfDay(year, month, bound === 'from' ? day : day + 1, timeZone);
}

/**
 * `from` and `to` of a list query as instants (either may be absent), refusing `from` after `to` with a
 * 400 naming `from`. Dates are compared as given: `to=2025-03-01` starts on the 1st, so
 * `from=2025-03-02` is after it.
 */
export function queryDateRange(
  input: { from?: string; to?: string },
  timeZone: string,
): { from: Date | undefined; to: Date | undefined } {
  const from = input.from ? queryDateBound(input.from, 'from', timeZone) : undefined;
  const to = input.to ? queryDateBound(input.to, 'to', timeZone) : undefined;
  if (from && input.to && from > queryDateBound(input.to, 'from', timeZone)) {
    throw badRequest('Invalid query: from: must not be after to', {
      issues: [{ path: 'from', message: 'must not be after to' }],
    });
  }
  return { from, to };
}

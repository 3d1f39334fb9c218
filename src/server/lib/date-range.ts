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

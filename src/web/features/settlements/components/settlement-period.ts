/**
 * Periods of a settlement as days of the restaurant's calendar (`YYYY-MM-DD`), computed on the calendar
 * alone (UTC dates), so no time zone or daylight-saving change moves a day.
 */

const DAY_MS = 86_400_000;

function dateOf(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** `day` moved by `offset` days. */
export function addDays(day: string, offset: number): string {
  return dayOf(new Date(dateOf(day).getTime() + offset * DAY_MS));
}

/**
 * The last whole week, Monday to Sunday, before `today`: what a weekly partner payout covers. On a
 * Monday it is the week that ended yesterday; on a Sunday, the week before the one that ends today
 * (today is not over yet).
 */
export function lastWeek(today: string): { from: string; to: string } {
  // getUTCDay: 0 Sunday … 6 Saturday; days since the last Sunday strictly before today.
  const weekday = dateOf(today).getUTCDay();
  const back = weekday === 0 ? 7 : weekday;
  const to = addDays(today, -back);
  return { from: addDays(to, -6), to };
}

/** How many days `from`..`to` covers, both included (0 when `to` is before `from`). */
export function daysIn(from: string, to: string): number {
  const days = Math.round((dateOf(to).getTime() - dateOf(from).getTime()) / DAY_MS) + 1;
  return Math.max(days, 0);
}

/** `2026-05-04`..`2026-05-10` → "May 4 – May 10, 2026" (one day: "May 4, 2026"), in the locale. */
export function formatPeriod(from: string, to: string, locale: string): string {
  try {
    const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
    if (from === to) return format.format(dateOf(from));
    return format.formatRange(dateOf(from), dateOf(to));
  } catch {
    return from === to ? from : `${from} – ${to}`;
  }
}

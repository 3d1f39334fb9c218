/**
 * The days a recurring expense falls on, as calendar days (`YYYY-MM-DD`, the restaurant's calendar):
 * monthly on a day of the month (the month's last day when it is shorter: the 31st is 30 April and
 * 28 or 29 February), or weekly on a weekday (1 = Monday … 7 = Sunday).
 */
export type RecurrenceRule =
  | { frequency: 'monthly'; dayOfMonth: number }
  | { frequency: 'weekly'; weekday: number };

const DAY_MS = 86_400_000;

const toDate = (day: string) => new Date(`${day}T00:00:00Z`);
const toDay = (date: Date) => date.toISOString().slice(0, 10);

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/** The rule's day in the month of `year`/`month` (0-based month). */
function monthlyDay(year: number, month: number, dayOfMonth: number): Date {
  return new Date(Date.UTC(year, month, Math.min(dayOfMonth, daysInMonth(year, month))));
}

/** The first day on or after `from` that the rule falls on. */
export function nextOccurrence(rule: RecurrenceRule, from: string): string {
  const start = toDate(from);
  if (rule.frequency === 'weekly') {
    const isoWeekday = ((start.getUTCDay() + 6) % 7) + 1;
    const ahead = (rule.weekday - isoWeekday + 7) % 7;
    return toDay(new Date(start.getTime() + ahead * DAY_MS));
  }
  const year = start.getUTCFullYear();
  const month = start.getUTCMonth();
  const thisMonth = monthlyDay(year, month, rule.dayOfMonth);
  if (thisMonth.getTime() >= start.getTime()) return toDay(thisMonth);
  return toDay(monthlyDay(month === 11 ? year + 1 : year, (month + 1) % 12, rule.dayOfMonth));
}

/** The first day after `day` that the rule falls on. */
export function occurrenceAfter(rule: RecurrenceRule, day: string): string {
  return nextOccurrence(rule, toDay(new Date(toDate(day).getTime() + DAY_MS)));
}

/** Whether the rule falls on `day`. */
export function fallsOn(rule: RecurrenceRule, day: string): boolean {
  return nextOccurrence(rule, day) === day;
}

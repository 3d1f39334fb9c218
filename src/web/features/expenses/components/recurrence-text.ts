import type { RecurringExpense } from '../../../../shared/contracts/expenses';
import { nextOccurrence, occurrenceAfter, type RecurrenceRule } from '../../../../shared/recurrence';
import { WEEKDAY_LABELS, WEEKDAYS } from '../../../../shared/weekdays';

/** The weekdays as the API numbers them (1 = Monday … 7 = Sunday), with their names. */
export const RECURRENCE_WEEKDAYS = WEEKDAYS.map((day, index) => ({
  value: index + 1,
  label: WEEKDAY_LABELS[day],
}));

/** "Monday" for 1 … "Sunday" for 7. */
export function weekdayName(weekday: number): string {
  return RECURRENCE_WEEKDAYS[weekday - 1]?.label ?? `day ${weekday}`;
}

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st, 22nd, 23rd … 31st. */
export function ordinal(day: number): string {
  const lastTwo = day % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${day}th`;
  const suffix = ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th';
  return `${day}${suffix}`;
}

/** Days that some months do not have (February has 28 or 29): those months record on their last day. */
export const shortMonthsTakeLastDay = (dayOfMonth: number) => dayOfMonth > 28;

/** "Monthly on the 1st", "Monthly on the 31st (or the month's last day)", "Weekly on Monday". */
export function describeRecurrence(rule: RecurrenceRule): string {
  if (rule.frequency === 'weekly') return `Weekly on ${weekdayName(rule.weekday)}`;
  const day = `Monthly on the ${ordinal(rule.dayOfMonth)}`;
  return shortMonthsTakeLastDay(rule.dayOfMonth) ? `${day} (or the month's last day)` : day;
}

/** The rule a recurring expense follows, as `shared/recurrence.ts` takes it. */
export function ruleOf(
  template: Pick<RecurringExpense, 'frequency' | 'dayOfMonth' | 'weekday'>,
): RecurrenceRule {
  return template.frequency === 'weekly'
    ? { frequency: 'weekly', weekday: template.weekday ?? 1 }
    : { frequency: 'monthly', dayOfMonth: template.dayOfMonth ?? 1 };
}

/**
 * The first day the rule records on from now: on or after the latest of its start, today and the day
 * after the last one it recorded (as the server counts it); null when that is past its end.
 */
export function firstDueDay(
  rule: RecurrenceRule,
  {
    startsOn,
    endsOn,
    today,
    lastRecordedOn = null,
  }: {
    startsOn: string;
    endsOn: string | null;
    today: string;
    lastRecordedOn?: string | null;
  },
): string | null {
  const after = lastRecordedOn ? occurrenceAfter(rule, lastRecordedOn) : '';
  // ISO days compare as text.
  const from = [startsOn, today, after].sort().at(-1) as string;
  const first = nextOccurrence(rule, from);
  return endsOn && first > endsOn ? null : first;
}

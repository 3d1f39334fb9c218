import { daysBetween, MAX_REPORT_DAYS } from '../../../shared/contracts/reports';

/**
 * The periods of the analytics dashboard: days of the restaurant's calendar (`YYYY-MM-DD`, both ends
 * included), the quick choices counted from the restaurant's today ("This month" and "This year" run
 * to today: the days after it hold nothing yet), the period a page's address asks for (today without
 * one), and how a period is named on screen.
 */

export interface AnalyticsPeriod {
  from: string;
  to: string;
}

export const ANALYTICS_PRESETS = [
  'today',
  'yesterday',
  'last-7-days',
  'this-month',
  'last-month',
  'this-year',
] as const;
export type AnalyticsPreset = (typeof ANALYTICS_PRESETS)[number];
export type AnalyticsChoice = AnalyticsPreset | 'custom';

export const ANALYTICS_CHOICE_LABELS: Record<AnalyticsChoice, string> = {
  today: 'Today',
  yesterday: 'Yesterday',
  'last-7-days': 'Last 7 days',
  'this-month': 'This month',
  'last-month': 'Last month',
  'this-year': 'This year',
  custom: 'Custom',
};

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** Whether `value` is a real day such as `2026-02-28` (not `2026-02-30`). */
export function isDay(value: string | null | undefined): value is string {
  if (typeof value !== 'string' || !DAY.test(value)) return false;
  return new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** `day` moved by `days` (negative: earlier). */
export function shiftDay(day: string, days: number): string {
  return isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000));
}

/** A quick choice's period around `today`. */
export function presetPeriod(preset: AnalyticsPreset, today: string): AnalyticsPeriod {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7)) - 1;
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday': {
      const day = shiftDay(today, -1);
      return { from: day, to: day };
    }
    case 'last-7-days':
      return { from: shiftDay(today, -6), to: today };
    case 'this-month':
      return { from: isoDay(new Date(Date.UTC(year, month, 1))), to: today };
    case 'last-month':
      return {
        from: isoDay(new Date(Date.UTC(year, month - 1, 1))),
        to: isoDay(new Date(Date.UTC(year, month, 0))),
      };
    case 'this-year':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
  }
}

/** The quick choice that is exactly `period` (the first, when two are the same days), or `custom`. */
export function choiceOf(period: AnalyticsPeriod, today: string): AnalyticsChoice {
  return (
    ANALYTICS_PRESETS.find((preset) => {
      const candidate = presetPeriod(preset, today);
      return candidate.from === period.from && candidate.to === period.to;
    }) ?? 'custom'
  );
}

/** What is wrong with a period typed by hand, in words, or null when the dashboard can be read for it. */
export function periodProblem(from: string, to: string): { field: 'from' | 'to'; message: string } | null {
  if (!isDay(from)) return { field: 'from', message: 'Enter the first day of the period.' };
  if (!isDay(to)) return { field: 'to', message: 'Enter the last day of the period.' };
  if (from > to) return { field: 'to', message: 'Must not be before “From”.' };
  if (daysBetween(from, to) > MAX_REPORT_DAYS) {
    return { field: 'to', message: `A period can be at most ${MAX_REPORT_DAYS} days long.` };
  }
  return null;
}

/** The period the address asks for (`?from=…&to=…`); today when it asks for none, or for one not valid. */
export function periodFromSearch(search: URLSearchParams, today: string): AnalyticsPeriod {
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  if (periodProblem(from, to) === null) return { from, to };
  return presetPeriod('today', today);
}

/** A day as the restaurant reads it: "Mar 1, 2026" (without the year: "Mar 1"). */
export function formatDay(day: string, locale: string, withYear = true): string {
  const options: Intl.DateTimeFormatOptions = {
    month: 'short',
    day: 'numeric',
    year: withYear ? 'numeric' : undefined,
    timeZone: 'UTC',
  };
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat(locale, options);
  } catch {
    format = new Intl.DateTimeFormat('en', options);
  }
  return format.format(new Date(`${day}T00:00:00Z`));
}

/** "Mar 1 – Mar 31, 2026"; one day alone when it is a single day. */
export function formatPeriod(period: AnalyticsPeriod, locale: string): string {
  if (period.from === period.to) return formatDay(period.from, locale);
  const sameYear = period.from.slice(0, 4) === period.to.slice(0, 4);
  return `${formatDay(period.from, locale, !sameYear)} – ${formatDay(period.to, locale)}`;
}

import { daysBetween, MAX_REPORT_DAYS } from '../../../shared/contracts/reports';

/**
 * The periods of the financial statement: days of the restaurant's calendar (`YYYY-MM-DD`, both ends
 * included), the quick choices counted from the restaurant's today, the period a page's address asks
 * for, and how a period is named on screen ("Feb 1 – Feb 28, 2026").
 */

export interface ReportPeriod {
  from: string;
  to: string;
}

export const PERIOD_PRESETS = ['this-month', 'last-month', 'this-quarter', 'this-year', 'last-year'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];
export type PeriodChoice = PeriodPreset | 'custom';

export const PERIOD_CHOICE_LABELS: Record<PeriodChoice, string> = {
  'this-month': 'This month',
  'last-month': 'Last month',
  'this-quarter': 'This quarter',
  'this-year': 'This year',
  'last-year': 'Last year',
  custom: 'Custom',
};

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** Whether `value` is a real day such as `2026-02-28` (not `2026-02-30`). */
export function isDay(value: string | null | undefined): value is string {
  if (typeof value !== 'string' || !DAY.test(value)) return false;
  return new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The whole months `firstMonth` (0-based, may be out of range: -1 is last December) .. + `months` − 1. */
function months(year: number, firstMonth: number, count: number): ReportPeriod {
  return {
    from: isoDay(new Date(Date.UTC(year, firstMonth, 1))),
    to: isoDay(new Date(Date.UTC(year, firstMonth + count, 0))),
  };
}

/** A quick choice's whole calendar period around `today`: this month is the 1st to its last day. */
export function presetPeriod(preset: PeriodPreset, today: string): ReportPeriod {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7)) - 1;
  switch (preset) {
    case 'this-month':
      return months(year, month, 1);
    case 'last-month':
      return months(year, month - 1, 1);
    case 'this-quarter':
      return months(year, month - (month % 3), 3);
    case 'this-year':
      return months(year, 0, 12);
    case 'last-year':
      return months(year - 1, 0, 12);
  }
}

/** The quick choice that is exactly `period`, or `custom`. */
export function choiceOf(period: ReportPeriod, today: string): PeriodChoice {
  return (
    PERIOD_PRESETS.find((preset) => {
      const candidate = presetPeriod(preset, today);
      return candidate.from === period.from && candidate.to === period.to;
    }) ?? 'custom'
  );
}

/**
 * What is wrong with a period typed by hand, in words, or null when the statement can be read for it:
 * both days given, the first not after the last, at most `MAX_REPORT_DAYS` long (the server's rules).
 */
export function periodProblem(from: string, to: string): { field: 'from' | 'to'; message: string } | null {
  if (!isDay(from)) return { field: 'from', message: 'Enter the first day of the period.' };
  if (!isDay(to)) return { field: 'to', message: 'Enter the last day of the period.' };
  if (from > to) return { field: 'to', message: 'Must not be before “From”.' };
  if (daysBetween(from, to) > MAX_REPORT_DAYS) {
    return { field: 'to', message: `A period can be at most ${MAX_REPORT_DAYS} days long.` };
  }
  return null;
}

/**
 * The period the page's address asks for (`?from=2026-01-01&to=2026-03-31`); this month when it asks
 * for none, or for one the statement cannot be read for.
 */
export function periodFromSearch(search: URLSearchParams, today: string): ReportPeriod {
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  if (periodProblem(from, to) === null) return { from, to };
  return presetPeriod('this-month', today);
}

const formats = new Map<string, Intl.DateTimeFormat>();

function dayFormat(locale: string, withYear: boolean): Intl.DateTimeFormat {
  const key = `${locale}|${withYear}`;
  let format = formats.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions = {
      month: 'short',
      day: 'numeric',
      year: withYear ? 'numeric' : undefined,
      timeZone: 'UTC',
    };
    try {
      format = new Intl.DateTimeFormat(locale, options);
    } catch {
      format = new Intl.DateTimeFormat('en', options);
    }
    formats.set(key, format);
  }
  return format;
}

/** A day as the restaurant reads it: `2026-02-28` → "Feb 28, 2026" (without the year: "Feb 28"). */
export function formatDay(day: string, locale: string, withYear = true): string {
  return dayFormat(locale, withYear).format(new Date(`${day}T00:00:00Z`));
}

/**
 * A period in words: "Feb 1 – Feb 28, 2026"; the year on both ends when they differ
 * ("Dec 1, 2025 – Jan 31, 2026"); one day alone when it is a single day.
 */
export function formatPeriod(period: ReportPeriod, locale: string): string {
  if (period.from === period.to) return formatDay(period.from, locale);
  const sameYear = period.from.slice(0, 4) === period.to.slice(0, 4);
  return `${formatDay(period.from, locale, !sameYear)} – ${formatDay(period.to, locale)}`;
}

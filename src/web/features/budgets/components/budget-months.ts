/** Months of the restaurant's calendar, `YYYY-MM`, as the budget pages name and move between them. */

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** Whether `value` is a month such as `2026-11` (the server's `monthField`). */
export function isMonth(value: string | null | undefined): value is string {
  return typeof value === 'string' && MONTH.test(value);
}

/** The month `offset` months from `month` (`2026-01`, -1 → `2025-12`). */
export function shiftMonth(month: string, offset: number): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (number - 1) + offset;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function monthFormat(locale: string, month: 'long' | 'short'): Intl.DateTimeFormat {
  const key = `${locale}|${month}`;
  let format = formats.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(locale, { month, year: 'numeric', timeZone: 'UTC' });
    } catch {
      format = new Intl.DateTimeFormat('en', { month, year: 'numeric', timeZone: 'UTC' });
    }
    formats.set(key, format);
  }
  return format;
}

/** `2026-11` → "November 2026" (`short`: "Nov 2026"). */
export function monthLabel(month: string, locale: string, length: 'long' | 'short' = 'long'): string {
  return monthFormat(locale, length).format(new Date(`${month}-01T00:00:00Z`));
}

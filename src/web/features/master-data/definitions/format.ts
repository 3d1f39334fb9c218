/** How master-data lists show numbers and days, in the restaurant's locale. */

/** `12.5` → `12.5%`. */
export function formatPercent(value: number, locale: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(value / 100);
  } catch {
    return `${value}%`;
  }
}

/** `2026-01-31` → `Jan 31, 2026`: a calendar day, shown without any time-zone shift. */
export function formatDay(day: string, locale: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(`${day}T00:00:00Z`),
    );
  } catch {
    return day;
  }
}

/** A dash for an empty cell, so a screen reader says something and the column lines up. */
export function orDash(text: string): string {
  return text.trim() === '' ? '—' : text;
}

import { WEEKDAYS, type Weekday } from './weekdays';

/** One opening period, `HH:MM` in the restaurant's time zone; a close before the open ends after midnight. */
export interface OpeningRange {
  open: string;
  close: string;
}

export type OpeningHours = Record<string, readonly OpeningRange[] | undefined>;

const CLOCK_OPTIONS: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};
/** One formatter per time zone: making an `Intl.DateTimeFormat` costs far more than using one. */
const clocks = new Map<string, Intl.DateTimeFormat>();

function clockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = clocks.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', { ...CLOCK_OPTIONS, timeZone });
    } catch {
      format = new Intl.DateTimeFormat('en-US', CLOCK_OPTIONS);
    }
    if (clocks.size > 50) clocks.clear();
    clocks.set(timeZone, format);
  }
  return format;
}

/** The weekday and the minute of the day at `now` in `timeZone` (the browser's own zone if it is unknown). */
export function restaurantClock(timeZone: string, now: Date): { day: Weekday; minutes: number } {
  const parts = clockFormat(timeZone).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const day = part('weekday').slice(0, 3).toLowerCase() as Weekday;
  const minutes = (Number(part('hour')) % 24) * 60 + Number(part('minute'));
  return { day: WEEKDAYS.includes(day) ? day : 'mon', minutes };
}

function toMinutes(time: string): number {
  const [hours = '0', minutes = '0'] = time.split(':');
  return Number(hours) * 60 + Number(minutes);
}

/** `07:30–18:00, 19:00–22:30`. */
export function formatRanges(ranges: readonly OpeningRange[]): string {
  return ranges.map((range) => `${range.open}–${range.close}`).join(', ');
}

/** The day before `day`. */
export function previousDay(day: Weekday): Weekday {
  return WEEKDAYS[(WEEKDAYS.indexOf(day) + WEEKDAYS.length - 1) % WEEKDAYS.length]!;
}

/**
 * Whether the restaurant is open at `minutes` past midnight of `day`: inside one of the day's periods,
 * or still inside a period of the day before that runs past midnight.
 */
export function isOpenAt(hours: OpeningHours, day: Weekday, minutes: number): boolean {
  const today = hours[day] ?? [];
  const inToday = today.some((range) => {
    const open = toMinutes(range.open);
    const close = toMinutes(range.close);
    return close > open ? minutes >= open && minutes < close : minutes >= open;
  });
  if (inToday) return true;
  const yesterday = hours[previousDay(day)] ?? [];
  return yesterday.some((range) => {
    const open = toMinutes(range.open);
    const close = toMinutes(range.close);
    return close <= open && minutes < close;
  });
}

/** "Open today 07:30–18:00" or "Closed today". */
export function todaySummary(hours: OpeningHours, day: Weekday): string {
  const ranges = hours[day] ?? [];
  return ranges.length > 0 ? `Open today ${formatRanges(ranges)}` : 'Closed today';
}

import type { OpeningHours } from './opening-hours';
import { WEEKDAY_LABELS, WEEKDAYS, type Weekday } from './weekdays';

/**
 * When a closed restaurant opens next, and how a guest is told. Zod-free: the server's
 * refusal and the guests' page say it in the same words.
 */

export interface NextOpening {
  /** 0: later today, 1: tomorrow, … 7: the same weekday next week. */
  daysAhead: number;
  day: Weekday;
  /** `HH:MM` in the restaurant's time zone. */
  time: string;
}

const toMinutes = (time: string) => {
  const [hours = '0', minutes = '0'] = time.split(':');
  return Number(hours) * 60 + Number(minutes);
};

/**
 * The first opening after `minutes` past midnight of `day` (the restaurant's clock), within a week;
 * null when the hours have no opening at all.
 */
export function nextOpening(hours: OpeningHours, day: Weekday, minutes: number): NextOpening | null {
  const start = WEEKDAYS.indexOf(day);
  for (let daysAhead = 0; daysAhead <= WEEKDAYS.length; daysAhead += 1) {
    const weekday = WEEKDAYS[(start + daysAhead) % WEEKDAYS.length] as Weekday;
    const opens = (hours[weekday] ?? [])
      .map((range) => range.open)
      .filter((open) => daysAhead > 0 || toMinutes(open) > minutes)
      .sort((a, b) => toMinutes(a) - toMinutes(b));
    const time = opens[0];
    if (time !== undefined) return { daysAhead, day: weekday, time };
  }
  return null;
}

/** "at 07:30", "tomorrow at 07:30" or "on Monday at 07:30". */
export function describeOpening(opening: NextOpening): string {
  if (opening.daysAhead === 0) return `at ${opening.time}`;
  if (opening.daysAhead === 1) return `tomorrow at ${opening.time}`;
  return `on ${WEEKDAY_LABELS[opening.day]} at ${opening.time}`;
}

/**
 * "We are closed now and open again at 07:30." (or "tomorrow at", "on Monday at"); "We are closed
 * now." when the hours name no opening.
 */
export function closedNowMessage(hours: OpeningHours, day: Weekday, minutes: number): string {
  const opening = nextOpening(hours, day, minutes);
  return opening ? `We are closed now and open again ${describeOpening(opening)}.` : 'We are closed now.';
}

import { describeOpening, type NextOpening, nextOpening } from './next-opening';
import { formatRanges, isOpenAt, type OpeningHours, restaurantClock } from './opening-hours';
import { PICKUP_MAX_AHEAD_HOURS, PICKUP_MIN_LEAD_MINUTES } from './order-limits';
import { WEEKDAY_LABELS, WEEKDAYS, type Weekday } from './weekdays';

/**
 * Pickup times of a takeaway, zod-free: the times the guests' checkout offers, the rule the server
 * holds a customer's `pickupAt` to, and what the guests' page says while the restaurant is closed.
 *
 * A customer's takeaway may be collected from `PICKUP_MIN_LEAD_MINUTES` to `PICKUP_MAX_AHEAD_HOURS`
 * ahead, at a moment when the restaurant is open by its opening hours on its own clock (its time
 * zone, so a day on which the clocks change has the hours the wall clock says). That holds while the
 * restaurant is closed too: a takeaway for a time in an opening period within the window is ordered
 * ahead; anything for "as soon as possible" waits until it opens.
 */

/** The checkout offers a time every quarter hour of the restaurant's clock, from 15 minutes ahead. */
export const PICKUP_SLOT_STEP_MINUTES = 15;
export const PICKUP_SLOT_LEAD_MINUTES = 15;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** A moment on the restaurant's clock, as a guest is told it ("tomorrow at 07:30"). */
export type ClockMoment = NextOpening;

/** A pickup time the checkout offers. */
export interface PickupSlot extends ClockMoment {
  /** The instant, ISO 8601 in UTC: what the order sends as `pickupAt`. */
  value: string;
}

export interface PickupWindow {
  /** The earliest slot is at least this far from now. */
  leadMinutes?: number;
  /** Slots fall on the restaurant's clock at multiples of this. */
  stepMinutes?: number;
  /** No slot is further ahead than this. */
  maxAheadMinutes?: number;
}

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The restaurant's offset from UTC at `ms`, in minutes (its clock minus UTC's). */
function offsetAt(timeZone: string, ms: number): number {
  const clock = restaurantClock(timeZone, new Date(ms));
  const utc = new Date(ms);
  const utcDay = (utc.getUTCDay() + 6) % 7;
  // The restaurant's weekday is UTC's, the one before or the one after (offsets are under a day).
  const days = ((WEEKDAYS.indexOf(clock.day) - utcDay + 10) % 7) - 3;
  return days * 24 * 60 + clock.minutes - (utc.getUTCHours() * 60 + utc.getUTCMinutes());
}

/** A wall-clock reading: the restaurant's calendar day (days since 1970-01-01), weekday and minute. */
interface WallClock {
  dayNumber: number;
  day: Weekday;
  minutes: number;
}

function wallClock(ms: number, offset: number): WallClock {
  const wall = ms + offset * MINUTE;
  const date = new Date(wall);
  return {
    dayNumber: Math.floor(wall / DAY),
    day: WEEKDAYS[(date.getUTCDay() + 6) % 7] as Weekday,
    minutes: date.getUTCHours() * 60 + date.getUTCMinutes(),
  };
}

/** `at` on the restaurant's clock, and how many of its days after `now`'s day it falls on. */
function momentOf(now: WallClock, then: WallClock): ClockMoment {
  return { daysAhead: then.dayNumber - now.dayNumber, day: then.day, time: hhmm(then.minutes) };
}

/** `at` on the restaurant's clock, and how many of its calendar days after `now`'s it falls on. */
export function clockMoment(timeZone: string, now: Date, at: Date): ClockMoment {
  return momentOf(
    wallClock(now.getTime(), offsetAt(timeZone, now.getTime())),
    wallClock(at.getTime(), offsetAt(timeZone, at.getTime())),
  );
}

/** The instants from `from` to `until` (whole minutes, one offset) at a multiple of `step` on the clock. */
function* gridOf(from: number, until: number, offset: number, step: number): Generator<number> {
  const past = ((Math.round((from + offset * MINUTE) / MINUTE) % step) + step) % step;
  for (let at = from + ((step - past) % step) * MINUTE; at <= until; at += step * MINUTE) yield at;
}

/**
 * The instants from `from` to `until` that fall on the restaurant's clock at a multiple of `step`
 * minutes and at which it is open, in order. Walking instants (not wall-clock times) follows a change
 * of the clocks by itself: a time the clocks skip never comes, a time they repeat comes twice.
 *
 * Reading the time zone is what costs (`Intl`), so the offset is read every 6 hours of the walk, not at
 * every slot, and a change found between two readings is pinned to its minute (clocks never change
 * twice within 6 hours).
 */
function* openInstants(
  hours: OpeningHours,
  timeZone: string,
  from: number,
  until: number,
  step: number,
): Generator<{ at: number; clock: WallClock }> {
  const PROBE = 6 * 60 * MINUTE;
  let start = Math.ceil(from / MINUTE) * MINUTE;
  let offset = offsetAt(timeZone, start);
  while (start <= until) {
    const end = Math.min(start + PROBE, until);
    const endOffset = offsetAt(timeZone, end);
    // The first minute of the new offset, if it changes before `end`.
    let change = end + MINUTE;
    if (endOffset !== offset) {
      let before = start;
      change = end;
      while (change - before > MINUTE) {
        const middle = before + Math.floor((change - before) / MINUTE / 2) * MINUTE;
        if (offsetAt(timeZone, middle) === offset) before = middle;
        else change = middle;
      }
    }
    const parts: [number, number, number][] = [[start, change - MINUTE, offset]];
    if (change <= end) parts.push([change, end, endOffset]);
    for (const [partFrom, partUntil, partOffset] of parts) {
      for (const at of gridOf(partFrom, partUntil, partOffset, step)) {
        const clock = wallClock(at, partOffset);
        if (isOpenAt(hours, clock.day, clock.minutes)) yield { at, clock };
      }
    }
    start = end + MINUTE;
    offset = endOffset;
  }
}

function windowOf(window: PickupWindow) {
  return {
    lead: window.leadMinutes ?? PICKUP_SLOT_LEAD_MINUTES,
    step: window.stepMinutes ?? PICKUP_SLOT_STEP_MINUTES,
    maxAhead: window.maxAheadMinutes ?? PICKUP_MAX_AHEAD_HOURS * 60,
  };
}

/**
 * The pickup times a guest may choose at `now`: every quarter hour of the restaurant's clock from the
 * lead time on, while it is open, at most `maxAheadMinutes` ahead (the server's window by default),
 * today or in the next opening after midnight.
 */
export function pickupSlots(
  hours: OpeningHours,
  timeZone: string,
  now: Date,
  window: PickupWindow = {},
): PickupSlot[] {
  const { lead, step, maxAhead } = windowOf(window);
  const slots: PickupSlot[] = [];
  const start = now.getTime();
  const today = wallClock(start, offsetAt(timeZone, start));
  for (const { at, clock } of openInstants(
    hours,
    timeZone,
    start + lead * MINUTE,
    start + maxAhead * MINUTE,
    step,
  )) {
    slots.push({ value: new Date(at).toISOString(), ...momentOf(today, clock) });
  }
  return slots;
}

/**
 * The earliest pickup time from `now` on, however far ahead (within the week the hours repeat in),
 * or null when the hours have no opening at all.
 */
export function firstPickupSlot(
  hours: OpeningHours,
  timeZone: string,
  now: Date,
  window: PickupWindow = {},
): PickupSlot | null {
  const { lead, step } = windowOf(window);
  const start = now.getTime();
  const today = wallClock(start, offsetAt(timeZone, start));
  for (const { at, clock } of openInstants(hours, timeZone, start + lead * MINUTE, start + 8 * DAY, step)) {
    return { value: new Date(at).toISOString(), ...momentOf(today, clock) };
  }
  return null;
}

/**
 * Why a customer's pickup time is refused at `now`, as the error's `pickupAt` issue, or null when it is
 * taken: it must be `PICKUP_MIN_LEAD_MINUTES` to `PICKUP_MAX_AHEAD_HOURS` ahead and inside the opening
 * hours at that moment on the restaurant's clock.
 */
export function pickupTimeProblem(
  pickupAt: Date,
  now: Date,
  hours: OpeningHours,
  timeZone: string,
): string | null {
  const lead = pickupAt.getTime() - now.getTime();
  if (lead <= 0) return `is in the past: choose a time at least ${PICKUP_MIN_LEAD_MINUTES} minutes from now`;
  if (lead < PICKUP_MIN_LEAD_MINUTES * MINUTE) {
    return `choose a time at least ${PICKUP_MIN_LEAD_MINUTES} minutes from now`;
  }
  if (lead > PICKUP_MAX_AHEAD_HOURS * 60 * MINUTE) {
    return `choose a time within the next ${PICKUP_MAX_AHEAD_HOURS} hours`;
  }
  const clock = restaurantClock(timeZone, pickupAt);
  if (isOpenAt(hours, clock.day, clock.minutes)) return null;
  const ranges = hours[clock.day] ?? [];
  const day = WEEKDAY_LABELS[clock.day];
  return ranges.length > 0
    ? `we are closed at ${hhmm(clock.minutes)} on ${day}: choose a time within the opening hours (${formatRanges(ranges)})`
    : `we are closed on ${day}: choose a time within the opening hours`;
}

/** "from 07:30", "tomorrow from 07:30", "on Monday from 07:30". */
export function describeFrom(moment: ClockMoment): string {
  return describeOpening(moment).replace(/at (\d\d:\d\d)$/, 'from $1');
}

/** What a guest is told while the restaurant is closed, or null while it is open. */
export interface ClosedNotice {
  /** "Closed now · opens tomorrow at 07:30", or "Closed now" when the hours name no opening. */
  headline: string;
  /** Whether a takeaway for a later time can be ordered now. */
  orderAhead: boolean;
  /**
   * "You can order a takeaway now for pickup tomorrow from 07:30.", "Ordering ahead for takeaway opens
   * at 19:30." when the first pickup time is still beyond the window, "Online ordering is not available
   * right now." when it is off; null when the hours name no opening.
   */
  detail: string | null;
  /** When it opens next, if it does. */
  opens: ClockMoment | null;
}

/**
 * Whether the restaurant is closed at `now` on its own clock, and if so when it opens and whether a
 * takeaway can be ordered ahead (a pickup time inside an opening period within the window).
 */
export function closedNotice(
  restaurant: { openingHours: OpeningHours; timeZone: string; onlineOrdering: boolean },
  now: Date,
  window: PickupWindow = {},
): ClosedNotice | null {
  const { openingHours: hours, timeZone } = restaurant;
  const clock = restaurantClock(timeZone, now);
  if (isOpenAt(hours, clock.day, clock.minutes)) return null;
  const opens = nextOpening(hours, clock.day, clock.minutes);
  const headline = opens ? `Closed now · opens ${describeOpening(opens)}` : 'Closed now';
  if (!restaurant.onlineOrdering) {
    return { headline, orderAhead: false, detail: 'Online ordering is not available right now.', opens };
  }
  const first = firstPickupSlot(hours, timeZone, now, window);
  if (!first) return { headline, orderAhead: false, detail: null, opens };
  const { maxAhead } = windowOf(window);
  const aheadFrom = new Date(new Date(first.value).getTime() - maxAhead * MINUTE);
  if (aheadFrom.getTime() <= now.getTime()) {
    return {
      headline,
      orderAhead: true,
      detail: `You can order a takeaway now for pickup ${describeFrom(first)}.`,
      opens,
    };
  }
  return {
    headline,
    orderAhead: false,
    detail: `Ordering ahead for takeaway opens ${describeOpening(clockMoment(timeZone, now, aheadFrom))}.`,
    opens,
  };
}

/** What the guests' page shows of the restaurant's clock at a moment: today, open or not, and while closed the notice. */
export interface ClockFace {
  day: Weekday;
  openNow: boolean;
  closed: ClosedNotice | null;
}

export function clockFace(
  restaurant: { openingHours: OpeningHours; timeZone: string; onlineOrdering: boolean },
  now: Date,
): ClockFace {
  const clock = restaurantClock(restaurant.timeZone, now);
  const openNow = isOpenAt(restaurant.openingHours, clock.day, clock.minutes);
  return { day: clock.day, openNow, closed: openNow ? null : closedNotice(restaurant, now) };
}

/**
 * A clock face as text: two moments with the same text show the same page, so the server's render of
 * the guests' page made at one is true at the other.
 */
export function clockFaceKey(face: ClockFace): string {
  return [
    face.day,
    face.openNow ? 'open' : 'closed',
    face.closed?.headline ?? '',
    face.closed?.detail ?? '',
  ].join('\u001f');
}

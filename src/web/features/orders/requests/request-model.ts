import type { OrderType } from '../../../../shared/contracts/orders';
import { zoneOffsetMs } from '../../../../shared/time-zones';

/**
 * The requests' pure rules: the order of the list, which requests of a fresh list are new (the sound
 * plays for them), what a new request's notification says, and the reasons a rejection offers.
 */

/** A request's words are the server's notifications' too: shared/order-notices.ts. */
export { itemCount, requestToastBody } from '../../../../shared/order-notices';

/**
 * The requests of `pending` not in `seen`, oldest first, and adds them to `seen` (so a request is
 * announced once, however often the list is read).
 */
export function takeUnseen<T extends { id: string; createdAt: string }>(
  pending: readonly T[],
  seen: Set<string>,
): T[] {
  const fresh = pending.filter((order) => !seen.has(order.id));
  for (const order of fresh) seen.add(order.id);
  return fresh.sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
}

/** The requests as the list shows them: oldest first, so the guest who has waited longest is on top. */
export function oldestFirst<T extends { createdAt: string }>(requests: readonly T[]): T[] {
  return [...requests].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
}

/** The reasons a rejection offers with one tap; the customer reads the one chosen, word for word. */
export const PRESET_REJECT_REASONS = [
  'Too busy right now',
  'Item sold out',
  'Closing soon',
  'Cannot deliver to this address',
] as const;

/** The presets that fit the order: the delivery address is a reason only for a delivery. */
export function rejectReasonsFor(type: OrderType): string[] {
  return PRESET_REJECT_REASONS.filter(
    (reason) => type === 'delivery' || reason !== 'Cannot deliver to this address',
  );
}

/** The ready times accepting a request offers, in minutes from now; 15 is chosen at first. */
export const READY_IN_MINUTES = [10, 15, 20, 30] as const;
export const DEFAULT_READY_IN = 15;
/** The choice of "Choose a time": a time of day is typed. */
export const CHOSEN_TIME = 'time';
export type ReadyChoice = (typeof READY_IN_MINUTES)[number] | typeof CHOSEN_TIME;

/** How far ahead a ready time may be (the server's rule). */
export const READY_AT_MAX_AHEAD_HOURS = 12;

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** The restaurant's clock minus UTC at `ms`, in minutes (`timeZone` undefined: the browser's). */
function offsetMinutes(timeZone: string | undefined, ms: number): number {
  return Math.round(zoneOffsetMs(ms, timeZone) / MINUTE_MS);
}

/** The time of day `at` reads on the restaurant's clock, as a time input holds it ("12:45"). */
export function clockTimeOf(at: number, timeZone: string | undefined): string {
  const wall = new Date(at + offsetMinutes(timeZone, at) * MINUTE_MS);
  return `${String(wall.getUTCHours()).padStart(2, '0')}:${String(wall.getUTCMinutes()).padStart(2, '0')}`;
}

/** The ready time offered as "Choose a time" starts at: the default's, rounded up to five minutes. */
export function suggestedClockTime(now: number, timeZone: string | undefined): string {
  const step = 5 * MINUTE_MS;
  return clockTimeOf(Math.ceil((now + DEFAULT_READY_IN * MINUTE_MS) / step) * step, timeZone);
}

/**
 * The ready time of a choice at `now`, ISO (what accepting sends as `readyAt`), or the problem with a
 * typed time. A typed time ("12:45", on the restaurant's clock) is the next such time: today's, or
 * tomorrow's once today's has passed (a time typed at 23:50 for 00:20); it must fall within the
 * server's window, from now to 12 hours ahead.
 */
export function readyAtOf(
  choice: ReadyChoice,
  typed: string,
  now: number,
  timeZone: string | undefined,
): { readyAt: string } | { problem: string } {
  if (choice !== CHOSEN_TIME) return { readyAt: new Date(now + choice * MINUTE_MS).toISOString() };
  const match = /^(\d{2}):(\d{2})$/.exec(typed.trim());
  const hours = Number(match?.[1]);
  const minutes = Number(match?.[2]);
  if (!match || hours > 23 || minutes > 59)
    return { problem: 'Enter the time it will be ready, such as 12:45.' };
  const nowOffset = offsetMinutes(timeZone, now);
  const wallNow = now + nowOffset * MINUTE_MS;
  let wall = Math.floor(wallNow / DAY_MS) * DAY_MS + (hours * 60 + minutes) * MINUTE_MS;
  // A minute's grace: the time on the clock now is still "now".
  if (wall < Math.floor(wallNow / MINUTE_MS) * MINUTE_MS) wall += DAY_MS;
  // The instant the restaurant's clock reads `wall` (its offset then may differ from now's).
  let at = wall - nowOffset * MINUTE_MS;
  at = wall - offsetMinutes(timeZone, at) * MINUTE_MS;
  if (at > now + READY_AT_MAX_AHEAD_HOURS * 60 * MINUTE_MS) {
    return { problem: `Choose a time from now to ${READY_AT_MAX_AHEAD_HOURS} hours ahead.` };
  }
  return { readyAt: new Date(Math.max(at, now)).toISOString() };
}

/** The open orders that were requests accepted with a ready time, the soonest ready first. */
export function acceptedWithReadyTime<T extends { readyAt: string | null }>(orders: readonly T[]): T[] {
  return orders
    .filter((order) => order.readyAt !== null)
    .sort((a, b) => Date.parse(a.readyAt ?? '') - Date.parse(b.readyAt ?? ''));
}

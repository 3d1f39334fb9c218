import { WEEKDAYS } from '../../src/shared/weekdays';

/**
 * Opening hours for tests that place customers' orders: a customer's order is refused
 * while the restaurant is closed, and CI runs at any hour. A period may not open and close at the
 * same time, so each day is two periods: 00:00–12:00 and 12:00 to midnight (a close earlier than the
 * open runs past midnight, here exactly to it). Every minute of every day is open.
 *
 * This file imports no test runner: API tests (`alwaysOpen` below, or `ALWAYS_OPEN_HOURS` in their own
 * settings change), browser tests and scripts can all use it.
 */
export const ALWAYS_OPEN_HOURS = Object.fromEntries(
  WEEKDAYS.map((day) => [
    day,
    [
      { open: '00:00', close: '12:00' },
      { open: '12:00', close: '00:00' },
    ],
  ]),
) as Record<(typeof WEEKDAYS)[number], { open: string; close: string }[]>;

/** What `alwaysOpen` needs of an API test app: `patchLatest` (tests/support/test-app.ts). */
interface SettingsClient {
  patchLatest(path: string, body?: unknown, options?: { as?: { cookie: string } | null }): Promise<Response>;
}

/**
 * Sets the restaurant open around the clock (and online ordering on), as `as`, an administrator; throws
 * with the answer when the settings refuse it.
 */
export async function alwaysOpen(t: SettingsClient, as: { cookie: string }): Promise<void> {
  const response = await t.patchLatest(
    '/api/settings',
    { openingHours: ALWAYS_OPEN_HOURS, onlineOrdering: true },
    { as },
  );
  if (response.status !== 200) {
    throw new Error(`alwaysOpen: settings answered ${response.status}: ${await response.text()}`);
  }
}

const clockText = (minutes: number) => {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};

/**
 * Opening hours relative to now on the restaurant's clock (`clock`: its minute of the day now, from
 * `restaurantClock`), so a test sees the restaurant closed or open whatever the hour it runs at: the
 * same period every day, from `from` to `to` minutes from now (past midnight when it runs over).
 */
export function hoursFromNow(clock: { minutes: number }, from: number, to: number) {
  const range = { open: clockText(clock.minutes + from), close: clockText(clock.minutes + to) };
  return Object.fromEntries(WEEKDAYS.map((day) => [day, [range]])) as Record<
    (typeof WEEKDAYS)[number],
    { open: string; close: string }[]
  >;
}

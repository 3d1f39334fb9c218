import { describe, expect, it } from 'vitest';
import { formatRanges, isOpenAt, type OpeningHours, restaurantClock, todaySummary } from './opening-hours';

const HOURS: OpeningHours = {
  mon: [{ open: '07:30', close: '18:00' }],
  tue: [],
  wed: [
    { open: '08:00', close: '12:00' },
    { open: '17:00', close: '01:30' },
  ],
};

describe('restaurantClock', () => {
  it('reads the weekday and minute in the restaurant’s time zone, not the browser’s', () => {
    // Monday 2026-03-02 23:30 UTC is already Tuesday 08:30 in Tokyo.
    const now = new Date('2026-03-02T23:30:00Z');
    expect(restaurantClock('UTC', now)).toEqual({ day: 'mon', minutes: 23 * 60 + 30 });
    expect(restaurantClock('Asia/Tokyo', now)).toEqual({ day: 'tue', minutes: 8 * 60 + 30 });
  });

  it('counts midnight as minute 0', () => {
    expect(restaurantClock('UTC', new Date('2026-03-04T00:05:00Z'))).toEqual({ day: 'wed', minutes: 5 });
  });
});

describe('opening hours', () => {
  it('sums up today', () => {
    expect(todaySummary(HOURS, 'mon')).toBe('Open today 07:30–18:00');
    expect(todaySummary(HOURS, 'tue')).toBe('Closed today');
    expect(todaySummary(HOURS, 'sun')).toBe('Closed today');
    expect(formatRanges(HOURS.wed!)).toBe('08:00–12:00, 17:00–01:30');
  });

  it('knows when the doors are open, also past midnight', () => {
    expect(isOpenAt(HOURS, 'mon', 7 * 60 + 29)).toBe(false);
    expect(isOpenAt(HOURS, 'mon', 7 * 60 + 30)).toBe(true);
    expect(isOpenAt(HOURS, 'mon', 18 * 60)).toBe(false);
    expect(isOpenAt(HOURS, 'wed', 13 * 60)).toBe(false);
    expect(isOpenAt(HOURS, 'wed', 23 * 60)).toBe(true);
    expect(isOpenAt(HOURS, 'thu', 60)).toBe(true);
    expect(isOpenAt(HOURS, 'thu', 90)).toBe(false);
  });
});

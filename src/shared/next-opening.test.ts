import { describe, expect, it } from 'vitest';
import { closedNowMessage, nextOpening } from './next-opening';
import type { OpeningHours } from './opening-hours';

const week = (ranges: { open: string; close: string }[]): OpeningHours => ({
  mon: ranges,
  tue: ranges,
  wed: ranges,
  thu: ranges,
  fri: ranges,
  sat: ranges,
  sun: ranges,
});
const at = (time: string) => {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return h * 60 + m;
};

describe('when a closed restaurant opens next', () => {
  it('later today, before the first period or between two', () => {
    const hours = week([
      { open: '19:00', close: '22:30' },
      { open: '07:30', close: '14:00' },
    ]);
    expect(closedNowMessage(hours, 'tue', at('06:10'))).toBe('We are closed now and open again at 07:30.');
    expect(closedNowMessage(hours, 'tue', at('15:00'))).toBe('We are closed now and open again at 19:00.');
    expect(nextOpening(hours, 'tue', at('15:00'))).toEqual({ daysAhead: 0, day: 'tue', time: '19:00' });
  });

  it('tomorrow after the last period of the day, and on a named day after closed days', () => {
    const hours: OpeningHours = { ...week([{ open: '07:30', close: '18:00' }]), sat: [], sun: [] };
    expect(closedNowMessage(hours, 'tue', at('18:00'))).toBe(
      'We are closed now and open again tomorrow at 07:30.',
    );
    expect(closedNowMessage(hours, 'fri', at('19:00'))).toBe(
      'We are closed now and open again on Monday at 07:30.',
    );
    expect(closedNowMessage(hours, 'sat', at('10:00'))).toBe(
      'We are closed now and open again on Monday at 07:30.',
    );
    expect(closedNowMessage(hours, 'sun', at('10:00'))).toBe(
      'We are closed now and open again tomorrow at 07:30.',
    );
  });

  it('the same weekday next week when that day is the only one, and plainly closed without any hours', () => {
    const hours: OpeningHours = { wed: [{ open: '09:00', close: '12:00' }] };
    expect(nextOpening(hours, 'wed', at('13:00'))).toEqual({ daysAhead: 7, day: 'wed', time: '09:00' });
    expect(closedNowMessage(hours, 'wed', at('13:00'))).toBe(
      'We are closed now and open again on Wednesday at 09:00.',
    );
    expect(closedNowMessage({}, 'mon', at('10:00'))).toBe('We are closed now.');
    expect(nextOpening(week([]), 'mon', 0)).toBeNull();
  });
});

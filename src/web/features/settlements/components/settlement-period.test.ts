import { describe, expect, it } from 'vitest';
import { addDays, daysIn, formatPeriod, lastWeek } from './settlement-period';

describe('lastWeek', () => {
  it('is the week that ended yesterday on a Monday', () => {
    // 2026-05-11 is a Monday.
    expect(lastWeek('2026-05-11')).toEqual({ from: '2026-05-04', to: '2026-05-10' });
  });

  it('is the whole week before the current one on any other day', () => {
    for (const today of ['2026-05-12', '2026-05-14', '2026-05-16']) {
      expect(lastWeek(today)).toEqual({ from: '2026-05-04', to: '2026-05-10' });
    }
  });

  it('does not take the week that ends today on a Sunday', () => {
    expect(lastWeek('2026-05-17')).toEqual({ from: '2026-05-04', to: '2026-05-10' });
  });

  it('crosses months, years and leap days', () => {
    expect(lastWeek('2026-01-01')).toEqual({ from: '2025-12-22', to: '2025-12-28' });
    expect(lastWeek('2028-03-02')).toEqual({ from: '2028-02-21', to: '2028-02-27' });
    expect(lastWeek('2028-03-06')).toEqual({ from: '2028-02-28', to: '2028-03-05' });
  });

  it('always starts on a Monday and covers seven days', () => {
    for (let offset = 0; offset < 30; offset += 1) {
      const { from, to } = lastWeek(addDays('2026-03-20', offset));
      expect(new Date(`${from}T00:00:00Z`).getUTCDay()).toBe(1);
      expect(daysIn(from, to)).toBe(7);
    }
  });
});

describe('daysIn', () => {
  it('counts both ends, across a daylight-saving change', () => {
    expect(daysIn('2026-03-01', '2026-03-31')).toBe(31);
    expect(daysIn('2026-05-04', '2026-05-04')).toBe(1);
    expect(daysIn('2026-05-04', '2026-05-03')).toBe(0);
  });
});

describe('formatPeriod', () => {
  it('shows one day alone and a range as a range', () => {
    expect(formatPeriod('2026-05-04', '2026-05-04', 'en-US')).toBe('May 4, 2026');
    expect(formatPeriod('2026-05-04', '2026-05-10', 'en-US')).toMatch(/^May 4\s*–\s*10, 2026$/);
  });
});

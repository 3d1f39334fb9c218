import { describe, expect, it } from 'vitest';
import { describeRecurrence, firstDueDay, ordinal, weekdayName } from './recurrence-text';

describe('ordinal', () => {
  it('writes every day of a month the English way', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 24, 30, 31].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '24th',
      '30th',
      '31st',
    ]);
  });
});

describe('describeRecurrence', () => {
  it('names the day of the month, and says when shorter months take their last day', () => {
    expect(describeRecurrence({ frequency: 'monthly', dayOfMonth: 1 })).toBe('Monthly on the 1st');
    expect(describeRecurrence({ frequency: 'monthly', dayOfMonth: 28 })).toBe('Monthly on the 28th');
    expect(describeRecurrence({ frequency: 'monthly', dayOfMonth: 31 })).toBe(
      "Monthly on the 31st (or the month's last day)",
    );
  });

  it('names the weekday, Monday being 1', () => {
    expect(describeRecurrence({ frequency: 'weekly', weekday: 1 })).toBe('Weekly on Monday');
    expect(describeRecurrence({ frequency: 'weekly', weekday: 7 })).toBe('Weekly on Sunday');
    expect(weekdayName(3)).toBe('Wednesday');
  });
});

describe('firstDueDay', () => {
  const monthly31 = { frequency: 'monthly', dayOfMonth: 31 } as const;

  it('counts from the later of the start and today', () => {
    expect(firstDueDay(monthly31, { startsOn: '2026-04-02', endsOn: null, today: '2026-03-10' })).toBe(
      '2026-04-30',
    );
    expect(firstDueDay(monthly31, { startsOn: '2026-01-01', endsOn: null, today: '2026-02-10' })).toBe(
      '2026-02-28',
    );
  });

  it('goes on after the last day recorded, and is null past the end', () => {
    expect(
      firstDueDay(monthly31, {
        startsOn: '2026-01-01',
        endsOn: null,
        today: '2026-03-31',
        lastRecordedOn: '2026-03-31',
      }),
    ).toBe('2026-04-30');
    expect(
      firstDueDay(monthly31, { startsOn: '2026-04-01', endsOn: '2026-04-29', today: '2026-04-01' }),
    ).toBe(null);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fallsOn, nextOccurrence, occurrenceAfter, type RecurrenceRule } from './recurrence';

const day = fc
  .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));
const rule: fc.Arbitrary<RecurrenceRule> = fc.oneof(
  fc.record({ frequency: fc.constant('monthly' as const), dayOfMonth: fc.integer({ min: 1, max: 31 }) }),
  fc.record({ frequency: fc.constant('weekly' as const), weekday: fc.integer({ min: 1, max: 7 }) }),
);
const plusDays = (from: string, days: number) =>
  new Date(Date.parse(`${from}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('recurrence', () => {
  it('falls monthly on its day, or the last day of a shorter month', () => {
    const rent = { frequency: 'monthly', dayOfMonth: 31 } as const;
    expect(nextOccurrence(rent, '2026-01-31')).toBe('2026-01-31');
    expect(occurrenceAfter(rent, '2026-01-31')).toBe('2026-02-28');
    expect(occurrenceAfter(rent, '2028-01-31')).toBe('2028-02-29');
    expect(occurrenceAfter(rent, '2026-02-28')).toBe('2026-03-31');
    expect(occurrenceAfter(rent, '2026-04-30')).toBe('2026-05-31');
    expect(nextOccurrence({ frequency: 'monthly', dayOfMonth: 1 }, '2026-12-02')).toBe('2027-01-01');
  });

  it('falls weekly on its weekday (1 = Monday)', () => {
    // 2026-11-29 is a Sunday.
    expect(nextOccurrence({ frequency: 'weekly', weekday: 7 }, '2026-11-29')).toBe('2026-11-29');
    expect(nextOccurrence({ frequency: 'weekly', weekday: 1 }, '2026-11-29')).toBe('2026-11-30');
    expect(occurrenceAfter({ frequency: 'weekly', weekday: 7 }, '2026-11-29')).toBe('2026-12-06');
  });

  it('finds the first day on or after the start that the rule falls on, skipping none', () => {
    fc.assert(
      fc.property(rule, day, (current, from) => {
        const next = nextOccurrence(current, from);
        expect(next >= from).toBe(true);
        expect(fallsOn(current, next)).toBe(true);
        // No day between the start and the answer falls on the rule.
        for (let probe = from; probe < next; probe = plusDays(probe, 1)) {
          expect(fallsOn(current, probe)).toBe(false);
        }
        // Once a week, or once in each month.
        const after = occurrenceAfter(current, next);
        const gap = (Date.parse(after) - Date.parse(next)) / 86_400_000;
        if (current.frequency === 'weekly') expect(gap).toBe(7);
        else expect(after.slice(0, 7)).not.toBe(next.slice(0, 7));
        if (current.frequency === 'monthly') expect(gap).toBeLessThanOrEqual(31);
      }),
    );
  });
});

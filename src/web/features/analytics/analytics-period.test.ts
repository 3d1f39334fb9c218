import { describe, expect, it } from 'vitest';
import { choiceOf, formatPeriod, periodFromSearch, periodProblem, presetPeriod } from './analytics-period';

const today = '2026-03-10';

describe('analytics periods', () => {
  it('counts the quick choices from the restaurant’s today', () => {
    expect(presetPeriod('today', today)).toEqual({ from: today, to: today });
    expect(presetPeriod('yesterday', today)).toEqual({ from: '2026-03-09', to: '2026-03-09' });
    expect(presetPeriod('last-7-days', today)).toEqual({ from: '2026-03-04', to: today });
    expect(presetPeriod('this-month', today)).toEqual({ from: '2026-03-01', to: today });
    expect(presetPeriod('last-month', today)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetPeriod('this-year', today)).toEqual({ from: '2026-01-01', to: today });
    expect(presetPeriod('last-month', '2026-01-15')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(presetPeriod('yesterday', '2026-03-01')).toEqual({ from: '2026-02-28', to: '2026-02-28' });
  });

  it('names the choice a period is, or custom', () => {
    expect(choiceOf({ from: today, to: today }, today)).toBe('today');
    expect(choiceOf({ from: '2026-02-01', to: '2026-02-28' }, today)).toBe('last-month');
    expect(choiceOf({ from: '2026-02-01', to: '2026-02-27' }, today)).toBe('custom');
    // On the 1st, this month is today: the first choice wins.
    expect(choiceOf({ from: '2026-03-01', to: '2026-03-01' }, '2026-03-01')).toBe('today');
  });

  it('reads the period from the address, today without a valid one', () => {
    expect(periodFromSearch(new URLSearchParams('from=2026-01-01&to=2026-01-31'), today)).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
    });
    expect(periodFromSearch(new URLSearchParams(''), today)).toEqual({ from: today, to: today });
    expect(periodFromSearch(new URLSearchParams('from=2026-02-30&to=2026-03-01'), today)).toEqual({
      from: today,
      to: today,
    });
    expect(periodFromSearch(new URLSearchParams('from=2026-03-05&to=2026-03-01'), today)).toEqual({
      from: today,
      to: today,
    });
  });

  it('says what is wrong with a typed period', () => {
    expect(periodProblem('', today)?.field).toBe('from');
    expect(periodProblem(today, '2026-03-01')?.field).toBe('to');
    expect(periodProblem('2000-01-01', '2026-03-01')?.message).toMatch(/at most/);
    expect(periodProblem('2026-03-01', today)).toBeNull();
  });

  it('names a period', () => {
    expect(formatPeriod({ from: '2026-03-01', to: '2026-03-31' }, 'en-US')).toBe('Mar 1 – Mar 31, 2026');
    expect(formatPeriod({ from: today, to: today }, 'en-US')).toBe('Mar 10, 2026');
    expect(formatPeriod({ from: '2025-12-30', to: '2026-01-02' }, 'en-US')).toBe(
      'Dec 30, 2025 – Jan 2, 2026',
    );
  });
});

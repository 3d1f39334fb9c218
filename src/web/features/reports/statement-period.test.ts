import { describe, expect, it } from 'vitest';
import { previousPeriod } from '../../../shared/contracts/reports';
import {
  choiceOf,
  formatPeriod,
  isDay,
  periodFromSearch,
  periodProblem,
  presetPeriod,
} from './statement-period';

describe('period presets', () => {
  it('take whole calendar months, quarters and years around today', () => {
    const today = '2026-05-14';
    expect(presetPeriod('this-month', today)).toEqual({ from: '2026-05-01', to: '2026-05-31' });
    expect(presetPeriod('last-month', today)).toEqual({ from: '2026-04-01', to: '2026-04-30' });
    expect(presetPeriod('this-quarter', today)).toEqual({ from: '2026-04-01', to: '2026-06-30' });
    expect(presetPeriod('this-year', today)).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(presetPeriod('last-year', today)).toEqual({ from: '2025-01-01', to: '2025-12-31' });
  });

  it('cross the year and know February’s length', () => {
    expect(presetPeriod('last-month', '2026-01-31')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(presetPeriod('this-month', '2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(presetPeriod('last-month', '2026-03-31')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetPeriod('this-quarter', '2026-12-31')).toEqual({ from: '2026-10-01', to: '2026-12-31' });
    expect(presetPeriod('this-quarter', '2026-01-01')).toEqual({ from: '2026-01-01', to: '2026-03-31' });
  });

  it('are compared by the server with the whole months before', () => {
    expect(previousPeriod('2026-03-01', '2026-03-31')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    const quarter = presetPeriod('this-quarter', '2026-05-14');
    expect(previousPeriod(quarter.from, quarter.to)).toEqual({ from: '2026-01-01', to: '2026-03-31' });
  });

  it('are recognised in a period, anything else is custom', () => {
    const today = '2026-05-14';
    expect(choiceOf({ from: '2026-05-01', to: '2026-05-31' }, today)).toBe('this-month');
    expect(choiceOf({ from: '2025-01-01', to: '2025-12-31' }, today)).toBe('last-year');
    expect(choiceOf({ from: '2026-05-01', to: '2026-05-14' }, today)).toBe('custom');
  });
});

describe('the period in the address', () => {
  const today = '2026-05-14';
  const search = (query: string) => new URLSearchParams(query);

  it('is this month without one', () => {
    expect(periodFromSearch(search(''), today)).toEqual({ from: '2026-05-01', to: '2026-05-31' });
  });

  it('is kept when the statement can be read for it', () => {
    expect(periodFromSearch(search('from=2026-01-10&to=2026-02-03'), today)).toEqual({
      from: '2026-01-10',
      to: '2026-02-03',
    });
    expect(periodFromSearch(search('from=2026-01-10&to=2026-01-10'), today)).toEqual({
      from: '2026-01-10',
      to: '2026-01-10',
    });
  });

  it('falls back to this month when it cannot be', () => {
    for (const query of [
      'from=2026-02-03&to=2026-01-10',
      'from=2026-02-30&to=2026-03-01',
      'from=nope&to=2026-03-01',
      'from=2026-01-01',
      'from=1990-01-01&to=2026-01-01',
    ]) {
      expect(periodFromSearch(search(query), today)).toEqual({ from: '2026-05-01', to: '2026-05-31' });
    }
  });

  it('says what is wrong with a period typed by hand', () => {
    expect(periodProblem('', '2026-01-01')?.field).toBe('from');
    expect(periodProblem('2026-01-01', '')?.field).toBe('to');
    expect(periodProblem('2026-01-02', '2026-01-01')).toEqual({
      field: 'to',
      message: 'Must not be before “From”.',
    });
    expect(periodProblem('2016-01-01', '2026-12-31')?.message).toContain('3660 days');
    expect(periodProblem('2026-01-01', '2026-01-01')).toBeNull();
  });

  it('knows real days', () => {
    expect(isDay('2026-02-28')).toBe(true);
    expect(isDay('2028-02-29')).toBe(true);
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2026-2-28')).toBe(false);
    expect(isDay(null)).toBe(false);
  });
});

describe('formatPeriod', () => {
  it('names a period in the restaurant’s language', () => {
    expect(formatPeriod({ from: '2026-02-01', to: '2026-02-28' }, 'en-US')).toBe('Feb 1 – Feb 28, 2026');
    expect(formatPeriod({ from: '2025-12-01', to: '2026-01-31' }, 'en-US')).toBe(
      'Dec 1, 2025 – Jan 31, 2026',
    );
    expect(formatPeriod({ from: '2026-02-03', to: '2026-02-03' }, 'en-US')).toBe('Feb 3, 2026');
    expect(formatPeriod({ from: '2026-02-01', to: '2026-02-28' }, 'en-GB')).toBe('1 Feb – 28 Feb 2026');
  });
});

import { describe, expect, it } from 'vitest';
import { isMonth, monthLabel, shiftMonth } from './budget-months';

describe('budget months', () => {
  it('knows a month such as 2026-11 and nothing else', () => {
    expect(isMonth('2026-11')).toBe(true);
    expect(isMonth('2026-13')).toBe(false);
    expect(isMonth('2026-1')).toBe(false);
    expect(isMonth('2026-11-01')).toBe(false);
    expect(isMonth(null)).toBe(false);
  });

  it('moves across the years', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2025-12', 1)).toBe('2026-01');
    expect(shiftMonth('2026-06', -5)).toBe('2026-01');
    expect(shiftMonth('2026-06', 18)).toBe('2027-12');
  });

  it('names the month in the restaurant’s language', () => {
    expect(monthLabel('2026-11', 'en-US')).toBe('November 2026');
    expect(monthLabel('2026-01', 'en-US', 'short')).toBe('Jan 2026');
    expect(monthLabel('2026-11', 'fr-FR')).toBe('novembre 2026');
  });
});

import { describe, expect, it } from 'vitest';
import {
  COUNT_FORMAT,
  compareCount,
  DIFFERENCE_LABELS,
  denominationLabel,
  denominationsFor,
  denominationTotal,
  differenceKind,
  readCount,
} from './cash-close-model';

describe('readCount', () => {
  it('reads an amount in minor units, ignoring spaces', () => {
    expect(readCount('245.50', 'USD')).toEqual({ minor: 24_550, error: null });
    expect(readCount(' 1 245,5 ', 'USD')).toEqual({ minor: 124_550, error: null });
    expect(readCount('0', 'USD')).toEqual({ minor: 0, error: null });
    expect(readCount('1200', 'JPY')).toEqual({ minor: 1_200, error: null });
  });

  it('is empty without an error while nothing is typed', () => {
    expect(readCount('', 'USD')).toEqual({ minor: null, error: null });
    expect(readCount('   ', 'USD')).toEqual({ minor: null, error: null });
  });

  it('refuses text, too many decimals, negative and huge counts', () => {
    expect(readCount('abc', 'USD').error).toBe(COUNT_FORMAT);
    expect(readCount('1.234', 'USD').error).toBe(COUNT_FORMAT);
    expect(readCount('-5', 'USD').error).toBe('The count cannot be negative.');
    expect(readCount('9999999999999', 'USD').error).toBe('The count is too large.');
  });
});

describe('compareCount', () => {
  it('says over, short or exact, with counted − expected', () => {
    expect(compareCount(10_100, 10_000)).toEqual({ difference: 100, kind: 'over', reasonNeeded: true });
    expect(compareCount(9_900, 10_000)).toEqual({ difference: -100, kind: 'short', reasonNeeded: true });
    expect(compareCount(10_000, 10_000)).toEqual({ difference: 0, kind: 'exact', reasonNeeded: false });
  });

  it('labels each kind', () => {
    expect(DIFFERENCE_LABELS[differenceKind(5)]).toBe('Over');
    expect(DIFFERENCE_LABELS[differenceKind(-5)]).toBe('Short');
    expect(DIFFERENCE_LABELS[differenceKind(0)]).toBe('Exact');
  });
});

describe('denominations', () => {
  it('lists the notes then the coins of a known currency, largest first', () => {
    const usd = denominationsFor('USD');
    expect(usd[0]).toEqual({ value: 10_000, kind: 'note' });
    expect(usd.at(-1)).toEqual({ value: 1, kind: 'coin' });
    const values = usd.map((each) => each.value);
    expect(values).toEqual([...values].sort((a, b) => b - a));
  });

  it('has none for a currency it does not know', () => {
    expect(denominationsFor('XYZ')).toEqual([]);
  });

  it('adds up notes and coins × their counts, leaving out what is not a count', () => {
    expect(denominationTotal({ 2000: '3', 500: '1', 25: '4', 1: '' })).toEqual({
      total: 6_600,
      invalid: [],
      any: true,
    });
    expect(denominationTotal({ 1000: '2', 100: '1.5', 5: '-1' })).toEqual({
      total: 2_000,
      invalid: [100, 5],
      any: true,
    });
    expect(denominationTotal({ 1000: '', 100: ' ' })).toEqual({ total: 0, invalid: [], any: false });
  });

  it('names a note without decimals and a coin with them', () => {
    expect(denominationLabel(2_000, 'USD', 'en-US')).toBe('$20');
    expect(denominationLabel(25, 'USD', 'en-US')).toBe('$0.25');
  });
});

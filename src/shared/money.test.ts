import { describe, expect, it } from 'vitest';
import { currencyDigits, formatDelta, formatMoney, inputToMinor, minorToInput } from './money';

describe('money', () => {
  it('knows the minor digits of a currency', () => {
    expect(currencyDigits('USD')).toBe(2);
    expect(currencyDigits('JPY')).toBe(0);
    expect(currencyDigits('BHD')).toBe(3);
  });

  it('formats minor units in the restaurant currency and locale', () => {
    expect(formatMoney(450, 'USD', 'en-US')).toBe('$4.50');
    expect(formatMoney(1200, 'JPY', 'ja-JP')).toBe('￥1,200');
    expect(formatMoney(123456, 'EUR', 'de-DE')).toBe('1.234,56\u00a0€');
  });

  it('writes a price difference with its sign, and nothing for none', () => {
    expect(formatDelta(150, 'USD', 'en-US')).toBe('+$1.50');
    expect(formatDelta(-50, 'USD', 'en-US')).toBe('−$0.50');
    expect(formatDelta(0, 'USD', 'en-US')).toBe('');
  });

  it('turns typed amounts into minor units without floating point', () => {
    expect(inputToMinor('4.5', 'USD')).toBe(450);
    expect(inputToMinor('0.29', 'USD')).toBe(29);
    expect(inputToMinor('1,50', 'EUR')).toBe(150);
    expect(inputToMinor('-2', 'USD')).toBe(-200);
    expect(inputToMinor('12', 'JPY')).toBe(12);
    expect(inputToMinor('1.005', 'USD')).toBeNull();
    expect(inputToMinor('1.5', 'JPY')).toBeNull();
    expect(inputToMinor('abc', 'USD')).toBeNull();
    expect(inputToMinor('', 'USD')).toBeNull();
    expect(inputToMinor('.', 'USD')).toBeNull();
  });

  it('shows minor units for editing and reads them back unchanged', () => {
    for (const minor of [0, 5, 450, 1999, -150, 100000]) {
      expect(inputToMinor(minorToInput(minor, 'USD'), 'USD')).toBe(minor);
    }
    expect(minorToInput(5, 'USD')).toBe('0.05');
    expect(minorToInput(1200, 'JPY')).toBe('1200');
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amountAtRate,
  compareQuantities,
  convertQuantity,
  divideHalfAwayFromZero,
  formatQuantity,
  MAX_QUANTITY_THOUSANDTHS,
  multiplyQuantity,
  parseQuantity,
  roundRate,
} from './quantity';

const quantity = fc.integer({ min: -MAX_QUANTITY_THOUSANDTHS, max: MAX_QUANTITY_THOUSANDTHS });

describe('parseQuantity', () => {
  it('reads decimal strings as thousandths', () => {
    expect(parseQuantity('0.982')).toEqual({ ok: true, value: 982 });
    expect(parseQuantity('-2.5')).toEqual({ ok: true, value: -2500 });
    expect(parseQuantity('12')).toEqual({ ok: true, value: 12000 });
    expect(parseQuantity('+0.001')).toEqual({ ok: true, value: 1 });
    expect(parseQuantity('-0')).toEqual({ ok: true, value: 0 });
    expect(parseQuantity('007.10')).toEqual({ ok: true, value: 7100 });
    expect(parseQuantity('99999999.999')).toEqual({ ok: true, value: MAX_QUANTITY_THOUSANDTHS });
  });

  it('refuses more than 3 decimals, non-numbers and out-of-range values', () => {
    for (const text of ['1.2345', '0.0001']) {
      expect(parseQuantity(text)).toEqual({ ok: false, message: 'must have at most 3 decimals' });
    }
    for (const text of ['', 'abc', '1e3', '1,5', '.5', '5.', 'NaN', 'Infinity', '0x10', '1 2', '--1']) {
      expect(parseQuantity(text).ok, text).toBe(false);
    }
    for (const text of ['100000000', '-100000000', '123456789012345678901234567890']) {
      expect(parseQuantity(text)).toMatchObject({ ok: false, message: expect.stringMatching(/between/) });
    }
  });

  it('round-trips every quantity through its string', () => {
    fc.assert(
      fc.property(quantity, (value) => {
        expect(parseQuantity(formatQuantity(value))).toEqual({ ok: true, value });
      }),
    );
  });

  it('sums decimal strings exactly, where floats would drift', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -999_999, max: 999_999 }), { maxLength: 50 }), (parts) => {
        const texts = parts.map(formatQuantity);
        const sum = texts.reduce((total, text) => {
          const parsed = parseQuantity(text);
          if (!parsed.ok) throw new Error(text);
          return total + parsed.value;
        }, 0);
        expect(sum).toBe(parts.reduce((a, b) => a + b, 0));
        expect(formatQuantity(sum)).toBe(formatQuantity(parts.reduce((a, b) => a + b, 0)));
      }),
    );
    // The float sum of 0.1 + 0.2 is not 0.3; thousandths are.
    const point = (text: string) => (parseQuantity(text) as { value: number }).value;
    expect(formatQuantity(point('0.1') + point('0.2'))).toBe('0.300');
  });
});

describe('formatQuantity', () => {
  it('always writes 3 decimals and the sign', () => {
    expect(formatQuantity(982)).toBe('0.982');
    expect(formatQuantity(-2500)).toBe('-2.500');
    expect(formatQuantity(0)).toBe('0.000');
    expect(formatQuantity(-1)).toBe('-0.001');
    expect(() => formatQuantity(0.5)).toThrow(RangeError);
  });
});

describe('conversions and rounding', () => {
  it('rounds half away from zero', () => {
    expect(divideHalfAwayFromZero(5n, 2n)).toBe(3n);
    expect(divideHalfAwayFromZero(-5n, 2n)).toBe(-3n);
    expect(divideHalfAwayFromZero(7n, 3n)).toBe(2n);
    expect(divideHalfAwayFromZero(-7n, 3n)).toBe(-2n);
  });

  it('converts between units of one base', () => {
    // 18 g in kg, 2 kg in g, 0.4 g in kg (below a thousandth), 0.5 g in kg rounds up.
    expect(convertQuantity(18_000, '0.001', '1')).toBe(18);
    expect(convertQuantity(2_000, '1', '0.001')).toBe(2_000_000);
    expect(convertQuantity(400, '0.001', '1')).toBe(0);
    expect(convertQuantity(500, '0.001', '1')).toBe(1);
    expect(convertQuantity(-500, '0.001', '1')).toBe(-1);
    expect(multiplyQuantity(2_000, '24')).toBe(48_000);
    expect(multiplyQuantity(1_000, '0.333333')).toBe(333);
  });

  it('converts to the same unit without change, and keeps the sign', () => {
    fc.assert(
      fc.property(quantity, fc.constantFrom('1', '0.001', '1000', '0.453592', '3.785412'), (value, f) => {
        expect(convertQuantity(value, f, f)).toBe(value);
        expect(convertQuantity(-value, f, '1')).toBe(-convertQuantity(value, f, '1') || 0);
      }),
    );
  });

  it('values quantities at a rate, rounded once', () => {
    // 0.018 kg at 1234.5 minor units a kg is 22.221 → 22; 1.5 at 1 → 2; −1.5 at 1 → −2.
    expect(amountAtRate(18, '1234.5')).toBe(22);
    expect(amountAtRate(1_500, '1')).toBe(2);
    expect(amountAtRate(-1_500, '1')).toBe(-2);
    expect(amountAtRate(1_000, '0.000001')).toBe(0);
    expect(roundRate('1234.5')).toBe(1235);
    expect(roundRate('0.499999')).toBe(0);
    fc.assert(
      fc.property(quantity, fc.integer({ min: 0, max: 10_000_000 }), (value, micro) => {
        const rate = `${Math.floor(micro / 1_000_000)}.${String(micro % 1_000_000).padStart(6, '0')}`;
        expect(amountAtRate(-value, rate)).toBe(-amountAtRate(value, rate) || 0);
      }),
    );
  });

  it('compares quantities', () => {
    expect(compareQuantities(1, 2)).toBe(-1);
    expect(compareQuantities(2, 2)).toBe(0);
    expect(compareQuantities(3, 2)).toBe(1);
  });
});

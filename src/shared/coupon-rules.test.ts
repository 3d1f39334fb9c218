import { describe, expect, it } from 'vitest';
import { type CouponTerms, describeCouponValue, normalizeCouponCode } from './coupon-rules';

const percent = (value: number, maxDiscount: number | null = null): CouponTerms => ({
  code: 'WELCOME15',
  kind: 'percent',
  value,
  maxDiscount,
  minOrder: null,
});

describe('coupon rules', () => {
  it('writes a percentage coupon as "15% off", the sign right after the number, with its cap', () => {
    expect(describeCouponValue(percent(15), 'USD', 'en-US')).toBe('15% off');
    expect(describeCouponValue(percent(12.5), 'USD', 'en-US')).toBe('12.5% off');
    expect(describeCouponValue(percent(100), 'USD', 'en-US')).toBe('100% off');
    expect(describeCouponValue(percent(10, 500), 'USD', 'en-US')).toBe('10% off (at most $5.00)');
  });

  it('writes a fixed amount coupon as the amount off', () => {
    const amount: CouponTerms = {
      code: 'TAKE3',
      kind: 'amount',
      value: 300,
      maxDiscount: null,
      minOrder: null,
    };
    expect(describeCouponValue(amount, 'USD', 'en-US')).toBe('$3.00 off');
  });

  it('gives a code one form, whatever case and spaces it was typed with', () => {
    expect(normalizeCouponCode('welcome15')).toBe('WELCOME15');
    expect(normalizeCouponCode('  Welcome15 ')).toBe('WELCOME15');
    expect(normalizeCouponCode('spring_menu-2')).toBe('SPRING_MENU-2');
  });
});

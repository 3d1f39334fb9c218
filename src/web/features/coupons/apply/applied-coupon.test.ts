import { describe, expect, it } from 'vitest';
import { priceOrder } from '../../../../shared/pricing';
import { appliedCoupon, couponPricing, isCouponRefusal } from './applied-coupon';

const money = { currency: 'USD', locale: 'en-US' };
const tenPercent = appliedCoupon({
  code: 'save10',
  description: 'Spring',
  kind: 'percent',
  value: 10,
  maxDiscount: 500,
  minOrder: 1500,
  discount: 0,
});

describe('a coupon on a cart', () => {
  it('gives its discount from its minimum on, priced by the shared priceOrder', () => {
    expect(tenPercent.terms.code).toBe('SAVE10');
    const { discount, problem } = couponPricing(tenPercent, 2000, money);
    expect(problem).toBeNull();
    const totals = priceOrder({
      type: 'takeaway',
      lines: [{ unitPrice: 2000, quantity: 1 }],
      discount,
      serviceChargePercent: 0,
      taxPercent: 0,
      taxInclusive: false,
      deliveryFee: 0,
    });
    expect(totals.discount).toBe(200);
    // The cap holds.
    const big = couponPricing(tenPercent, 10_000, money).discount;
    expect(big).toEqual({ kind: 'percent', percent: 10, maxDiscount: 500 });
  });

  it('gives nothing below its minimum, and says why', () => {
    expect(couponPricing(tenPercent, 1499, money)).toEqual({
      discount: null,
      problem: 'Coupon SAVE10: the minimum order is $15.00.',
    });
    expect(couponPricing(null, 1499, money)).toEqual({ discount: null, problem: null });
  });

  it('tells a refusal about the coupon from others', () => {
    expect(isCouponRefusal({ details: { reason: 'coupon-expired', path: 'couponCode' } })).toBe(true);
    expect(isCouponRefusal({ details: { reason: 'coupon-unknown' } })).toBe(true);
    expect(isCouponRefusal({ details: { reason: 'stale' } })).toBe(false);
    expect(isCouponRefusal(new Error('x'))).toBe(false);
  });
});

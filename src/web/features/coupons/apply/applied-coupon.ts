import {
  COUPON_REFUSALS,
  type CouponTerms,
  couponDiscount,
  couponRefusalMessage,
  normalizeCouponCode,
} from '../../../../shared/coupon-rules';
import type { PricingDiscount } from '../../../../shared/pricing';

/**
 * A coupon applied to a cart, at the point of sale or at the guests' checkout: its terms (what the
 * server's check answered) priced with the shared `couponDiscount`, so the live totals are the ones
 * the server will charge. Zod-free: the guests' checkout loads it.
 */

export interface AppliedCoupon {
  terms: CouponTerms;
  description: string;
}

/** What `POST /api/coupons/check` answers (`CouponCheck`), without importing the zod contract. */
export interface CouponCheckAnswer extends CouponTerms {
  description: string;
  discount: number;
}

export function appliedCoupon(answer: CouponCheckAnswer): AppliedCoupon {
  return {
    terms: {
      code: normalizeCouponCode(answer.code),
      kind: answer.kind,
      value: answer.value,
      maxDiscount: answer.maxDiscount,
      minOrder: answer.minOrder,
    },
    description: answer.description,
  };
}

export interface CouponPricing {
  /** The discount for `priceOrder`, or null when the coupon does not apply to this subtotal. */
  discount: PricingDiscount | null;
  /** Why it does not apply ("Coupon SAVE10: the minimum order is $15.00."), or null. */
  problem: string | null;
}

/** The coupon on a cart of `subtotal` (before any discount): its discount, or why there is none. */
export function couponPricing(
  coupon: AppliedCoupon | null,
  subtotal: number,
  money: { currency: string; locale: string },
): CouponPricing {
  if (!coupon) return { discount: null, problem: null };
  const { terms } = coupon;
  if (terms.minOrder !== null && subtotal < terms.minOrder) {
    return {
      discount: null,
      problem: couponRefusalMessage('coupon-below-minimum', {
        code: terms.code,
        currency: money.currency,
        locale: money.locale,
        minOrder: terms.minOrder,
      }),
    };
  }
  return { discount: couponDiscount(terms), problem: null };
}

/** A refusal that names the coupon (`details.path: 'couponCode'`): it belongs on the coupon field. */
export function isCouponRefusal(error: unknown): boolean {
  const details = (error as { details?: unknown } | null)?.details;
  return (
    typeof details === 'object' &&
    details !== null &&
    ((details as { path?: unknown }).path === 'couponCode' ||
      (COUPON_REFUSALS as readonly unknown[]).includes((details as { reason?: unknown }).reason))
  );
}

/**
 * The coupons module's public face (docs/ARCHITECTURE.md, "Modules, use cases and events"): the
 * admin's coupons, and what placing an order does with a code. `use-cases/place-order.ts` calls
 * `applyCoupon` (the coupon row locked in the order's transaction) and, once the order is written,
 * `recordCouponUse`; `use-cases/change-order-status.ts` calls `releaseCouponUse` when an order is
 * cancelled or rejected.
 */
export {
  type AppliedCoupon,
  applyCoupon,
  COUPON_TOPIC_RULES as topicRules,
  type CouponListQuery,
  type CouponUseRequest,
  checkCoupon,
  countCouponsIn,
  couponCustomerKey,
  couponTermsOf,
  createCoupon,
  deleteCoupon,
  deleteCouponsUnlessUsed,
  getCoupon,
  listCoupons,
  recordCouponUse,
  releaseCouponUse,
  updateCoupon,
  updateCouponUse,
} from './coupons.service';

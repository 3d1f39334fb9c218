/** The coupons feature's public entry: what other features, the pages and the app may use of it. */
export { type AppliedCoupon, appliedCoupon, couponPricing, isCouponRefusal } from './apply/applied-coupon';
export { useCheckCoupon } from './apply/check-coupon';
export { CouponField } from './apply/coupon-field';
export { CouponFormDialog } from './components/coupon-form-dialog';
export { CouponList } from './components/coupon-list';

import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import type { CouponCheckAnswer } from './applied-coupon';

/** What the cart asks: the code, its subtotal (minor units) and, at the point of sale, the customer's phone. */
export interface CouponCheckRequest {
  code: string;
  subtotal: number;
  customerPhone?: string;
}

/**
 * `POST /api/coupons/check`: the code's terms when it can be used now, or the server's refusal (an
 * `ApiError` whose message says why: expired, not valid yet, the minimum order, already used…). The
 * channel follows the signed-in user: staff check for the point of sale, a customer for online.
 */
export function checkCoupon(request: CouponCheckRequest): Promise<CouponCheckAnswer> {
  const customerPhone = request.customerPhone?.trim();
  return apiRequest<CouponCheckAnswer>(apiPaths.couponCheck, {
    method: 'POST',
    body: {
      code: request.code.trim(),
      subtotal: request.subtotal,
      ...(customerPhone ? { customerPhone } : {}),
    },
  });
}

export function useCheckCoupon() {
  return useMutation({ mutationFn: checkCoupon });
}

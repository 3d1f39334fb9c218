import { z } from 'zod';
import {
  COUPON_CHANNELS,
  COUPON_CODE_PATTERN,
  COUPON_KINDS,
  COUPON_STATUSES,
  MAX_COUPON_CODE,
  MAX_COUPON_DESCRIPTION,
  MAX_COUPON_PER_CUSTOMER_LIMIT,
  MAX_COUPON_USAGE_LIMIT,
} from '../coupon-rules';
import { dateField, MAX_PRICE_MINOR, phoneTextField, textField, versionField } from './fields';

/**
 * Coupons (docs/PRODUCT-RULES.md, Coupons): what `/coupons` (admin), the point of sale and the
 * guests' checkout send and read. Amounts are integer minor units of the restaurant's currency; the
 * rules without zod are in `shared/coupon-rules.ts`.
 */

export * from '../coupon-rules';

export const COUPONS_API = {
  coupons: '/api/coupons',
  /** `POST`: whether a code can be used now, by the asking user's channel; its terms for the totals. */
  check: '/api/coupons/check',
} as const;

export const couponCodeField = z
  .string({ error: 'must be text' })
  .trim()
  .min(1, 'enter the coupon code')
  .max(MAX_COUPON_CODE, `must be at most ${MAX_COUPON_CODE} characters`);

const newCouponCodeField = couponCodeField.regex(
  COUPON_CODE_PATTERN,
  'use 3 to 32 letters, digits, - or _, starting with a letter or digit',
);

const optionalAmount = z
  .number({ error: 'must be an amount in minor units (cents)' })
  .int('must be a whole number of minor units (cents), such as 1500 for 15.00')
  .min(1, 'must be more than 0')
  .max(MAX_PRICE_MINOR, `must be at most ${MAX_PRICE_MINOR} minor units`)
  .nullable();

const limitField = (max: number) =>
  z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(max, `must be at most ${max}`)
    .nullable();

const couponFields = {
  code: newCouponCodeField,
  description: textField(MAX_COUPON_DESCRIPTION),
  kind: z.enum(COUPON_KINDS, { error: 'must be percent or amount' }),
  /**
   * A percentage (0.01..100, at most two decimals) for `percent`; an amount in minor units
   * (1..99999999) for `amount`.
   */
  value: z.number({ error: 'must be a number' }).positive('must be more than 0').max(MAX_PRICE_MINOR),
  /** The smallest subtotal (before the discount) the coupon applies to; null: any. */
  minOrder: optionalAmount,
  /** The largest discount of a percentage coupon; null: no cap. Only for `percent`. */
  maxDiscount: optionalAmount,
  /** First day it is valid (restaurant time zone); null: from now. */
  validFrom: dateField.nullable(),
  /** Last day it is valid, whole day included; null: no end. */
  validUntil: dateField.nullable(),
  /** How many orders may use it in all (cancelled and rejected ones give their use back); null: no limit. */
  usageLimit: limitField(MAX_COUPON_USAGE_LIMIT),
  /** How many orders one customer may use it on; null: no limit. */
  perCustomerLimit: limitField(MAX_COUPON_PER_CUSTOMER_LIMIT),
  channels: z
    .array(z.enum(COUPON_CHANNELS, { error: 'must be pos or online' }), {
      error: 'must be a list of channels',
    })
    .min(1, 'choose at least one channel: pos or online')
    .max(2, 'must name at most two channels')
    .refine((list) => new Set(list).size === list.length, 'must not name a channel twice'),
  active: z.boolean({ error: 'must be true or false' }),
};

type CouponShape = {
  kind?: (typeof COUPON_KINDS)[number];
  value?: number;
  maxDiscount?: number | null;
  validFrom?: string | null;
  validUntil?: string | null;
};

/** The rules between fields; for a change the server checks them again on the merged record. */
export function couponCrossFieldIssues(coupon: CouponShape): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  if (coupon.kind === 'percent' && coupon.value !== undefined) {
    if (coupon.value > 100) issues.push({ path: 'value', message: 'a percentage must be at most 100' });
    else if (Math.abs(coupon.value * 100 - Math.round(coupon.value * 100)) > 1e-6) {
      issues.push({ path: 'value', message: 'a percentage has at most two decimals, such as 12.5' });
    }
  }
  if (coupon.kind === 'amount' && coupon.value !== undefined && !Number.isInteger(coupon.value)) {
    issues.push({
      path: 'value',
      message: 'an amount is a whole number of minor units (cents), such as 500 for 5.00',
    });
  }
  if (coupon.kind === 'amount' && coupon.maxDiscount !== undefined && coupon.maxDiscount !== null) {
    issues.push({ path: 'maxDiscount', message: 'only a percentage coupon has a maximum discount' });
  }
  if (coupon.validFrom && coupon.validUntil && coupon.validFrom > coupon.validUntil) {
    issues.push({ path: 'validUntil', message: 'must not be before the first valid day' });
  }
  return issues;
}

function refineCoupon(coupon: CouponShape, context: z.RefinementCtx): void {
  for (const issue of couponCrossFieldIssues(coupon)) {
    context.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  }
}

export const CouponInputSchema = z
  .strictObject({
    code: couponFields.code,
    description: couponFields.description.optional(),
    kind: couponFields.kind,
    value: couponFields.value,
    minOrder: couponFields.minOrder.optional(),
    maxDiscount: couponFields.maxDiscount.optional(),
    validFrom: couponFields.validFrom.optional(),
    validUntil: couponFields.validUntil.optional(),
    usageLimit: couponFields.usageLimit.optional(),
    perCustomerLimit: couponFields.perCustomerLimit.optional(),
    channels: couponFields.channels,
    active: couponFields.active.optional(),
  })
  .superRefine(refineCoupon);
export type CouponInput = z.infer<typeof CouponInputSchema>;

/** A change: any field, and the `version` it was based on (a stale one is a 409). */
export const CouponUpdateSchema = z
  .strictObject({
    code: couponFields.code.optional(),
    description: couponFields.description.optional(),
    kind: couponFields.kind.optional(),
    value: couponFields.value.optional(),
    minOrder: couponFields.minOrder.optional(),
    maxDiscount: couponFields.maxDiscount.optional(),
    validFrom: couponFields.validFrom.optional(),
    validUntil: couponFields.validUntil.optional(),
    usageLimit: couponFields.usageLimit.optional(),
    perCustomerLimit: couponFields.perCustomerLimit.optional(),
    channels: couponFields.channels.optional(),
    active: couponFields.active.optional(),
    version: versionField,
  })
  .superRefine(refineCoupon);
export type CouponUpdate = z.infer<typeof CouponUpdateSchema>;

export const CouponSchema = z.object({
  id: z.string(),
  /** Trimmed and upper case, whatever case it was typed in (`normalizeCouponCode`). */
  code: z.string(),
  description: z.string(),
  kind: z.enum(COUPON_KINDS),
  value: z.number(),
  minOrder: z.number().nullable(),
  maxDiscount: z.number().nullable(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  usageLimit: z.number().nullable(),
  perCustomerLimit: z.number().nullable(),
  channels: z.array(z.enum(COUPON_CHANNELS)),
  active: z.boolean(),
  /** Its state today in the restaurant's time zone. */
  status: z.enum(COUPON_STATUSES),
  /** Orders that use it now (cancelled and rejected ones gave their use back). */
  uses: z.number(),
  /** The discount those orders got, in all, in minor units. */
  discountTotal: z.number(),
  currency: z.string(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Coupon = z.infer<typeof CouponSchema>;

export const CouponPageSchema = z.object({ items: z.array(CouponSchema), nextCursor: z.string().nullable() });
export type CouponPage = z.infer<typeof CouponPageSchema>;

/**
 * `POST /api/coupons/check`: can this code be used on an order of this subtotal now? Staff check for
 * the point of sale, a customer for their online order (the channel follows the asking user's role).
 * `customerPhone` is the point of sale's customer, for a coupon limited per customer.
 */
export const CouponCheckInputSchema = z.strictObject({
  code: couponCodeField,
  subtotal: z
    .number({ error: 'must be an amount in minor units (cents)' })
    .int('must be a whole number of minor units (cents)')
    .min(0, 'must not be negative')
    .max(Number.MAX_SAFE_INTEGER, 'is too large'),
  customerPhone: phoneTextField.optional(),
});
export type CouponCheckInput = z.infer<typeof CouponCheckInputSchema>;

/** The terms of a code that can be used (`CouponTerms`), with its description. */
export const CouponCheckSchema = z.object({
  code: z.string(),
  description: z.string(),
  kind: z.enum(COUPON_KINDS),
  value: z.number(),
  maxDiscount: z.number().nullable(),
  minOrder: z.number().nullable(),
  /** The discount on the given subtotal, in minor units (the same as `priceOrder` counts). */
  discount: z.number(),
});
export type CouponCheck = z.infer<typeof CouponCheckSchema>;

/** `GET /api/coupons` query (besides `limit` and `cursor`). */
export const COUPON_LIST_FILTERS = ['search', 'status'] as const;

import { formatMoney } from './money';
import type { PricingDiscount } from './pricing';

/**
 * Coupons (docs/PRODUCT-RULES.md, Coupons): the rules both sides need, without zod, so the guests'
 * checkout can count a coupon's discount with the shared `priceOrder` and say why a code is refused
 * in the server's own words.
 *
 * A coupon takes a percentage of the subtotal (capped by `maxDiscount` when set) or a fixed amount off
 * it; it is valid from the start of `validFrom` to the end of `validUntil`, both calendar days in the
 * restaurant's time zone (either may be open); `usageLimit` counts the orders that used it (a
 * cancelled or rejected order gives its use back), `perCustomerLimit` those of one customer.
 */

export const COUPON_KINDS = ['percent', 'amount'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

/** Where a coupon may be used: at the point of sale (staff orders) or online (guests' orders). */
export const COUPON_CHANNELS = ['pos', 'online'] as const;
export type CouponChannel = (typeof COUPON_CHANNELS)[number];
export const COUPON_CHANNEL_LABELS: Record<CouponChannel, string> = {
  pos: 'Point of sale',
  online: 'Online',
};

/** A coupon's state today: what the list shows and filters by. */
export const COUPON_STATUSES = ['active', 'scheduled', 'expired', 'used-up', 'inactive'] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];
export const COUPON_STATUS_LABELS: Record<CouponStatus, string> = {
  active: 'Active',
  scheduled: 'Scheduled',
  expired: 'Expired',
  'used-up': 'Used up',
  inactive: 'Inactive',
};

/** A code: 3 to 32 letters, digits, `-` or `_`, starting with a letter or digit; unique whatever the case. */
export const COUPON_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{2,31}$/;
export const MAX_COUPON_CODE = 32;
export const MAX_COUPON_DESCRIPTION = 200;
export const MAX_COUPON_USAGE_LIMIT = 1_000_000;
export const MAX_COUPON_PER_CUSTOMER_LIMIT = 1_000;

/** A code's one form, as it is stored, compared and shown: trimmed, upper case. */
export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

/** What pricing needs of a coupon (and what the checkout is told when it checks a code). */
export interface CouponTerms {
  code: string;
  kind: CouponKind;
  /** A percentage (0.01..100, two decimals) or an amount in minor units. */
  value: number;
  /** The largest discount of a percentage coupon, in minor units (null: no cap). */
  maxDiscount: number | null;
  /** The smallest subtotal the coupon applies to, in minor units (null: any). */
  minOrder: number | null;
}

/** The coupon as the shared pricing function takes it. */
export function couponDiscount(terms: CouponTerms): PricingDiscount {
  return terms.kind === 'percent'
    ? {
        kind: 'percent',
        percent: terms.value,
        ...(terms.maxDiscount !== null ? { maxDiscount: terms.maxDiscount } : {}),
      }
    : { kind: 'amount', amount: terms.value };
}

/** A coupon as "10% off (at most $5.00)" or "$3.00 off": the percent sign right after the number. */
export function describeCouponValue(terms: CouponTerms, currency: string, locale = 'en'): string {
  if (terms.kind === 'amount') return `${formatMoney(terms.value, currency, locale)} off`;
  const cap =
    terms.maxDiscount !== null ? ` (at most ${formatMoney(terms.maxDiscount, currency, locale)})` : '';
  return `${terms.value}% off${cap}`;
}

export { COUPON_REFUSALS, type CouponRefusal } from './error-reasons';

import type { CouponRefusal } from './error-reasons';

export interface CouponRefusalContext {
  code: string;
  currency: string;
  locale?: string;
  channel?: CouponChannel;
  /** `coupon-not-yet-valid`: the first day (YYYY-MM-DD). */
  validFrom?: string | null;
  /** `coupon-expired`: the last day (YYYY-MM-DD). */
  validUntil?: string | null;
  /** `coupon-below-minimum`: the minimum subtotal in minor units. */
  minOrder?: number | null;
}

function dayLabel(day: string, locale: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, date ?? 1)));
}

/** The sentence a cashier or a guest reads for a refused code. */
export function couponRefusalMessage(reason: CouponRefusal, context: CouponRefusalContext): string {
  const locale = context.locale ?? 'en';
  const code = `Coupon ${normalizeCouponCode(context.code)}`;
  switch (reason) {
    case 'coupon-unknown':
      return `There is no coupon ${normalizeCouponCode(context.code)}: check the code.`;
    case 'coupon-inactive':
      return `${code} is not available any more.`;
    case 'coupon-not-yet-valid':
      return context.validFrom
        ? `${code} is not valid yet: it starts on ${dayLabel(context.validFrom, locale)}.`
        : `${code} is not valid yet.`;
    case 'coupon-expired':
      return context.validUntil
        ? `${code} has expired: it was valid until ${dayLabel(context.validUntil, locale)}.`
        : `${code} has expired.`;
    case 'coupon-wrong-channel':
      return context.channel === 'online'
        ? `${code} is not valid for online orders.`
        : `${code} is not valid for orders at the counter.`;
    case 'coupon-below-minimum':
      return `${code}: the minimum order is ${formatMoney(context.minOrder ?? 0, context.currency, locale)}.`;
    case 'coupon-used-up':
      return `${code} is used up: it has been used as many times as it may be.`;
    case 'coupon-already-used':
      return `${code} has already been used by this customer as many times as it may be.`;
    case 'coupon-customer-required':
      return `${code} is limited per customer: enter the customer's phone number to use it.`;
    case 'coupon-with-manual-discount':
      return 'An order takes a coupon or a manual discount, not both.';
  }
}

/** A coupon's state on `today` (YYYY-MM-DD in the restaurant's time zone) with `uses` counted. */
export function couponStatusOf(
  coupon: {
    active: boolean;
    validFrom: string | null;
    validUntil: string | null;
    usageLimit: number | null;
  },
  uses: number,
  today: string,
): CouponStatus {
  if (!coupon.active) return 'inactive';
  if (coupon.validUntil !== null && coupon.validUntil < today) return 'expired';
  if (coupon.usageLimit !== null && uses >= coupon.usageLimit) return 'used-up';
  if (coupon.validFrom !== null && coupon.validFrom > today) return 'scheduled';
  return 'active';
}

/** `YYYY-MM-DD` of `now` on the restaurant's calendar (its time zone). */
export function restaurantToday(timeZone: string, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

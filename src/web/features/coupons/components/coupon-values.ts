import type { Coupon, CouponChannel, CouponInput, CouponKind } from '../../../../shared/contracts/coupons';
import { COUPON_CHANNELS } from '../../../../shared/coupon-rules';
import { inputToMinor, minorToInput } from '../../../../shared/money';
import type { Conversion, FieldErrors } from '../../../lib/use-schema-form';

/**
 * The coupon form's values as typed (amounts as money, `4.50`; a percentage as a number; limits as
 * text) and their conversion into the body the shared schema checks. Pure, so it is tested without a
 * browser.
 */

export const AMOUNT_MESSAGE = 'Enter an amount such as 4.50.';
export const PERCENT_MESSAGE = 'Enter a percentage such as 10 or 12.5.';
export const COUNT_MESSAGE = 'Enter a whole number such as 100, or leave it empty for no limit.';

export interface CouponValues {
  code: string;
  description: string;
  kind: CouponKind;
  /** The percentage (`10`) or the amount (`5.00`), by `kind`. */
  value: string;
  minOrder: string;
  maxDiscount: string;
  validFrom: string;
  validUntil: string;
  usageLimit: string;
  perCustomerLimit: string;
  channels: CouponChannel[];
  active: boolean;
}

export function initialCouponValues(coupon: Coupon | null, currency: string): CouponValues {
  if (!coupon) {
    return {
      code: '',
      description: '',
      kind: 'percent',
      value: '',
      minOrder: '',
      maxDiscount: '',
      validFrom: '',
      validUntil: '',
      usageLimit: '',
      perCustomerLimit: '',
      channels: ['pos', 'online'],
      active: true,
    };
  }
  const money = (minor: number | null) => (minor === null ? '' : minorToInput(minor, currency));
  return {
    code: coupon.code,
    description: coupon.description,
    kind: coupon.kind,
    value: coupon.kind === 'percent' ? String(coupon.value) : minorToInput(coupon.value, currency),
    minOrder: money(coupon.minOrder),
    maxDiscount: money(coupon.maxDiscount),
    validFrom: coupon.validFrom ?? '',
    validUntil: coupon.validUntil ?? '',
    usageLimit: coupon.usageLimit === null ? '' : String(coupon.usageLimit),
    perCustomerLimit: coupon.perCustomerLimit === null ? '' : String(coupon.perCustomerLimit),
    channels: [...coupon.channels],
    active: coupon.active,
  };
}

/** Typed values → the body of `POST /api/coupons`, with what could not be read, by path. */
export function convertCouponValues(values: CouponValues, currency: string): Conversion {
  const errors: FieldErrors = {};
  const optionalAmount = (text: string, path: string): number | null => {
    if (text.trim() === '') return null;
    const minor = inputToMinor(text, currency);
    if (minor === null) errors[path] = AMOUNT_MESSAGE;
    return minor ?? 0;
  };
  const optionalCount = (text: string, path: string): number | null => {
    const trimmed = text.trim();
    if (trimmed === '') return null;
    if (!/^\d{1,9}$/.test(trimmed)) {
      errors[path] = COUNT_MESSAGE;
      return 0;
    }
    return Number(trimmed);
  };

  let value = 0;
  const text = values.value.trim();
  if (values.kind === 'percent') {
    if (!/^\d{1,3}(?:[.,]\d+)?$/.test(text)) errors.value = PERCENT_MESSAGE;
    else value = Number(text.replace(',', '.'));
  } else {
    const minor = text === '' ? null : inputToMinor(text, currency);
    if (minor === null) errors.value = AMOUNT_MESSAGE;
    else value = minor;
  }

  const input: CouponInput = {
    code: values.code.trim(),
    description: values.description.trim(),
    kind: values.kind,
    value,
    minOrder: optionalAmount(values.minOrder, 'minOrder'),
    // Only a percentage has a cap; switching to an amount drops it.
    maxDiscount: values.kind === 'percent' ? optionalAmount(values.maxDiscount, 'maxDiscount') : null,
    validFrom: values.validFrom || null,
    validUntil: values.validUntil || null,
    usageLimit: optionalCount(values.usageLimit, 'usageLimit'),
    perCustomerLimit: optionalCount(values.perCustomerLimit, 'perCustomerLimit'),
    // A set: in the list's own order, so choosing the same channels again is no change.
    channels: COUPON_CHANNELS.filter((channel) => values.channels.includes(channel)),
    active: values.active,
  };
  return { input, errors: Object.keys(errors).length > 0 ? errors : undefined };
}

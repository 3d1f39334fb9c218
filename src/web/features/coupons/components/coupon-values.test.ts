import { describe, expect, it } from 'vitest';
import { CouponInputSchema } from '../../../../shared/contracts/coupons';
import { changedValues } from '../../../lib/changed-values';
import { validateWithSchema } from '../../../lib/use-schema-form';
import {
  AMOUNT_MESSAGE,
  COUNT_MESSAGE,
  type CouponValues,
  convertCouponValues,
  initialCouponValues,
  PERCENT_MESSAGE,
} from './coupon-values';

const blank = initialCouponValues(null, 'USD');
const check = (values: CouponValues) =>
  validateWithSchema(CouponInputSchema, values, (current: CouponValues) =>
    convertCouponValues(current, 'USD'),
  );

describe('the coupon form', () => {
  it('sends money as minor units and a percentage as a number; empty optional fields as null', () => {
    const { input, errors } = check({
      ...blank,
      code: ' SAVE10 ',
      value: '12.5',
      minOrder: '15',
      maxDiscount: '5.00',
      usageLimit: '100',
    });
    expect(errors).toEqual({});
    expect(input).toEqual({
      code: 'SAVE10',
      description: '',
      kind: 'percent',
      value: 12.5,
      minOrder: 1500,
      maxDiscount: 500,
      validFrom: null,
      validUntil: null,
      usageLimit: 100,
      perCustomerLimit: null,
      channels: ['pos', 'online'],
      active: true,
    });
  });

  it('drops the cap of an amount coupon and reads its amount as money', () => {
    const { input } = check({ ...blank, code: 'FIVE', kind: 'amount', value: '5', maxDiscount: '3' });
    expect(input).toMatchObject({ kind: 'amount', value: 500, maxDiscount: null });
  });

  it('names what cannot be read, and the schema names the rest', () => {
    const { errors } = check({
      ...blank,
      code: 'a b',
      value: 'ten',
      minOrder: '1.234',
      usageLimit: '1.5',
      channels: [],
      validFrom: '2026-03-02',
      validUntil: '2026-03-01',
    });
    expect(errors).toMatchObject({
      value: PERCENT_MESSAGE,
      minOrder: AMOUNT_MESSAGE,
      usageLimit: COUNT_MESSAGE,
      code: expect.stringMatching(/^Use 3 to 32 letters/),
      channels: expect.stringMatching(/^Choose at least one channel/),
      validUntil: 'Must not be before the first valid day.',
    });
    expect(check({ ...blank, code: 'BIG', value: '120' }).errors.value).toBe(
      'A percentage must be at most 100.',
    );
    expect(check({ ...blank, code: 'AMT', kind: 'amount', value: '' }).errors.value).toBe(AMOUNT_MESSAGE);
  });

  it('sends only what changed; the same channels chosen in another order are no change', () => {
    const saved = check({ ...blank, code: 'SAVE10', value: '10' }).input!;
    const next = check({ ...blank, code: 'SAVE10', value: '10', minOrder: '20', channels: ['online', 'pos'] })
      .input!;
    expect(next.channels).toEqual(['pos', 'online']);
    expect(changedValues(saved, next)).toEqual({ minOrder: 2000 });
  });

  it('drops the cap when a percentage becomes an amount, and says so in the change', () => {
    const saved = check({ ...blank, code: 'SAVE10', value: '10', maxDiscount: '5' }).input!;
    const next = check({ ...blank, code: 'SAVE10', kind: 'amount', value: '10', maxDiscount: '5' }).input!;
    expect(changedValues(saved, next)).toEqual({ kind: 'amount', value: 1000, maxDiscount: null });
  });
});

import { describe, expect, it } from 'vitest';
import { COUPON_REFUSALS, ERROR_REASONS, reasonOf } from './error-reasons';

describe('reasonOf', () => {
  it('reads a known reason from details, and nothing else', () => {
    expect(reasonOf({ reason: 'stale', version: 3 })).toBe('stale');
    expect(reasonOf({ reason: 'coupon-expired', path: 'couponCode' })).toBe('coupon-expired');
    expect(reasonOf({ reason: 'no-such-reason' })).toBeUndefined();
    expect(reasonOf({ reason: 7 })).toBeUndefined();
    for (const details of [undefined, null, 'stale', {}]) expect(reasonOf(details)).toBeUndefined();
  });

  it('knows each reason once, the coupon refusals among them', () => {
    expect(new Set(ERROR_REASONS).size).toBe(ERROR_REASONS.length);
    for (const refusal of COUPON_REFUSALS) expect(ERROR_REASONS).toContain(refusal);
  });
});

/**
 * Why a code cannot be used, as `details.reason` of the refusal (404 for `coupon-unknown`, 409 for the
 * others, `details.path: 'couponCode'`).
 */
export const COUPON_REFUSALS = [
  'coupon-unknown',
  'coupon-inactive',
  'coupon-not-yet-valid',
  'coupon-expired',
  'coupon-wrong-channel',
  'coupon-below-minimum',
  'coupon-used-up',
  'coupon-already-used',
  'coupon-customer-required',
  'coupon-with-manual-discount',
] as const;
export type CouponRefusal = (typeof COUPON_REFUSALS)[number];

/**
 * Every `details.reason` the API sends with a refusal, one union for the server that sends them and
 * the web that tells them apart: a reason renamed on one side fails the type check on the other.
 * Zod-free, so any page may import it.
 */
export const ERROR_REASONS = [
  // Writes based on an old version of a record.
  'stale',
  // Orders.
  'ordering-off',
  'closed',
  'below-minimum',
  'table-archived',
  'too-many-pending',
  'idempotency-key-reused',
  'order-closed',
  'not-allowed',
  // Open checks: not confirmed, preparing or ready; a merge or split the check cannot take; a recall too late.
  'not-open',
  'cannot-merge',
  'cannot-split',
  'recall-expired',
  // Money.
  'refund-required',
  'over-amount-due',
  'over-refundable',
  'nothing-due',
  'online-payment-off',
  'provider-error',
  'provider-unavailable',
  'money-recorded',
  'in-use',
  // The ledger: a day on or before the books' lock date, a row already voided or itself a reversal,
  // a row a payment or refund made (taken back through it, not voided by hand), a reconciled row.
  'books-locked',
  'already-voided',
  'is-reversal',
  'not-manual',
  'reconciled',
  // Reconciliation: ticked rows that do not add up to the statement; a statement before the last one.
  'not-balanced',
  'before-last-statement',
  // Coupons.
  ...COUPON_REFUSALS,
  // Inventory: an item's stock unit once it has movements, an archived item, stock beyond the column.
  'has-movements',
  'archived',
  'out-of-range',
  // Stock counts: finished or cancelled, overlapping an open count, nothing to count.
  'count-closed',
  'count-overlaps',
  'count-empty',
  // Purchase orders: a change to what is no longer a draft, a move the status does not allow, a
  // payment of more than is owed, more received than ordered, a suggestion with no item low.
  'not-draft',
  'wrong-status',
  'over-payment',
  'over-receipt',
  'nothing-low',
  // Budgets: copying a month that has none.
  'nothing-to-copy',
  // Settlements: no order left to settle in the period, a change to a received settlement, reopening
  // one that is not received, deleting one that received money once.
  'nothing-to-settle',
  'already-received',
  'not-received',
  'has-ledger-rows',
  // Closing the day: a count that differs from what should be there, without a reason; not a cash account.
  'reason-required',
  'not-cash',
  // Feedback.
  'not-completed',
  'already-given',
  'customer-only',
  'link-only',
  'no-email',
  // Accounts and sign-in (the last four are better-auth's own words, passed on).
  'no-account',
  'no-password',
  'HUMAN_CHECK_REQUIRED',
  'INVALID_TOKEN',
  'USER_NOT_FOUND',
  'INVALID_PASSWORD',
] as const;

export type ErrorReason = (typeof ERROR_REASONS)[number];

/** The known `reason` of an error's `details`, or undefined. */
export function reasonOf(details: unknown): ErrorReason | undefined {
  const reason = (details as { reason?: unknown } | null | undefined)?.reason;
  return typeof reason === 'string' && (ERROR_REASONS as readonly string[]).includes(reason)
    ? (reason as ErrorReason)
    : undefined;
}

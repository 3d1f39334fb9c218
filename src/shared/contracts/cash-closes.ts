import { z } from 'zod';
import { idField, MAX_BALANCE_MINOR, textField } from './fields';

/**
 * Closing the day at the till: a manager counts a cash account's drawer. What should be there is the
 * account's ledger balance (the float, plus cash taken, less cash refunds and cash paid out, since the
 * last close); the difference between the count and that is booked in the account as over or short,
 * with a reason. The day's end report (since the last close of that drawer) is kept with the close.
 */

export const CashCloseInputSchema = z.strictObject({
  /** The cash account the drawer is. */
  accountId: idField,
  /** The cash counted, in minor units. */
  counted: z
    .number({ error: 'must be an amount in minor units (cents)' })
    .int('must be a whole number of minor units (cents)')
    .min(0, 'must be 0 or more')
    .max(MAX_BALANCE_MINOR, 'is too large'),
  /** Why the count differs from what should be there (needed when it does). */
  reason: textField(200).optional(),
});
export type CashCloseInput = z.infer<typeof CashCloseInputSchema>;

const MethodTotalSchema = z.object({ method: z.string(), count: z.number(), amount: z.number() });
const CountAmountSchema = z.object({ count: z.number(), amount: z.number() });

/** The drawer: its cash at the period's start and what moved it since, to what it should hold. */
export const DrawerSchema = z.object({
  accountId: z.string(),
  accountName: z.string(),
  /** The cash in the drawer when the period started (the last count, or the ledger's balance then). */
  opening: z.number(),
  /** Cash payments taken. */
  cashTaken: z.number(),
  /** Cash given back (positive). */
  cashRefunds: z.number(),
  /** Cash paid out: expenses, suppliers, withdrawals and fees by hand (positive). */
  paidOut: z.number(),
  /** Transfers in (positive) and out (negative), e.g. cash taken to the bank. */
  transfers: z.number(),
  /** Anything else that came in: deposits by hand, partner payouts. */
  otherIn: z.number(),
  /** opening + cashTaken − cashRefunds − paidOut + transfers + otherIn: the ledger's balance now. */
  expected: z.number(),
});
export type Drawer = z.infer<typeof DrawerSchema>;

/** The day's end report: everything since the drawer's last close. */
export const CashCloseReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  orders: z.object({ placed: z.number(), completed: z.number(), cancelled: z.number() }),
  /** Payments taken, every method, with their total. */
  sales: z.object({ byMethod: z.array(MethodTotalSchema), total: z.number() }),
  refunds: z.object({ byMethod: z.array(MethodTotalSchema), total: z.number() }),
  /** Lines voided (not made, not charged) and comped (made, given free): their count and value. */
  voids: CountAmountSchema,
  comps: CountAmountSchema,
  /** Discounts of the orders placed in the period (coupons and by hand). */
  discounts: CountAmountSchema,
  drawer: DrawerSchema,
});
export type CashCloseReport = z.infer<typeof CashCloseReportSchema>;

export const CashCloseSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  accountName: z.string(),
  closedAt: z.string(),
  closedByName: z.string().nullable(),
  expected: z.number(),
  counted: z.number(),
  /** counted − expected: over when positive, short when negative. */
  difference: z.number(),
  reason: z.string(),
  report: CashCloseReportSchema,
});
export type CashClose = z.infer<typeof CashCloseSchema>;

export const CashClosePageSchema = z.object({
  items: z.array(CashCloseSchema),
  nextCursor: z.string().nullable(),
});
export type CashClosePage = z.infer<typeof CashClosePageSchema>;

export const CASH_CLOSES_API = {
  closes: '/api/cash-closes',
  preview: '/api/cash-closes/preview',
  close: (id: string) => `/api/cash-closes/${id}`,
} as const;

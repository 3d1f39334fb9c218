import { z } from 'zod';
import { dateField, idField, MAX_BALANCE_MINOR, nameField, versionField } from './fields';
import { movedAmountField } from './ledger';

/**
 * Partner settlements: what a delivery or marketplace partner owes for the orders it took. A settlement
 * gathers the partner's completed orders of a period that no settlement holds yet (an order is in at
 * most one), takes the partner's commission off each, adds adjustments with their reasons, and expects
 * the rest. The partner's payout report is matched to its orders by the partner's reference; receiving
 * the payout records it in a bank or cash account.
 */

export const SETTLEMENT_STATUSES = ['pending', 'received'] as const;
export type SettlementStatus = (typeof SETTLEMENT_STATUSES)[number];

/** The longest period one settlement covers. */
export const MAX_SETTLEMENT_DAYS = 366;

/** The partner's commission on one order: its percent of the order's total, to the nearest minor unit. */
export function commissionOf(gross: number, percent: number): number {
  return Math.round((gross * Math.round(percent * 100)) / 10_000);
}

export const SettlementInputSchema = z
  .strictObject({
    partnerId: idField,
    /** The first and last day of the period (the restaurant's calendar), both included. */
    from: dateField,
    to: dateField,
  })
  .superRefine((value, context) => {
    if (value.from > value.to) {
      context.addIssue({ code: 'custom', path: ['from'], message: 'must not be after to' });
      return;
    }
    const days = (Date.parse(value.to) - Date.parse(value.from)) / 86_400_000 + 1;
    if (days > MAX_SETTLEMENT_DAYS) {
      context.addIssue({
        code: 'custom',
        path: ['to'],
        message: `must be at most ${MAX_SETTLEMENT_DAYS} days after from`,
      });
    }
  });
export type SettlementInput = z.infer<typeof SettlementInputSchema>;

export const SettlementAdjustmentInputSchema = z.strictObject({
  version: versionField,
  /** Signed minor units: added to the net expected (a bonus) or taken off it (a charge for a refund). */
  amount: z
    .number({ error: 'must be an amount in minor units (cents)' })
    .int('must be a whole number of minor units (cents)')
    .min(-MAX_BALANCE_MINOR, 'is too large')
    .max(MAX_BALANCE_MINOR, 'is too large')
    .refine((value) => value !== 0, 'must not be 0'),
  reason: nameField(200, 'a reason'),
});
export type SettlementAdjustmentInput = z.infer<typeof SettlementAdjustmentInputSchema>;

export const SettlementReceiveInputSchema = z.strictObject({
  version: versionField.optional(),
  /** The bank or cash account the payout arrived in. */
  accountId: idField,
  /** The day it arrived (the restaurant's calendar). */
  date: dateField,
  /** What the partner paid, in minor units (it may differ from the net expected). */
  amount: movedAmountField,
});
export type SettlementReceiveInput = z.infer<typeof SettlementReceiveInputSchema>;

export const SettlementVersionInputSchema = z.strictObject({ version: versionField });

export const SettlementReopenInputSchema = z.strictObject({
  version: versionField,
  reason: nameField(200, 'a reason'),
});
export type SettlementReopenInput = z.infer<typeof SettlementReopenInputSchema>;

export const SettlementOrderSchema = z.object({
  orderId: z.string(),
  number: z.number(),
  partnerReference: z.string(),
  completedAt: z.string(),
  /** The order's total: what the guest paid the partner. */
  gross: z.number(),
  commission: z.number(),
  /** What the partner owes for it: gross − commission. */
  payout: z.number(),
});
export type SettlementOrder = z.infer<typeof SettlementOrderSchema>;

export const SettlementAdjustmentSchema = z.object({
  id: z.string(),
  amount: z.number(),
  reason: z.string(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export type SettlementAdjustment = z.infer<typeof SettlementAdjustmentSchema>;

const AmountsSchema = z.object({
  gross: z.number().nullable(),
  commission: z.number().nullable(),
  payout: z.number(),
});

/** The partner's payout report matched to the settlement's orders. */
export const PayoutMatchSchema = z.object({
  fileName: z.string(),
  importedAt: z.string(),
  importedByName: z.string().nullable(),
  /** Rows the partner paid for orders of this settlement; `difference` = reported − expected payout. */
  matched: z.array(
    z.object({
      row: z.number(),
      orderId: z.string(),
      number: z.number(),
      reference: z.string(),
      expected: z.object({ gross: z.number(), commission: z.number(), payout: z.number() }),
      reported: AmountsSchema,
      difference: z.number(),
    }),
  ),
  /** Orders of this settlement the report does not pay for; `difference` = −expected payout. */
  missing: z.array(
    z.object({
      orderId: z.string(),
      number: z.number(),
      reference: z.string(),
      expectedPayout: z.number(),
      difference: z.number(),
    }),
  ),
  /** Rows for orders this settlement does not hold; `difference` = the payout. */
  unknown: z.array(
    z.object({
      row: z.number(),
      reference: z.string(),
      reported: AmountsSchema,
      difference: z.number(),
    }),
  ),
  /** Rows that could not be read (their record in the file, 1 = the header). */
  problems: z.array(z.object({ row: z.number(), problem: z.string() })),
  totals: z.object({
    /** The settlement's orders' payouts (before adjustments). */
    expected: z.number(),
    /** The report's payouts, every readable row. */
    reported: z.number(),
    difference: z.number(),
  }),
});
export type PayoutMatch = z.infer<typeof PayoutMatchSchema>;

export const SettlementSummarySchema = z.object({
  id: z.string(),
  version: z.number().int(),
  partnerId: z.string(),
  partnerName: z.string(),
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  commissionPercent: z.number(),
  status: z.enum(SETTLEMENT_STATUSES),
  orderCount: z.number(),
  gross: z.number(),
  commission: z.number(),
  adjustmentsTotal: z.number(),
  /** gross − commission + adjustments. */
  net: z.number(),
  /** Orders the payout report leaves unpaid or pays differently (null: no report imported). */
  disputed: z.number().nullable(),
  received: z
    .object({
      on: z.string(),
      amount: z.number(),
      accountId: z.string(),
      accountName: z.string(),
      byName: z.string().nullable(),
      /** received − net: what the partner paid more (or, negative, less) than expected. */
      difference: z.number(),
    })
    .nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SettlementSummary = z.infer<typeof SettlementSummarySchema>;

export const SettlementSchema = SettlementSummarySchema.extend({
  orders: z.array(SettlementOrderSchema),
  adjustments: z.array(SettlementAdjustmentSchema),
  payoutReport: PayoutMatchSchema.nullable(),
});
export type Settlement = z.infer<typeof SettlementSchema>;

export const SettlementListSchema = z.object({ items: z.array(SettlementSummarySchema) });
export type SettlementList = z.infer<typeof SettlementListSchema>;

export const SETTLEMENTS_API = {
  settlements: '/api/settlements',
  settlement: (id: string) => `/api/settlements/${id}`,
  adjustments: (id: string) => `/api/settlements/${id}/adjustments`,
  adjustment: (id: string, adjustmentId: string) => `/api/settlements/${id}/adjustments/${adjustmentId}`,
  payoutReport: (id: string) => `/api/settlements/${id}/payout-report`,
  receive: (id: string) => `/api/settlements/${id}/receive`,
  reopen: (id: string) => `/api/settlements/${id}/reopen`,
} as const;

import { z } from 'zod';
import { dateField } from './fields';

/**
 * Reports: the financial statement (and, beside it, the analytics dashboard). Days are the restaurant's
 * (its time zone); a sale counts on the day its order was completed, a refund on the day it was made,
 * an expense on its date, a ledger row on its booking day, stock on the day it moved.
 */

/** The longest period a report covers: ten years. */
export const MAX_REPORT_DAYS = 3660;

const reportDay = dateField.refine((value) => value >= '1900-01-01' && value <= '2999-12-31', {
  message: 'must be a date from 1900-01-01 to 2999-12-31',
});

export const ReportPeriodQuerySchema = z
  .strictObject({
    /** The first and last day of the period, both included. */
    from: reportDay,
    to: reportDay,
    /** `csv` for the statement as a file. */
    format: z.enum(['json', 'csv']).optional(),
  })
  .superRefine((value, context) => {
    if (value.from > value.to) {
      context.addIssue({ code: 'custom', path: ['from'], message: 'must not be after to' });
      return;
    }
    if (daysBetween(value.from, value.to) > MAX_REPORT_DAYS) {
      context.addIssue({
        code: 'custom',
        path: ['to'],
        message: `must be at most ${MAX_REPORT_DAYS} days after from`,
      });
    }
  });
export type ReportPeriodQuery = z.infer<typeof ReportPeriodQuerySchema>;

/** Days in `from` .. `to`, both included (ISO dates). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

function shiftDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

function lastDayOfMonth(year: number, month: number): string {
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

/**
 * The period a report is compared with: as many whole calendar months before, when the period is whole
 * months (March is compared with February, whatever their lengths); otherwise the same number of days
 * just before it.
 */
export function previousPeriod(from: string, to: string): { from: string; to: string } {
  const [fy, fm, fd] = from.split('-').map(Number) as [number, number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number, number];
  if (fd === 1 && to === lastDayOfMonth(ty, tm)) {
    const months = (ty - fy) * 12 + (tm - fm) + 1;
    const start = new Date(Date.UTC(fy, fm - 1 - months, 1));
    return { from: start.toISOString().slice(0, 10), to: shiftDays(from, -1) };
  }
  const length = daysBetween(from, to);
  return { from: shiftDays(from, -length), to: shiftDays(from, -1) };
}

/** An amount of the period and of the period it is compared with, in minor units. */
export const ComparedSchema = z.object({ current: z.number(), previous: z.number() });
export type Compared = z.infer<typeof ComparedSchema>;

const SalesLineSchema = z.object({
  /** An order type (dine-in, takeaway, delivery) or source (pos, online, partner). */
  key: z.string(),
  orders: ComparedSchema,
  gross: ComparedSchema,
  discounts: ComparedSchema,
  refunds: ComparedSchema,
  net: ComparedSchema,
});

const PeriodSchema = z.object({ from: z.string(), to: z.string() });

export const StatementSchema = z.object({
  period: PeriodSchema,
  previous: PeriodSchema,
  currency: z.string(),
  /** Completed orders. */
  orders: ComparedSchema,
  sales: z.object({
    /** The lines at their prices, before discounts. */
    gross: ComparedSchema,
    /** Coupons and discounts given by hand, together and apart. */
    discounts: ComparedSchema,
    couponDiscounts: ComparedSchema,
    manualDiscounts: ComparedSchema,
    /** Money given back (by the day it was given), whole: tax and charges included. */
    refunds: ComparedSchema,
    /** gross − discounts − refunds. */
    net: ComparedSchema,
    byType: z.array(SalesLineSchema),
    bySource: z.array(SalesLineSchema),
  }),
  serviceCharge: ComparedSchema,
  deliveryFees: ComparedSchema,
  /** Tax charged on the completed orders: owed to the tax office, not income. */
  taxCollected: ComparedSchema,
  /** The part of it contained in prices (tax-inclusive orders), taken out of income. */
  taxInPrices: ComparedSchema,
  /** net sales + service charge + delivery fees − tax contained in prices. */
  income: ComparedSchema,
  cogs: z.object({
    openingStock: ComparedSchema,
    /** Deliveries received, at their cost. */
    purchases: ComparedSchema,
    closingStock: ComparedSchema,
    /** openingStock + purchases − closingStock. */
    cost: ComparedSchema,
    /** cost ÷ net sales, in percent to one decimal; null without net sales. */
    foodCostPercent: z.object({ current: z.number().nullable(), previous: z.number().nullable() }),
  }),
  /** income − cost of goods sold. */
  grossProfit: ComparedSchema,
  /** What partners kept: the commissions of the settlements whose period ends in it, less adjustments. */
  partnerCommissions: ComparedSchema,
  expenses: z.object({
    total: ComparedSchema,
    byCategory: z.array(z.object({ categoryId: z.string(), name: z.string(), amount: ComparedSchema })),
  }),
  /** grossProfit − partnerCommissions − expenses. */
  netProfit: ComparedSchema,
  accounts: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      type: z.string(),
      opening: ComparedSchema,
      in: ComparedSchema,
      out: ComparedSchema,
      closing: ComparedSchema,
    }),
  ),
});
export type Statement = z.infer<typeof StatementSchema>;

export const REPORTS_API = {
  statement: '/api/reports/statement',
  /** The records behind the statement's lines that no other list gives by period. */
  refunds: '/api/reports/statement/refunds',
  receipts: '/api/reports/statement/stock-receipts',
  settlements: '/api/reports/statement/settlements',
  dashboard: '/api/reports/dashboard',
} as const;

/** The most records a statement line's list answers (the newest); `truncated` says when there were more. */
export const MAX_LINE_RECORDS = 1000;

export const StatementRefundsSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      orderId: z.string(),
      orderNumber: z.number(),
      type: z.string(),
      source: z.string(),
      method: z.string(),
      amount: z.number(),
      reason: z.string(),
      refundedBy: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  truncated: z.boolean(),
});
export type StatementRefunds = z.infer<typeof StatementRefundsSchema>;

export const StatementReceiptsSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      itemId: z.string(),
      itemName: z.string(),
      quantity: z.string(),
      value: z.number(),
      reason: z.string(),
      createdAt: z.string(),
    }),
  ),
  truncated: z.boolean(),
});
export type StatementReceipts = z.infer<typeof StatementReceiptsSchema>;

export const StatementSettlementsSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      partnerName: z.string(),
      periodFrom: z.string(),
      periodTo: z.string(),
      status: z.string(),
      commission: z.number(),
      adjustments: z.number(),
    }),
  ),
  truncated: z.boolean(),
});
export type StatementSettlements = z.infer<typeof StatementSettlementsSchema>;

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

/**
 * The live topics whose records the reports read: orders (with their payments and refunds), stock,
 * purchase orders, expenses, settlements, the ledger's other rows (announced as `cash-closes`), the
 * accounts and categories (`master-data`), the settings (time zone, currency) and the ratings. A change
 * of any moves the reports' ETags, and the report pages refetch on it.
 */
export const REPORT_TOPICS = [
  'orders',
  'inventory',
  'purchase-orders',
  'expenses',
  'settlements',
  'cash-closes',
  'master-data',
  'settings',
  'feedback',
] as const;

const periodFields = {
  /** The first and last day of the period, both included. */
  from: reportDay,
  to: reportDay,
};

function checkPeriod(value: { from: string; to: string }, context: z.RefinementCtx): void {
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
}

/** A period alone: the dashboard, and the records behind the statement's lines. */
export const PeriodQuerySchema = z.strictObject(periodFields).superRefine(checkPeriod);

export const ReportPeriodQuerySchema = z
  .strictObject({
    ...periodFields,
    /** `csv` for the statement as a file. */
    format: z.enum(['json', 'csv']).optional(),
  })
  .superRefine(checkPeriod);
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

/** The most dishes the dashboard lists (by revenue); top and bottom lists are taken from them. */
export const MAX_DASHBOARD_DISHES = 500;

const KeyedSalesSchema = z.object({ key: z.string(), orders: z.number(), sales: z.number() });
const MethodAmountSchema = z.object({ method: z.string(), count: z.number(), amount: z.number() });

/**
 * The analytics dashboard. "Sales" are what completed orders charged (their totals, tax and charges
 * included), on the day each was completed; refunds are apart.
 */
export const DashboardSchema = z.object({
  period: PeriodSchema,
  currency: z.string(),
  /** Today so far, whatever the period: the day's takings at a glance. */
  today: z.object({
    day: z.string(),
    sales: z.number(),
    orders: z.number(),
    /** Payments taken today, by method. */
    payments: z.array(MethodAmountSchema),
    refunds: z.object({ count: z.number(), amount: z.number() }),
    openOrders: z.number(),
    /** What each cash drawer should hold now (its ledger balance). */
    drawers: z.array(z.object({ accountId: z.string(), name: z.string(), expected: z.number() })),
  }),
  figures: z.object({
    sales: z.number(),
    orders: z.number(),
    /** sales ÷ orders, rounded to the minor unit; 0 without orders. */
    averageOrder: z.number(),
    refunds: z.number(),
    /** Orders open now (confirmed to out for delivery). */
    openOrders: z.number(),
  }),
  /** By day, or by hour (`00`..`23`) when the period is one day; every day or hour of it, in order. */
  salesOverTime: z.object({ unit: z.enum(['day', 'hour']), points: z.array(KeyedSalesSchema) }),
  /** Weekday (1 Monday .. 7 Sunday) × hour of completion, the cells with orders. */
  heatmap: z.array(
    z.object({ weekday: z.number(), hour: z.number(), orders: z.number(), sales: z.number() }),
  ),
  /** Dishes sold (voided lines left out; comped ones count in quantity, not revenue), by revenue. */
  dishes: z.array(
    z.object({
      menuItemId: z.string().nullable(),
      name: z.string(),
      categoryName: z.string(),
      quantity: z.number(),
      revenue: z.number(),
      /** A portion's recipe cost now ÷ its average price, in percent; null without a recipe. */
      foodCostPercent: z.number().nullable(),
    }),
  ),
  categories: z.array(z.object({ name: z.string(), quantity: z.number(), revenue: z.number() })),
  types: z.array(KeyedSalesSchema),
  sources: z.array(KeyedSalesSchema),
  paymentMethods: z.array(MethodAmountSchema),
  coupons: z.object({
    uses: z.array(z.object({ code: z.string(), orders: z.number(), discount: z.number() })),
    couponDiscount: z.number(),
    manualDiscount: z.number(),
  }),
  /** Confirmed to ready, over the completed orders that went through both. */
  prep: z.object({
    measured: z.number(),
    averageMinutes: z.number().nullable(),
    byHour: z.array(z.object({ hour: z.number(), orders: z.number(), averageMinutes: z.number() })),
    amberMinutes: z.number(),
    redMinutes: z.number(),
    pastAmber: z.number(),
    pastRed: z.number(),
  }),
  ratings: z.object({
    count: z.number(),
    average: z.number().nullable(),
    /** How many gave 1, 2, 3, 4 and 5 stars. */
    distribution: z.array(z.number()),
    latestLow: z.array(
      z.object({
        id: z.string(),
        orderId: z.string(),
        orderNumber: z.number(),
        overall: z.number(),
        comment: z.string(),
        createdAt: z.string(),
      }),
    ),
  }),
  lowStock: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      onHand: z.string(),
      reorderLevel: z.string().nullable(),
      unit: z.string(),
    }),
  ),
  /** This month's budget lines at or past their warning (80 %). */
  budgets: z.array(
    z.object({
      categoryId: z.string(),
      name: z.string(),
      allocated: z.number(),
      spent: z.number(),
      percentUsed: z.number().nullable(),
      state: z.string(),
    }),
  ),
});
export type Dashboard = z.infer<typeof DashboardSchema>;

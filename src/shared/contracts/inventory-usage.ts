import { z } from 'zod';

/**
 * Where stock went over a period, per item (docs/PRODUCT-RULES.md, Inventory): what there was at the
 * start, what came in, what recipes say was sold, what was wasted, adjusted and counted, what there
 * was at the end, and the variance between the use the recipes explain and the use that happened.
 * Every figure is a quantity in the item's stock unit and the money it moved (minor units), both the
 * sums of the item's movements.
 */

export const INVENTORY_USAGE_PATH = '/api/inventory/usage';

const FigureSchema = z.object({
  /** Decimal string in the item's stock unit, signed. */
  quantity: z.string(),
  /** Minor units, signed. */
  value: z.number().int(),
});
export type UsageFigure = z.infer<typeof FigureSchema>;

/**
 * opening: before the first day; received: purchase receipts; sold: taken by the recipes of completed
 * orders (negative); wasted: waste (negative); adjusted: adjustments and revaluations of stock sold
 * short; counted: differences found by counts; closing: after the last day; theoreticalUse: what the
 * recipes say was used (minus sold); actualUse: opening + received − closing; variance: actual −
 * theoretical use, what went missing (positive) or was found (negative).
 */
export const USAGE_COLUMNS = [
  'opening',
  'received',
  'sold',
  'wasted',
  'adjusted',
  'counted',
  'closing',
  'theoreticalUse',
  'actualUse',
  'variance',
] as const;
export type UsageColumn = (typeof USAGE_COLUMNS)[number];

/** Each column's title, on the report's screen and in its CSV file. */
export const USAGE_COLUMN_LABELS: Record<UsageColumn, string> = {
  opening: 'Opening',
  received: 'Received',
  sold: 'Sold (recipes)',
  wasted: 'Wasted',
  adjusted: 'Adjusted',
  counted: 'Counted',
  closing: 'Closing',
  theoreticalUse: 'Theoretical use',
  actualUse: 'Actual use',
  variance: 'Variance',
};

export const UsageLineSchema = z.object({
  itemId: z.uuid(),
  name: z.string(),
  sku: z.string().nullable(),
  group: z.string(),
  unitSymbol: z.string(),
  ...(Object.fromEntries(USAGE_COLUMNS.map((column) => [column, FigureSchema])) as {
    [K in UsageColumn]: typeof FigureSchema;
  }),
});
export type UsageLine = z.infer<typeof UsageLineSchema>;

export const UsageReportSchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  currency: z.string(),
  /** By money lost (variance value), most first. */
  lines: z.array(UsageLineSchema),
  /** The money of each column over every line; actualUse is the cost of the goods used. */
  totals: z.object(
    Object.fromEntries(USAGE_COLUMNS.map((column) => [column, z.number().int()])) as {
      [K in UsageColumn]: z.ZodNumber;
    },
  ),
});
export type UsageReport = z.infer<typeof UsageReportSchema>;

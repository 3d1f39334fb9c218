import { z } from 'zod';
import { parseQuantity } from '../quantity';
import { idField, textField, versionField } from './fields';
import { INVENTORY_GROUPS } from './inventory';

/**
 * Stock counts (docs/PRODUCT-RULES.md, Inventory, Stock counts). Quantities are decimal strings with
 * at most 3 decimals in the item's stock unit; money is integer minor units.
 */
export const STOCK_COUNTS_API = {
  counts: '/api/inventory/counts',
  count: (id: string) => `/api/inventory/counts/${id}`,
  lines: (id: string) => `/api/inventory/counts/${id}/lines`,
  finish: (id: string) => `/api/inventory/counts/${id}/finish`,
  cancel: (id: string) => `/api/inventory/counts/${id}/cancel`,
} as const;

/** The live topic of every count: a line counted, a count opened, finished or cancelled. */
export const STOCK_COUNTS_TOPIC = 'inventory-counts';

export const STOCK_COUNT_STATUSES = ['open', 'finished', 'cancelled'] as const;
export type StockCountStatus = (typeof STOCK_COUNT_STATUSES)[number];

export const MAX_COUNT_NOTE = 500;
/** Lines one save may carry. */
export const MAX_COUNT_LINES_PER_SAVE = 500;

export const StockCountInputSchema = z.strictObject({
  /** Left out: every active item. */
  group: z.enum(INVENTORY_GROUPS, { error: 'must be ingredient, beverage, packaging or other' }).optional(),
  note: textField(MAX_COUNT_NOTE).optional(),
});
export type StockCountInput = z.infer<typeof StockCountInputSchema>;

/** What was found on the shelf: 0 or more, at most 3 decimals; null clears the line. */
const countedField = z
  .string({ error: 'must be a decimal number in a string, such as "2.5", or null' })
  .max(40, 'must be a decimal number such as "2.5"')
  .superRefine((text, context) => {
    const parsed = parseQuantity(text);
    if (!parsed.ok) context.addIssue({ code: 'custom', message: parsed.message });
    else if (parsed.value < 0) context.addIssue({ code: 'custom', message: 'must be 0 or more' });
  })
  .nullable();

export const StockCountLinesInputSchema = z
  .strictObject({
    lines: z
      .array(z.strictObject({ itemId: idField, counted: countedField }), { error: 'must be a list of lines' })
      .min(1, 'must have at least one line')
      .max(MAX_COUNT_LINES_PER_SAVE, `must have at most ${MAX_COUNT_LINES_PER_SAVE} lines`),
  })
  .superRefine((input, context) => {
    const seen = new Set<string>();
    input.lines.forEach((line, index) => {
      if (seen.has(line.itemId)) {
        context.addIssue({ code: 'custom', path: ['lines', index, 'itemId'], message: 'is given twice' });
      }
      seen.add(line.itemId);
    });
  });
export type StockCountLinesInput = z.infer<typeof StockCountLinesInputSchema>;

/** Finishing or cancelling is based on the version the person saw (an older one: 409 `stale`). */
export const StockCountCloseSchema = z.strictObject({ version: versionField });
export type StockCountClose = z.infer<typeof StockCountCloseSchema>;

export const StockCountLineSchema = z.object({
  itemId: z.string(),
  itemName: z.string(),
  unitSymbol: z.string(),
  storageArea: z.string().nullable(),
  storageOrder: z.number().int().nullable(),
  /** The item's stock when the count was opened. */
  expected: z.string(),
  /** What was found; null: not counted yet. */
  counted: z.string().nullable(),
  /** The item's stock on the books when it was counted. */
  onHandAtCount: z.string().nullable(),
  countedAt: z.string().nullable(),
  countedById: z.string().nullable(),
  countedByName: z.string().nullable(),
  /** Set when finished: counted − stock on the books when counted (null: not counted). */
  difference: z.string().nullable(),
  /** Set when finished: the money the line's movement moved, in minor units. */
  valueDifference: z.number().int().nullable(),
  /** The item's average cost now, minor units per stock unit (for the confirm's estimate). */
  averageCost: z.number().int(),
});
export type StockCountLine = z.infer<typeof StockCountLineSchema>;

const countFields = {
  id: z.string(),
  status: z.enum(STOCK_COUNT_STATUSES),
  group: z.enum(INVENTORY_GROUPS).nullable(),
  note: z.string().nullable(),
  version: z.number().int(),
  openedById: z.string().nullable(),
  openedByName: z.string().nullable(),
  closedById: z.string().nullable(),
  closedByName: z.string().nullable(),
  closedAt: z.string().nullable(),
  /** Set when finished: the money the count moved (minor units, negative: stock was missing). */
  valueDifference: z.number().int().nullable(),
  lineCount: z.number().int(),
  countedCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

export const StockCountSummarySchema = z.object(countFields);
export type StockCountSummary = z.infer<typeof StockCountSummarySchema>;

export const StockCountSchema = z.object({ ...countFields, lines: z.array(StockCountLineSchema) });
export type StockCount = z.infer<typeof StockCountSchema>;

export const StockCountPageSchema = z.object({
  items: z.array(StockCountSummarySchema),
  nextCursor: z.string().nullable(),
});
export type StockCountPage = z.infer<typeof StockCountPageSchema>;

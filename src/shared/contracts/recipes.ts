import { z } from 'zod';
import { parseQuantity } from '../quantity';
import { idField, versionField } from './fields';

/**
 * Recipes (docs/PRODUCT-RULES.md, Inventory): what a menu item, and each of its options, takes out
 * of stock when an order is completed. Quantities are decimal strings with at most 3 decimals in
 * `unitId` (a unit of the same base as the inventory item's stock unit; the stock unit when left
 * out); costs are integer minor units at the items' average cost now.
 */

export const RECIPE_API = {
  recipe: (menuItemId: string) => `/api/menu/items/${menuItemId}/recipe`,
} as const;

export const MAX_RECIPE_LINES = 50;
export const MAX_RECIPE_OPTIONS = 100;
export const MAX_OPTION_RECIPE_LINES = 20;

const positiveQuantity = z
  .string({ error: 'must be a decimal number in a string, such as "0.018"' })
  .max(40, 'must be a decimal number such as "0.018"')
  .superRefine((text, context) => {
    const parsed = parseQuantity(text);
    if (!parsed.ok) context.addIssue({ code: 'custom', message: parsed.message });
    else if (parsed.value <= 0) context.addIssue({ code: 'custom', message: 'must be more than 0' });
  });

const lineFields = {
  inventoryItemId: idField,
  quantity: positiveQuantity,
  unitId: idField.optional(),
};

/** No inventory item twice in one list: a recipe says how much of each, once. */
const distinctItems = <T extends { inventoryItemId: string }>(lines: T[], context: z.RefinementCtx) => {
  const seen = new Set<string>();
  lines.forEach((line, index) => {
    if (seen.has(line.inventoryItemId)) {
      context.addIssue({
        code: 'custom',
        path: [index, 'inventoryItemId'],
        message: 'is in this list already: give its whole quantity on one line',
      });
    }
    seen.add(line.inventoryItemId);
  });
};

export const RecipeLineInputSchema = z.strictObject(lineFields);
export const RecipeOptionLineInputSchema = z.strictObject({
  ...lineFields,
  /** The inventory item of the dish's own line this one takes the place of. */
  replaces: idField.optional(),
});

export const RecipeInputSchema = z.strictObject({
  lines: z
    .array(RecipeLineInputSchema, { error: 'must be a list of lines' })
    .max(MAX_RECIPE_LINES, `must have at most ${MAX_RECIPE_LINES} lines`)
    .superRefine(distinctItems),
  options: z
    .array(
      z.strictObject({
        optionId: idField,
        lines: z
          .array(RecipeOptionLineInputSchema, { error: 'must be a list of lines' })
          .max(MAX_OPTION_RECIPE_LINES, `must have at most ${MAX_OPTION_RECIPE_LINES} lines`)
          .superRefine(distinctItems),
      }),
      { error: 'must be a list of options' },
    )
    .max(MAX_RECIPE_OPTIONS, `must have at most ${MAX_RECIPE_OPTIONS} options`)
    .superRefine((options, context) => {
      const seen = new Set<string>();
      options.forEach((option, index) => {
        if (seen.has(option.optionId)) {
          context.addIssue({ code: 'custom', path: [index, 'optionId'], message: 'is in this list already' });
        }
        seen.add(option.optionId);
      });
    })
    .default([]),
  /** The recipe's version the change is based on (left out: whatever is there now is replaced). */
  version: versionField.optional(),
});
export type RecipeInput = z.input<typeof RecipeInputSchema>;
export type RecipeInputParsed = z.output<typeof RecipeInputSchema>;

export const RecipeLineSchema = z.object({
  inventoryItemId: z.string(),
  inventoryItemName: z.string(),
  /** As given, in `unitId`. */
  quantity: z.string(),
  unitId: z.string(),
  unitSymbol: z.string(),
  /** The same quantity in the inventory item's stock unit (what a sale takes out). */
  stockQuantity: z.string(),
  stockUnitId: z.string(),
  stockUnitSymbol: z.string(),
  /** At the inventory item's average cost now, minor units. */
  cost: z.number().int(),
});
export type RecipeLine = z.infer<typeof RecipeLineSchema>;

export const RecipeOptionLineSchema = RecipeLineSchema.extend({
  /** The inventory item of the dish's line this one replaces, or null (it adds). */
  replaces: z.string().nullable(),
});
export type RecipeOptionLine = z.infer<typeof RecipeOptionLineSchema>;

export const RecipeOptionSchema = z.object({
  optionId: z.string(),
  groupName: z.string(),
  optionName: z.string(),
  priceDelta: z.number().int(),
  lines: z.array(RecipeOptionLineSchema),
  /** What the option's own lines cost. */
  cost: z.number().int(),
  /** What choosing it changes the dish's cost by: its lines, less the lines they replace. */
  costChange: z.number().int(),
  /** The dish with this option: its cost against its price (the item's plus the option's), or null at no price. */
  foodCostPercent: z.number().nullable(),
});
export type RecipeOption = z.infer<typeof RecipeOptionSchema>;

export const RecipeSchema = z.object({
  menuItemId: z.string(),
  /** Null while the item has no recipe. */
  version: z.number().int().nullable(),
  /** The menu item's price, minor units. */
  price: z.number().int(),
  lines: z.array(RecipeLineSchema),
  options: z.array(RecipeOptionSchema),
  /** The dish's own lines at the items' average cost now, minor units. */
  cost: z.number().int(),
  /** `cost` against `price`, in percent to one decimal; null when the price is 0. */
  foodCostPercent: z.number().nullable(),
  /** When the item got its recipe: lines sent to the kitchen before that take no stock. */
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type Recipe = z.infer<typeof RecipeSchema>;

/** `cost` against `price` in percent, to one decimal (half up); null when there is no price. */
export function foodCostPercent(cost: number, price: number): number | null {
  if (price <= 0) return null;
  return Math.round((cost * 1000) / price) / 10;
}

/** What the staff's order page is told about stock (staff only). */
export const OrderStockSchema = z.object({
  /** The order's stock was taken (it was completed). */
  deducted: z.boolean(),
  /** Lines that take (or took) no stock: sent to the kitchen before their item had a recipe. */
  linesNotTaken: z.array(z.string()),
});
export type OrderStock = z.infer<typeof OrderStockSchema>;

import { z } from 'zod';
import { formatQuantity, MAX_QUANTITY_THOUSANDTHS, parseQuantity } from '../quantity';
import { idField, nameField, textField, versionField } from './fields';

/**
 * Inventory (docs/PRODUCT-RULES.md, Inventory): stock items and their movements. Quantities are
 * decimal strings with at most 3 decimals (`shared/quantity.ts`), in the item's stock unit unless a
 * movement names another unit of the same base; money is integer minor units.
 */

export const INVENTORY_API = {
  items: '/api/inventory/items',
  item: (id: string) => `/api/inventory/items/${id}`,
  itemMovements: (id: string) => `/api/inventory/items/${id}/movements`,
  movements: '/api/inventory/movements',
  /** The items as a CSV file, with the list's filters. */
  itemsExport: '/api/inventory/items/export',
  /** Items from a CSV file, all or none. */
  itemsImport: '/api/inventory/items/import',
  /** The counts the inventory page shows at its top. */
  summary: '/api/inventory/summary',
} as const;

export const INVENTORY_GROUPS = ['ingredient', 'beverage', 'packaging', 'other'] as const;
export type InventoryGroup = (typeof INVENTORY_GROUPS)[number];
/** The groups as the screens name them. */
export const INVENTORY_GROUP_LABELS: Record<InventoryGroup, string> = {
  ingredient: 'Ingredients',
  beverage: 'Beverages',
  packaging: 'Packaging',
  other: 'Other',
};

export const STOCK_MOVEMENT_TYPES = [
  'purchase-receipt',
  'sale',
  'adjustment',
  'waste',
  'count',
  'revaluation',
] as const;
export type StockMovementType = (typeof STOCK_MOVEMENT_TYPES)[number];
/** The movements a person records by hand here; receipts, sales and counts come with their own screens. */
export const MANUAL_MOVEMENT_TYPES = ['adjustment', 'waste'] as const;

export const WASTE_REASONS = ['spoiled', 'dropped', 'expired', 'staff-meal', 'other'] as const;
export type WasteReason = (typeof WASTE_REASONS)[number];

export const MAX_ITEM_NAME = 120;
export const MAX_SKU = 64;
export const MAX_MOVEMENT_REASON = 200;
export const MAX_MOVEMENT_NOTE = 500;
export const MAX_STORAGE_AREA = 60;

/**
 * A quantity as a decimal string ("2.5"); `check` adds a rule on its value in thousandths. The string
 * is what travels (the contract stays a plain string for the API document); `quantityOf` reads it.
 */
const quantityText = (check?: { test: (thousandths: number) => boolean; message: string }) =>
  z
    .string({ error: 'must be a decimal number in a string, such as "2.5"' })
    .max(40, 'must be a decimal number such as "2.5"')
    .superRefine((text, context) => {
      const parsed = parseQuantity(text);
      if (!parsed.ok) context.addIssue({ code: 'custom', message: parsed.message });
      else if (check && !check.test(parsed.value))
        context.addIssue({ code: 'custom', message: check.message });
    });

/** The thousandths of a quantity the contract has accepted. */
export function quantityOf(text: string): number {
  const parsed = parseQuantity(text);
  if (!parsed.ok) throw new RangeError(`not a quantity: ${text}`);
  return parsed.value;
}

/** A level or a factor: zero or more (a factor: more than zero). */
const levelField = quantityText({ test: (value) => value >= 0, message: 'must be 0 or more' });
const factorField = quantityText({ test: (value) => value > 0, message: 'must be more than 0' });

/** Trimmed; an empty one is no SKU. */
const skuField = z
  .string({ error: 'must be text' })
  .trim()
  .max(MAX_SKU, `must be at most ${MAX_SKU} characters`);

const itemFields = {
  name: nameField(MAX_ITEM_NAME),
  sku: skuField.nullable(),
  group: z.enum(INVENTORY_GROUPS, { error: 'must be ingredient, beverage, packaging or other' }),
  /** The stock unit (a unit of master data): every quantity of the item is kept in it. */
  unitId: idField,
  /** The unit it is bought in (a case), with how many stock units one holds (`purchaseFactor`). */
  purchaseUnitId: idField.nullable(),
  purchaseFactor: factorField.nullable(),
  reorderLevel: levelField.nullable(),
  parLevel: levelField.nullable(),
  preferredSupplierId: idField.nullable(),
  active: z.boolean({ error: 'must be true or false' }),
  /** Where the item is kept (walk-in fridge, dry store); an empty one is none. */
  storageArea: z
    .string({ error: 'must be text' })
    .trim()
    .max(MAX_STORAGE_AREA, `must be at most ${MAX_STORAGE_AREA} characters`)
    .nullable(),
  /** Its place on the counting walk: counts list items by it. */
  storageOrder: z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(0, 'must not be negative')
    .max(1_000_000, 'must be at most 1000000')
    .nullable(),
};

type PurchaseShape = { purchaseUnitId?: string | null; purchaseFactor?: string | null };

/** A purchase unit needs its factor, and a factor needs its unit. */
export function purchaseIssues(item: PurchaseShape): { path: string; message: string }[] {
  const hasUnit = item.purchaseUnitId !== undefined && item.purchaseUnitId !== null;
  const hasFactor = item.purchaseFactor !== undefined && item.purchaseFactor !== null;
  if (hasUnit && !hasFactor) {
    return [{ path: 'purchaseFactor', message: 'say how many stock units one purchase unit holds' }];
  }
  if (hasFactor && !hasUnit) return [{ path: 'purchaseUnitId', message: 'choose the purchase unit' }];
  return [];
}

export const InventoryItemInputSchema = z
  .strictObject({
    name: itemFields.name,
    sku: itemFields.sku.optional(),
    group: itemFields.group,
    unitId: itemFields.unitId,
    purchaseUnitId: itemFields.purchaseUnitId.optional(),
    purchaseFactor: itemFields.purchaseFactor.optional(),
    reorderLevel: itemFields.reorderLevel.optional(),
    parLevel: itemFields.parLevel.optional(),
    preferredSupplierId: itemFields.preferredSupplierId.optional(),
    storageArea: itemFields.storageArea.optional(),
    storageOrder: itemFields.storageOrder.optional(),
  })
  .superRefine((item, context) => {
    for (const issue of purchaseIssues(item)) {
      context.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
    }
  });
export type InventoryItemInput = z.infer<typeof InventoryItemInputSchema>;

/** A change: any field (null clears an optional one; `active: false` archives), and its `version`. */
export const InventoryItemUpdateSchema = z.strictObject({
  name: itemFields.name.optional(),
  sku: itemFields.sku.optional(),
  group: itemFields.group.optional(),
  unitId: itemFields.unitId.optional(),
  purchaseUnitId: itemFields.purchaseUnitId.optional(),
  purchaseFactor: itemFields.purchaseFactor.optional(),
  reorderLevel: itemFields.reorderLevel.optional(),
  parLevel: itemFields.parLevel.optional(),
  preferredSupplierId: itemFields.preferredSupplierId.optional(),
  active: itemFields.active.optional(),
  storageArea: itemFields.storageArea.optional(),
  storageOrder: itemFields.storageOrder.optional(),
  version: versionField,
});
export type InventoryItemUpdate = z.infer<typeof InventoryItemUpdateSchema>;

const quantityOut = z.string();

export const InventoryItemSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  name: z.string(),
  sku: z.string().nullable(),
  group: z.enum(INVENTORY_GROUPS),
  unitId: z.string(),
  unitSymbol: z.string(),
  purchaseUnitId: z.string().nullable(),
  purchaseFactor: quantityOut.nullable(),
  reorderLevel: quantityOut.nullable(),
  parLevel: quantityOut.nullable(),
  preferredSupplierId: z.string().nullable(),
  preferredSupplierName: z.string().nullable(),
  active: z.boolean(),
  storageArea: z.string().nullable(),
  storageOrder: z.number().int().nullable(),
  /** The sum of the item's movements, in its stock unit. */
  onHand: quantityOut,
  /** Minor units per stock unit, rounded to a whole minor unit (kept exact on the server). */
  averageCost: z.number().int(),
  /** The sum of the movements' values, in minor units. */
  stockValue: z.number().int(),
  /** A reorder level is set and the stock on hand is at or below it. */
  lowStock: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type InventoryItem = z.infer<typeof InventoryItemSchema>;

export const InventoryItemPageSchema = z.object({
  items: z.array(InventoryItemSchema),
  nextCursor: z.string().nullable(),
});
export type InventoryItemPage = z.infer<typeof InventoryItemPageSchema>;

/**
 * A movement recorded by hand. `adjustment`: a signed, non-zero quantity and a reason in words.
 * `waste`: a positive quantity (recorded as a decrease) and a reason from `WASTE_REASONS`; with
 * `other`, `note` says what happened. `unitId`: a unit of the same base as the item's stock unit
 * (18 g of an item kept in kg); the item's stock unit when left out.
 */
export const StockMovementInputSchema = z
  .strictObject({
    itemId: idField,
    type: z.enum(MANUAL_MOVEMENT_TYPES, { error: 'must be adjustment or waste' }),
    quantity: quantityText(),
    reason: z
      .string({ error: 'must be text' })
      .trim()
      .min(1, 'say why')
      .max(MAX_MOVEMENT_REASON, `must be at most ${MAX_MOVEMENT_REASON} characters`),
    note: textField(MAX_MOVEMENT_NOTE).optional(),
    unitId: idField.optional(),
  })
  .superRefine((movement, context) => {
    const issue = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    const parsed = parseQuantity(movement.quantity);
    const quantity = parsed.ok ? parsed.value : null;
    if (movement.type === 'adjustment' && quantity === 0) issue('quantity', 'must not be 0');
    if (movement.type === 'waste') {
      if (quantity !== null && quantity <= 0)
        issue('quantity', 'must be more than 0 (waste takes it out of stock)');
      if (!(WASTE_REASONS as readonly string[]).includes(movement.reason)) {
        issue('reason', `must be one of ${WASTE_REASONS.join(', ')}`);
      } else if (movement.reason === 'other' && !movement.note) {
        issue('note', 'say what happened');
      }
    }
  });
export type StockMovementInput = z.infer<typeof StockMovementInputSchema>;

export const StockMovementSchema = z.object({
  id: z.string(),
  itemId: z.string(),
  type: z.enum(STOCK_MOVEMENT_TYPES),
  /** Signed, in the item's stock unit. */
  quantity: quantityOut,
  /** The money moved into (positive) or out of (negative) stock, in minor units. */
  value: z.number().int(),
  /** Minor units per stock unit at that moment, rounded (informational). */
  unitCost: z.number().int(),
  referenceType: z.string().nullable(),
  referenceId: z.string().nullable(),
  reason: z.string(),
  note: z.string().nullable(),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  createdAt: z.string(),
});
export type StockMovement = z.infer<typeof StockMovementSchema>;

export const StockMovementPageSchema = z.object({
  items: z.array(StockMovementSchema),
  nextCursor: z.string().nullable(),
});
export type StockMovementPage = z.infer<typeof StockMovementPageSchema>;

export const StockMovementResultSchema = z.object({
  movement: StockMovementSchema,
  item: InventoryItemSchema,
});
export type StockMovementResult = z.infer<typeof StockMovementResultSchema>;

/** Whether an item is low: a reorder level is set and the stock is at or below it (thousandths). */
export function isLowStock(onHand: number, reorderLevel: number | null): boolean {
  return reorderLevel !== null && onHand <= reorderLevel;
}

/**
 * The columns of the items' CSV file, as exported; an import reads them by title (any case), needs
 * `Name`, `Group` and `Unit`, and ignores the stock columns (stock comes from movements, never from a
 * file). `Unit` and `Purchase unit` are unit symbols of master data, `Preferred supplier` a supplier's name.
 */
export const INVENTORY_CSV_COLUMNS = {
  name: 'Name',
  sku: 'SKU',
  group: 'Group',
  unit: 'Unit',
  purchaseUnit: 'Purchase unit',
  purchaseFactor: 'Purchase factor',
  reorderLevel: 'Reorder level',
  parLevel: 'Par level',
  preferredSupplier: 'Preferred supplier',
  active: 'Active',
  onHand: 'On hand',
  averageCost: 'Average cost',
  stockValue: 'Stock value',
} as const;
export type InventoryCsvColumn = keyof typeof INVENTORY_CSV_COLUMNS;
/** Columns an import reads. */
export const INVENTORY_CSV_IMPORTED = [
  'name',
  'sku',
  'group',
  'unit',
  'purchaseUnit',
  'purchaseFactor',
  'reorderLevel',
  'parLevel',
  'preferredSupplier',
] as const satisfies readonly InventoryCsvColumn[];
/** Columns an import needs. */
export const INVENTORY_CSV_REQUIRED = [
  'name',
  'group',
  'unit',
] as const satisfies readonly InventoryCsvColumn[];

/** An import holds at most this many items (rows under the header; blank rows are not counted). */
export const MAX_IMPORT_ROWS = 300;
/** The file's text: 300 rows fit easily, and the request body is capped at 1 MiB anyway. */
export const MAX_IMPORT_CHARACTERS = 500_000;

export const InventoryImportInputSchema = z.strictObject({
  /** The CSV file's text, a header row first. */
  csv: z
    .string({ error: 'must be the CSV file as text' })
    .min(1, 'is empty: give the CSV file')
    .max(MAX_IMPORT_CHARACTERS, `must be at most ${MAX_IMPORT_CHARACTERS} characters`),
});
export type InventoryImportInput = z.infer<typeof InventoryImportInputSchema>;

export const InventoryImportResultSchema = z.object({
  /** How many items were added. */
  created: z.number().int(),
});
export type InventoryImportResult = z.infer<typeof InventoryImportResultSchema>;

/**
 * A refused row of an import, in the 400's `details.rows`: its number as a spreadsheet shows it (the
 * header is row 1), the column at fault when there is one, and why.
 */
export const InventoryImportRefusalSchema = z.object({
  row: z.number().int(),
  column: z.string().nullable(),
  message: z.string(),
});
export type InventoryImportRefusal = z.infer<typeof InventoryImportRefusalSchema>;

/** The top of the inventory page: what there is and what needs attention. */
export const InventorySummarySchema = z.object({
  /** Active items. */
  items: z.number().int(),
  /** Active items at or below their reorder level. */
  lowStock: z.number().int(),
  /** Active items with stock below zero (the books are behind: a problem to fix with a count). */
  belowZero: z.number().int(),
  /** The value of all stock, in minor units. */
  stockValue: z.number().int(),
  currency: z.string(),
});
export type InventorySummary = z.infer<typeof InventorySummarySchema>;

export { formatQuantity, MAX_QUANTITY_THOUSANDTHS };

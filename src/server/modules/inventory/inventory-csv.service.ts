import { and, inArray, sql } from 'drizzle-orm';
import {
  INVENTORY_CSV_COLUMNS,
  INVENTORY_CSV_IMPORTED,
  INVENTORY_CSV_REQUIRED,
  INVENTORY_GROUPS,
  type InventoryCsvColumn,
  type InventoryImportInput,
  type InventoryImportRefusal,
  type InventoryImportResult,
  InventoryItemInputSchema,
  type InventorySummary,
  MAX_IMPORT_ROWS,
  quantityOf,
} from '../../../shared/contracts/inventory';
import { minorToInput } from '../../../shared/money';
import { formatQuantity, roundRate } from '../../../shared/quantity';
import type { Database } from '../../db/client';
import { type Queryable, withTransaction } from '../../db/transaction';
import type { Actor } from '../../lib/context';
import { type CsvCell, CsvSyntaxError, decimalCell, parseCsv, toCsv } from '../../lib/csv';
import { badRequest, conflict, findPgError } from '../../lib/errors';
import { authorize } from '../../policies';
import { recordAudit } from '../audit';
import { publishChange } from '../events';
import { findSuppliers, findSuppliersByName, findUnits, findUnitsBySymbol } from '../master-data';
import { getSettings } from '../settings';
import { inventoryItems } from './inventory.schema';
import { INVENTORY_TOPIC, type InventoryItemListQuery, itemFilters } from './inventory.service';

/**
 * Inventory items as a CSV file (docs/PRODUCT-RULES.md, Inventory): the export writes the list's
 * items with their stock; the import adds items for a first set-up, all of the file's rows or none,
 * each refused row named with its number and why. Stock never comes from a file: it comes from movements.
 */

type ExportQuery = Omit<InventoryItemListQuery, 'limit' | 'cursor'>;

const quantityCell = (text: string | null): CsvCell =>
  text === null ? null : decimalCell(formatQuantity(quantityOf(text)));

/** The items of the list's filters, by name, as a CSV file with the columns of `INVENTORY_CSV_COLUMNS`. */
export async function exportInventoryCsv(db: Database, actor: Actor, query: ExportQuery): Promise<string> {
  authorize(actor, 'inventory.item.read');
  const [rows, settings] = await Promise.all([
    db
      .select()
      .from(inventoryItems)
      .where(and(...itemFilters(query)))
      .orderBy(sql`lower(${inventoryItems.name})`, inventoryItems.id),
    getSettings(db),
  ]);
  const [unitsById, suppliersById] = await Promise.all([
    findUnits(
      db,
      rows.flatMap((row) => [row.unitId, ...(row.purchaseUnitId ? [row.purchaseUnitId] : [])]),
    ),
    findSuppliers(
      db,
      rows.flatMap((row) => (row.preferredSupplierId ? [row.preferredSupplierId] : [])),
    ),
  ]);
  const money = (minor: number): CsvCell => decimalCell(minorToInput(minor, settings.currency));
  const header = Object.values(INVENTORY_CSV_COLUMNS);
  const lines = rows.map((row): CsvCell[] => [
    row.name,
    row.sku,
    row.group,
    unitsById.get(row.unitId)?.symbol ?? '',
    row.purchaseUnitId ? (unitsById.get(row.purchaseUnitId)?.symbol ?? '') : null,
    quantityCell(row.purchaseFactor),
    quantityCell(row.reorderLevel),
    quantityCell(row.parLevel),
    row.preferredSupplierId ? (suppliersById.get(row.preferredSupplierId)?.name ?? '') : null,
    row.active ? 'yes' : 'no',
    quantityCell(row.onHand),
    money(roundRate(row.averageCost)),
    money(row.stockValue),
  ]);
  return toCsv(header, lines);
}

/** The counts at the top of the inventory page: active items, how many are low or below zero, and the stock's value. */
export async function inventorySummary(db: Database, actor: Actor): Promise<InventorySummary> {
  authorize(actor, 'inventory.item.read');
  const [[row], settings] = await Promise.all([
    db
      .select({
        items: sql<number>`count(*) filter (where ${inventoryItems.active})::int`,
        lowStock: sql<number>`count(*) filter (where ${inventoryItems.active} and ${inventoryItems.reorderLevel} is not null and ${inventoryItems.onHand} <= ${inventoryItems.reorderLevel})::int`,
        belowZero: sql<number>`count(*) filter (where ${inventoryItems.active} and ${inventoryItems.onHand} < 0)::int`,
        stockValue: sql<string>`coalesce(sum(${inventoryItems.stockValue}), 0)::text`,
      })
      .from(inventoryItems),
    getSettings(db),
  ]);
  return {
    items: row?.items ?? 0,
    lowStock: row?.lowStock ?? 0,
    belowZero: row?.belowZero ?? 0,
    stockValue: Number(row?.stockValue ?? 0),
    currency: settings.currency,
  };
}

// ---------------------------------------------------------------------------------------------------
// Import

/** A column title as a file may spell it: any case, spaces, underscores and hyphens alike. */
const titleKey = (title: string) =>
  title
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
const COLUMN_BY_TITLE = new Map(
  (Object.entries(INVENTORY_CSV_COLUMNS) as [InventoryCsvColumn, string][]).map(([column, title]) => [
    titleKey(title),
    column,
  ]),
);
/** The input fields of `InventoryItemInputSchema` and the column each comes from. */
const COLUMN_OF_FIELD: Record<string, InventoryCsvColumn> = {
  name: 'name',
  sku: 'sku',
  group: 'group',
  unitId: 'unit',
  purchaseUnitId: 'purchaseUnit',
  purchaseFactor: 'purchaseFactor',
  reorderLevel: 'reorderLevel',
  parLevel: 'parLevel',
  preferredSupplierId: 'preferredSupplier',
};
/** Stands in for a unit or supplier the file names but master data lacks (already refused by name). */
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

type Cells = Partial<Record<InventoryCsvColumn, string>>;

function refusedFile(refusals: InventoryImportRefusal[]): never {
  const shown = refusals
    .slice(0, 3)
    .map((refusal) => `row ${refusal.row}${refusal.column ? ` (${refusal.column})` : ''}: ${refusal.message}`)
    .join('; ');
  const rows = new Set(refusals.map((refusal) => refusal.row)).size;
  const more = refusals.length > 3 ? `; and ${refusals.length - 3} more` : '';
  throw badRequest(
    `${rows === 1 ? 'A row of the file is' : `${rows} rows of the file are`} refused, so nothing was imported: ${shown}${more}.`,
    {
      rows: refusals,
      issues: refusals.map((refusal) => ({
        path: 'csv',
        message: `row ${refusal.row}${refusal.column ? ` (${refusal.column})` : ''}: ${refusal.message}`,
      })),
    },
  );
}

/** The header's columns by position (null: a stock column the import ignores); a bad header refuses the file. */
function readHeader(header: string[]): (InventoryCsvColumn | null)[] {
  const refusals: InventoryImportRefusal[] = [];
  const seen = new Set<InventoryCsvColumn>();
  const columns = header.map((title): InventoryCsvColumn | null => {
    if (title.trim() === '') return null;
    const column = COLUMN_BY_TITLE.get(titleKey(title));
    if (!column) {
      refusals.push({
        row: 1,
        column: title.trim(),
        message: `is not a column of the items file (${Object.values(INVENTORY_CSV_COLUMNS).join(', ')})`,
      });
      return null;
    }
    if (seen.has(column)) {
      refusals.push({ row: 1, column: INVENTORY_CSV_COLUMNS[column], message: 'is given twice' });
    }
    seen.add(column);
    return (INVENTORY_CSV_IMPORTED as readonly string[]).includes(column) ? column : null;
  });
  for (const column of INVENTORY_CSV_REQUIRED) {
    if (!seen.has(column)) {
      refusals.push({ row: 1, column: INVENTORY_CSV_COLUMNS[column], message: 'is missing from the header' });
    }
  }
  if (refusals.length > 0) refusedFile(refusals);
  return columns;
}

/**
 * Adds the items of a CSV file (header first; `INVENTORY_CSV_COLUMNS` by title, any case): at most
 * `MAX_IMPORT_ROWS`, blank rows skipped. Every row is checked before anything is written: the item
 * fields as the add form checks them, the unit and purchase unit by symbol and the supplier by name
 * (each existing and active), a name or SKU neither taken by an item nor given twice in the file.
 * One refused row refuses the file (400, `details.rows` naming every refused row); otherwise the
 * items are added in one transaction with one audit entry.
 */
export async function importInventoryCsv(
  db: Database,
  actor: Actor,
  input: InventoryImportInput,
): Promise<InventoryImportResult> {
  authorize(actor, 'inventory.item.import');
  let records: string[][];
  try {
    records = parseCsv(input.csv);
  } catch (error) {
    if (error instanceof CsvSyntaxError)
      refusedFile([{ row: error.row, column: null, message: error.message }]);
    throw error;
  }
  const [header, ...rest] = records;
  if (!header || header.every((cell) => cell.trim() === '')) {
    refusedFile([{ row: 1, column: null, message: 'the file has no header row' }]);
  }
  const columns = readHeader(header);
  const rows = rest
    .map((cells, index) => ({ number: index + 2, cells }))
    .filter((row) => row.cells.some((cell) => cell.trim() !== ''));
  if (rows.length === 0)
    refusedFile([{ row: 2, column: null, message: 'there are no items under the header' }]);
  if (rows.length > MAX_IMPORT_ROWS) {
    refusedFile([
      {
        row: (rows[MAX_IMPORT_ROWS] as { number: number }).number,
        column: null,
        message: `the file has ${rows.length} items; import at most ${MAX_IMPORT_ROWS} at a time`,
      },
    ]);
  }
  const parsed = rows.map((row) => {
    const cells: Cells = {};
    columns.forEach((column, index) => {
      const text = (row.cells[index] ?? '').trim();
      if (column && text !== '') cells[column] = text;
    });
    const extra = row.cells.slice(columns.length).some((cell) => cell.trim() !== '');
    return { number: row.number, cells, extra };
  });

  return withTransaction(db, async (tx) => {
    const values = await checkRows(tx, parsed);
    try {
      await tx.insert(inventoryItems).values(values);
    } catch (error) {
      // Another admin took a SKU of the file since it was checked.
      const pg = findPgError(error);
      if (pg?.code === '23505' && pg.constraint === 'inventory_items_sku_unique') {
        throw conflict('An item with a SKU of the file was added meanwhile; nothing was imported.', {
          path: 'csv',
        });
      }
      throw error;
    }
    await recordAudit(tx, actor, {
      area: 'inventory',
      action: 'inventory.item.imported',
      summary: `Imported ${values.length} inventory ${values.length === 1 ? 'item' : 'items'} from a CSV file`,
      targetType: 'inventory-item',
      after: { created: values.length, names: values.map((value) => value.name) },
    });
    await publishChange(tx, INVENTORY_TOPIC);
    return { created: values.length };
  });
}

type NewItem = typeof inventoryItems.$inferInsert;

/** Every row as the values of a new item, or the file refused with every row at fault. */
async function checkRows(
  tx: Queryable,
  rows: { number: number; cells: Cells; extra: boolean }[],
): Promise<NewItem[]> {
  const symbols = rows.flatMap((row) => [row.cells.unit ?? '', row.cells.purchaseUnit ?? '']).filter(Boolean);
  const supplierNames = rows.flatMap((row) =>
    row.cells.preferredSupplier ? [row.cells.preferredSupplier] : [],
  );
  const names = rows.flatMap((row) => (row.cells.name ? [row.cells.name.toLowerCase()] : []));
  const skus = rows.flatMap((row) => (row.cells.sku ? [row.cells.sku.toLowerCase()] : []));
  const [unitsBySymbol, suppliersByName, takenNames, takenSkus] = await Promise.all([
    findUnitsBySymbol(tx, symbols),
    findSuppliersByName(tx, supplierNames),
    names.length === 0
      ? Promise.resolve([])
      : tx
          .select({ key: sql<string>`lower(${inventoryItems.name})` })
          .from(inventoryItems)
          .where(inArray(sql`lower(${inventoryItems.name})`, [...new Set(names)])),
    skus.length === 0
      ? Promise.resolve([])
      : tx
          .select({ key: sql<string>`lower(${inventoryItems.sku})` })
          .from(inventoryItems)
          .where(inArray(sql`lower(${inventoryItems.sku})`, [...new Set(skus)])),
  ]);
  const namesSeen = new Map<string, number>(takenNames.map((row) => [row.key, 0]));
  const skusSeen = new Map<string, number>(takenSkus.map((row) => [row.key, 0]));

  const refusals: InventoryImportRefusal[] = [];
  const values: NewItem[] = [];
  for (const { number, cells, extra } of rows) {
    const refuse = (column: InventoryCsvColumn | null, message: string) =>
      refusals.push({ row: number, column: column ? INVENTORY_CSV_COLUMNS[column] : null, message });
    if (extra) refuse(null, 'has more cells than the header has columns');

    const unitOf = (column: 'unit' | 'purchaseUnit'): string | undefined => {
      const symbol = cells[column];
      if (!symbol) return undefined;
      const unit = unitsBySymbol.get(symbol);
      if (!unit) {
        refuse(column, `there is no unit with the symbol “${symbol}” in Master Data`);
        return UNKNOWN_ID;
      }
      if (!unit.active) refuse(column, `the unit ${symbol} is archived`);
      return unit.id;
    };
    const unitId = unitOf('unit');
    const purchaseUnitId = unitOf('purchaseUnit');
    let preferredSupplierId: string | undefined;
    if (cells.preferredSupplier) {
      const supplier = suppliersByName.get(cells.preferredSupplier.toLowerCase());
      if (!supplier) {
        refuse('preferredSupplier', `there is no supplier named “${cells.preferredSupplier}” in Master Data`);
      } else if (!supplier.active) {
        refuse('preferredSupplier', `the supplier ${supplier.name} is archived`);
      }
      preferredSupplierId = supplier?.id ?? UNKNOWN_ID;
    }
    const group = cells.group?.toLowerCase();
    const candidate = {
      name: cells.name ?? '',
      ...(cells.sku ? { sku: cells.sku } : {}),
      group: group ?? '',
      unitId: unitId ?? '',
      ...(purchaseUnitId ? { purchaseUnitId } : {}),
      ...(cells.purchaseFactor ? { purchaseFactor: cells.purchaseFactor } : {}),
      ...(cells.reorderLevel ? { reorderLevel: cells.reorderLevel } : {}),
      ...(cells.parLevel ? { parLevel: cells.parLevel } : {}),
      ...(preferredSupplierId ? { preferredSupplierId } : {}),
    };
    const result = InventoryItemInputSchema.safeParse(candidate);
    if (!result.success) {
      for (const issue of result.error.issues) {
        const column = COLUMN_OF_FIELD[String(issue.path[0])] ?? null;
        if (column === 'name' && !cells.name) refuse('name', 'is empty: every item needs a name');
        else if (column === 'group' && !group)
          refuse('group', `is empty: say ${INVENTORY_GROUPS.join(', ')}`);
        else if (column === 'group') refuse('group', `must be ${INVENTORY_GROUPS.join(', ')}`);
        else if (column === 'unit' && !unitId) refuse('unit', 'is empty: give the stock unit’s symbol');
        else refuse(column, issue.message);
      }
    }
    if (cells.name) {
      const key = cells.name.toLowerCase();
      const first = namesSeen.get(key);
      if (first === 0) refuse('name', `there is already an inventory item named “${cells.name}”`);
      else if (first !== undefined) refuse('name', `is the name of row ${first} too`);
      else namesSeen.set(key, number);
    }
    if (cells.sku) {
      const key = cells.sku.toLowerCase();
      const first = skusSeen.get(key);
      if (first === 0) refuse('sku', `there is already an inventory item with the SKU ${cells.sku}`);
      else if (first !== undefined) refuse('sku', `is the SKU of row ${first} too`);
      else skusSeen.set(key, number);
    }
    if (result.success) {
      const item = result.data;
      const quantity = (text: string | null | undefined) =>
        text === undefined || text === null ? null : formatQuantity(quantityOf(text));
      values.push({
        name: item.name.trim(),
        sku: item.sku ? item.sku.trim() : null,
        group: item.group,
        unitId: item.unitId,
        purchaseUnitId: item.purchaseUnitId ?? null,
        purchaseFactor: quantity(item.purchaseFactor),
        reorderLevel: quantity(item.reorderLevel),
        parLevel: quantity(item.parLevel),
        preferredSupplierId: item.preferredSupplierId ?? null,
      });
    }
  }
  if (refusals.length > 0) refusedFile(refusals);
  return values;
}

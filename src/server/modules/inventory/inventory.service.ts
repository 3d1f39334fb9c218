import { and, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import {
  type InventoryGroup,
  type InventoryItem,
  type InventoryItemInput,
  type InventoryItemPage,
  type InventoryItemUpdate,
  isLowStock,
  purchaseIssues,
  quantityOf,
  type StockMovement,
  type StockMovementInput,
  type StockMovementPage,
  type StockMovementResult,
  type StockMovementType,
} from '../../../shared/contracts/inventory';
import {
  convertQuantity,
  formatQuantity,
  MAX_QUANTITY_THOUSANDTHS,
  roundRate,
} from '../../../shared/quantity';
import { isAdmin } from '../../../shared/roles';
import type { Database } from '../../db/client';
import { type Queryable, type Tx, withTransaction } from '../../db/transaction';
import type { Actor } from '../../lib/context';
import { badRequest, conflict, findPgError, notFound } from '../../lib/errors';
import { newestFirst, toPage } from '../../lib/pagination';
import { staleWrite } from '../../lib/versions';
import { authorize } from '../../policies';
import { recordAudit } from '../audit';
import { users } from '../auth';
import { publishChange, type TopicRule } from '../events';
import { findSuppliers, findUnits, type UnitOfMeasure } from '../master-data';
import { inventoryItems, stockMovements } from './inventory.schema';
import { postStockMovements } from './stock-posting';

/**
 * Inventory (docs/PRODUCT-RULES.md, Inventory; decision 012): stock items and the movements that
 * change their stock. An item's `on_hand` and `stock_value` are the sums of its movements, kept on
 * the item by the transaction that records each movement, with the item's row locked `for update`,
 * so movements recorded at once are counted one after the other and none is lost.
 */

/** The inventory screens follow this topic; only admins may. */
export const INVENTORY_TOPIC_RULES: Record<string, TopicRule> = {
  inventory: ({ actor }) => isAdmin(actor?.role),
  // Everyone counting follows the counts' lines live.
  'inventory-counts': ({ actor }) => isAdmin(actor?.role),
};
export const INVENTORY_TOPIC = 'inventory';
const TOPIC = INVENTORY_TOPIC;

type ItemRow = typeof inventoryItems.$inferSelect;

const iso = (value: Date) => value.toISOString();
const quantityOrNull = (text: string | null) => (text === null ? null : formatQuantity(quantityOf(text)));
const missing = () => notFound('There is no inventory item with this id.');

function fieldError(path: string, message: string) {
  return badRequest(`Invalid request body: ${path}: ${message}`, { issues: [{ path, message }] });
}

function present(
  row: ItemRow,
  unitsById: Map<string, UnitOfMeasure>,
  supplierNames: Map<string, { name: string }>,
): InventoryItem {
  const onHand = quantityOf(row.onHand);
  const reorderLevel = row.reorderLevel === null ? null : quantityOf(row.reorderLevel);
  return {
    id: row.id,
    version: row.version,
    name: row.name,
    sku: row.sku,
    group: row.group as InventoryGroup,
    unitId: row.unitId,
    unitSymbol: unitsById.get(row.unitId)?.symbol ?? '',
    purchaseUnitId: row.purchaseUnitId,
    purchaseFactor: quantityOrNull(row.purchaseFactor),
    reorderLevel: quantityOrNull(row.reorderLevel),
    parLevel: quantityOrNull(row.parLevel),
    preferredSupplierId: row.preferredSupplierId,
    preferredSupplierName: row.preferredSupplierId
      ? (supplierNames.get(row.preferredSupplierId)?.name ?? null)
      : null,
    active: row.active,
    storageArea: row.storageArea,
    storageOrder: row.storageOrder,
    onHand: formatQuantity(onHand),
    averageCost: roundRate(row.averageCost),
    stockValue: row.stockValue,
    lowStock: isLowStock(onHand, reorderLevel),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

/** Rows as the API answers them (their units' symbols and suppliers' names read in two queries). */
export async function presentRows(db: Queryable, rows: ItemRow[]): Promise<InventoryItem[]> {
  const [unitsById, supplierNames] = await Promise.all([
    findUnits(
      db,
      rows.map((row) => row.unitId),
    ),
    findSuppliers(
      db,
      rows.flatMap((row) => (row.preferredSupplierId ? [row.preferredSupplierId] : [])),
    ),
  ]);
  return rows.map((row) => present(row, unitsById, supplierNames));
}

async function loadItem(db: Queryable, id: string): Promise<InventoryItem> {
  const [row] = await db.select().from(inventoryItems).where(eq(inventoryItems.id, id));
  if (!row) throw missing();
  const [item] = await presentRows(db, [row]);
  if (!item) throw missing();
  return item;
}

/**
 * The items of `ids` that exist, as the API answers them, by id: for modules that refer to items
 * (purchase orders) and must not read the table themselves. No policy check: the caller made its own.
 */
export async function findInventoryItems(
  db: Queryable,
  ids: readonly string[],
): Promise<Map<string, InventoryItem>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select().from(inventoryItems).where(inArray(inventoryItems.id, unique));
  const items = await presentRows(db, rows);
  return new Map(items.map((item) => [item.id, item]));
}

// ---------------------------------------------------------------------------------------------------
// Items

export interface InventoryItemListQuery {
  group?: InventoryGroup[];
  supplierId?: string;
  lowStock?: boolean;
  active?: boolean;
  search?: string;
  limit: number;
  cursor?: string;
}

/** The list's position: the lower-case name and id of the last item of the page before. */
function encodeNameCursor(row: ItemRow): string {
  return Buffer.from(JSON.stringify([row.name.toLowerCase(), row.id])).toString('base64url');
}

function decodeNameCursor(cursor: string): [string, string] {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      typeof value[1] === 'string' &&
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value[1])
    ) {
      return [value[0], value[1]];
    }
  } catch {
    // Not JSON: refused below.
  }
  throw badRequest('Invalid query: cursor: is not a cursor this list gave out', {
    issues: [{ path: 'cursor', message: 'is not a cursor this list gave out' }],
  });
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);
const lowStockSql = sql`(${inventoryItems.reorderLevel} is not null and ${inventoryItems.onHand} <= ${inventoryItems.reorderLevel})`;

/** Items by name (any case), with the list's filters; `search` looks in the name and the SKU. */
export async function listInventoryItems(
  db: Queryable,
  actor: Actor,
  query: InventoryItemListQuery,
): Promise<InventoryItemPage> {
  authorize(actor, 'inventory.item.read');
  const conditions = itemFilters(query);
  if (query.cursor) {
    const [name, id] = decodeNameCursor(query.cursor);
    conditions.push(sql`(lower(${inventoryItems.name}), ${inventoryItems.id}) > (${name}, ${id}::uuid)`);
  }
  const rows = await db
    .select()
    .from(inventoryItems)
    .where(and(...conditions))
    .orderBy(sql`lower(${inventoryItems.name})`, inventoryItems.id)
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    items: await presentRows(db, page),
    nextCursor: rows.length > query.limit && last ? encodeNameCursor(last) : null,
  };
}

/** The list's filters (without its page) as conditions on the items (the CSV export uses them too). */
export function itemFilters(query: Omit<InventoryItemListQuery, 'limit' | 'cursor'>): (SQL | undefined)[] {
  const conditions: (SQL | undefined)[] = [];
  if (query.group && query.group.length > 0) conditions.push(inArray(inventoryItems.group, query.group));
  if (query.supplierId) conditions.push(eq(inventoryItems.preferredSupplierId, query.supplierId));
  if (query.active !== undefined) conditions.push(eq(inventoryItems.active, query.active));
  if (query.lowStock !== undefined) conditions.push(query.lowStock ? lowStockSql : sql`not ${lowStockSql}`);
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    conditions.push(or(ilike(inventoryItems.name, pattern), ilike(inventoryItems.sku, pattern)));
  }
  return conditions;
}

/** One item, or a 404. */
export async function getInventoryItem(db: Queryable, actor: Actor, id: string): Promise<InventoryItem> {
  authorize(actor, 'inventory.item.read');
  return loadItem(db, id);
}

/** A unit or supplier an item may be given now: it exists and is active; else a 400 naming the field. */
async function checkReferences(
  db: Queryable,
  given: { unitId?: string; purchaseUnitId?: string | null; preferredSupplierId?: string | null },
): Promise<void> {
  const unitIds = [given.unitId, given.purchaseUnitId].filter((id): id is string => Boolean(id));
  const unitsById = await findUnits(db, unitIds);
  for (const path of ['unitId', 'purchaseUnitId'] as const) {
    const id = given[path];
    if (!id) continue;
    const unit = unitsById.get(id);
    if (!unit) throw fieldError(path, 'is not a unit');
    if (!unit.active) throw fieldError(path, 'is an archived unit');
  }
  if (given.preferredSupplierId) {
    const supplier = (await findSuppliers(db, [given.preferredSupplierId])).get(given.preferredSupplierId);
    if (!supplier) throw fieldError('preferredSupplierId', 'is not a supplier');
    if (!supplier.active) throw fieldError('preferredSupplierId', 'is an archived supplier');
  }
}

/** A quantity field as the column takes it: normalized decimal text, or null. */
const columnQuantity = (text: string | null | undefined) =>
  text === undefined ? undefined : text === null ? null : formatQuantity(quantityOf(text));
const normalizedSku = (sku: string | null | undefined) =>
  sku === undefined ? undefined : sku === null || sku.trim() === '' ? null : sku.trim();

function toValues(input: Partial<InventoryItemInput> & { active?: boolean }) {
  const values: Partial<typeof inventoryItems.$inferInsert> = {};
  if (input.name !== undefined) values.name = input.name.trim();
  if (input.sku !== undefined) values.sku = normalizedSku(input.sku);
  if (input.group !== undefined) values.group = input.group;
  if (input.unitId !== undefined) values.unitId = input.unitId;
  if (input.purchaseUnitId !== undefined) values.purchaseUnitId = input.purchaseUnitId;
  if (input.purchaseFactor !== undefined) values.purchaseFactor = columnQuantity(input.purchaseFactor);
  if (input.reorderLevel !== undefined) values.reorderLevel = columnQuantity(input.reorderLevel);
  if (input.parLevel !== undefined) values.parLevel = columnQuantity(input.parLevel);
  if (input.preferredSupplierId !== undefined) values.preferredSupplierId = input.preferredSupplierId;
  if (input.active !== undefined) values.active = input.active;
  if (input.storageArea !== undefined) values.storageArea = input.storageArea?.trim() || null;
  if (input.storageOrder !== undefined) values.storageOrder = input.storageOrder;
  return values;
}

/** A taken SKU (the unique index on lower(sku)) as the 409 that names the field. */
function duplicateSku(error: unknown, sku: string | null | undefined): unknown {
  const pg = findPgError(error);
  if (pg?.code !== '23505' || pg.constraint !== 'inventory_items_sku_unique') return error;
  return conflict(`There is already an inventory item with the SKU ${normalizedSku(sku) ?? ''}.`, {
    path: 'sku',
    issues: [{ path: 'sku', message: 'is taken by another item' }],
  });
}

/** What the audit log keeps of an item: its own fields, not its stock of the moment. */
export function auditValues(item: InventoryItem): Record<string, unknown> {
  const {
    id: _id,
    version: _version,
    onHand: _onHand,
    averageCost: _averageCost,
    stockValue: _stockValue,
    lowStock: _lowStock,
    unitSymbol: _unitSymbol,
    preferredSupplierName: _supplierName,
    createdAt: _createdAt,
    updatedAt: _updatedAt,
    ...fields
  } = item;
  return fields;
}

/** A new item (201) with no stock, audited; a null actor is the system (the demo seed). */
export async function createInventoryItem(
  db: Database,
  actor: Actor | null,
  input: InventoryItemInput,
): Promise<InventoryItem> {
  if (actor) authorize(actor, 'inventory.item.create');
  try {
    return await withTransaction(db, async (tx) => {
      await checkReferences(tx, input);
      const [row] = await tx
        .insert(inventoryItems)
        .values({ ...toValues(input), name: input.name.trim(), group: input.group, unitId: input.unitId })
        .returning({ id: inventoryItems.id });
      if (!row) throw new Error('inventory item insert returned nothing');
      const item = await loadItem(tx, row.id);
      await recordAudit(tx, actor, {
        area: 'inventory',
        action: 'inventory.item.created',
        summary: `Added inventory item ${item.name}`,
        targetType: 'inventory-item',
        targetId: item.id,
        after: auditValues(item),
      });
      await publishChange(tx, TOPIC);
      return item;
    });
  } catch (error) {
    throw duplicateSku(error, input.sku);
  }
}

/**
 * Changes the fields given, based on `version` (an older one: 409 `stale`). The stock unit of an
 * item that has movements stays (409 `has-movements`): its quantities are kept in that unit.
 */
export async function updateInventoryItem(
  db: Database,
  actor: Actor,
  id: string,
  input: InventoryItemUpdate,
): Promise<InventoryItem> {
  authorize(actor, 'inventory.item.update');
  const { version: basedOn, ...changes } = input;
  try {
    return await withTransaction(db, async (tx) => {
      const [existing] = await tx
        .select()
        .from(inventoryItems)
        .where(eq(inventoryItems.id, id))
        .for('update');
      if (!existing) throw missing();
      if (existing.version !== basedOn) throw staleWrite(`inventory item ${existing.name}`, existing.version);
      const before = (await presentRows(tx, [existing]))[0] as InventoryItem;
      if (Object.keys(changes).length === 0) return before;
      const [first] = purchaseIssues({
        purchaseUnitId:
          changes.purchaseUnitId === undefined ? existing.purchaseUnitId : changes.purchaseUnitId,
        purchaseFactor:
          changes.purchaseFactor === undefined ? existing.purchaseFactor : changes.purchaseFactor,
      });
      if (first) throw fieldError(first.path, first.message);
      if (changes.unitId !== undefined && changes.unitId !== existing.unitId) {
        const [moved] = await tx
          .select({ id: stockMovements.id })
          .from(stockMovements)
          .where(eq(stockMovements.itemId, id))
          .limit(1);
        if (moved) {
          throw conflict(
            `${existing.name} has stock movements in its unit: its stock unit cannot change. Add a new item instead.`,
            { reason: 'has-movements', path: 'unitId' },
          );
        }
      }
      // Only references that change are checked: an item keeps a supplier archived since.
      await checkReferences(tx, {
        ...(changes.unitId !== existing.unitId ? { unitId: changes.unitId } : {}),
        ...(changes.purchaseUnitId !== existing.purchaseUnitId
          ? { purchaseUnitId: changes.purchaseUnitId }
          : {}),
        ...(changes.preferredSupplierId !== existing.preferredSupplierId
          ? { preferredSupplierId: changes.preferredSupplierId }
          : {}),
      });
      const values = toValues(changes);
      // An item no longer low (a lower reorder level) is told again at its next crossing.
      const reorderText =
        values.reorderLevel === undefined ? existing.reorderLevel : (values.reorderLevel ?? null);
      const low = isLowStock(
        quantityOf(existing.onHand),
        reorderText === null ? null : quantityOf(reorderText),
      );
      await tx
        .update(inventoryItems)
        .set({
          ...values,
          ...(low ? {} : { lowStockNotified: false }),
          version: sql`${inventoryItems.version} + 1`,
        })
        .where(eq(inventoryItems.id, id));
      const after = await loadItem(tx, id);
      const beforeFields = auditValues(before);
      const afterFields = auditValues(after);
      const changed = Object.keys(afterFields).filter(
        (key) => JSON.stringify(beforeFields[key]) !== JSON.stringify(afterFields[key]),
      );
      if (changed.length > 0) {
        await recordAudit(tx, actor, {
          area: 'inventory',
          action: after.active === before.active ? 'inventory.item.updated' : 'inventory.item.archived',
          summary: `Changed inventory item ${after.name}: ${changed.join(', ')}`,
          targetType: 'inventory-item',
          targetId: id,
          before: Object.fromEntries(changed.map((key) => [key, beforeFields[key]])),
          after: Object.fromEntries(changed.map((key) => [key, afterFields[key]])),
        });
      }
      await publishChange(tx, TOPIC);
      return after;
    });
  } catch (error) {
    throw duplicateSku(error, changes.sku);
  }
}

// ---------------------------------------------------------------------------------------------------
// Movements

type MovementRow = typeof stockMovements.$inferSelect & { actorName: string | null };

function presentMovement(row: MovementRow): StockMovement {
  return {
    id: row.id,
    itemId: row.itemId,
    type: row.type as StockMovementType,
    quantity: formatQuantity(quantityOf(row.quantity)),
    value: row.value,
    unitCost: row.unitCost,
    referenceType: row.referenceType,
    referenceId: row.referenceId,
    reason: row.reason,
    note: row.note,
    actorId: row.actorId,
    actorName: row.actorName,
    createdAt: iso(row.createdAt),
  };
}

const selectMovements = (db: Queryable) =>
  db
    .select({
      id: stockMovements.id,
      itemId: stockMovements.itemId,
      type: stockMovements.type,
      quantity: stockMovements.quantity,
      value: stockMovements.value,
      unitCost: stockMovements.unitCost,
      referenceType: stockMovements.referenceType,
      referenceId: stockMovements.referenceId,
      reason: stockMovements.reason,
      note: stockMovements.note,
      actorId: stockMovements.actorId,
      createdAt: stockMovements.createdAt,
      actorName: users.name,
    })
    .from(stockMovements)
    .leftJoin(users, eq(users.id, stockMovements.actorId));

/** An item's movements, newest first. */
export async function listStockMovements(
  db: Queryable,
  actor: Actor,
  itemId: string,
  query: { limit: number; cursor?: string },
): Promise<StockMovementPage> {
  authorize(actor, 'inventory.item.read');
  const [item] = await db
    .select({ id: inventoryItems.id })
    .from(inventoryItems)
    .where(eq(inventoryItems.id, itemId));
  if (!item) throw missing();
  const order = newestFirst(stockMovements, query.cursor);
  const rows = await selectMovements(db)
    .where(and(eq(stockMovements.itemId, itemId), order.where))
    .orderBy(...order.orderBy)
    .limit(query.limit + 1);
  return toPage(rows, query.limit, presentMovement);
}

/**
 * The quantity of a movement in the item's stock unit: as given, or converted from `unitId`, a unit
 * of the same base (18 g of an item kept in kg is 0.018 kg), rounded half away from zero to a
 * thousandth; a unit of another base is a 400 naming `unitId`.
 */
async function stockQuantity(tx: Tx, item: ItemRow, input: StockMovementInput): Promise<number> {
  const given = quantityOf(input.quantity);
  if (!input.unitId || input.unitId === item.unitId) return given;
  const unitsById = await findUnits(tx, [input.unitId, item.unitId]);
  const from = unitsById.get(input.unitId);
  const to = unitsById.get(item.unitId);
  if (!from) throw fieldError('unitId', 'is not a unit');
  if (!from.active) throw fieldError('unitId', 'is an archived unit');
  if (!to || from.baseId !== to.baseId) {
    throw fieldError('unitId', `must be a unit that converts to ${to?.symbol ?? 'the item’s unit'}`);
  }
  const converted = convertQuantity(given, from.factor, to.factor);
  if (converted === 0) {
    throw fieldError('quantity', `is less than 0.001 ${to.symbol} once converted`);
  }
  if (Math.abs(converted) > MAX_QUANTITY_THOUSANDTHS) {
    throw fieldError('quantity', `is more than ${formatQuantity(MAX_QUANTITY_THOUSANDTHS)} ${to.symbol}`);
  }
  return converted;
}

/**
 * Records an adjustment or waste and keeps the item's totals with it, in one transaction with the
 * item's row locked. Both are valued at the item's average cost (`value = round(quantity × cost)`,
 * half away from zero); the cost itself does not change. Stock may go below zero: that is shown as
 * a problem, never refused. A movement that leaves the item at or below its reorder level tells the
 * admins once; the item is told about again only after it has been above its level.
 */
export async function recordStockMovement(
  db: Database,
  actor: Actor,
  input: StockMovementInput,
): Promise<StockMovementResult> {
  authorize(actor, 'inventory.movement.create');
  return withTransaction(db, async (tx) => {
    const [item] = await tx
      .select()
      .from(inventoryItems)
      .where(eq(inventoryItems.id, input.itemId))
      .for('update');
    if (!item) throw notFound('There is no inventory item with this id.');
    if (!item.active) {
      throw conflict(`${item.name} is archived: make it active again to record stock.`, {
        reason: 'archived',
      });
    }
    const magnitude = await stockQuantity(tx, item, input);
    const quantity = input.type === 'waste' ? -Math.abs(magnitude) : magnitude;
    const onHandBefore = quantityOf(item.onHand);
    const [posted] = await postStockMovements(tx, actor, [
      { itemId: item.id, type: input.type, quantity, reason: input.reason, note: input.note },
    ]);
    if (!posted) throw new Error('stock movement was not posted');

    const presented = await loadItem(tx, item.id);
    const amount = `${formatQuantity(Math.abs(quantity))} ${presented.unitSymbol}`;
    const why = input.note ? `${input.reason.trim()}: ${input.note.trim()}` : input.reason.trim();
    await recordAudit(tx, actor, {
      area: 'inventory',
      action: input.type === 'waste' ? 'inventory.stock.wasted' : 'inventory.stock.adjusted',
      summary:
        input.type === 'waste'
          ? `Recorded waste of ${amount} ${item.name} (${why})`
          : `Adjusted ${item.name} by ${quantity > 0 ? '+' : '-'}${amount} (${why})`,
      targetType: 'inventory-item',
      targetId: item.id,
      before: { onHand: formatQuantity(onHandBefore), stockValue: item.stockValue },
      after: { onHand: presented.onHand, stockValue: presented.stockValue, movementId: posted.id },
    });
    const [movement] = await selectMovements(tx).where(eq(stockMovements.id, posted.id));
    if (!movement) throw new Error('stock movement not found after insert');
    return { movement: presentMovement(movement), item: presented };
  });
}

import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { MAX_BALANCE_MINOR } from '../../../shared/contracts/fields';
import type { InventoryItem } from '../../../shared/contracts/inventory';
import {
  lineTotal,
  type PurchaseOrder,
  type PurchaseOrderEmailInput,
  type PurchaseOrderInput,
  type PurchaseOrderLineInput,
  type PurchaseOrderPage,
  type PurchaseOrderReceiptInput,
  type PurchaseOrderStatus,
  type PurchaseOrderStatusInput,
  type PurchaseOrderSuggestInput,
  type PurchaseOrderSummary,
  type PurchaseOrderUpdate,
  purchaseOrderNumber,
  purchaseOrderPayable,
  purchaseOrderPaymentStatus,
} from '../../../shared/contracts/purchase-orders';
import {
  formatQuantity,
  MAX_QUANTITY_THOUSANDTHS,
  multiplyQuantity,
  parseQuantity,
} from '../../../shared/quantity';
import { isAdmin } from '../../../shared/roles';
import type { Database } from '../../db/client';
import { settingsCurrency } from '../../db/columns';
import { type Queryable, type Tx, withTransaction } from '../../db/transaction';
import type { Actor } from '../../lib/context';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { newestFirst, toPage } from '../../lib/pagination';
import { staleWrite } from '../../lib/versions';
import { authorize } from '../../policies';
import { recordAudit } from '../audit';
import { users } from '../auth';
import { publishChange, type TopicRule } from '../events';
import {
  findInventoryItems,
  listInventoryItems,
  postStockMovements,
  recordStockHistory,
  type StockPosting,
} from '../inventory';
import { findSuppliers, findUnits, supplierResource } from '../master-data';
import type { Messenger } from '../messaging';
import { getSettings } from '../settings';
import { type DocumentParties, purchaseOrderText } from './purchase-orders.document';
import { purchaseOrderLines, purchaseOrderReceipts, purchaseOrders } from './purchase-orders.schema';
import { deleteOrderPayments, paymentsOf } from './supplier-payments.service';

/**
 * Purchase orders (docs/PRODUCT-RULES.md, Purchase orders): drafts an admin edits, sends (ordered) or
 * cancels, and receives in one or more deliveries. Receiving locks the order's row first, so two
 * deliveries recorded at once are counted one after the other and never receive more than ordered;
 * the stock movements go through `postStockMovements` in the same transaction.
 */

/** The purchase-order screens follow this topic; only admins may. */
export const PURCHASE_ORDER_TOPIC_RULES: Record<string, TopicRule> = {
  'purchase-orders': ({ actor }) => isAdmin(actor?.role),
};
const TOPIC = 'purchase-orders';

type OrderRow = typeof purchaseOrders.$inferSelect;
type LineRow = typeof purchaseOrderLines.$inferSelect;

const iso = (value: Date | null) => (value ? value.toISOString() : null);
const missing = () => notFound('There is no purchase order with this id.');

function thousandths(text: string): number {
  const parsed = parseQuantity(text);
  if (!parsed.ok) throw new RangeError(`not a quantity: ${text}`);
  return parsed.value;
}

function fieldError(path: string, message: string) {
  return badRequest(`Invalid request body: ${path}: ${message}`, { issues: [{ path, message }] });
}

// ---------------------------------------------------------------------------------------------------
// Reading

async function supplierNames(db: Queryable, ids: string[]): Promise<Map<string, string>> {
  const found = await findSuppliers(db, ids);
  return new Map([...found].map(([id, supplier]) => [id, supplier.name]));
}

function summaryOf(row: OrderRow, supplierName: string) {
  return {
    id: row.id,
    number: purchaseOrderNumber(row.number),
    supplierId: row.supplierId,
    supplierName,
    status: row.status as PurchaseOrderStatus,
    expectedDate: row.expectedDate,
    note: row.note,
    currency: row.currency,
    version: row.version,
    total: row.total,
    receivedTotal: row.receivedTotal,
    paidTotal: row.paidTotal,
    owed: purchaseOrderPayable({ ...row, status: row.status as PurchaseOrderStatus }) - row.paidTotal,
    paymentStatus: purchaseOrderPaymentStatus({ ...row, status: row.status as PurchaseOrderStatus }),
    orderedAt: iso(row.orderedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** One order with its lines and receipts, as the API answers it. */
async function loadOrder(db: Queryable, id: string): Promise<PurchaseOrder> {
  const [row] = await db.select().from(purchaseOrders).where(eq(purchaseOrders.id, id));
  if (!row) throw missing();
  const lines = await db
    .select()
    .from(purchaseOrderLines)
    .where(eq(purchaseOrderLines.purchaseOrderId, id))
    .orderBy(asc(purchaseOrderLines.position));
  const receipts = await db
    .select({
      id: purchaseOrderReceipts.id,
      deliveryId: purchaseOrderReceipts.deliveryId,
      lineId: purchaseOrderReceipts.lineId,
      quantity: purchaseOrderReceipts.quantity,
      unitCost: purchaseOrderReceipts.unitCost,
      value: purchaseOrderReceipts.value,
      createdAt: purchaseOrderReceipts.createdAt,
      actorName: users.name,
    })
    .from(purchaseOrderReceipts)
    .innerJoin(purchaseOrderLines, eq(purchaseOrderLines.id, purchaseOrderReceipts.lineId))
    .leftJoin(users, eq(users.id, purchaseOrderReceipts.actorId))
    .where(eq(purchaseOrderReceipts.purchaseOrderId, id))
    // A delivery's receipts in the order's line order.
    .orderBy(
      sql`min(${purchaseOrderReceipts.createdAt}) over (partition by ${purchaseOrderReceipts.deliveryId})`,
      asc(purchaseOrderReceipts.deliveryId),
      asc(purchaseOrderLines.position),
      asc(purchaseOrderReceipts.id),
    );
  const [items, unitsById, names, payments, creator] = await Promise.all([
    findInventoryItems(
      db,
      lines.map((line) => line.itemId),
    ),
    findUnits(
      db,
      lines.map((line) => line.unitId),
    ),
    supplierNames(db, [row.supplierId]),
    paymentsOf(db, id),
    row.createdBy
      ? db.select({ name: users.name }).from(users).where(eq(users.id, row.createdBy))
      : Promise.resolve([]),
  ]);
  const presentedLines = lines.map((line) => {
    const item = items.get(line.itemId);
    const quantity = thousandths(line.quantity);
    return {
      id: line.id,
      inventoryItemId: line.itemId,
      itemName: item?.name ?? '',
      unitId: line.unitId,
      unitSymbol: unitsById.get(line.unitId)?.symbol ?? '',
      factor: formatQuantity(thousandths(line.factor)),
      stockUnitSymbol: item?.unitSymbol ?? '',
      quantity: formatQuantity(quantity),
      unitCost: line.unitCost,
      receivedQuantity: formatQuantity(thousandths(line.receivedQuantity)),
      total: lineTotal(quantity, line.unitCost),
    };
  });
  const linesPresented = new Map(presentedLines.map((line) => [line.id, line]));
  return {
    ...summaryOf(row, names.get(row.supplierId) ?? ''),
    createdByName: creator[0]?.name ?? null,
    lines: presentedLines,
    payments,
    receipts: receipts.map((receipt) => {
      const line = linesPresented.get(receipt.lineId);
      return {
        id: receipt.id,
        deliveryId: receipt.deliveryId,
        lineId: receipt.lineId,
        itemName: line?.itemName ?? '',
        unitSymbol: line?.unitSymbol ?? '',
        quantity: formatQuantity(thousandths(receipt.quantity)),
        unitCost: receipt.unitCost,
        value: receipt.value,
        actorName: receipt.actorName,
        createdAt: receipt.createdAt.toISOString(),
      };
    }),
  };
}

export interface PurchaseOrderListQuery {
  status?: PurchaseOrderStatus[];
  supplierId?: string;
  limit: number;
  cursor?: string;
}

/** Purchase orders, newest first, filtered by status and supplier. */
export async function listPurchaseOrders(
  db: Queryable,
  actor: Actor,
  query: PurchaseOrderListQuery,
): Promise<PurchaseOrderPage> {
  authorize(actor, 'purchase-order.read');
  const order = newestFirst(purchaseOrders, query.cursor);
  const conditions: (SQL | undefined)[] = [order.where];
  if (query.status && query.status.length > 0) conditions.push(inArray(purchaseOrders.status, query.status));
  if (query.supplierId) conditions.push(eq(purchaseOrders.supplierId, query.supplierId));
  const lineCount = sql<number>`(select count(*) from ${purchaseOrderLines} l
    where l.purchase_order_id = ${sql.raw('"purchase_orders"."id"')})`.mapWith(Number);
  const rows = await db
    .select({ row: purchaseOrders, lineCount })
    .from(purchaseOrders)
    .where(and(...conditions))
    .orderBy(...order.orderBy)
    .limit(query.limit + 1);
  const names = await supplierNames(
    db,
    rows.map(({ row }) => row.supplierId),
  );
  const flat = rows.map(({ row, lineCount: count }) => ({ ...row, lineCount: count }));
  return toPage(
    flat,
    query.limit,
    (row): PurchaseOrderSummary => ({
      ...summaryOf(row, names.get(row.supplierId) ?? ''),
      lineCount: row.lineCount,
    }),
  );
}

/** One purchase order, or a 404. */
export async function getPurchaseOrder(db: Queryable, actor: Actor, id: string): Promise<PurchaseOrder> {
  authorize(actor, 'purchase-order.read');
  return loadOrder(db, id);
}

// ---------------------------------------------------------------------------------------------------
// Writing drafts

/** A supplier an order may be written to now: it exists and is active; else a 400 naming the field. */
async function checkSupplier(db: Queryable, supplierId: string): Promise<string> {
  const supplier = (await findSuppliers(db, [supplierId])).get(supplierId);
  if (!supplier) throw fieldError('supplierId', 'is not a supplier');
  if (!supplier.active) throw fieldError('supplierId', 'is an archived supplier');
  return supplier.name;
}

interface LineValues {
  itemId: string;
  unitId: string;
  factor: number;
  quantity: number;
  unitCost: number;
}

/**
 * The lines as rows: each item exists and is active, and its unit is the item's stock unit (when left
 * out) or its purchase unit, whose factor is copied onto the line; else a 400 naming the field.
 */
async function lineValues(db: Queryable, lines: PurchaseOrderLineInput[]): Promise<LineValues[]> {
  const items = await findInventoryItems(
    db,
    lines.map((line) => line.inventoryItemId),
  );
  const unitsById = await findUnits(
    db,
    [...items.values()].map((item) => item.purchaseUnitId ?? item.unitId),
  );
  return lines.map((line, index) => {
    const item = items.get(line.inventoryItemId);
    const path = `lines.${index}`;
    if (!item) throw fieldError(`${path}.inventoryItemId`, 'is not an inventory item');
    if (!item.active) throw fieldError(`${path}.inventoryItemId`, `${item.name} is archived`);
    const quantity = thousandths(line.quantity);
    const unitId = line.unitId ?? item.unitId;
    let factor = 1000;
    if (unitId !== item.unitId) {
      if (unitId !== item.purchaseUnitId || item.purchaseFactor === null) {
        const purchase = item.purchaseUnitId ? unitsById.get(item.purchaseUnitId)?.symbol : undefined;
        throw fieldError(
          `${path}.unitId`,
          `must be ${item.name}’s stock unit (${item.unitSymbol})${purchase ? ` or its purchase unit (${purchase})` : ''}`,
        );
      }
      factor = thousandths(item.purchaseFactor);
    }
    const stock = multiplyQuantity(quantity, formatQuantity(factor));
    if (stock > MAX_QUANTITY_THOUSANDTHS) {
      throw fieldError(
        `${path}.quantity`,
        `is more than ${formatQuantity(MAX_QUANTITY_THOUSANDTHS)} ${item.unitSymbol}`,
      );
    }
    if (stock === 0)
      throw fieldError(`${path}.quantity`, `is less than 0.001 ${item.unitSymbol} once converted`);
    // Every total stays an exact integer: a line is bounded like an account balance.
    if (lineTotal(quantity, line.unitCost) > MAX_BALANCE_MINOR) {
      throw fieldError(`${path}.quantity`, 'makes a line total larger than an order may hold');
    }
    return { itemId: item.id, unitId, factor, quantity, unitCost: line.unitCost };
  });
}

const totalOf = (lines: LineValues[]) =>
  lines.reduce((total, line) => total + lineTotal(line.quantity, line.unitCost), 0);

async function writeLines(tx: Tx, orderId: string, lines: LineValues[]): Promise<void> {
  await tx.delete(purchaseOrderLines).where(eq(purchaseOrderLines.purchaseOrderId, orderId));
  await tx.insert(purchaseOrderLines).values(
    lines.map((line, position) => ({
      purchaseOrderId: orderId,
      position,
      itemId: line.itemId,
      unitId: line.unitId,
      factor: formatQuantity(line.factor),
      quantity: formatQuantity(line.quantity),
      unitCost: line.unitCost,
    })),
  );
}

/** What the audit log keeps of an order. */
function auditValues(order: PurchaseOrder): Record<string, unknown> {
  return {
    supplier: order.supplierName,
    status: order.status,
    expectedDate: order.expectedDate,
    note: order.note,
    total: order.total,
    lines: order.lines.map(
      (line) => `${line.quantity} ${line.unitSymbol} ${line.itemName} at ${line.unitCost}`,
    ),
  };
}

async function insertDraft(
  tx: Tx,
  actor: Actor,
  input: PurchaseOrderInput,
  how: string,
): Promise<PurchaseOrder> {
  await checkSupplier(tx, input.supplierId);
  const lines = await lineValues(tx, input.lines);
  const [row] = await tx
    .insert(purchaseOrders)
    .values({
      supplierId: input.supplierId,
      expectedDate: input.expectedDate ?? null,
      note: input.note ?? '',
      currency: sql`${settingsCurrency()}`,
      createdBy: actor.id,
      total: totalOf(lines),
    })
    .returning({ id: purchaseOrders.id });
  if (!row) throw new Error('purchase order insert returned nothing');
  await writeLines(tx, row.id, lines);
  const order = await loadOrder(tx, row.id);
  await recordAudit(tx, actor, {
    area: 'inventory',
    action: 'purchase-order.created',
    summary: `${how} purchase order ${order.number} to ${order.supplierName}`,
    targetType: 'purchase-order',
    targetId: order.id,
    after: auditValues(order),
  });
  await publishChange(tx, TOPIC);
  return order;
}

/** A new draft (201), audited. */
export async function createPurchaseOrder(
  db: Database,
  actor: Actor,
  input: PurchaseOrderInput,
): Promise<PurchaseOrder> {
  authorize(actor, 'purchase-order.create');
  return withTransaction(db, (tx) => insertDraft(tx, actor, input, 'Wrote'));
}

/** The order's row locked for this transaction, or a 404. */
async function lockOrder(tx: Tx, id: string): Promise<OrderRow> {
  const [row] = await tx.select().from(purchaseOrders).where(eq(purchaseOrders.id, id)).for('update');
  if (!row) throw missing();
  return row;
}

/** Changes a draft, based on `version`; an order that is no longer a draft is a 409 `not-draft`. */
export async function updatePurchaseOrder(
  db: Database,
  actor: Actor,
  id: string,
  input: PurchaseOrderUpdate,
): Promise<PurchaseOrder> {
  authorize(actor, 'purchase-order.update');
  const { version: basedOn, ...changes } = input;
  return withTransaction(db, async (tx) => {
    const row = await lockOrder(tx, id);
    const number = purchaseOrderNumber(row.number);
    if (row.version !== basedOn) throw staleWrite(`purchase order ${number}`, row.version);
    if (row.status !== 'draft') {
      throw conflict(`${number} is ${row.status}: only a draft can be changed.`, { reason: 'not-draft' });
    }
    const before = await loadOrder(tx, id);
    if (changes.supplierId !== undefined && changes.supplierId !== row.supplierId) {
      await checkSupplier(tx, changes.supplierId);
    }
    let total = row.total;
    if (changes.lines) {
      const lines = await lineValues(tx, changes.lines);
      await writeLines(tx, id, lines);
      total = totalOf(lines);
    }
    await tx
      .update(purchaseOrders)
      .set({
        ...(changes.supplierId !== undefined ? { supplierId: changes.supplierId } : {}),
        ...(changes.expectedDate !== undefined ? { expectedDate: changes.expectedDate } : {}),
        ...(changes.note !== undefined ? { note: changes.note } : {}),
        total,
      })
      .where(eq(purchaseOrders.id, id));
    const after = await loadOrder(tx, id);
    await recordAudit(tx, actor, {
      area: 'inventory',
      action: 'purchase-order.updated',
      summary: `Changed purchase order ${after.number}`,
      targetType: 'purchase-order',
      targetId: id,
      before: auditValues(before),
      after: auditValues(after),
    });
    await publishChange(tx, TOPIC);
    return after;
  });
}

/**
 * Sends a draft (`ordered`) or cancels a draft or an ordered order, based on `version`. Any other
 * move is a 409 `status` that says why; nothing received is ever cancelled.
 */
export async function changePurchaseOrderStatus(
  db: Database,
  actor: Actor,
  id: string,
  input: PurchaseOrderStatusInput,
): Promise<PurchaseOrder> {
  authorize(actor, input.status === 'ordered' ? 'purchase-order.send' : 'purchase-order.cancel');
  return withTransaction(db, async (tx) => {
    const row = await lockOrder(tx, id);
    const number = purchaseOrderNumber(row.number);
    if (row.version !== input.version) throw staleWrite(`purchase order ${number}`, row.version);
    const from = row.status as PurchaseOrderStatus;
    if (input.status === 'ordered' && from !== 'draft') {
      throw conflict(`${number} is ${from}: only a draft can be sent.`, {
        reason: 'wrong-status',
        status: from,
      });
    }
    if (input.status === 'cancelled' && from !== 'draft' && from !== 'ordered') {
      throw conflict(
        from === 'cancelled'
          ? `${number} is already cancelled.`
          : `${number} is ${from}: only a draft or an ordered purchase order can be cancelled.`,
        { reason: 'wrong-status', status: from },
      );
    }
    await tx
      .update(purchaseOrders)
      .set({
        status: input.status,
        ...(input.status === 'ordered' ? { orderedAt: sql`clock_timestamp()`, orderedBy: actor.id } : {}),
      })
      .where(eq(purchaseOrders.id, id));
    const after = await loadOrder(tx, id);
    await recordAudit(tx, actor, {
      area: 'inventory',
      action: input.status === 'ordered' ? 'purchase-order.ordered' : 'purchase-order.cancelled',
      summary: `${input.status === 'ordered' ? 'Sent' : 'Cancelled'} purchase order ${number}`,
      targetType: 'purchase-order',
      targetId: id,
      before: { status: from },
      after: { status: input.status },
    });
    await publishChange(tx, TOPIC);
    return after;
  });
}

// ---------------------------------------------------------------------------------------------------
// Receiving

/**
 * Records one delivery: per line what arrived (in the line's unit) and, when it differs, what it
 * cost. With the order's row locked, each line's received quantity may not pass what was ordered
 * (409 naming the line); the receipts go into stock in stock units (quantity × the line's factor) as
 * purchase-receipt movements that move each item's average cost. The order becomes partially
 * received, or received when every line is.
 */
export async function receivePurchaseOrder(
  db: Database,
  actor: Actor,
  id: string,
  input: PurchaseOrderReceiptInput,
): Promise<PurchaseOrder> {
  authorize(actor, 'purchase-order.receive');
  return withTransaction(db, async (tx) => {
    const row = await lockOrder(tx, id);
    const number = purchaseOrderNumber(row.number);
    if (row.status !== 'ordered' && row.status !== 'partially-received') {
      throw conflict(
        row.status === 'draft'
          ? `${number} is a draft: send it to the supplier before receiving.`
          : `${number} is ${row.status}: nothing more can be received.`,
        { reason: 'wrong-status', status: row.status },
      );
    }
    const lines = await tx
      .select()
      .from(purchaseOrderLines)
      .where(eq(purchaseOrderLines.purchaseOrderId, id))
      .orderBy(asc(purchaseOrderLines.position));
    const linesById = new Map(lines.map((line) => [line.id, line]));
    const items = await findInventoryItems(
      tx,
      lines.map((line) => line.itemId),
    );
    const unitsById = await findUnits(
      tx,
      lines.map((line) => line.unitId),
    );
    const received = new Map<string, number>(
      lines.map((line) => [line.id, thousandths(line.receivedQuantity)]),
    );
    const deliveryId = randomUUID();
    const receipts: { line: LineRow; quantity: number; unitCost: number; value: number; stock: number }[] =
      [];
    input.lines.forEach((given, index) => {
      const line = linesById.get(given.lineId);
      if (!line) throw fieldError(`lines.${index}.lineId`, `is not a line of ${number}`);
      const item = items.get(line.itemId);
      const name = item?.name ?? 'this line';
      const unit = unitsById.get(line.unitId)?.symbol ?? '';
      const quantity = thousandths(given.quantity);
      const ordered = thousandths(line.quantity);
      const already = received.get(line.id) ?? 0;
      if (already + quantity > ordered) {
        throw conflict(
          `${name}: ${formatQuantity(ordered)} ${unit} ordered and ${formatQuantity(already)} ${unit} received; ` +
            `${formatQuantity(quantity)} ${unit} more is more than ordered.`,
          {
            reason: 'over-receipt',
            lineId: line.id,
            path: `lines.${index}.quantity`,
            ordered: formatQuantity(ordered),
            received: formatQuantity(already),
          },
        );
      }
      received.set(line.id, already + quantity);
      const unitCost = given.unitCost ?? line.unitCost;
      const stock = multiplyQuantity(quantity, formatQuantity(thousandths(line.factor)));
      if (stock === 0) {
        throw fieldError(
          `lines.${index}.quantity`,
          `is less than 0.001 ${item?.unitSymbol ?? ''} once converted`,
        );
      }
      receipts.push({ line, quantity, unitCost, value: lineTotal(quantity, unitCost), stock });
    });

    const postings: StockPosting[] = receipts.map((receipt) => ({
      itemId: receipt.line.itemId,
      type: 'purchase-receipt',
      quantity: receipt.stock,
      receiptCost: receipt.value,
      reference: { type: 'purchase-order', id },
      reason: `Received on ${number}`,
    }));
    const posted = (await postStockMovements(tx, actor, postings)).filter(
      (movement) => movement.type === 'purchase-receipt',
    );
    await tx.insert(purchaseOrderReceipts).values(
      receipts.map((receipt, index) => ({
        purchaseOrderId: id,
        lineId: receipt.line.id,
        deliveryId,
        quantity: formatQuantity(receipt.quantity),
        unitCost: receipt.unitCost,
        value: receipt.value,
        movementId: posted[index]?.id ?? '',
        actorId: actor.id,
      })),
    );
    for (const line of lines) {
      const now = received.get(line.id) ?? 0;
      if (now !== thousandths(line.receivedQuantity)) {
        await tx
          .update(purchaseOrderLines)
          .set({ receivedQuantity: formatQuantity(now) })
          .where(eq(purchaseOrderLines.id, line.id));
      }
    }
    const complete = lines.every((line) => (received.get(line.id) ?? 0) >= thousandths(line.quantity));
    const status: PurchaseOrderStatus = complete ? 'received' : 'partially-received';
    const value = receipts.reduce((total, receipt) => total + receipt.value, 0);
    await tx
      .update(purchaseOrders)
      .set({ status, receivedTotal: row.receivedTotal + value })
      .where(eq(purchaseOrders.id, id));
    const after = await loadOrder(tx, id);
    await recordAudit(tx, actor, {
      area: 'inventory',
      action: 'purchase-order.received',
      summary: `Received a delivery on ${number} worth ${value} (minor units)`,
      targetType: 'purchase-order',
      targetId: id,
      before: { status: row.status, receivedTotal: row.receivedTotal },
      after: {
        status,
        receivedTotal: after.receivedTotal,
        deliveryId,
        lines: receipts.map((receipt) => ({
          lineId: receipt.line.id,
          quantity: formatQuantity(receipt.quantity),
          unitCost: receipt.unitCost,
        })),
      },
    });
    await publishChange(tx, TOPIC);
    return after;
  });
}

// ---------------------------------------------------------------------------------------------------
// Suggesting

/** Whole purchase units (or exact stock units) that bring `onHand` up to `target`; 0 when none. */
export function suggestedQuantity(onHand: number, target: number, factor: number | null): number {
  const need = target - onHand;
  if (need <= 0) return 0;
  if (factor === null) return need;
  return Math.ceil(need / factor) * 1000;
}

/**
 * A draft for a supplier with every active item it supplies that is at or below its reorder level,
 * each for what brings it to its par level (its reorder level when it has no par level): in its
 * purchase unit rounded up to whole units, or else in its stock unit. The cost is the item's average
 * cost for that unit. Nothing low is a 409 `nothing-low`.
 */
export async function suggestPurchaseOrder(
  db: Database,
  actor: Actor,
  input: PurchaseOrderSuggestInput,
): Promise<PurchaseOrder> {
  authorize(actor, 'purchase-order.create');
  const name = await checkSupplier(db, input.supplierId);
  const low: InventoryItem[] = [];
  let cursor: string | undefined;
  do {
    const page = await listInventoryItems(db, actor, {
      supplierId: input.supplierId,
      active: true,
      lowStock: true,
      limit: 500,
      ...(cursor ? { cursor } : {}),
    });
    low.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  const lines: PurchaseOrderLineInput[] = [];
  for (const item of low) {
    const level = item.parLevel ?? item.reorderLevel;
    if (level === null) continue;
    const factor =
      item.purchaseFactor === null || item.purchaseUnitId === null ? null : thousandths(item.purchaseFactor);
    const quantity = suggestedQuantity(thousandths(item.onHand), thousandths(level), factor);
    if (quantity === 0 || quantity > MAX_QUANTITY_THOUSANDTHS) continue;
    const unitCost = factor === null ? item.averageCost : lineTotal(factor, item.averageCost);
    lines.push({
      inventoryItemId: item.id,
      quantity: formatQuantity(quantity),
      ...(factor === null || item.purchaseUnitId === null ? {} : { unitId: item.purchaseUnitId }),
      unitCost: Math.min(unitCost, 99_999_999),
    });
  }
  if (lines.length === 0) {
    throw conflict(
      `No active item supplied by ${name} is at or below its reorder level: there is nothing to order.`,
      {
        reason: 'nothing-low',
      },
    );
  }
  return withTransaction(db, (tx) =>
    insertDraft(tx, actor, { supplierId: input.supplierId, lines, note: '' }, 'Suggested'),
  );
}

/** The order with who it is from and to, for the supplier's document and e-mail. */
export async function purchaseOrderDocument(
  db: Database,
  actor: Actor,
  id: string,
): Promise<{ order: PurchaseOrder; parties: DocumentParties }> {
  authorize(actor, 'purchase-order.read');
  const order = await loadOrder(db, id);
  const [settings, supplier] = await Promise.all([
    getSettings(db),
    supplierResource.get(db, actor, order.supplierId),
  ]);
  return {
    order,
    parties: {
      restaurant: {
        name: settings.name,
        address: settings.address,
        phone: settings.phone,
        email: settings.email,
        locale: settings.locale,
      },
      supplier: {
        name: supplier.name,
        contactName: supplier.contactName,
        email: supplier.email,
        phone: supplier.phone,
        address: supplier.address,
      },
    },
  };
}

/**
 * E-mails the order to the supplier's address (or `to`) through the app's mail sender, and notes it in
 * the audit log. A cancelled order is not sent (409 `status`); no address at all is a 409 `no-email`.
 */
export async function emailPurchaseOrder(
  deps: { db: Database; messenger: Messenger },
  actor: Actor,
  id: string,
  input: PurchaseOrderEmailInput,
): Promise<{ to: string }> {
  authorize(actor, 'purchase-order.send');
  const { order, parties } = await purchaseOrderDocument(deps.db, actor, id);
  if (order.status === 'cancelled') {
    throw conflict(`${order.number} is cancelled: it is not sent to the supplier.`, {
      reason: 'wrong-status',
      status: order.status,
    });
  }
  const to = input.to?.trim() || parties.supplier.email.trim();
  if (!to) {
    throw conflict(
      `${parties.supplier.name} has no e-mail address: add one in master data, or give the address to send to.`,
      { reason: 'no-email', path: 'to' },
    );
  }
  await deps.messenger.sendEmail({
    to,
    subject: `Purchase order ${order.number} from ${parties.restaurant.name}`,
    text: purchaseOrderText(order, parties),
    purpose: 'purchase-order',
  });
  await withTransaction(deps.db, (tx) =>
    recordAudit(tx, actor, {
      area: 'inventory',
      action: 'purchase-order.emailed',
      summary: `E-mailed purchase order ${order.number} to ${to}`,
      targetType: 'purchase-order',
      targetId: order.id,
    }),
  );
  return { to };
}

// ---------------------------------------------------------------------------------------------------
// The demo cafe's past orders (the demo seed and its removal only)

/**
 * A purchase order of the past, sent at `orderedAt` and received in the given deliveries, each
 * dated: its lines are checked as a draft's are, and each delivery's receipts go into stock as
 * `receivePurchaseOrder`'s do (quantity × factor, valued at quantity × unit cost), posted as history
 * at the delivery's time. It ends received, partially received or ordered by what arrived. The caller
 * records history oldest first.
 */
export async function recordPastPurchaseOrder(
  tx: Tx,
  input: {
    supplierId: string;
    lines: PurchaseOrderLineInput[];
    note?: string;
    orderedAt: Date;
    expectedDate: string;
    /** What arrived when: quantities (in the line's unit) by line index. */
    deliveries: { at: Date; quantities: Map<number, number> }[];
  },
): Promise<string> {
  await checkSupplier(tx, input.supplierId);
  const values = await lineValues(tx, input.lines);
  const [row] = await tx
    .insert(purchaseOrders)
    .values({
      supplierId: input.supplierId,
      status: 'ordered',
      expectedDate: input.expectedDate,
      note: input.note ?? '',
      currency: sql`${settingsCurrency()}`,
      total: totalOf(values),
      orderedAt: input.orderedAt,
      createdAt: input.orderedAt,
    })
    .returning({ id: purchaseOrders.id, number: purchaseOrders.number });
  if (!row) throw new Error('purchase order insert returned nothing');
  await writeLines(tx, row.id, values);
  const lines = await tx
    .select()
    .from(purchaseOrderLines)
    .where(eq(purchaseOrderLines.purchaseOrderId, row.id))
    .orderBy(asc(purchaseOrderLines.position));
  const received = lines.map(() => 0);
  let receivedTotal = 0;
  for (const delivery of input.deliveries) {
    const receipts = [...delivery.quantities].map(([index, quantity]) => {
      const line = lines[index] as LineRow;
      const unitCost = line.unitCost;
      received[index] = (received[index] ?? 0) + quantity;
      return {
        line,
        quantity,
        unitCost,
        value: lineTotal(quantity, unitCost),
        stock: multiplyQuantity(quantity, formatQuantity(thousandths(line.factor))),
      };
    });
    const posted = (
      await recordStockHistory(
        tx,
        receipts.map((receipt) => ({
          itemId: receipt.line.itemId,
          type: 'purchase-receipt' as const,
          quantity: receipt.stock,
          receiptCost: receipt.value,
          reference: { type: 'purchase-order' as const, id: row.id },
          reason: `Received on ${purchaseOrderNumber(row.number)}`,
          at: delivery.at,
        })),
      )
    ).filter((movement) => movement.type === 'purchase-receipt');
    const deliveryId = randomUUID();
    await tx.insert(purchaseOrderReceipts).values(
      receipts.map((receipt, index) => ({
        purchaseOrderId: row.id,
        lineId: receipt.line.id,
        deliveryId,
        quantity: formatQuantity(receipt.quantity),
        unitCost: receipt.unitCost,
        value: receipt.value,
        movementId: posted[index]?.id ?? '',
        createdAt: delivery.at,
      })),
    );
    receivedTotal += receipts.reduce((total, receipt) => total + receipt.value, 0);
  }
  for (const [index, line] of lines.entries()) {
    const quantity = received[index] ?? 0;
    if (quantity > thousandths(line.quantity)) throw new Error('a past delivery is more than ordered');
    if (quantity > 0) {
      await tx
        .update(purchaseOrderLines)
        .set({ receivedQuantity: formatQuantity(quantity) })
        .where(eq(purchaseOrderLines.id, line.id));
    }
  }
  const complete = lines.every((line, index) => (received[index] ?? 0) >= thousandths(line.quantity));
  const status: PurchaseOrderStatus = complete
    ? 'received'
    : received.some((quantity) => quantity > 0)
      ? 'partially-received'
      : 'ordered';
  await tx.update(purchaseOrders).set({ status, receivedTotal }).where(eq(purchaseOrders.id, row.id));
  await publishChange(tx, TOPIC);
  return row.id;
}

/** How many of the given purchase orders exist (the demo data card). */
export async function countPurchaseOrdersIn(db: Queryable, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(purchaseOrders)
    .where(inArray(purchaseOrders.id, [...ids]));
  return row?.count ?? 0;
}

/** Deletes the given purchase orders with their lines and receipts; answers how many went. */
export async function deletePurchaseOrders(tx: Tx, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  await deleteOrderPayments(tx, ids);
  await tx.delete(purchaseOrderReceipts).where(inArray(purchaseOrderReceipts.purchaseOrderId, [...ids]));
  const deleted = await tx
    .delete(purchaseOrders)
    .where(inArray(purchaseOrders.id, [...ids]))
    .returning({ id: purchaseOrders.id });
  if (deleted.length > 0) await publishChange(tx, TOPIC);
  return deleted.length;
}

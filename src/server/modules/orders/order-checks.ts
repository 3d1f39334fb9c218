import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { CheckAmounts } from '../../../shared/check-math';
import type { Order, OrderHistoryKind } from '../../../shared/contracts/orders';
import { orderNumberLabel } from '../../../shared/contracts/orders';
import {
  isOpenCheck,
  OPEN_CHECK_STATUSES,
  ORDER_STATUS_LABELS,
  type OrderStatus,
  type PaymentStatus,
} from '../../../shared/order-status';
import { hasStaffAccess } from '../../../shared/roles';
import type { Tx } from '../../db/transaction';
import { conflict, notFound } from '../../lib/errors';
import { staleWrite } from '../../lib/versions';
import type { PolicyActor } from '../../policies';
import { publishChanges } from '../events';
import { presentRows } from './order-present';
import { type LineRow, notFoundOrder, type OptionRow, type OrderRow, topicsFor } from './order-rules';
import type { NewOrderLine } from './order-write';
import { orderLineOptions, orderLines, orderStatusChanges, orders } from './orders.schema';

/**
 * Open checks: what changes an order's lines and amounts after it was placed (rounds, voids and
 * comps, moves, merges, splits). The use cases (use-cases/open-checks.ts) read the menu, settings,
 * coupons and payments, decide, and write through these functions, inside one transaction that holds
 * the order's row lock from `lockCheck` on.
 */

/** A line of a check with its options. */
export type CheckLine = LineRow & { options: OptionRow[] };

/** An order locked for a change of its check, with its lines. */
export interface LockedCheck {
  row: OrderRow;
  lines: CheckLine[];
}

/** The lines of the given orders with their options, in position order. */
async function linesOf(tx: Tx, orderIds: readonly string[]): Promise<CheckLine[]> {
  if (orderIds.length === 0) return [];
  const lines = await tx
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, [...orderIds]))
    .orderBy(asc(orderLines.position), asc(orderLines.createdAt));
  const options = lines.length
    ? await tx
        .select()
        .from(orderLineOptions)
        .where(
          inArray(
            orderLineOptions.lineId,
            lines.map((line) => line.id),
          ),
        )
        .orderBy(asc(orderLineOptions.position))
    : [];
  return lines.map((line) => ({ ...line, options: options.filter((option) => option.lineId === line.id) }));
}

/**
 * The orders `ids` locked `for update`, in id order (so two merges of the same checks never wait on
 * each other crosswise), with their lines. A customer never reaches these routes; an id that is not
 * an order is missing from the answer.
 */
export async function lockChecks(tx: Tx, ids: readonly string[]): Promise<LockedCheck[]> {
  const rows = await tx
    .select()
    .from(orders)
    .where(inArray(orders.id, [...ids]))
    .orderBy(asc(orders.id))
    .for('update');
  const lines = await linesOf(
    tx,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ row, lines: lines.filter((line) => line.orderId === row.id) }));
}

/** The order `id` locked for a change based on `version` (a stale one is a 409), with its lines. */
export async function lockCheck(
  tx: Tx,
  viewer: PolicyActor,
  id: string,
  version: number,
): Promise<LockedCheck> {
  const [check] = await lockChecks(tx, [id]);
  if (!check || !hasStaffAccess(viewer.role)) throw notFoundOrder();
  if (check.row.version !== version)
    throw staleWrite(`order ${orderNumberLabel(check.row.number)}`, check.row.version);
  return check;
}

/**
 * 409 unless the order is an open check (confirmed, preparing or ready): `doing` says what was
 * tried ("add a round to").
 */
export function requireOpenCheck(row: OrderRow, doing: string): void {
  const status = row.status as OrderStatus;
  if (isOpenCheck(status)) return;
  const open = OPEN_CHECK_STATUSES.map((value) => ORDER_STATUS_LABELS[value].toLowerCase());
  throw conflict(
    `Order ${orderNumberLabel(row.number)} is ${ORDER_STATUS_LABELS[status].toLowerCase()}: you can ${doing} ` +
      `an order only while it is ${open.slice(0, -1).join(', ')} or ${open.at(-1)}.`,
    { reason: 'not-open', status },
  );
}

/** The lines that count in the totals: neither voided nor comped. */
export function countedLines(lines: readonly CheckLine[]): CheckLine[] {
  return lines.filter((line) => line.voidKind === null);
}

/** The round the next lines of this check are sent in. */
export function nextRound(lines: readonly CheckLine[]): number {
  return lines.reduce((round, line) => Math.max(round, line.round), 0) + 1;
}

const nextPosition = (lines: readonly CheckLine[]) =>
  lines.reduce((position, line) => Math.max(position, line.position), -1) + 1;

/**
 * Writes priced lines to the order as round `round`, after its other lines (two statements: the
 * lines, then all their options), and answers the check with them.
 */
export async function appendLines(
  tx: Tx,
  check: LockedCheck,
  round: number,
  lines: readonly NewOrderLine[],
): Promise<LockedCheck> {
  const start = nextPosition(check.lines);
  const written = await tx
    .insert(orderLines)
    .values(
      lines.map((line, index) => ({
        orderId: check.row.id,
        position: start + index,
        menuItemId: line.menuItemId,
        name: line.name,
        unitPrice: line.unitPrice,
        station: line.station,
        quantity: line.quantity,
        note: line.note,
        lineTotal: line.lineTotal,
        round,
      })),
    )
    .returning();
  const byPosition = new Map(written.map((row) => [row.position, row]));
  const options = lines.flatMap((line, index) =>
    line.options.map((option, position) => ({
      lineId: byPosition.get(start + index)?.id as string,
      position,
      optionId: option.optionId,
      groupName: option.groupName,
      name: option.name,
      priceDelta: option.priceDelta,
    })),
  );
  const writtenOptions =
    options.length > 0 ? await tx.insert(orderLineOptions).values(options).returning() : [];
  const added = written.map((row) => ({
    ...row,
    options: writtenOptions.filter((option) => option.lineId === row.id),
  }));
  return { row: check.row, lines: [...check.lines, ...added] };
}

/** 404 for a line that is not on this check. */
export function findLine(check: LockedCheck, lineId: string): CheckLine {
  const line = check.lines.find((candidate) => candidate.id === lineId);
  if (!line) throw notFound(`Order ${orderNumberLabel(check.row.number)} has no line with this id.`);
  return line;
}

/**
 * Takes `quantity` of `line` off it into a line of its own on `toOrderId` (the same order or another),
 * with the same item, price, options, round and time sent; the line keeps the rest. Answers the new
 * line's id. Line totals are whole multiples of the price for one, so the two add up to the line.
 */
export async function splitOffLine(
  tx: Tx,
  line: CheckLine,
  quantity: number,
  toOrderId: string,
  position: number,
): Promise<string> {
  const each = line.lineTotal / line.quantity;
  await tx
    .update(orderLines)
    .set({ quantity: line.quantity - quantity, lineTotal: each * (line.quantity - quantity) })
    .where(eq(orderLines.id, line.id));
  const [written] = await tx
    .insert(orderLines)
    .values({
      orderId: toOrderId,
      position,
      menuItemId: line.menuItemId,
      name: line.name,
      unitPrice: line.unitPrice,
      station: line.station,
      quantity,
      note: line.note,
      lineTotal: each * quantity,
      round: line.round,
      createdAt: line.createdAt,
    })
    .returning({ id: orderLines.id });
  if (!written) throw new Error('a line was not written');
  if (line.options.length > 0) {
    await tx.insert(orderLineOptions).values(
      line.options.map((option) => ({
        lineId: written.id,
        position: option.position,
        optionId: option.optionId,
        groupName: option.groupName,
        name: option.name,
        priceDelta: option.priceDelta,
      })),
    );
  }
  return written.id;
}

/** The next free position on a check (for a line split off or moved onto it). */
export function positionAfter(check: LockedCheck): number {
  return nextPosition(check.lines);
}

/** Marks a line voided or comped by `actorId`, with the reason. */
export async function markLine(
  tx: Tx,
  lineId: string,
  kind: 'void' | 'comp',
  reason: string,
  actorId: string,
): Promise<void> {
  await tx
    .update(orderLines)
    .set({ voidKind: kind, voidReason: reason, voidedBy: actorId, voidedAt: sql`clock_timestamp()` })
    .where(eq(orderLines.id, lineId));
}

/** Moves whole lines to another order, after its lines, their rounds shifted by `roundOffset`. */
export async function moveLines(
  tx: Tx,
  lines: readonly CheckLine[],
  toOrderId: string,
  firstPosition: number,
  roundOffset = 0,
): Promise<void> {
  for (const [index, line] of lines.entries()) {
    await tx
      .update(orderLines)
      .set({ orderId: toOrderId, position: firstPosition + index, round: line.round + roundOffset })
      .where(eq(orderLines.id, line.id));
  }
}

/** What a change of a check writes on the order (its version goes up). */
export type CheckUpdate = Partial<
  CheckAmounts & {
    status: OrderStatus;
    paymentStatus: PaymentStatus;
    tableId: string;
    tableName: string;
    couponCode: string | null;
    taxPercent: number;
    taxInclusive: boolean;
    mergedInto: string;
  }
>;

/** Writes `values` on the order, announces it on its live topics, and answers the row as written. */
export async function updateCheck(tx: Tx, id: string, values: CheckUpdate): Promise<OrderRow> {
  const [updated] = await tx.update(orders).set(values).where(eq(orders.id, id)).returning();
  if (!updated) throw notFoundOrder();
  await publishChanges(tx, topicsFor(updated, false));
  return updated;
}

/** One entry of the order's history: what happened to the check, leaving it in `status`. */
export async function recordHistory(
  tx: Tx,
  entry: {
    orderId: string;
    status: OrderStatus;
    kind: OrderHistoryKind;
    actorId: string;
    reason?: string | null;
    detail?: string | null;
  },
): Promise<void> {
  await tx.insert(orderStatusChanges).values({
    orderId: entry.orderId,
    status: entry.status,
    kind: entry.kind,
    actorId: entry.actorId,
    reason: entry.reason ?? null,
    detail: entry.detail ?? null,
  });
}

/**
 * A new check split off `from`: the same type, table, customer, status (with the times each was
 * reached) and tax, with `amounts`, taken by `actorId`. A percentage discount given by a manager
 * carries over as that percentage; any other discount is the amount given (a coupon's share stays
 * an amount: the coupon was used once, by the first check).
 */
export async function insertSplitCheck(
  tx: Tx,
  from: OrderRow,
  amounts: CheckAmounts,
  actorId: string,
): Promise<OrderRow> {
  const [row] = await tx
    .insert(orders)
    .values({
      type: from.type,
      source: from.source,
      status: from.status,
      paymentStatus: 'unpaid',
      tableId: from.tableId,
      tableName: from.tableName,
      customerId: from.customerId,
      customerName: from.customerName,
      customerPhone: from.customerPhone,
      deliveryAddress: from.deliveryAddress,
      pickupAt: from.pickupAt,
      partnerId: from.partnerId,
      partnerName: from.partnerName,
      partnerReference: from.partnerReference,
      note: from.note,
      currency: from.currency.trim(),
      ...amounts,
      discountReason: amounts.discount > 0 ? from.discountReason : '',
      discountPercent: amounts.discount > 0 ? from.discountPercent : null,
      couponCode: null,
      taxInclusive: from.taxInclusive,
      taxPercent: from.taxPercent,
      createdBy: actorId,
      acceptedBy: from.acceptedBy,
      confirmedAt: from.confirmedAt,
      preparingAt: from.preparingAt,
      readyAt: from.readyAt,
      promisedReadyAt: from.promisedReadyAt,
    })
    .returning();
  if (!row) throw new Error('the split check was not written');
  await publishChanges(tx, topicsFor(row, false));
  return row;
}

/** The order as `viewer` sees it, read again inside the transaction. */
export async function presentCheck(tx: Tx, id: string, viewer: PolicyActor): Promise<Order> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id));
  if (!row) throw notFoundOrder();
  const [order] = await presentRows(tx, [row], viewer);
  if (!order) throw notFoundOrder();
  return order;
}

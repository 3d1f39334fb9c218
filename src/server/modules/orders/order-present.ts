import { eq } from 'drizzle-orm';
import type { Order, OrderHistoryKind, OrderSource, OrderType } from '../../../shared/contracts/orders';
import { STATIONS } from '../../../shared/menu-catalog';
import type { OrderStatus, PaymentStatus } from '../../../shared/order-status';
import type { Queryable } from '../../db/transaction';
import type { Actor } from '../../lib/context';
import { inIds } from '../../lib/resource';
import { can, decide, type PolicyActor } from '../../policies';
import { users } from '../auth';
import {
  allowedMovesFor,
  type ChangeRow,
  type LineRow,
  notFoundOrder,
  type OptionRow,
  type OrderRow,
  owned,
  SYSTEM,
} from './order-rules';
import { orderLineOptions, orderLines, orderStatusChanges, orders } from './orders.schema';

/**
 * An order as the API answers it: built from its row, lines, options, status changes and the names
 * of the people it mentions, with the moves the viewer may make; reading one order.
 */

/** Everything an order's answer is built from. */
export interface OrderParts {
  row: OrderRow;
  lines: LineRow[];
  options: OptionRow[];
  changes: ChangeRow[];
  /** Names of the people it mentions, by id. */
  names: Map<string, string>;
  /** The number of the check it was merged into, if it was. */
  mergedIntoNumber?: number;
}

const iso = (value: Date) => value.toISOString();

/** One order as the API answers it, with the moves `viewer` may make. */
export function presentOrder(parts: OrderParts, viewer: PolicyActor): Order {
  const { row, names } = parts;
  const person = (id: string | null) => (id ? { id, name: names.get(id) ?? 'Former user' } : null);
  // Who took, accepted or moved an order, and why it was discounted, are the staff's own: those who
  // may list every order see them; a customer reading their order sees only what they did themselves.
  const staffView = can(viewer, 'order.list');
  const seen = (id: string | null) => (staffView || id === viewer.id ? person(id) : null);
  const optionsByLine = new Map<string, OptionRow[]>();
  for (const option of parts.options) {
    const list = optionsByLine.get(option.lineId) ?? [];
    list.push(option);
    optionsByLine.set(option.lineId, list);
  }
  return {
    id: row.id,
    number: row.number,
    type: row.type as OrderType,
    source: row.source as OrderSource,
    status: row.status as OrderStatus,
    paymentStatus: row.paymentStatus as PaymentStatus,
    version: row.version,
    currency: row.currency.trim(),
    table: row.tableId ? { id: row.tableId, name: row.tableName ?? '' } : null,
    customer: person(row.customerId),
    customerName: row.customerName,
    customerPhone: row.customerPhone,
    deliveryAddress: row.deliveryAddress,
    pickupAt: row.pickupAt ? iso(row.pickupAt) : null,
    partner: row.partnerId ? { id: row.partnerId, name: row.partnerName ?? '' } : null,
    partnerReference: row.partnerReference,
    note: row.note,
    lines: [...parts.lines]
      .sort((a, b) => a.position - b.position)
      .map((line) => ({
        id: line.id,
        round: line.round,
        sentAt: iso(line.createdAt),
        voided: line.voidKind === 'void',
        comped: line.voidKind === 'comp',
        voidReason: line.voidReason,
        voidedBy: line.voidKind ? seen(line.voidedBy) : null,
        voidedAt: line.voidedAt ? iso(line.voidedAt) : null,
        menuItemId: line.menuItemId,
        name: line.name,
        unitPrice: line.unitPrice,
        station: (STATIONS as readonly string[]).includes(line.station)
          ? (line.station as (typeof STATIONS)[number])
          : 'kitchen',
        quantity: line.quantity,
        options: (optionsByLine.get(line.id) ?? [])
          .sort((a, b) => a.position - b.position)
          .map((option) => ({
            optionId: option.optionId,
            groupName: option.groupName,
            name: option.name,
            priceDelta: option.priceDelta,
          })),
        note: line.note,
        lineTotal: line.lineTotal,
      })),
    subtotal: row.subtotal,
    discount: row.discount,
    discountReason: staffView ? row.discountReason : '',
    couponCode: row.couponCode,
    serviceCharge: row.serviceCharge,
    tax: row.tax,
    taxInclusive: row.taxInclusive,
    taxPercent: row.taxPercent,
    deliveryFee: row.deliveryFee,
    total: row.total,
    createdBy: seen(row.createdBy),
    acceptedBy: seen(row.acceptedBy),
    rejectReason: row.rejectReason,
    cancelReason: row.cancelReason,
    readyAt: row.promisedReadyAt ? iso(row.promisedReadyAt) : null,
    mergedInto: row.mergedInto ? { id: row.mergedInto, number: parts.mergedIntoNumber ?? 0 } : null,
    timeline: [...parts.changes]
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .map((change) => ({
        kind: change.kind as OrderHistoryKind,
        status: change.status as OrderStatus,
        at: iso(change.createdAt),
        by: seen(change.actorId),
        reason: change.reason,
        detail: change.detail,
      })),
    allowedMoves: allowedMovesFor(viewer, row),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

/** The lines, options, status changes and people's names of the given orders, in four queries. */
async function loadParts(db: Queryable, rows: OrderRow[]): Promise<OrderParts[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [lines, changes] = await Promise.all([
    db.select().from(orderLines).where(inIds(orderLines.orderId, ids)),
    db.select().from(orderStatusChanges).where(inIds(orderStatusChanges.orderId, ids)),
  ]);
  const options = lines.length
    ? await db
        .select()
        .from(orderLineOptions)
        .where(
          inIds(
            orderLineOptions.lineId,
            lines.map((line) => line.id),
          ),
        )
    : [];
  const people = new Set<string>();
  for (const row of rows) {
    for (const id of [row.customerId, row.createdBy, row.acceptedBy]) if (id) people.add(id);
  }
  for (const change of changes) if (change.actorId) people.add(change.actorId);
  for (const line of lines) if (line.voidedBy) people.add(line.voidedBy);
  const names = new Map<string, string>();
  if (people.size > 0) {
    const found = await db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(inIds(users.id, [...people]));
    for (const person of found) names.set(person.id, person.name);
  }
  const byOrder = <T extends { orderId: string }>(list: T[]) => {
    const map = new Map<string, T[]>();
    for (const item of list) map.set(item.orderId, [...(map.get(item.orderId) ?? []), item]);
    return map;
  };
  const mergedInto = rows.flatMap((row) => (row.mergedInto ? [row.mergedInto] : []));
  const numbers = new Map<string, number>();
  if (mergedInto.length > 0) {
    const found = await db
      .select({ id: orders.id, number: orders.number })
      .from(orders)
      .where(inIds(orders.id, mergedInto));
    for (const order of found) numbers.set(order.id, order.number);
  }
  const linesByOrder = byOrder(lines);
  const changesByOrder = byOrder(changes);
  return rows.map((row) => {
    const orderLinesOf = linesByOrder.get(row.id) ?? [];
    const lineIds = new Set(orderLinesOf.map((line) => line.id));
    return {
      row,
      lines: orderLinesOf,
      options: options.filter((option) => lineIds.has(option.lineId)),
      changes: changesByOrder.get(row.id) ?? [],
      names,
      ...(row.mergedInto ? { mergedIntoNumber: numbers.get(row.mergedInto) ?? 0 } : {}),
    };
  });
}

export async function presentRows(db: Queryable, rows: OrderRow[], viewer: PolicyActor): Promise<Order[]> {
  const parts = await loadParts(db, rows);
  return parts.map((part) => presentOrder(part, viewer));
}

/**
 * One order for `viewer`: staff read any; a customer only their own (another's is answered as not
 * found, so ids cannot be probed).
 */
export async function getOrder(db: Queryable, viewer: Actor, id: string): Promise<Order> {
  return (await getOrderWithAccessKey(db, viewer, id)).order;
}

/**
 * `getOrder` with the order's secret key (its payment link), read with it: for those who may read the
 * order (use-cases/read-order.ts).
 */
export async function getOrderWithAccessKey(
  db: Queryable,
  viewer: Actor,
  id: string,
): Promise<{ order: Order; accessKey: string }> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  if (!row || !decide(viewer, 'order.read', owned(row)).allowed) throw notFoundOrder();
  const [order] = await presentRows(db, [row], viewer);
  if (!order) throw notFoundOrder();
  return { order, accessKey: row.accessKey };
}

/**
 * One order with its secret key and no viewer's access check, for the payment page
 * (use-cases/online-payment.ts), whose own rule decides who sees it (the order's customer, staff, or
 * whoever holds the key); null when there is no such order. Its `allowedMoves` mean nothing here.
 */
export async function orderWithAccessKey(
  db: Queryable,
  id: string,
): Promise<{ order: Order; accessKey: string } | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  if (!row) return null;
  const [order] = await presentRows(db, [row], SYSTEM);
  return order ? { order, accessKey: row.accessKey } : null;
}

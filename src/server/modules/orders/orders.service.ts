import { randomUUID } from 'node:crypto';
import { and, eq, getTableColumns, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type {
  AllowedMove,
  Order,
  OrderListSummary,
  OrderSource,
  OrderStatusChangeInput,
  OrderSummary,
  OrderType,
} from '../../../shared/contracts/orders';
import { orderNumberLabel, UNSOLD_ORDER_STATUSES } from '../../../shared/contracts/orders';
import { STATIONS } from '../../../shared/menu-catalog';
import {
  findMove,
  movesFrom,
  ORDER_STATUS_LABELS,
  type OrderStatus,
  type PaymentStatus,
  refusedMoveMessage,
  type StatusMove,
} from '../../../shared/order-status';
import { hasStaffAccess } from '../../../shared/roles';
import type { Database } from '../../db/client';
import { PreparedStatement } from '../../db/prepared';
import { type Queryable, type Tx, withTransaction } from '../../db/transaction';
import type { Actor } from '../../lib/context';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { newestFirst, toPage } from '../../lib/pagination';
import { inIds } from '../../lib/resource';
import { keptSessionHoldsSql } from '../../lib/session-fast-path';
import { staleWrite } from '../../lib/versions';
import { authorize, decide, type PolicyActor } from '../../policies';
import { recordAudit } from '../audit';
import { users } from '../auth';
import {
  type ChangeEvent,
  eventRowsCte,
  publishChanges,
  type TopicRule,
  topicList,
  topicVersionSql,
} from '../events';
import { diningTableSql, partnerSql } from '../master-data';
import { settingsCurrencyHeldSql } from '../settings';
import {
  orderIdempotencyKeys,
  orderLineOptions,
  orderLines,
  orderStatusChanges,
  orders,
} from './orders.schema';

/**
 * The orders module (PRODUCT.md section 7): the order records, their status flow and who may move
 * them, reading and listing. Placing an order reads the menu, the tables and the settings, so it is
 * the use case `use-cases/place-order.ts`, which calls `insertOrder` here inside its transaction.
 */

type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderLines.$inferSelect;
type OptionRow = typeof orderLineOptions.$inferSelect;
type ChangeRow = typeof orderStatusChanges.$inferSelect;

/** Statuses an order is still being worked on in (the boards, open tables). */
export const OPEN_STATUSES: readonly OrderStatus[] = [
  'pending',
  'confirmed',
  'preparing',
  'ready',
  'out-for-delivery',
];

/** The column that records when each status was reached. */
const REACHED_AT = {
  confirmed: 'confirmedAt',
  preparing: 'preparingAt',
  ready: 'readyAt',
  'out-for-delivery': 'outForDeliveryAt',
  completed: 'completedAt',
  rejected: 'rejectedAt',
  cancelled: 'cancelledAt',
} as const satisfies Partial<Record<OrderStatus, keyof OrderRow>>;

/** The order as its owner-based rules see it (`order.read`, `order.cancel.pending`). */
function owned(row: Pick<OrderRow, 'customerId'>) {
  return { ownerId: row.customerId };
}

/** Whether `viewer` may make `move` on this order: the move's policy, with the order as its record. */
function mayMove(viewer: PolicyActor, move: StatusMove, row: Pick<OrderRow, 'customerId'>): boolean {
  switch (move.action) {
    case 'order.cancel.pending':
      return decide(viewer, move.action, owned(row)).allowed;
    default:
      return decide(viewer, move.action).allowed;
  }
}

function authorizeMove(viewer: PolicyActor, move: StatusMove, row: Pick<OrderRow, 'customerId'>): void {
  if (move.action === 'order.cancel.pending') authorize(viewer, move.action, owned(row));
  else authorize(viewer, move.action);
}

function orderState(row: Pick<OrderRow, 'status' | 'type' | 'paymentStatus'>) {
  return {
    status: row.status as OrderStatus,
    type: row.type as OrderType,
    paymentStatus: row.paymentStatus as PaymentStatus,
  };
}

/** The moves `viewer` may make now (the status table, then the policies). */
export function allowedMovesFor(viewer: PolicyActor, row: OrderRow): AllowedMove[] {
  return movesFrom(orderState(row))
    .filter((move) => mayMove(viewer, move, row))
    .map((move) => ({ status: move.to, reason: move.reason }));
}

/** Everything an order's answer is built from. */
export interface OrderParts {
  row: OrderRow;
  lines: LineRow[];
  options: OptionRow[];
  changes: ChangeRow[];
  /** Names of the people it mentions, by id. */
  names: Map<string, string>;
}

const iso = (value: Date) => value.toISOString();

/** One order as the API answers it, with the moves `viewer` may make. */
export function presentOrder(parts: OrderParts, viewer: PolicyActor): Order {
  const { row, names } = parts;
  const person = (id: string | null) => (id ? { id, name: names.get(id) ?? 'Former user' } : null);
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
    discountReason: row.discountReason,
    couponCode: row.couponCode,
    serviceCharge: row.serviceCharge,
    tax: row.tax,
    taxInclusive: row.taxInclusive,
    taxPercent: row.taxPercent,
    deliveryFee: row.deliveryFee,
    total: row.total,
    createdBy: person(row.createdBy),
    acceptedBy: person(row.acceptedBy),
    rejectReason: row.rejectReason,
    cancelReason: row.cancelReason,
    timeline: [...parts.changes]
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .map((change) => ({
        status: change.status as OrderStatus,
        at: iso(change.createdAt),
        by: person(change.actorId),
        reason: change.reason,
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
    };
  });
}

async function presentRows(db: Queryable, rows: OrderRow[], viewer: PolicyActor): Promise<Order[]> {
  const parts = await loadParts(db, rows);
  return parts.map((part) => presentOrder(part, viewer));
}

const notFoundOrder = () => notFound('There is no order with this id.');

/** Who may follow the orders module's keyed live topics (installed with the module, services.ts). */
export const ORDER_TOPIC_RULES: Record<string, TopicRule> = {
  // One order, `order:<id>`: staff, and the order's customer.
  order: async ({ actor, key, db }) => {
    if (!actor || !key) return false;
    if (hasStaffAccess(actor.role)) return true;
    const [row] = await db.select({ customerId: orders.customerId }).from(orders).where(eq(orders.id, key));
    return row?.customerId === actor.id;
  },
  // A customer's list of their orders, `my-orders:<userId>`: that user only (staff follow `orders`).
  'my-orders': ({ actor, key }) => actor !== null && key !== undefined && actor.id === key,
};

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

export interface OrderListQuery {
  status?: OrderStatus[];
  type?: OrderType[];
  source?: OrderSource[];
  paymentStatus?: PaymentStatus[];
  from?: Date;
  to?: Date;
  search?: string;
  limit: number;
  cursor?: string;
}

/** Characters that mean "any" to ILIKE, escaped so a search for `50%` finds "50%". */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Orders newest first: staff see every order, a customer only their own (never a list of all).
 * `search` finds an order number (`1042` or `#1042`), a customer's name or phone.
 */
export async function listOrders(db: Queryable, viewer: Actor, query: OrderListQuery) {
  const conditions = listConditions(viewer, query);
  const page = newestFirst(orders, query.cursor);
  const rows = await db
    .select()
    .from(orders)
    .where(and(...conditions, page.where))
    .orderBy(...page.orderBy)
    .limit(query.limit + 1);
  const pageRows = rows.slice(0, query.limit);
  const presented = await presentRows(db, pageRows, viewer);
  const byId = new Map(presented.map((order) => [order.id, order]));
  return toPage(rows, query.limit, (row) => byId.get(row.id) as Order);
}

/**
 * The whole list `listOrders` pages through for `query` (its filters, not its cursor or limit), in one
 * SQL aggregate: how many orders, how many of them cancelled or rejected, and the sum of the other
 * orders' totals per currency (cancelled and rejected orders were never sold, so they add nothing).
 */
export async function orderListSummary(
  db: Queryable,
  viewer: Actor,
  query: Omit<OrderListQuery, 'limit' | 'cursor'>,
): Promise<OrderListSummary> {
  const unsold = inArray(orders.status, [...UNSOLD_ORDER_STATUSES]);
  const rows = await db
    .select({
      currency: orders.currency,
      count: sql<number>`count(*)::int`,
      unsold: sql<number>`(count(*) filter (where ${unsold}))::int`,
      // A sum of bigints is a numeric: sent as text, exact; amounts stay far below 2^53.
      amount: sql<string>`coalesce(sum(${orders.total}) filter (where not ${unsold}), 0)::text`,
    })
    .from(orders)
    .where(and(...listConditions(viewer, query)))
    .groupBy(orders.currency)
    .orderBy(orders.currency);
  return {
    count: rows.reduce((sum, row) => sum + row.count, 0),
    unsold: rows.reduce((sum, row) => sum + row.unsold, 0),
    totals: rows
      .filter((row) => row.count > row.unsold)
      .map((row) => ({ currency: row.currency, amount: Number(row.amount) })),
  };
}

/** The conditions of a list of orders: who may see which, and the filters. */
function listConditions(viewer: Actor, query: Omit<OrderListQuery, 'limit' | 'cursor'>): (SQL | undefined)[] {
  const conditions: (SQL | undefined)[] = [];
  if (!decide(viewer, 'order.list').allowed) conditions.push(eq(orders.customerId, viewer.id));
  if (query.status) conditions.push(inArray(orders.status, query.status));
  if (query.type) conditions.push(inArray(orders.type, query.type));
  if (query.source) conditions.push(inArray(orders.source, query.source));
  if (query.paymentStatus) conditions.push(inArray(orders.paymentStatus, query.paymentStatus));
  if (query.from) conditions.push(sql`${orders.createdAt} >= ${query.from.toISOString()}`);
  if (query.to) conditions.push(sql`${orders.createdAt} < ${query.to.toISOString()}`);
  const search = query.search?.trim();
  if (search) {
    const number = /^#?\s*(\d{1,15})$/.exec(search)?.[1];
    const text = or(
      ilike(orders.customerName, likePattern(search)),
      ilike(orders.customerPhone, likePattern(search)),
    );
    conditions.push(number ? or(eq(orders.number, Number(number)), text) : text);
  }
  return conditions;
}

/** The navigation badge (pending requests) and the tables that have open orders. */
export async function orderSummary(
  db: Queryable,
  ageThresholds: OrderSummary['ageThresholds'],
): Promise<OrderSummary> {
  const result = await db.execute(sql`
    select
      (select count(*)::int from orders where status = 'pending') as pending,
      (select count(*)::int from orders where status in ('confirmed', 'preparing', 'ready', 'out-for-delivery')) as open,
      coalesce((select json_agg(json_build_object('tableId', table_id, 'openOrders', n) order by table_id)
        from (select table_id, count(*)::int as n from orders
              where table_id is not null and status in ('pending', 'confirmed', 'preparing', 'ready', 'out-for-delivery')
              group by table_id) t), '[]'::json) as tables`);
  const row = result.rows[0] as { pending: number; open: number; tables: OrderSummary['tables'] };
  return { pendingRequests: row.pending, openOrders: row.open, tables: row.tables, ageThresholds };
}

// ---------------------------------------------------------------------------------------------------
// Writing

/** A line as the place-order use case has priced it. */
export interface NewOrderLine {
  menuItemId: string;
  name: string;
  unitPrice: number;
  station: string;
  quantity: number;
  note: string;
  lineTotal: number;
  options: { optionId: string; groupName: string; name: string; priceDelta: number }[];
}

/** An order as the place-order use case has checked and priced it. */
export interface NewOrder {
  type: OrderType;
  source: OrderSource;
  status: 'pending' | 'confirmed';
  /** The dining table (its name is copied by the statement that writes the order). */
  tableId: string | null;
  customerId: string | null;
  customerName: string;
  customerPhone: string;
  /**
   * A customer's order that names no phone: the statement that writes it copies the phone number of
   * the customer's account, if they have one (a snapshot, like the name).
   */
  phoneFromAccount?: boolean;
  deliveryAddress: string;
  /** When the guest will collect a takeaway (null: as soon as possible). */
  pickupAt: Date | null;
  /** The partner of a partner's order (its name is copied as the table's is). */
  partnerId: string | null;
  partnerReference: string;
  note: string;
  currency: string;
  subtotal: number;
  discount: number;
  discountReason: string;
  /** The coupon the discount came from (its code, upper case), or null. */
  couponCode: string | null;
  serviceCharge: number;
  tax: number;
  taxInclusive: boolean;
  /** The tax rate it was priced at, in percent. */
  taxPercent: number;
  deliveryFee: number;
  total: number;
  lines: NewOrderLine[];
}

/** The live topics an order's change announces. */
function topicsFor(row: Pick<OrderRow, 'id' | 'customerId'>, requestsChanged: boolean): string[] {
  return [
    'orders',
    ...(requestsChanged ? ['order-requests'] : []),
    // One order's own topic, for its customer's page, and the customer's list of their orders;
    // staff screens follow `orders`.
    ...(row.customerId ? [`order:${row.id}`, `my-orders:${row.customerId}`] : []),
  ];
}

/** The Idempotency-Key an order is placed with: claimed by the statement that writes the order. */
export interface OrderKey {
  actorId: string;
  key: string;
  /** SHA-256 of the request body: the same key with another body is refused. */
  requestHash: string;
}

/** What writing an order gave. */
export interface WrittenOrder {
  /** The order as its creator sees it; null when nothing was written. */
  order: Order | null;
  /**
   * False when what the order relied on (`unchangedSince`: the topics' versions, the table, the
   * partner) had changed: nothing was written, no key was claimed.
   */
  unchanged: boolean;
  /**
   * False when the menu or settings had moved on from `unchangedSince` (what the process keeps is out
   * of date); a table or partner that is missing or archived leaves this true.
   */
  topicsUnchanged: boolean;
  /** False when the kept session of `unchangedSince` no longer holds: nothing was written either. */
  sessionHeld: boolean;
  /** The live events the statement wrote (announced once it is committed). */
  events: ChangeEvent[];
}

/** What an order placed from memory relied on (`insertOrder`'s `unchangedSince`). */
export interface UnchangedSince {
  /** The versions of the live topics it was checked against. */
  menuVersion: number;
  settingsVersion: number;
  /** The kept session its actor came from (auth-guards.ts, `keptForWrite`), if it did. */
  session?: { id: string; userId: string; role: string };
}

const ORDER_WRITE_VALUES = [
  'menuVersion',
  'settingsVersion',
  'sessionId',
  'sessionUserId',
  'sessionRole',
  'key',
  'keyActorId',
  'requestHash',
  'orderId',
  'type',
  'source',
  'status',
  'tableId',
  'customerId',
  'customerName',
  'customerPhone',
  'phoneFromAccount',
  'deliveryAddress',
  'pickupAt',
  'partnerId',
  'partnerReference',
  'note',
  'currency',
  'subtotal',
  'discount',
  'discountReason',
  'couponCode',
  'serviceCharge',
  'tax',
  'taxInclusive',
  'taxPercent',
  'deliveryFee',
  'total',
  'actorId',
  'lines',
  'options',
  'topics',
] as const;

/**
 * The statement that writes an order (see `insertOrder`): one text for every order, so it is
 * prepared once per connection. A null `menuVersion`/`settingsVersion` or `key` skips that part.
 */
const ORDER_WRITE = new PreparedStatement(ORDER_WRITE_VALUES, (v) => {
  const written = sql`exists (select 1 from new_order)`;
  const table = diningTableSql(v.tableId as string);
  const partner = partnerSql(v.partnerId as string);
  return sql`
    with checks as (
      select (${v.menuVersion}::bigint is null or ${topicVersionSql('menu')} = ${v.menuVersion}::bigint)
        and (${v.settingsVersion}::bigint is null or (${topicVersionSql('settings')} = ${v.settingsVersion}::bigint
          and ${settingsCurrencyHeldSql(v.currency as string)})) as topics_unchanged,
        (${v.tableId}::uuid is null or ${table.active})
          and (${v.partnerId}::uuid is null or ${partner.active}) as references_active,
      ${v.sessionId}::uuid is null or ${keptSessionHoldsSql(v.sessionId, v.sessionUserId, v.sessionRole)}
        as signed_in),
    guard as (select topics_unchanged and references_active as unchanged, signed_in from checks),
    claim as (
      insert into ${orderIdempotencyKeys} (actor_id, key, request_hash, order_id)
      select ${v.keyActorId}::uuid, ${v.key}::text, ${v.requestHash}::text, ${v.orderId}::uuid
      from guard where unchanged and signed_in and ${v.key}::text is not null
      on conflict do nothing returning 1),
    claimed as (
      select 1 from claim
      union all select 1 from guard where unchanged and signed_in and ${v.key}::text is null),
    new_order as (
      insert into ${orders} (id, type, source, status, table_id, table_name, customer_id, customer_name,
        customer_phone, delivery_address, pickup_at, partner_id, partner_name, partner_reference, note, currency,
        subtotal, discount, discount_reason, coupon_code, service_charge, tax, tax_inclusive, tax_percent, delivery_fee, total,
        created_by, confirmed_at)
      select ${v.orderId}::uuid, ${v.type}, ${v.source}, ${v.status}, ${v.tableId}::uuid, ${table.name},
        ${v.customerId}::uuid, ${v.customerName},
        case when ${v.phoneFromAccount}::boolean
          then coalesce((select ${users.phoneNumber} from ${users} where ${users.id} = ${v.customerId}::uuid), '')
          else ${v.customerPhone}::text end,
        ${v.deliveryAddress}, ${v.pickupAt}::timestamptz, ${v.partnerId}::uuid, ${partner.name},
        ${v.partnerReference}, ${v.note}, ${v.currency}, ${v.subtotal}, ${v.discount},
        ${v.discountReason}, ${v.couponCode}, ${v.serviceCharge}, ${v.tax}, ${v.taxInclusive}, ${v.taxPercent}::numeric, ${v.deliveryFee},
        ${v.total}, ${v.actorId}::uuid, case when ${v.status}::text = 'confirmed' then clock_timestamp() end
      where exists (select 1 from claimed)
      returning *),
    new_lines as (
      insert into ${orderLines} (id, order_id, position, menu_item_id, name, unit_price, station, quantity, note, line_total)
      select x.id, x."orderId", x.position, x."menuItemId", x.name, x."unitPrice", x.station, x.quantity, x.note, x."lineTotal"
      from jsonb_to_recordset(${v.lines}::jsonb) as x(id uuid, "orderId" uuid, position int,
        "menuItemId" uuid, name text, "unitPrice" bigint, station text, quantity int, note text, "lineTotal" bigint)
      where ${written}
      returning 1),
    new_options as (
      insert into ${orderLineOptions} (id, line_id, position, option_id, group_name, name, price_delta)
      select x.id, x."lineId", x.position, x."optionId", x."groupName", x.name, x."priceDelta"
      from jsonb_to_recordset(${v.options}::jsonb) as x(id uuid, "lineId" uuid, position int,
        "optionId" uuid, "groupName" text, name text, "priceDelta" bigint)
      where ${written}
      returning 1),
    new_change as (
      insert into ${orderStatusChanges} (order_id, status, actor_id)
      select ${v.orderId}::uuid, ${v.status}, ${v.actorId}::uuid
      where ${written}
      returning id, created_at),
    ${eventRowsCte(v.topics as string, written)}
    select (select topics_unchanged from checks) as "topicsUnchanged",
      (select unchanged from guard) as unchanged, (select signed_in from guard) as "signedIn",
      (select row_to_json(o) from new_order o) as "order",
      (select id from new_change) as "changeId", (select created_at from new_change) as "changedAt",
      (select coalesce(json_agg(json_build_object('id', e.id, 'topic', e.topic, 'version', e.version)), '[]')
        from event_rows e) as events,
      (select count(*) from new_lines) + (select count(*) from new_options) as written`;
});

/**
 * Writes a checked, priced order with its lines, options, first status, its Idempotency-Key and its
 * live events in one statement (placing an order pays for every round trip), in the caller's
 * transaction or, given the pool, as a transaction of its own (a prepared statement). The table's
 * and the partner's names are copied by the statement. Answers the order as `creator` sees it, built
 * from what was written (no second read), or no order when `key` was taken already: then nothing was
 * written (a second request with the same key waits here until the first commits; if the first
 * rolled back, the second claims the key itself). Given `unchangedSince`, the statement writes only
 * if, in its own snapshot, the `menu` and `settings` topics are still at those versions and the
 * table and partner still active (`unchanged`), the settings row (taken `for share`, as every money
 * write takes it, so a currency change in progress is waited for) still has the order's currency,
 * and its kept session still holds (`sessionHeld`);
 * otherwise nothing is written: an order checked against what the process keeps in memory
 * (use-cases/sale-context.ts) is written only if none of it has changed.
 */
export async function insertOrder(
  db: Queryable,
  creator: Actor | null,
  order: NewOrder,
  key?: OrderKey,
  unchangedSince?: UnchangedSince,
): Promise<WrittenOrder> {
  const orderId = randomUUID();
  const lines = order.lines.map((line, position) => ({
    id: randomUUID(),
    orderId,
    position,
    menuItemId: line.menuItemId,
    name: line.name,
    unitPrice: line.unitPrice,
    station: line.station,
    quantity: line.quantity,
    note: line.note,
    lineTotal: line.lineTotal,
  }));
  const options = order.lines.flatMap((line, index) =>
    line.options.map((option, position) => ({
      id: randomUUID(),
      lineId: lines[index]?.id as string,
      position,
      optionId: option.optionId,
      groupName: option.groupName,
      name: option.name,
      priceDelta: option.priceDelta,
    })),
  );
  const actorId = creator?.id ?? null;
  const result = await ORDER_WRITE.run(db, {
    menuVersion: unchangedSince?.menuVersion ?? null,
    settingsVersion: unchangedSince?.settingsVersion ?? null,
    sessionId: unchangedSince?.session?.id ?? null,
    sessionUserId: unchangedSince?.session?.userId ?? null,
    sessionRole: unchangedSince?.session?.role ?? null,
    key: key?.key ?? null,
    keyActorId: key?.actorId ?? null,
    requestHash: key?.requestHash ?? null,
    orderId,
    type: order.type,
    source: order.source,
    status: order.status,
    tableId: order.tableId,
    customerId: order.customerId,
    customerName: order.customerName,
    customerPhone: order.customerPhone,
    phoneFromAccount: Boolean(order.phoneFromAccount && order.customerId && !order.customerPhone),
    deliveryAddress: order.deliveryAddress,
    pickupAt: order.pickupAt?.toISOString() ?? null,
    partnerId: order.partnerId,
    partnerReference: order.partnerReference,
    note: order.note,
    currency: order.currency,
    subtotal: order.subtotal,
    discount: order.discount,
    discountReason: order.discountReason,
    couponCode: order.couponCode,
    serviceCharge: order.serviceCharge,
    tax: order.tax,
    taxInclusive: order.taxInclusive,
    taxPercent: order.taxPercent,
    deliveryFee: order.deliveryFee,
    total: order.total,
    actorId,
    lines: JSON.stringify(lines),
    options: JSON.stringify(options),
    topics: topicList(topicsFor({ id: orderId, customerId: order.customerId }, order.status === 'pending')),
  });
  const answer = result.rows[0] as {
    topicsUnchanged: boolean;
    unchanged: boolean;
    signedIn: boolean;
    order: Record<string, unknown> | null;
    changeId: string;
    changedAt: string | Date;
    events: ChangeEvent[];
  };
  if (!answer.order) {
    return {
      order: null,
      unchanged: answer.unchanged,
      topicsUnchanged: answer.topicsUnchanged,
      sessionHeld: answer.signedIn,
      events: [],
    };
  }
  const row = fromJsonRow(orders, answer.order);
  const lineRows: LineRow[] = lines.map((line) => ({ ...line, createdAt: row.createdAt }));
  const optionRows: OptionRow[] = options.map((option) => ({ ...option, createdAt: row.createdAt }));
  const change: ChangeRow = {
    id: answer.changeId,
    orderId,
    status: order.status,
    actorId,
    reason: null,
    createdAt: new Date(answer.changedAt),
  };
  const names = new Map(creator ? [[creator.id, creator.name]] : []);
  if (order.customerId && order.customerId !== creator?.id) {
    const [customer] = await db
      .select({ name: users.name })
      .from(users)
      .where(eq(users.id, order.customerId));
    if (customer) names.set(order.customerId, customer.name);
  }
  const presented = presentOrder(
    { row, lines: lineRows, options: optionRows, changes: [change], names },
    creator ?? SYSTEM,
  );
  return {
    order: presented,
    unchanged: true,
    topicsUnchanged: true,
    sessionHeld: true,
    events: answer.events,
  };
}

/** A row of `table` given as `row_to_json` gives it, as Drizzle gives it (property names, types). */
function fromJsonRow<T extends typeof orders>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [property, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    row[property] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}

/** Whoever acts when nobody does (the demo seed): sees every move an administrator may make. */
const SYSTEM: PolicyActor = { id: '', role: 'admin' };

/**
 * The demo cafe's open orders (the demo seed only): moves a just-made order on to `status` through
 * the statuses before it, as if it had been placed `minutesAgo` minutes ago, so the boards show
 * orders of different ages on first start.
 */
export async function backdateDemoOrder(
  tx: Tx,
  id: string,
  steps: readonly OrderStatus[],
  minutesAgo: number,
): Promise<void> {
  const at = (minutes: number) => sql`clock_timestamp() - make_interval(mins => ${minutes})`;
  const values: Record<string, unknown> = { createdAt: at(minutesAgo) };
  const last = steps.at(-1);
  if (last) values.status = last;
  steps.forEach((step, index) => {
    const column = REACHED_AT[step as keyof typeof REACHED_AT];
    if (column) values[column] = at(Math.max(0, minutesAgo - 2 * (index + 1)));
  });
  await tx
    .update(orders)
    .set(values as Partial<typeof orders.$inferInsert>)
    .where(eq(orders.id, id));
  await tx
    .update(orderStatusChanges)
    .set({ createdAt: at(minutesAgo) })
    .where(eq(orderStatusChanges.orderId, id));
  for (const [index, step] of steps.entries()) {
    if (step === 'confirmed') continue;
    await tx.insert(orderStatusChanges).values({
      orderId: id,
      status: step,
      actorId: null,
      createdAt: at(Math.max(0, minutesAgo - 2 * (index + 1))) as unknown as Date,
    });
  }
}

/** How many of the given orders exist (the demo data card). */
export async function countOrdersIn(db: Queryable, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(inIds(orders.id, [...ids]));
  return row?.count ?? 0;
}

/** Deletes the given orders with their lines (removing the demo data); answers how many went. */
export async function deleteOrders(tx: Tx, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const deleted = await tx
    .delete(orders)
    .where(inIds(orders.id, [...ids]))
    .returning({ id: orders.id });
  if (deleted.length > 0) await publishChanges(tx, ['orders', 'order-requests']);
  return deleted.length;
}

/** Records a manual discount in the audit log (PRODUCT.md section 7: managers, with a reason). */
export async function auditManualDiscount(tx: Tx, actor: Actor, order: Order): Promise<void> {
  await recordAudit(tx, actor, {
    area: 'orders',
    action: 'order.discounted',
    summary: `Gave a discount on order ${orderNumberLabel(order.number)}: ${order.discountReason}`,
    targetType: 'order',
    targetId: order.id,
    after: { discount: order.discount, discountReason: order.discountReason, subtotal: order.subtotal },
  });
}

/**
 * A move of the status table (PRODUCT.md section 7), based on the version the screen showed: the row
 * is locked, an old version is a 409 (`stale`), a move the table does not allow is a 409 that says
 * which are, a move the policies do not allow this viewer is a 403, and a move that needs a reason
 * without one is a 400. Rejections and cancellations go into the audit log.
 */
export async function moveOrder(
  db: Database,
  actor: Actor,
  id: string,
  change: OrderStatusChangeInput,
): Promise<Order> {
  return withTransaction(db, (tx) => moveOrderInTx(tx, actor, id, change));
}

/**
 * What a status move's caller may do once the move is checked and allowed, before it is written, with
 * the order row locked (use-cases/change-order-status.ts refunds a cancelled order's payments here).
 */
export type BeforeMove = (order: OrderForPayment, to: OrderStatus) => Promise<void>;

/** `moveOrder` inside the caller's transaction, with an optional step before the move is written. */
export async function moveOrderInTx(
  tx: Tx,
  actor: Actor,
  id: string,
  change: OrderStatusChangeInput,
  beforeMove?: BeforeMove,
): Promise<Order> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  // A customer learns nothing about someone else's order, not even that it exists.
  if (!row || (!hasStaffAccess(actor.role) && row.customerId !== actor.id)) throw notFoundOrder();
  const label = orderNumberLabel(row.number);
  if (row.version !== change.version) throw staleWrite(`order ${label}`, row.version);
  const to = change.status as OrderStatus;
  const move = findMove(orderState(row), to);
  if (!move) {
    throw conflictMove(refusedMoveMessage(orderState(row), to), allowedMovesFor(actor, row));
  }
  if (to === 'cancelled' && !hasStaffAccess(actor.role) && move.action !== 'order.cancel.pending') {
    // A customer's own order that staff have accepted: not a matter of permission but of its status.
    throw conflictMove(
      `Order ${label} is ${ORDER_STATUS_LABELS[orderState(row).status].toLowerCase()}: only a pending ` +
        'order can be cancelled. Please ask the staff.',
      allowedMovesFor(actor, row),
    );
  }
  authorizeMove(actor, move, row);
  const reason = change.reason?.trim() || null;
  if (move.reason === 'required' && !reason) {
    const message = `say why the order is ${ORDER_STATUS_LABELS[to].toLowerCase()}`;
    throw badRequest(`Invalid body: reason: ${message}`, { issues: [{ path: 'reason', message }] });
  }
  if (beforeMove) {
    await beforeMove(
      {
        id: row.id,
        number: row.number,
        status: row.status as OrderStatus,
        paymentStatus: row.paymentStatus as PaymentStatus,
        total: row.total,
        currency: row.currency.trim(),
        customerId: row.customerId,
        version: row.version,
      },
      to,
    );
  }
  const values: Partial<typeof orders.$inferInsert> = {
    status: to,
    [REACHED_AT[to as keyof typeof REACHED_AT]]: sql`clock_timestamp()`,
  };
  if (row.status === 'pending' && to === 'confirmed') values.acceptedBy = actor.id;
  if (to === 'rejected') values.rejectReason = reason;
  if (to === 'cancelled') values.cancelReason = reason;
  const [updated] = await tx.update(orders).set(values).where(eq(orders.id, id)).returning();
  if (!updated) throw notFoundOrder();
  await tx.insert(orderStatusChanges).values({ orderId: id, status: to, actorId: actor.id, reason });
  if (to === 'rejected' || to === 'cancelled') {
    await recordAudit(tx, actor, {
      area: 'orders',
      action: to === 'rejected' ? 'order.rejected' : 'order.cancelled',
      summary: `${to === 'rejected' ? 'Rejected' : 'Cancelled'} order ${label}${reason ? `: ${reason}` : ''}`,
      targetType: 'order',
      targetId: id,
      before: { status: row.status },
      after: { status: to, reason },
    });
  }
  await publishChanges(tx, topicsFor(updated, row.status === 'pending'));
  const [order] = await presentRows(tx, [updated], actor);
  if (!order) throw notFoundOrder();
  return order;
}

// ---------------------------------------------------------------------------------------------------
// Payments (issue 13): the use cases of use-cases/record-payment.ts and refund-payment.ts lock the
// order while they check and write its money, and write its payment status back here.

/** What taking or refunding a payment reads of an order, with its row locked. */
export interface OrderForPayment {
  id: string;
  number: number;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  total: number;
  currency: string;
  customerId: string | null;
  version: number;
}

/**
 * The order `id` locked `for update` in the caller's transaction (null when there is none): every
 * writer of an order's payments takes this lock first, so two devices taking payment at once are
 * checked one after the other against what the other wrote, and lock order is always order → payment.
 */
export async function lockOrderForPayment(tx: Tx, id: string): Promise<OrderForPayment | null> {
  const [row] = await tx
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      total: orders.total,
      currency: orders.currency,
      customerId: orders.customerId,
      version: orders.version,
    })
    .from(orders)
    .where(eq(orders.id, id))
    .for('update');
  if (!row) return null;
  return {
    ...row,
    status: row.status as OrderStatus,
    paymentStatus: row.paymentStatus as PaymentStatus,
    currency: row.currency.trim(),
  };
}

/**
 * Writes the payment status the order's payments and refunds give (the order's version goes up) and
 * announces the change on the order's topics, as a status change does; inside the caller's
 * transaction, with the order locked by `lockOrderForPayment`. Answers the new version.
 */
export async function setPaymentStatus(tx: Tx, id: string, paymentStatus: PaymentStatus): Promise<number> {
  const [updated] = await tx
    .update(orders)
    .set({ paymentStatus })
    .where(eq(orders.id, id))
    .returning({ id: orders.id, customerId: orders.customerId, version: orders.version });
  if (!updated) throw notFoundOrder();
  await publishChanges(tx, topicsFor(updated, false));
  return updated.version;
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

// ---------------------------------------------------------------------------------------------------
// Outlines for customer feedback (issue 14): what the feedback page and Customer Feedback show of an
// order, without prices, payments or the status history.

/** An order as customer feedback shows it: its number, type, table, lines and when it moved on. */
export interface OrderOutline {
  id: string;
  number: number;
  type: OrderType;
  status: OrderStatus;
  tableName: string | null;
  /** The customer's account (null: a guest at the counter). */
  customerId: string | null;
  customerName: string;
  lines: { name: string; quantity: number; options: string[] }[];
  placedAt: Date;
  confirmedAt: Date | null;
  readyAt: Date | null;
  completedAt: Date | null;
}

const OUTLINE_COLUMNS = {
  id: orders.id,
  number: orders.number,
  type: orders.type,
  status: orders.status,
  tableName: orders.tableName,
  customerId: orders.customerId,
  customerName: orders.customerName,
  placedAt: orders.createdAt,
  confirmedAt: orders.confirmedAt,
  readyAt: orders.readyAt,
  completedAt: orders.completedAt,
};

type OutlineRow = Omit<OrderOutline, 'lines' | 'type' | 'status'> & { type: string; status: string };

/** The outlines of the given orders (those that exist), by id: three queries whatever their number. */
export async function orderOutlines(
  db: Queryable,
  ids: readonly string[],
): Promise<Map<string, OrderOutline>> {
  const outlines = new Map<string, OrderOutline>();
  if (ids.length === 0) return outlines;
  const rows = await db
    .select(OUTLINE_COLUMNS)
    .from(orders)
    .where(inIds(orders.id, [...new Set(ids)]));
  for (const outline of await outlinesOf(db, rows)) outlines.set(outline.id, outline);
  return outlines;
}

/**
 * One order's outline with its secret key and no viewer's check, for the feedback page
 * (use-cases/leave-feedback.ts), whose own rule decides who may see it (the order's customer, staff or
 * whoever holds the key); null when there is no such order.
 */
export async function orderOutlineWithAccessKey(
  db: Queryable,
  id: string,
): Promise<{ outline: OrderOutline; accessKey: string } | null> {
  const [row] = await db
    .select({ ...OUTLINE_COLUMNS, accessKey: orders.accessKey })
    .from(orders)
    .where(eq(orders.id, id));
  if (!row) return null;
  const [outline] = await outlinesOf(db, [row]);
  return outline ? { outline, accessKey: row.accessKey } : null;
}

async function outlinesOf(db: Queryable, rows: OutlineRow[]): Promise<OrderOutline[]> {
  if (rows.length === 0) return [];
  const lines = await db
    .select({
      id: orderLines.id,
      orderId: orderLines.orderId,
      position: orderLines.position,
      name: orderLines.name,
      quantity: orderLines.quantity,
    })
    .from(orderLines)
    .where(
      inIds(
        orderLines.orderId,
        rows.map((row) => row.id),
      ),
    );
  const options = lines.length
    ? await db
        .select({
          lineId: orderLineOptions.lineId,
          position: orderLineOptions.position,
          name: orderLineOptions.name,
        })
        .from(orderLineOptions)
        .where(
          inIds(
            orderLineOptions.lineId,
            lines.map((line) => line.id),
          ),
        )
    : [];
  const optionsByLine = new Map<string, { position: number; name: string }[]>();
  for (const option of options) {
    optionsByLine.set(option.lineId, [...(optionsByLine.get(option.lineId) ?? []), option]);
  }
  const linesByOrder = new Map<string, typeof lines>();
  for (const line of lines) linesByOrder.set(line.orderId, [...(linesByOrder.get(line.orderId) ?? []), line]);
  return rows.map((row) => ({
    id: row.id,
    number: row.number,
    type: row.type as OrderType,
    status: row.status as OrderStatus,
    tableName: row.tableName,
    customerId: row.customerId,
    customerName: row.customerName,
    lines: (linesByOrder.get(row.id) ?? [])
      .sort((a, b) => a.position - b.position)
      .map((line) => ({
        name: line.name,
        quantity: line.quantity,
        options: (optionsByLine.get(line.id) ?? [])
          .sort((a, b) => a.position - b.position)
          .map((option) => option.name),
      })),
    placedAt: row.placedAt,
    confirmedAt: row.confirmedAt,
    readyAt: row.readyAt,
    completedAt: row.completedAt,
  }));
}

/** 409 for a move the table does not allow; `details.allowed`: the moves this viewer may make instead. */
function conflictMove(message: string, allowed: AllowedMove[]) {
  return conflict(message, { reason: 'not-allowed', allowed });
}

// ---------------------------------------------------------------------------------------------------
// Idempotency keys

/** What an Idempotency-Key was used for: the body's hash and the order it made. */
export interface UsedKey {
  requestHash: string;
  orderId: string | null;
}

/** The caller's use of `key`, or null when the key is new (or its order was removed). */
export async function findIdempotencyKey(
  db: Queryable,
  actorId: string,
  key: string,
): Promise<UsedKey | null> {
  const [used] = await db
    .select({ requestHash: orderIdempotencyKeys.requestHash, orderId: orderIdempotencyKeys.orderId })
    .from(orderIdempotencyKeys)
    .where(and(eq(orderIdempotencyKeys.actorId, actorId), eq(orderIdempotencyKeys.key, key)));
  return used ?? null;
}

/** How long keys are kept: at least a day (issue 11). */
export const IDEMPOTENCY_KEY_HOURS = 24;

/** Deletes keys older than the retention; returns how many. */
export async function pruneIdempotencyKeys(db: Queryable): Promise<number> {
  const result = await db
    .delete(orderIdempotencyKeys)
    .where(sql`${orderIdempotencyKeys.createdAt} < now() - make_interval(hours => ${IDEMPOTENCY_KEY_HOURS})`);
  return result.rowCount ?? 0;
}

/** How many of `customerId`'s order requests wait for the restaurant to accept them. */
export async function pendingRequestCount(db: Queryable, customerId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.customerId, customerId), eq(orders.status, 'pending')));
  return row?.n ?? 0;
}

import { randomUUID } from 'node:crypto';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { Order, OrderSource, OrderType } from '../../../shared/contracts/orders';
import { orderNumberLabel } from '../../../shared/contracts/orders';
import { PreparedStatement } from '../../db/prepared';
import type { Queryable, Tx } from '../../db/transaction';
import type { Actor } from '../../lib/context';
import { keptSessionHoldsSql } from '../../lib/session-fast-path';
import { recordAudit } from '../audit';
import { users } from '../auth';
import { type ChangeEvent, eventRowsCte, topicList, topicVersionSql } from '../events';
import { diningTableSql, partnerSql } from '../master-data';
import { settingsCurrencyHeldSql } from '../settings';
import type { OrderKey } from './order-idempotency';
import { presentOrder } from './order-present';
import { type ChangeRow, type LineRow, type OptionRow, SYSTEM, topicsFor } from './order-rules';
import {
  orderIdempotencyKeys,
  orderLineOptions,
  orderLines,
  orderStatusChanges,
  orders,
} from './orders.schema';

/**
 * Writing an order. Placing one reads the menu, the tables and the settings, so it is the use case
 * `use-cases/place-order.ts`, which checks and prices the order and calls `insertOrder` here inside
 * its transaction.
 */

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
      insert into ${orderLines} (id, order_id, position, menu_item_id, name, unit_price, station, quantity, note, line_total, created_at)
      select x.id, x."orderId", x.position, x."menuItemId", x.name, x."unitPrice", x.station, x.quantity, x.note, x."lineTotal",
        (select created_at from new_order)
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
  const lineRows: LineRow[] = lines.map((line) => ({
    ...line,
    round: 1,
    voidKind: null,
    voidReason: null,
    voidedBy: null,
    voidedAt: null,
    createdAt: row.createdAt,
  }));
  const optionRows: OptionRow[] = options.map((option) => ({ ...option, createdAt: row.createdAt }));
  const change: ChangeRow = {
    id: answer.changeId,
    orderId,
    status: order.status,
    kind: 'status',
    actorId,
    reason: null,
    detail: null,
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

/** Records a manual discount in the audit log (a manager's, policy `order.discount.manual`, with its reason). */
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

import { createHash } from 'node:crypto';
import { STAFF_ROLES } from '../../shared/contracts/admin-users';
import type { ModifierGroup } from '../../shared/contracts/menu';
import {
  archivedTableMessage,
  MAX_LINE_QUANTITY,
  type ManualDiscount,
  type Order,
  type OrderInput,
  unknownTableMessage,
} from '../../shared/contracts/orders';
import { type CouponChannel, normalizeCouponCode } from '../../shared/coupon-rules';
import { formatMoney } from '../../shared/money';
import { closedNowMessage } from '../../shared/next-opening';
import { isOpenAt, restaurantClock } from '../../shared/opening-hours';
import {
  ORDER_REQUEST_TITLE,
  ORDER_REQUESTS_COUNTED,
  ORDER_REQUESTS_TITLE,
  requestToastBody,
} from '../../shared/order-notices';
import { pickupTimeProblem } from '../../shared/pickup-times';
import { type PricingDiscount, percentToHundredths, priceOrder } from '../../shared/pricing';
import { hasStaffAccess } from '../../shared/roles';
import { CUSTOMER_ORDER_WINDOW_SECONDS, type CustomerOrderLimits } from '../config';
import type { Database } from '../db/client';
import { type Tx, withTransaction } from '../db/transaction';
import type { Actor } from '../lib/context';
import { AppError, badRequest, conflict, forbidden, notFound } from '../lib/errors';
import { type AppliedCoupon, applyCoupon, couponCustomerKey, recordCouponUse } from '../modules/coupons';
import type { ChangeEvent } from '../modules/events';
import { findDiningTable, findDiningTableByName, findPartner } from '../modules/master-data';
import { menuItemsForSale, type SellableItem } from '../modules/menu';
import { notify } from '../modules/notifications';
import {
  auditManualDiscount,
  findIdempotencyKey,
  getOrder,
  insertOrder,
  type NewOrder,
  type NewOrderLine,
  type OrderKey,
  pendingRequestCount,
  pruneIdempotencyKeys,
} from '../modules/orders';
import { countAttempt, enforceRateLimit, RATE_LIMITS, refuseWhenExhausted } from '../modules/security';
import { type OrderingSettings, orderingSettings } from '../modules/settings';
import { authorize } from '../policies';
import { forgetSaleContext, saleContext, type TopicVersions } from './sale-context';

/**
 * Placing an order (docs/PRODUCT-RULES.md, Orders): staff take a confirmed order at the point of
 * sale (or a partner's order), a customer places a pending order request. Everything that decides
 * what the order costs comes from the server: the menu (prices, options, availability), the table,
 * the partner and the settings (tax, service charge, delivery fee), read inside one transaction with
 * the order's writes, and priced by the shared `priceOrder` the point of sale shows its totals with.
 *
 * The `Idempotency-Key` makes a retry safe: the key is claimed by the statement that writes the order,
 * so of two requests with one key the second waits for the first and answers the order it made; the
 * same key with another body is refused. A retry is answered its order even when the menu has changed
 * since (an item sold out meanwhile): a refusal looks for the key before it is sent.
 *
 * A `couponCode` is checked with the coupon's row locked in the order's transaction
 * (`applyCoupon`), so orders using the last uses at once are counted one after the other; its
 * discount enters `priceOrder`, and the use is recorded only when the order is newly written (a
 * replay used it already). An order takes a coupon or a manual discount, not both.
 */

export interface PlacedOrder {
  order: Order;
  /** True when the key had made this order already (a retry): nothing new was written. */
  replayed: boolean;
  /**
   * The live events of an order written by a statement of its own (placed from memory): the route
   * hands them to the hub after the answer's commit, so nothing needs to read them back.
   */
  events?: ChangeEvent[];
}

/** An `Idempotency-Key`: 1 to 255 visible ASCII characters (a UUID per attempt is what clients send). */
export const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

const issue = (path: string, message: string) =>
  badRequest(`Invalid body: ${path}: ${message}`, {
    issues: [{ path, message }],
  });

/** Rules about the order as a whole that the schema cannot say (which fields go with which type). */
function checkShape(input: OrderInput, isStaff: boolean): void {
  if (input.type === 'dine-in' && !input.tableId && !input.tableName)
    throw issue('tableId', 'choose the table of a dine-in order');
  if (input.tableId && input.tableName) throw issue('tableName', 'send the table’s id or its name, not both');
  if (input.type !== 'dine-in' && input.tableId) throw issue('tableId', 'only a dine-in order has a table');
  if (input.type !== 'dine-in' && input.tableName)
    throw issue('tableName', 'only a dine-in order has a table');
  if (input.type !== 'takeaway' && input.pickupAt) {
    throw issue('pickupAt', 'only a takeaway order has a pickup time');
  }
  if (input.type === 'delivery' && !input.deliveryAddress?.trim()) {
    throw issue('deliveryAddress', 'enter the delivery address');
  }
  if (input.type !== 'delivery' && input.deliveryAddress?.trim()) {
    throw issue('deliveryAddress', 'only a delivery order has a delivery address');
  }
  if (input.partnerReference?.trim() && !input.partnerId) {
    throw issue('partnerReference', 'a partner reference needs the partner (partnerId)');
  }
  if (!isStaff && input.partnerId) throw forbidden('Only staff can enter a partner’s order.');
  if (input.couponCode !== undefined && input.discount) {
    throw badRequest('Invalid body: couponCode: an order takes a coupon or a manual discount, not both', {
      issues: [{ path: 'couponCode', message: 'an order takes a coupon or a manual discount, not both' }],
      reason: 'coupon-with-manual-discount',
    });
  }
}

/** The manual discount as the pricing function takes it; percentages have at most two decimals. */
function pricingDiscount(discount: ManualDiscount | undefined): PricingDiscount | null {
  if (!discount) return null;
  if (discount.kind === 'percent') {
    if (discount.value > 100) throw issue('discount.value', 'a percentage must be at most 100');
    try {
      percentToHundredths(discount.value);
    } catch {
      throw issue('discount.value', 'a percentage has at most two decimals, such as 12.5');
    }
    return { kind: 'percent', percent: discount.value };
  }
  if (!Number.isInteger(discount.value)) {
    throw issue('discount.value', 'an amount is a whole number of minor units (cents), such as 250 for 2.50');
  }
  return { kind: 'amount', amount: discount.value };
}

/** Checks one line against the menu and builds what the order keeps of it (its total is priced later). */
export function checkLine(
  line: OrderInput['lines'][number],
  index: number,
  item: SellableItem | undefined,
  online: boolean,
): NewOrderLine {
  const path = `lines.${index}`;
  if (!item) throw notFound(`${path}.menuItemId: there is no menu item with this id.`);
  const named = `“${item.name}”`;
  if (!item.onMenu) throw conflict(`${named} is no longer on the menu.`, { path: `${path}.menuItemId` });
  if (!item.availableToday) throw conflict(`${named} is sold out today.`, { path: `${path}.menuItemId` });
  if (online && !item.shownOnline) {
    throw conflict(`${named} cannot be ordered online.`, { path: `${path}.menuItemId` });
  }
  if (line.quantity < 1 || line.quantity > MAX_LINE_QUANTITY) {
    throw issue(`${path}.quantity`, `${named}: the quantity must be from 1 to ${MAX_LINE_QUANTITY}`);
  }
  const chosen = new Set(line.optionIds ?? []);
  const options: NewOrderLine['options'] = [];
  const known = new Set<string>();
  for (const group of item.modifierGroups) {
    const picked = group.options.filter((option) => chosen.has(option.id));
    for (const option of group.options) known.add(option.id);
    checkChoices(named, group, picked.length, `${path}.optionIds`);
    for (const option of picked) {
      options.push({
        optionId: option.id,
        groupName: group.name,
        name: option.name,
        priceDelta: option.priceDelta,
      });
    }
  }
  const unknown = [...chosen].find((id) => !known.has(id));
  if (unknown) throw issue(`${path}.optionIds`, `${named} has no option with the id ${unknown}`);
  return {
    menuItemId: item.id,
    name: item.name,
    unitPrice: item.price,
    station: item.station,
    quantity: line.quantity,
    note: line.note?.trim() ?? '',
    lineTotal: 0,
    options,
  };
}

function checkChoices(named: string, group: ModifierGroup, count: number, path: string): void {
  if (count < group.minChoices) {
    throw issue(path, `${named}: choose at least ${group.minChoices} of “${group.name}”`);
  }
  if (count > group.maxChoices) {
    throw issue(path, `${named}: choose at most ${group.maxChoices} of “${group.name}”`);
  }
}

let lastPrune = 0;
const PRUNE_EVERY_MS = 10 * 60_000;

/**
 * How the route read its actor: from the session this process keeps (auth-guards.ts, `keptForWrite`).
 * An order placed from memory then checks that session in its statement; anything else first reads
 * the actor from the rows (`reload`).
 */
export interface KeptActor {
  reload(): Promise<Actor>;
}

export interface PlaceOptions {
  /** The request's Idempotency-Key. */
  key: string;
  /** What one customer may send (the process's configuration). */
  limits: CustomerOrderLimits;
  /** New requests within this many seconds of an unread one are folded into it (0: never). */
  foldSeconds: number;
  /** The process's topic versions: given, a plain point-of-sale order may be placed from memory. */
  live?: TopicVersions;
  /** Given when the actor came from the session this process keeps. */
  kept?: KeptActor;
}

/**
 * Places an order for `actor` (see the module comment). Given the process's topic versions (`live`),
 * a plain point-of-sale order (staff, no coupon, no manual discount, its table by id) is first placed
 * from memory (`placeFromMemory`), in one statement; every other order, and one that could not be
 * placed so, is placed the ordinary way.
 */
export async function placeOrder(
  db: Database,
  actor: Actor,
  input: OrderInput,
  { key, limits, foldSeconds, live, kept }: PlaceOptions,
): Promise<PlacedOrder> {
  const requestHash = createHash('sha256').update(JSON.stringify(input)).digest('base64url');
  const plain =
    hasStaffAccess(actor.role) && !input.discount && input.couponCode === undefined && !input.tableName;
  const placed =
    (live && plain
      ? await placeFromMemory(
          db,
          actor,
          input,
          { actorId: actor.id, key, requestHash },
          live,
          kept !== undefined,
        )
      : null) ??
    (await placeOrdinarily(db, kept ? await kept.reload() : actor, input, {
      key,
      requestHash,
      limits,
      foldSeconds,
    }));

  if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
    lastPrune = Date.now();
    // Housekeeping after the answer's work: keys older than a day are no longer needed.
    void pruneIdempotencyKeys(db).catch(() => {
      lastPrune = 0;
    });
  }
  return placed;
}

/** The ordinary way: one transaction that reads the rows, checks, prices and writes. */
async function placeOrdinarily(
  db: Database,
  actor: Actor,
  input: OrderInput,
  attempt: Attempt,
): Promise<PlacedOrder> {
  const isStaff = hasStaffAccess(actor.role);
  authorize(actor, isStaff ? 'order.create' : 'order.place');
  if (input.discount) authorize(actor, 'order.discount.manual');
  checkShape(input, isStaff);
  const discount = pricingDiscount(input.discount);
  // Coupon codes refused on orders count with the code checks of the same person, so a code cannot be
  // guessed through orders instead.
  if (input.couponCode !== undefined) await refuseWhenExhausted(db, RATE_LIMITS.couponCheckPerUser, actor.id);
  try {
    return await placeInTransaction(db, actor, input, attempt, discount);
  } catch (error) {
    if (
      error instanceof AppError &&
      (error.details as { path?: unknown } | undefined)?.path === 'couponCode'
    ) {
      await countAttempt(db, RATE_LIMITS.couponCheckPerUser, actor.id);
    }
    throw error;
  }
}

/** One request to place an order: its key, the hash of its body, and the process's settings. */
interface Attempt {
  key: string;
  requestHash: string;
  limits: CustomerOrderLimits;
  foldSeconds: number;
}

async function placeInTransaction(
  db: Database,
  actor: Actor,
  input: OrderInput,
  { key, requestHash, limits, foldSeconds }: Attempt,
  discount: PricingDiscount | null,
): Promise<PlacedOrder> {
  const isStaff = hasStaffAccess(actor.role);
  return withTransaction(db, async (tx): Promise<PlacedOrder> => {
    let checked: CheckedOrder;
    try {
      checked = await checkAndPrice(tx, actor, input, {
        online: !isStaff,
        discount,
        ...(isStaff ? {} : { now: new Date() }),
      });
    } catch (error) {
      const replay = error instanceof AppError ? await replayOf(tx, actor, key, requestHash) : null;
      if (replay) return replay;
      throw error;
    }
    const { order } = await insertOrder(tx, actor, checked, { actorId: actor.id, key, requestHash });
    if (!order) {
      // The key was taken (by a request that committed meanwhile, if it was not before).
      const replay = await replayOf(tx, actor, key, requestHash);
      if (!replay) throw new Error('an Idempotency-Key was taken but is not found');
      return replay;
    }
    if (!isStaff) await limitRequests(tx, actor, limits);
    if (input.discount) await auditManualDiscount(tx, actor, order);
    if (checked.coupon) await recordCouponUse(tx, checked.coupon, order.id, order.discount);
    if (order.status === 'pending') await tellStaffOfRequest(tx, order, foldSeconds);
    return { order, replayed: false };
  });
}

/**
 * A customer's new order request, just written in `tx`, is kept only within the customer's limits:
 * `requestsPerWindow` requests in `CUSTOMER_ORDER_WINDOW_SECONDS` (429), and at most `pending`
 * waiting to be accepted, this one included (409). The counter's row stays locked until `tx` ends, so
 * one customer's requests are counted one after the other and the pending count sees the ones before.
 * A refused request rolls back with its count: nothing is written, nobody is told.
 */
async function limitRequests(tx: Tx, actor: Actor, limits: CustomerOrderLimits): Promise<void> {
  await enforceRateLimit(
    tx,
    {
      name: 'order-request:customer',
      limit: limits.requestsPerWindow,
      windowSeconds: CUSTOMER_ORDER_WINDOW_SECONDS,
    },
    actor.id,
    'You have sent many orders in a short time.',
  );
  if ((await pendingRequestCount(tx, actor.id)) > limits.pending) {
    const waiting = limits.pending === 1 ? 'an order' : `${limits.pending} orders`;
    throw conflict(
      `You already have ${waiting} waiting for the restaurant to accept ${limits.pending === 1 ? 'it' : 'them'}. Please wait until one is accepted before you send another.`,
      { reason: 'too-many-pending', limit: limits.pending },
    );
  }
}

/**
 * A point-of-sale order placed from memory: checked and priced against the settings and menu the
 * process keeps (`saleContext`), then written by one statement on its own, no transaction around it,
 * with the precondition that the `menu` and `settings` topics are still at the context's versions and
 * the table and partner still active, all in that statement's snapshot. So it costs one round trip
 * where the ordinary way costs five, and it is as correct: the order is priced from exactly the rows
 * it would have read, and a change committed after its snapshot comes after the order. When the
 * actor came from the session this process keeps (`sessionKept`), the statement also checks that the
 * session still gives that actor (`keptSessionHoldsSql`), so the order is never written on a stale
 * session, and the request needs no read of its session before.
 *
 * Null sends the order the ordinary way, which reads the rows (and the actor, if it was kept) and
 * gives every answer but the plain success: a refusal (it is answered from the rows, after looking for
 * the key's order), a context out of date (dropped, so the next order reads a new one), a session no
 * longer as kept, or a key taken already (a retry: the ordinary way answers its order, or the 409 for
 * another body).
 */
async function placeFromMemory(
  db: Database,
  actor: Actor,
  input: OrderInput,
  key: OrderKey,
  live: TopicVersions,
  sessionKept: boolean,
): Promise<PlacedOrder | null> {
  const context = await saleContext(db, live);
  let checked: CheckedOrder;
  try {
    authorize(actor, 'order.create');
    checkShape(input, true);
    const { lines, pickupAt } = checkAgainstMenu(input, context.settings, context.items, { online: false });
    checked = priceChecked(actor, input, context.settings, lines, {
      online: false,
      pickupAt,
      tableId: input.tableId ?? null,
      partnerId: input.partnerId ?? null,
      discount: null,
      coupon: null,
    });
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
  const written = await insertOrder(db, actor, checked, key, {
    menuVersion: context.menuVersion,
    settingsVersion: context.settingsVersion,
    ...(sessionKept ? { session: { id: actor.sessionId, userId: actor.id, role: actor.role } } : {}),
  });
  // A table or partner that is missing or archived is the order's fault, not the context's.
  if (!written.topicsUnchanged) forgetSaleContext(db, context);
  if (!written.order) return null;
  return { order: written.order, replayed: false, events: written.events };
}

/**
 * A customer's new order request: everyone on the staff side hears of it (the bell, Web Push) in the
 * words of the requests page, "New order request" and "#1043 · Takeaway · 2 items", and opens the
 * order's page. Requests that follow an unread one within `foldSeconds` (a minute unless configured)
 * are folded into it ("3 new order requests", opening the requests page), so a burst is one entry and
 * one push. A replay of its key tells nobody again (it is not new).
 */
async function tellStaffOfRequest(tx: Tx, order: Order, foldSeconds: number): Promise<void> {
  await notify(
    tx,
    { roles: STAFF_ROLES },
    {
      kind: 'order-request',
      title: ORDER_REQUEST_TITLE,
      body: requestToastBody(order),
      orderId: order.id,
      link: `/orders/${order.id}`,
      fold: {
        withinSeconds: foldSeconds,
        title: ORDER_REQUESTS_TITLE,
        counted: ORDER_REQUESTS_COUNTED,
        link: '/orders/requests',
      },
    },
  );
}

/** The order `key` made for `actor` (a retry), or null for a new key; 409 if it was used for another body. */
async function replayOf(tx: Tx, actor: Actor, key: string, requestHash: string): Promise<PlacedOrder | null> {
  const used = await findIdempotencyKey(tx, actor.id, key);
  if (!used) return null;
  if (used.requestHash !== requestHash || !used.orderId) {
    throw conflict('This Idempotency-Key was used for a different order. Send a new key for a new order.', {
      reason: 'idempotency-key-reused',
    });
  }
  return { order: await getOrder(tx, actor, used.orderId), replayed: true };
}

/** An order as `insertOrder` writes it, with the coupon it uses (recorded once it is written). */
export interface CheckedOrder extends NewOrder {
  coupon: AppliedCoupon | null;
}

/**
 * Checks an order against the menu, tables, partners, coupons and settings and prices it: the order
 * as it will be written (`insertOrder`). `actor` is who places it (null: the demo seed); `online` is a
 * customer's order request, otherwise a point-of-sale order. `now` is the moment a customer places
 * it: then the restaurant must be open by its opening hours, unless it is a takeaway ordered ahead,
 * and a pickup time is checked against them (`pickupTimeProblem`; the demo seed's order requests give
 * no `now`, so they are made at any hour).
 */
export async function checkAndPrice(
  tx: Tx,
  actor: Actor | null,
  input: OrderInput,
  { online, discount = null, now }: { online: boolean; discount?: PricingDiscount | null; now?: Date },
): Promise<CheckedOrder> {
  const settings = await orderingSettings(tx);
  const items = await menuItemsForSale(
    tx,
    input.lines.map((line) => line.menuItemId),
  );
  const { lines, pickupAt } = checkAgainstMenu(input, settings, items, { online, now });

  let tableId: string | null = null;
  if (input.tableId) {
    const found = await findDiningTable(tx, input.tableId);
    if (!found) throw notFound('tableId: there is no table with this id.');
    if (!found.active) throw conflict(`Table “${found.name}” is archived: choose another table.`);
    tableId = found.id;
  } else if (input.tableName) {
    // A guest's QR link names the table (`/?table=T5`).
    const found = await findDiningTableByName(tx, input.tableName);
    if (!found) throw issue('tableName', unknownTableMessage(input.tableName));
    if (!found.active) {
      throw conflict(archivedTableMessage(found.name), { path: 'tableName', reason: 'table-archived' });
    }
    tableId = found.id;
  }
  let partnerId: string | null = null;
  if (input.partnerId) {
    const found = await findPartner(tx, input.partnerId);
    if (!found) throw notFound('partnerId: there is no partner with this id.');
    if (!found.active) throw conflict(`Partner “${found.name}” is archived: choose another partner.`);
    partnerId = found.id;
  }

  let coupon: AppliedCoupon | null = null;
  if (input.couponCode !== undefined) {
    const channel: CouponChannel = online ? 'online' : 'pos';
    coupon = await applyCoupon(tx, {
      code: input.couponCode,
      channel,
      // The minimum is about what was ordered, before any discount.
      subtotal: priceOrder({ ...pricingSettings(settings, input.type), lines: pricedLines(lines) }).subtotal,
      customerKey: couponCustomerKey(channel, actor?.id ?? null, input.customerPhone),
      timeZone: settings.timeZone,
      currency: settings.currency,
      now: now ?? new Date(),
      path: 'couponCode',
    });
  }
  return priceChecked(actor, input, settings, lines, {
    online,
    pickupAt,
    tableId,
    partnerId,
    discount: coupon ? coupon.discount : discount,
    coupon,
  });
}

/**
 * The checks that need only the settings and the named items (both read in the order's transaction,
 * or kept in memory for a point-of-sale order): online ordering and the opening hours for a
 * customer, and each line against the menu.
 */
function checkAgainstMenu(
  input: OrderInput,
  settings: OrderingSettings,
  items: ReadonlyMap<string, SellableItem>,
  { online, now }: { online: boolean; now?: Date | undefined },
): { lines: NewOrderLine[]; pickupAt: Date | null } {
  if (online && !settings.onlineOrdering) {
    throw conflict('Online ordering is turned off at the moment. Please order at the counter.', {
      reason: 'ordering-off',
    });
  }
  const pickupAt = input.pickupAt ? new Date(input.pickupAt) : null;
  if (online && now) {
    const clock = restaurantClock(settings.timeZone, now);
    // While closed, only a takeaway ordered ahead is taken: its pickup time (checked below) falls in an
    // opening period within the window. Nobody serves a table or sends a delivery out before opening,
    // and a delivery has no time of its own to be scheduled for.
    const orderedAhead = input.type === 'takeaway' && pickupAt !== null;
    if (!orderedAhead && !isOpenAt(settings.openingHours, clock.day, clock.minutes)) {
      throw conflict(closedNowMessage(settings.openingHours, clock.day, clock.minutes), { reason: 'closed' });
    }
    if (pickupAt) {
      const problem = pickupTimeProblem(pickupAt, now, settings.openingHours, settings.timeZone);
      if (problem) throw issue('pickupAt', problem);
    }
  }
  const lines = input.lines.map((line, index) => checkLine(line, index, items.get(line.menuItemId), online));
  return { lines, pickupAt };
}

const pricedLines = (lines: readonly NewOrderLine[]) =>
  lines.map((line) => ({ unitPrice: line.unitPrice, quantity: line.quantity, options: line.options }));

/** Prices the checked lines with the settings (the shared `priceOrder`) into the order to write. */
function priceChecked(
  actor: Actor | null,
  input: OrderInput,
  settings: OrderingSettings,
  lines: NewOrderLine[],
  {
    online,
    pickupAt,
    tableId,
    partnerId,
    discount,
    coupon,
  }: {
    online: boolean;
    pickupAt: Date | null;
    tableId: string | null;
    partnerId: string | null;
    discount: PricingDiscount | null;
    coupon: AppliedCoupon | null;
  },
): CheckedOrder {
  const isStaff = !online;
  const totals = priceOrder({
    ...pricingSettings(settings, input.type),
    lines: pricedLines(lines),
    discount,
  });
  totals.lines.forEach((priced, index) => {
    const line = lines[index];
    if (line) line.lineTotal = priced.lineTotal;
  });
  if (online && input.type === 'delivery' && totals.subtotal < settings.deliveryMinimum) {
    const minimum = formatMoney(settings.deliveryMinimum, settings.currency, 'en');
    throw conflict(`The minimum for a delivery order is ${minimum}: add something to the order.`, {
      reason: 'below-minimum',
      minimum: settings.deliveryMinimum,
    });
  }
  if (totals.total > Number.MAX_SAFE_INTEGER) throw new AppError(400, 'The order is too large.');

  return {
    type: input.type,
    source: partnerId ? 'partner' : isStaff ? 'pos' : 'online',
    status: isStaff ? 'confirmed' : 'pending',
    tableId,
    customerId: isStaff ? null : (actor?.id ?? null),
    customerName: input.customerName?.trim() || (isStaff ? '' : (actor?.name ?? '')),
    customerPhone: input.customerPhone?.trim() ?? '',
    // A customer's own order without a phone: the account's number, copied when it is written.
    phoneFromAccount: !isStaff && actor !== null,
    deliveryAddress: input.deliveryAddress?.trim() ?? '',
    pickupAt,
    partnerId,
    partnerReference: input.partnerReference?.trim() ?? '',
    note: input.note?.trim() ?? '',
    currency: settings.currency,
    subtotal: totals.subtotal,
    discount: totals.discount,
    discountReason: input.discount?.reason.trim() ?? '',
    couponCode: coupon ? normalizeCouponCode(coupon.code) : null,
    serviceCharge: totals.serviceCharge,
    tax: totals.tax,
    taxInclusive: totals.taxInclusive,
    taxPercent: settings.taxPercent,
    deliveryFee: totals.deliveryFee,
    total: totals.total,
    lines,
    coupon,
  };
}

/** What `priceOrder` takes from the settings besides the lines and the discount. */
export function pricingSettings(settings: OrderingSettings, type: OrderInput['type']) {
  return {
    type,
    serviceChargePercent: settings.serviceChargePercent,
    taxPercent: settings.taxPercent,
    taxInclusive: settings.taxInclusive,
    deliveryFee: settings.deliveryFee,
  };
}

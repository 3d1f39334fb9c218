import { createHash } from 'node:crypto';
import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  LineVoidInputSchema,
  LineVoidRequestInputSchema,
  ORDER_SOURCES,
  ORDER_TYPES,
  ORDERS_API,
  OrderInputSchema,
  OrderMergeInputSchema,
  OrderPageSchema,
  OrderRoundInputSchema,
  OrderSchema,
  OrderSplitInputSchema,
  OrderStatusChangeInputSchema,
  OrderSummarySchema,
  OrderTableMoveInputSchema,
  PointOfSaleSchema,
} from '../../../shared/contracts/orders';
import { CustomerOrderWithPaymentsSchema, OrderWithPaymentsSchema } from '../../../shared/contracts/payments';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '../../../shared/order-status';
import { hasStaffAccess } from '../../../shared/roles';
import type { Database } from '../../db/client';
import { reloadActor, requireActor } from '../../lib/auth-guards';
import type { Actor, AppEnv } from '../../lib/context';
import { DATE_RANGE_MESSAGE, isQueryDateInRange, queryDateRange } from '../../lib/date-range';
import { sendEncodedJson } from '../../lib/encoded-json';
import { matchesIfNoneMatch } from '../../lib/fast-lane';
import { listFilter, PaginationQuerySchema } from '../../lib/pagination';
import { createRouter, defineRoute, errorResponse, jsonResponse } from '../../lib/router';
import { SharedAnswers } from '../../lib/shared-answers';
import { changeOrderStatus } from '../../use-cases/change-order-status';
import {
  addRound,
  mergeChecks,
  moveCheck,
  requestVoid,
  splitCheck,
  voidLine,
} from '../../use-cases/open-checks';
import { IDEMPOTENCY_KEY, placeOrder } from '../../use-cases/place-order';
import { orderBoardSummary, pointOfSale } from '../../use-cases/point-of-sale';
import { readOrder } from '../../use-cases/read-order';
import { getSettings } from '../settings';
import { listOrders, orderListSummary } from './order-list';

const TAGS = ['Orders'];
const IdParams = z.object({
  id: z.uuid('must be an order id').openapi({ param: { name: 'id', in: 'path' }, format: 'uuid' }),
});
const revalidate = { headers: z.object({ 'if-none-match': z.string().optional() }) };

const placeRoute = defineRoute(
  'signed-in',
  {
    method: 'post',
    path: ORDERS_API.orders,
    tags: TAGS,
    summary: 'Place an order',
    description:
      'Staff take a confirmed point-of-sale order (with `partnerId` and `partnerReference`, a partner’s ' +
      'order); a customer’s order is a pending order request. Prices, options and availability come ' +
      'from the menu, the table and partner from master data, tax, service charge (dine-in) and the ' +
      'delivery fee from the settings: a client never sends a price. Each line’s item must be on the ' +
      'menu and available today (online: also shown online), its options chosen within each group’s ' +
      'minimum and maximum, its quantity 1 to 999; the refusal names the item. A manual `discount` ' +
      '(percent or amount, with a reason) is for managers and is audited. A `couponCode` (any case; not ' +
      'together with `discount`) is checked with the coupon locked in the order’s transaction, so its ' +
      'usage and per-customer limits hold under concurrent orders: an unknown code is a 404, a code that ' +
      'cannot be used a 409 with `details.reason` (`coupon-inactive`, `coupon-not-yet-valid`, ' +
      '`coupon-expired`, `coupon-wrong-channel`, `coupon-below-minimum`, `coupon-used-up`, ' +
      '`coupon-already-used`, `coupon-customer-required`) and `details.path: couponCode`; the order keeps ' +
      '`couponCode` and its `discount`, and a cancelled or rejected order gives the use back.\n\n' +
      'A customer’s order is refused with 409 and `details.reason` while online ordering is off ' +
      '(`ordering-off`), while the restaurant is closed by its opening hours (`closed`; the message says ' +
      'when it opens again) or below the delivery minimum (`below-minimum`, `details.minimum`). A dine-in ' +
      'order names its table by `tableId` or by `tableName` (a QR link’s name, any case; unknown: 400). ' +
      'A takeaway may carry `pickupAt`; a customer’s must be 10 minutes to 12 hours ahead and within ' +
      'the opening hours (else 400 on `pickupAt`, saying why). While the restaurant is closed, such a ' +
      'takeaway is still taken (ordering ahead); any other customer order is refused as `closed`. ' +
      'A customer’s order without `customerPhone` keeps the account’s phone number.\n\n' +
      'A customer sends at most `CUSTOMER_ORDER_REQUESTS` order requests in 10 minutes (10 unless ' +
      'configured; then 429) and has at most `CUSTOMER_PENDING_ORDERS` waiting to be accepted (3 unless ' +
      'configured; then 409, `details.reason: "too-many-pending"`). A refused `couponCode` counts ' +
      'against the same limit as `/api/coupons/check` (then 429).\n\n' +
      '`Idempotency-Key` (required; a UUID per attempt): a retry with the same key and body answers ' +
      'the order the first attempt made (`Idempotent-Replayed: true`), also when both arrive at once; ' +
      'the same key with another body is a 409. Keys are kept 24 hours.',
    request: {
      headers: z.object({
        'idempotency-key': z
          .string({ error: 'send a unique key per order attempt, such as a UUID' })
          .regex(IDEMPOTENCY_KEY, 'must be 1 to 255 visible characters, such as a UUID')
          .openapi({ example: '4b4f3d4e-8c1d-4f6e-9a53-2f7d3f2b9c11' }),
      }),
      body: { required: true, content: { 'application/json': { schema: OrderInputSchema } } },
    },
    responses: {
      200: jsonResponse('A retry: the order this key made before', OrderSchema),
      201: jsonResponse('The order', OrderSchema),
      404: errorResponse('A menu item, table (by id) or partner named does not exist'),
      409: errorResponse(
        'An item is archived, sold out today or not sold online; a table or partner is archived; online ' +
          'ordering is off; the restaurant is closed now; below the delivery minimum; the customer has ' +
          'too many requests waiting; or the key was used for another body',
      ),
      429: errorResponse('Too many order requests from this customer, or too many coupon codes tried'),
    },
  },
  // A point-of-sale order may start from the session this process keeps: its statement checks it
  // (use-cases/place-order.ts, placeFromMemory); anything else reads it first.
  { keptForWrite: true },
);

const dateQuery = (description: string) =>
  z.iso
    .date('must be a date such as 2026-11-25')
    .refine(isQueryDateInRange, DATE_RANGE_MESSAGE)
    .optional()
    .openapi({ description, example: '2026-11-25' });

const listRoute = defineRoute('signed-in', {
  method: 'get',
  path: ORDERS_API.orders,
  tags: TAGS,
  summary: 'Orders, newest first',
  description:
    'Staff see every order; a customer only their own. Filters are comma-separated lists ' +
    '(`status=pending` gives the order requests; `status=confirmed,preparing,ready` the kitchen ' +
    'board). `search` finds an order number (`1042` or `#1042`), a customer name or phone. ' +
    '`summary=true` adds `summary`, computed for every order the filters match (not only this page): ' +
    '`count`, `unsold` (how many of them are cancelled or rejected) and `totals`, the sum of the other ' +
    'orders’ `total` per currency. Answers with an `ETag` that changes with any order; ' +
    '`If-None-Match` gives 304 without a query.',
  request: {
    ...revalidate,
    query: PaginationQuerySchema.extend({
      status: listFilter(ORDER_STATUSES).optional().openapi({ type: 'string', example: 'pending' }),
      type: listFilter(ORDER_TYPES).optional().openapi({ type: 'string', example: 'dine-in,takeaway' }),
      source: listFilter(ORDER_SOURCES).optional().openapi({ type: 'string', example: 'pos' }),
      paymentStatus: listFilter(PAYMENT_STATUSES).optional().openapi({ type: 'string', example: 'unpaid' }),
      from: dateQuery('From this day (restaurant time zone), inclusive'),
      to: dateQuery('Up to this day (restaurant time zone), inclusive'),
      dateOf: z.enum(['placed', 'completed'], { error: 'must be placed or completed' }).optional().openapi({
        description: 'What `from` and `to` bound: when orders were placed (default) or completed',
      }),
      search: z.string().trim().max(100, 'must be at most 100 characters').optional(),
      summary: z
        .enum(['true', 'false'], { error: 'must be true or false' })
        .optional()
        .openapi({ description: 'true: add the summary of the whole filtered list' }),
    }).strict(),
  },
  responses: { 200: jsonResponse('A page of orders', OrderPageSchema), 304: { description: 'Not modified' } },
});

const summaryRoute = defineRoute('staff', {
  method: 'get',
  path: ORDERS_API.summary,
  tags: TAGS,
  summary: 'Counts for the navigation badge and the table picker',
  description: 'Pending order requests, open orders, tables with open orders, the board’s age colours.',
  request: revalidate,
  responses: { 200: jsonResponse('The counts', OrderSummarySchema), 304: { description: 'Not modified' } },
});

const pointOfSaleRoute = defineRoute('staff', {
  method: 'get',
  path: ORDERS_API.pointOfSale,
  tags: TAGS,
  summary: 'The point of sale’s menu, tables, partners and pricing settings',
  responses: { 200: jsonResponse('What the point of sale needs', PointOfSaleSchema) },
});

const getRoute = defineRoute('signed-in', {
  method: 'get',
  path: `${ORDERS_API.orders}/{id}`,
  tags: TAGS,
  summary: 'One order',
  description:
    'Staff read any order; a customer only their own (another’s is answered 404). `allowedMoves` ' +
    'lists the moves the asking user may make now. The order carries its money: `paymentStatus`, ' +
    '`amountPaid` (every payment taken), `amountRefunded`, `amountDue`, the payments, and ' +
    '`paymentLink`, the path of its payment page with its secret key (the receipt’s QR code). Staff, ' +
    'managers and admins get each payment in full: its refunds with their reasons and who made them, ' +
    'the account it landed in, the reference, cash tendered and change, and who took it. The order’s ' +
    'customer gets each payment’s `method`, `amount`, `refunded` and `createdAt` only, and sees no ' +
    'staff: `createdBy`, `acceptedBy` and each `timeline[].by` are null unless they are the customer, ' +
    'and `discountReason` is empty.',
  request: { ...revalidate, params: IdParams },
  responses: {
    200: jsonResponse(
      'The order with its payments: in full for staff, as its customer sees them for the customer',
      z.union([
        OrderWithPaymentsSchema.openapi('OrderWithPayments', {
          description: 'Staff, managers and admins: every payment in full',
        }),
        CustomerOrderWithPaymentsSchema.openapi('CustomerOrderWithPayments', {
          description: 'The order’s customer: each payment’s method, amount, refunded and date',
        }),
      ]),
    ),
    304: { description: 'Not modified' },
    404: errorResponse('No such order (or not yours)'),
  },
});

const statusRoute = defineRoute('signed-in', {
  method: 'post',
  path: `${ORDERS_API.orders}/{id}/status`,
  tags: TAGS,
  summary: 'Move an order to another status',
  description:
    'The status flow: pending → confirmed or rejected (reason) by staff; ' +
    'pending → cancelled by its customer or staff; confirmed → preparing → ready → (out for delivery, ' +
    'delivery only) → completed by staff; confirmed → cancelled by staff when unpaid, by a manager ' +
    'otherwise; preparing → cancelled by a manager. Cancelling a confirmed or preparing order and ' +
    'rejecting need a `reason` (shown to the customer). `version` is the one the screen showed: an ' +
    'older one is a 409 with `details.reason: "stale"`; a move the table does not allow is a 409 ' +
    'naming the moves that are (`details.allowed`); a move the role may not make is a 403.\n\n' +
    'Cancelling or rejecting an order that has money kept (payments less refunds) is a 409 ' +
    '(`details.reason: "refund-required"`, `details.amount`, and `details.refunds`: that amount by ' +
    'payment method, `[{ method, amount }]`) unless `refundPayments: true`: then a ' +
    'manager refunds what remains of every payment (online ones through the payment provider) and ' +
    'the order moves, in one step.\n\n' +
    'Accepting a request may say when it will be ready (`readyAt`, from now to 12 hours ahead), which ' +
    "its guest sees. `recall: true` takes back the order's last step forward on the board " +
    '(confirmed → preparing → ready → out for delivery → completed) within 2 minutes of it: `status` ' +
    'is the status it came from; a later recall is a 409 (`recall-expired`).',
  request: {
    params: IdParams,
    body: { required: true, content: { 'application/json': { schema: OrderStatusChangeInputSchema } } },
  },
  responses: {
    200: jsonResponse('The order after the move', OrderSchema),
    403: errorResponse('The role may not make this move'),
    404: errorResponse('No such order (or not yours)'),
    409: errorResponse(
      'Someone else changed the order first, or the move is not allowed from its status (a customer ' +
        'cancelling their order once staff accepted it)',
    ),
  },
});

const LineParams = IdParams.extend({
  lineId: z.uuid('must be a line id').openapi({ param: { name: 'lineId', in: 'path' }, format: 'uuid' }),
});
const body = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { 'application/json': { schema } },
});
const checkErrors = {
  404: errorResponse('No such order (or line)'),
  409: errorResponse(
    'Someone else changed the order first (`stale`), the order is not an open check (`not-open`: only a ' +
      'confirmed, preparing or ready order is), or the change would leave it owing less than was paid ' +
      '(`refund-required`, `details.amount`: refund that first)',
  ),
};

const roundRoute = defineRoute('staff', {
  method: 'post',
  path: `${ORDERS_API.orders}/{id}/lines`,
  tags: TAGS,
  summary: 'Add a round to an open check',
  description:
    'Lines added to a confirmed, preparing or ready order, priced from the menu now and checked as ' +
    'placing an order checks them. They are sent to the kitchen as the next round (`round` on each ' +
    "line); a ready order goes back to confirmed. The totals are priced again (the coupon's terms " +
    'checked against the new subtotal), and the payment status follows: a paid order owes the ' +
    'difference.',
  request: { params: IdParams, body: body(OrderRoundInputSchema) },
  responses: { 200: jsonResponse('The order with the round', OrderSchema), ...checkErrors },
});

const voidRoute = defineRoute('staff', {
  method: 'post',
  path: `${ORDERS_API.orders}/{id}/lines/{lineId}/void`,
  tags: TAGS,
  summary: 'Void or comp a line',
  description:
    'A manager voids a line (`void`: not made, not charged) or comps it (`comp`: made, given free), ' +
    'all of it or `quantity` of it, with a reason; the line stays on the order with `voided` or ' +
    "`comped` and no longer counts in the totals. Audited. Staff send `approval` (a manager's e-mail " +
    'and password, checked for this one action): the manager is who voids. A percentage coupon is ' +
    'priced again, and one whose minimum is no longer met is taken off the order. A void that would ' +
    'leave the order owing less than was paid is a 409 (`refund-required`).',
  request: { params: LineParams, body: body(LineVoidInputSchema) },
  responses: {
    200: jsonResponse('The order with the line voided or comped', OrderSchema),
    403: errorResponse('Not a manager (or the approving account is not one)'),
    ...checkErrors,
  },
});

const voidRequestRoute = defineRoute('staff', {
  method: 'post',
  path: `${ORDERS_API.orders}/{id}/lines/{lineId}/void-request`,
  tags: TAGS,
  summary: 'Ask the managers to void or comp a line',
  description:
    'Every manager and administrator is told (the bell and Web Push) who asks to void or comp which ' +
    'line of which order, and why, with a link to the order, where a manager does it from their own ' +
    'device. Nothing on the order changes.',
  request: { params: LineParams, body: body(LineVoidRequestInputSchema) },
  responses: { 204: { description: 'The managers were told' }, ...checkErrors },
});

const moveRoute = defineRoute('staff', {
  method: 'post',
  path: `${ORDERS_API.orders}/{id}/move`,
  tags: TAGS,
  summary: 'Move an open check to another table',
  request: { params: IdParams, body: body(OrderTableMoveInputSchema) },
  responses: { 200: jsonResponse('The order at its new table', OrderSchema), ...checkErrors },
});

const mergeRoute = defineRoute('staff', {
  method: 'post',
  path: `${ORDERS_API.orders}/{id}/merge`,
  tags: TAGS,
  summary: 'Merge open checks into this one',
  description:
    'The open checks `orderIds` join this one: their lines come over as later rounds and their ' +
    'amounts are added (exact to the minor unit); they end as `merged` into it, with nothing on them. ' +
    'A check that has taken a payment or has a discount, or is of another type, cannot join (409 ' +
    '`cannot-merge`).',
  request: { params: IdParams, body: body(OrderMergeInputSchema) },
  responses: { 200: jsonResponse('The merged check', OrderSchema), ...checkErrors },
});

const splitRoute = defineRoute('staff', {
  method: 'post',
  path: `${ORDERS_API.orders}/{id}/split`,
  tags: TAGS,
  summary: 'Split a check',
  description:
    'The chosen lines (all of a line or part of its quantity) go to a new check of the same table, ' +
    'type and customer, with their share of the discount, service charge and tax, so that the two ' +
    'checks add up exactly to the one. Payments stay on this check, which must still owe at least ' +
    'what was paid (409 `refund-required`); at least one item stays (409 `cannot-split`).',
  request: { params: IdParams, body: body(OrderSplitInputSchema) },
  responses: { 201: jsonResponse('The new check', OrderSchema), ...checkErrors },
});

/**
 * Who an answer is the same for: staff of one role see the same orders with the same moves; a
 * customer sees their own.
 */
function viewerScope(actor: Actor): string {
  return hasStaffAccess(actor.role) ? actor.role : `customer:${actor.id}`;
}

/**
 * An ETag for an answer that changes only with the `orders` topic, and differs per viewer (their
 * orders, their allowed moves) and per query: a revalidation is answered 304 from memory.
 */
function ordersEtag(c: Context<AppEnv>, actor: Actor, version: number): string {
  const url = new URL(c.req.url);
  const scope = createHash('sha1')
    .update(`${viewerScope(actor)}|${url.pathname}|${url.search}`)
    .digest('base64url')
    .slice(0, 16);
  return `"orders-${version}-${scope}"`;
}

/**
 * Lists built once per version, query and role, shared by every staff screen that asks meanwhile
 * (a shift's boards all read the same open orders after each change), per database.
 */
const sharedLists = new WeakMap<Database, SharedAnswers>();

function notModified(c: Context<AppEnv>, etag: string): Response | null {
  return matchesIfNoneMatch(c.req.header('if-none-match'), etag)
    ? c.body(null, 304, { ETag: etag, 'Cache-Control': 'no-cache' })
    : null;
}

async function timeZoneOf(db: Database): Promise<string> {
  return (await getSettings(db)).timeZone;
}

const router = createRouter();

router
  // The fixed paths first: `/api/orders/summary` is not an order id.
  .openapi(summaryRoute, async (c) => {
    const actor = requireActor(c);
    const etag = ordersEtag(c, actor, c.var.deps.liveTopics.version('orders'));
    const cached = notModified(c, etag);
    if (cached) return cached as never;
    const summary = await orderBoardSummary(c.var.deps.db, actor);
    return c.json(summary, 200, { ETag: etag, 'Cache-Control': 'no-cache' });
  })
  .openapi(pointOfSaleRoute, async (c) => c.json(await pointOfSale(c.var.deps.db, requireActor(c)), 200))
  .openapi(placeRoute, async (c) => {
    const actor = requireActor(c);
    const key = c.req.valid('header')['idempotency-key'];
    const { order, replayed, events } = await placeOrder(c.var.deps.db, actor, c.req.valid('json'), {
      key,
      limits: c.var.deps.config.customerOrderLimits,
      foldSeconds: c.var.deps.config.orderRequestFoldSeconds,
      ...(c.var.deps.config.ordersFromMemory ? { live: c.var.deps.liveTopics } : {}),
      ...(c.var.actorKept ? { kept: { reload: () => reloadActor(c) } } : {}),
    });
    if (events) c.set('committedEvents', events);
    if (replayed) return c.json(order, 200, { 'Idempotent-Replayed': 'true' });
    return c.json(order, 201);
  })
  .openapi(listRoute, async (c) => {
    const actor = requireActor(c);
    const version = c.var.deps.liveTopics.version('orders');
    const etag = ordersEtag(c, actor, version);
    const cached = notModified(c, etag);
    if (cached) return cached as never;
    const query = c.req.valid('query');
    const db = c.var.deps.db;
    const build = async () => {
      const { from, to, summary, ...filters } = query;
      const range = from || to ? queryDateRange({ from, to }, await timeZoneOf(db)) : {};
      const list = { ...filters, ...range };
      if (summary !== 'true') return listOrders(db, actor, list);
      const [page, totals] = await Promise.all([
        listOrders(db, actor, list),
        orderListSummary(db, actor, list),
      ]);
      return { ...page, summary: totals };
    };
    const headers = { ETag: etag, 'Cache-Control': 'no-cache' };
    if (!hasStaffAccess(actor.role)) return c.json(await build(), 200, headers);
    let shared = sharedLists.get(db);
    if (!shared) {
      shared = new SharedAnswers();
      sharedLists.set(db, shared);
    }
    const body = await shared.get(version, `${actor.role}|${new URL(c.req.url).search}`, build);
    return sendEncodedJson(c, body, 200, headers) as never;
  })
  .openapi(getRoute, async (c) => {
    const actor = requireActor(c);
    const etag = ordersEtag(c, actor, c.var.deps.liveTopics.version('orders'));
    const cached = notModified(c, etag);
    if (cached) return cached as never;
    // Payments and refunds announce the `orders` topic too, so the ETag covers the order's money.
    const order = await readOrder(c.var.deps.db, actor, c.req.valid('param').id);
    return c.json(order, 200, { ETag: etag, 'Cache-Control': 'no-cache' });
  })
  .openapi(statusRoute, async (c) => {
    const { db, paymentProvider } = c.var.deps;
    const change = c.req.valid('json');
    const order = await changeOrderStatus(
      db,
      paymentProvider,
      requireActor(c),
      c.req.valid('param').id,
      change,
    );
    return c.json(order, 200);
  })
  .openapi(roundRoute, async (c) =>
    c.json(await addRound(c.var.deps.db, requireActor(c), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .openapi(voidRoute, async (c) => {
    const { id, lineId } = c.req.valid('param');
    return c.json(await voidLine(c.var.deps, requireActor(c), id, lineId, c.req.valid('json')), 200);
  })
  .openapi(voidRequestRoute, async (c) => {
    const { id, lineId } = c.req.valid('param');
    await requestVoid(c.var.deps.db, requireActor(c), id, lineId, c.req.valid('json'));
    return c.body(null, 204);
  })
  .openapi(moveRoute, async (c) =>
    c.json(
      await moveCheck(c.var.deps.db, requireActor(c), c.req.valid('param').id, c.req.valid('json')),
      200,
    ),
  )
  .openapi(mergeRoute, async (c) =>
    c.json(
      await mergeChecks(c.var.deps.db, requireActor(c), c.req.valid('param').id, c.req.valid('json')),
      200,
    ),
  )
  .openapi(splitRoute, async (c) =>
    c.json(
      await splitCheck(c.var.deps.db, requireActor(c), c.req.valid('param').id, c.req.valid('json')),
      201,
    ),
  );

export const ordersRoutes = router;

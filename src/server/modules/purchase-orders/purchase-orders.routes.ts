import { z } from '@hono/zod-openapi';
import {
  PURCHASE_ORDER_STATUSES,
  PURCHASE_ORDERS_API,
  PurchaseOrderEmailInputSchema,
  PurchaseOrderEmailResultSchema,
  PurchaseOrderInputSchema,
  PurchaseOrderPageSchema,
  PurchaseOrderPaymentInputSchema,
  PurchaseOrderPaymentVoidSchema,
  PurchaseOrderReceiptInputSchema,
  PurchaseOrderSchema,
  PurchaseOrderStatusInputSchema,
  PurchaseOrderSuggestInputSchema,
  PurchaseOrderUpdateSchema,
  SupplierBalanceSchema,
} from '../../../shared/contracts/purchase-orders';
import { requireActor } from '../../lib/auth-guards';
import { listFilter, PaginationQuerySchema } from '../../lib/pagination';
import { createRouter, defineRoute, errorResponse, jsonBody, jsonResponse } from '../../lib/router';
import { purchaseOrderHtml } from './purchase-orders.document';
import {
  changePurchaseOrderStatus,
  createPurchaseOrder,
  emailPurchaseOrder,
  getPurchaseOrder,
  listPurchaseOrders,
  purchaseOrderDocument,
  receivePurchaseOrder,
  suggestPurchaseOrder,
  updatePurchaseOrder,
} from './purchase-orders.service';
import { paySupplier, supplierBalance, voidSupplierPayment } from './supplier-payments.service';

const TAGS = ['Purchase orders'];
const IdParams = z.object({
  id: z.uuid('must be a purchase order id').openapi({ param: { name: 'id', in: 'path' }, format: 'uuid' }),
});
const base = PURCHASE_ORDERS_API.orders;
const recordPath = `${base}/{id}`;
const notFoundResponse = errorResponse('No purchase order with this id');

const listRoute = defineRoute('admin', {
  method: 'get',
  path: base,
  tags: TAGS,
  summary: 'Purchase orders, newest first',
  description:
    '`status` is a comma-separated list of draft, ordered, partially-received, received and cancelled; ' +
    '`supplierId` one supplier’s orders.',
  request: {
    query: PaginationQuerySchema.extend({
      status: listFilter(PURCHASE_ORDER_STATUSES)
        .optional()
        .openapi({ type: 'string', example: 'draft,ordered' }),
      supplierId: z.uuid('must be a supplier id').optional(),
    }).strict(),
  },
  responses: { 200: jsonResponse('A page of purchase orders', PurchaseOrderPageSchema) },
});

const getRoute = defineRoute('admin', {
  method: 'get',
  path: recordPath,
  tags: TAGS,
  summary: 'One purchase order with its lines and receipts',
  request: { params: IdParams },
  responses: { 200: jsonResponse('The purchase order', PurchaseOrderSchema), 404: notFoundResponse },
});

const createOrderRoute = defineRoute('admin', {
  method: 'post',
  path: base,
  tags: TAGS,
  summary: 'Write a draft purchase order',
  description:
    'Each line: an active inventory item, a positive `quantity` (decimal string, at most 3 decimals) ' +
    'in `unitId`, the item’s stock unit (when left out) or its purchase unit, and `unitCost` in minor ' +
    'units per that unit. The number (`PO-0001`) comes from the database; the total is the sum of ' +
    'quantity × unit cost per line, each rounded half away from zero.',
  request: jsonBody(PurchaseOrderInputSchema),
  responses: { 201: jsonResponse('The new draft', PurchaseOrderSchema) },
});

const suggestRoute = defineRoute('admin', {
  method: 'post',
  path: PURCHASE_ORDERS_API.suggest,
  tags: TAGS,
  summary: 'Suggest a purchase order for a supplier',
  description:
    'A draft with every active item whose preferred supplier is `supplierId` and whose stock is at or ' +
    'below its reorder level, each for what brings it to its par level (its reorder level without ' +
    'one): in its purchase unit, rounded up to whole units, or else in its stock unit, at its average ' +
    'cost. When no item is low the answer is a 409 with `details.reason: "nothing-low"`.',
  request: jsonBody(PurchaseOrderSuggestInputSchema),
  responses: {
    201: jsonResponse('The suggested draft', PurchaseOrderSchema),
    409: errorResponse('No item of this supplier is low'),
  },
});

const updateRoute = defineRoute('admin', {
  method: 'patch',
  path: recordPath,
  tags: TAGS,
  summary: 'Change a draft purchase order',
  description:
    'Only the fields given change; `lines` replaces every line. Only a draft changes: another status ' +
    'is a 409 with `details.reason: "not-draft"`. `version` is the version the change is based on: an ' +
    'older one is a 409 with `details: { reason: "stale", version }`.',
  request: { params: IdParams, ...jsonBody(PurchaseOrderUpdateSchema) },
  responses: {
    200: jsonResponse('The order after the change', PurchaseOrderSchema),
    404: notFoundResponse,
    409: errorResponse('Not a draft, or changed since'),
  },
});

const statusRoute = defineRoute('admin', {
  method: 'post',
  path: `${recordPath}/status`,
  tags: TAGS,
  summary: 'Send or cancel a purchase order',
  description:
    '`ordered` sends a draft; `cancelled` cancels a draft or an ordered order. Anything else is a 409 ' +
    'with `details.reason: "wrong-status"`; an old `version` a 409 `stale`.',
  request: { params: IdParams, ...jsonBody(PurchaseOrderStatusInputSchema) },
  responses: {
    200: jsonResponse('The order after the change', PurchaseOrderSchema),
    404: notFoundResponse,
    409: errorResponse('The status does not allow it, or the order changed since'),
  },
});

const receiptsRoute = defineRoute('admin', {
  method: 'post',
  path: `${recordPath}/receipts`,
  tags: TAGS,
  summary: 'Receive a delivery',
  description:
    'Per line, the `quantity` that arrived in the line’s unit and, when it cost other than ordered, ' +
    'its `unitCost`. Each becomes a purchase-receipt stock movement in the item’s stock unit that ' +
    'moves its average cost. More than ordered (with what arrived before) is a 409 with `details: { ' +
    'reason: "over-receipt", lineId }`; an order that is not ordered or partially received is a 409 ' +
    '`wrong-status`. The order becomes partially-received, or received when every line is.',
  request: { params: IdParams, ...jsonBody(PurchaseOrderReceiptInputSchema) },
  responses: {
    201: jsonResponse('The order after the delivery', PurchaseOrderSchema),
    404: notFoundResponse,
    409: errorResponse('More than ordered, or the order cannot receive'),
  },
});

const documentRoute = defineRoute('admin', {
  method: 'get',
  path: `${recordPath}/document`,
  tags: TAGS,
  summary: 'The purchase order as a printable page for the supplier',
  request: { params: IdParams },
  responses: {
    200: { description: 'The page', content: { 'text/html': { schema: { type: 'string' as const } } } },
    404: notFoundResponse,
  },
});

const emailRoute = defineRoute('admin', {
  method: 'post',
  path: `${recordPath}/email`,
  tags: TAGS,
  summary: 'E-mail the purchase order to the supplier',
  description:
    'To the supplier’s e-mail address, or `to` when given. A cancelled order is a 409 `wrong-status`; no ' +
    'address is a 409 `no-email`.',
  request: { params: IdParams, ...jsonBody(PurchaseOrderEmailInputSchema) },
  responses: {
    200: jsonResponse('Where it went', PurchaseOrderEmailResultSchema),
    404: notFoundResponse,
    409: errorResponse('Cancelled, or no address to send to'),
  },
});

const payRoute = defineRoute('admin', {
  method: 'post',
  path: `${recordPath}/payments`,
  tags: TAGS,
  summary: 'Pay the supplier for a purchase order',
  description:
    'From `accountId` on `date`: the payment and its withdrawal in one transaction, the order locked. ' +
    'What an order owes is its total while deliveries are awaited and what was received once it is ' +
    'received or cancelled; a payment of more than is still owed is a 409 `over-payment` with ' +
    '`details.owed`, a draft a 409 `wrong-status`, a day the books are closed on a 409 `books-locked`.',
  request: { params: IdParams, ...jsonBody(PurchaseOrderPaymentInputSchema) },
  responses: {
    201: jsonResponse('The order with its payments', PurchaseOrderSchema),
    404: notFoundResponse,
    409: errorResponse('More than is owed, a draft, or a closed day'),
  },
});

const voidPaymentRoute = defineRoute('admin', {
  method: 'post',
  path: `${recordPath}/payments/{paymentId}/void`,
  tags: TAGS,
  summary: 'Void a payment to the supplier',
  description:
    'Its withdrawal is reversed (on its own day) and the order owes the amount again. A payment voided ' +
    'before is a 409 `already-voided`; one reconciled against a bank statement `reconciled`.',
  request: {
    params: IdParams.extend({
      paymentId: z
        .uuid('must be a payment id')
        .openapi({ param: { name: 'paymentId', in: 'path' }, format: 'uuid' }),
    }),
    ...jsonBody(PurchaseOrderPaymentVoidSchema),
  },
  responses: {
    200: jsonResponse('The order with its payments', PurchaseOrderSchema),
    404: errorResponse('No such order or payment'),
    409: errorResponse('Voided already, reconciled, or a closed day'),
  },
});

const supplierBalanceRoute = defineRoute('admin', {
  method: 'get',
  path: '/api/suppliers/{id}/balance',
  tags: TAGS,
  summary: 'What a supplier is owed',
  description:
    'Over the supplier’s orders (drafts left out): what they owe, what was received and paid, what is ' +
    'still owed, and the orders that still owe (or were overpaid), oldest first.',
  request: {
    params: z.object({
      id: z.uuid('must be a supplier id').openapi({ param: { name: 'id', in: 'path' }, format: 'uuid' }),
    }),
  },
  responses: {
    200: jsonResponse('The balance', SupplierBalanceSchema),
    404: errorResponse('No supplier with this id'),
  },
});

export const purchaseOrdersRoutes = createRouter()
  .openapi(payRoute, async (c) => {
    const actor = requireActor(c);
    const { id } = c.req.valid('param');
    await paySupplier(c.var.deps.db, actor, id, c.req.valid('json'));
    return c.json(await getPurchaseOrder(c.var.deps.db, actor, id), 201);
  })
  .openapi(voidPaymentRoute, async (c) => {
    const actor = requireActor(c);
    const { id, paymentId } = c.req.valid('param');
    await voidSupplierPayment(c.var.deps.db, actor, id, paymentId, c.req.valid('json').reason);
    return c.json(await getPurchaseOrder(c.var.deps.db, actor, id), 200);
  })
  .openapi(supplierBalanceRoute, async (c) =>
    c.json(await supplierBalance(c.var.deps.db, requireActor(c), c.req.valid('param').id), 200),
  )
  .openapi(listRoute, async (c) => {
    const page = await listPurchaseOrders(c.var.deps.db, requireActor(c), c.req.valid('query'));
    return c.json(page, 200);
  })
  .openapi(suggestRoute, async (c) => {
    const order = await suggestPurchaseOrder(c.var.deps.db, requireActor(c), c.req.valid('json'));
    return c.json(order, 201);
  })
  .openapi(getRoute, async (c) => {
    const order = await getPurchaseOrder(c.var.deps.db, requireActor(c), c.req.valid('param').id);
    return c.json(order, 200);
  })
  .openapi(createOrderRoute, async (c) => {
    const order = await createPurchaseOrder(c.var.deps.db, requireActor(c), c.req.valid('json'));
    return c.json(order, 201);
  })
  .openapi(updateRoute, async (c) => {
    const order = await updatePurchaseOrder(
      c.var.deps.db,
      requireActor(c),
      c.req.valid('param').id,
      c.req.valid('json'),
    );
    return c.json(order, 200);
  })
  .openapi(statusRoute, async (c) => {
    const order = await changePurchaseOrderStatus(
      c.var.deps.db,
      requireActor(c),
      c.req.valid('param').id,
      c.req.valid('json'),
    );
    return c.json(order, 200);
  })
  .openapi(receiptsRoute, async (c) => {
    const order = await receivePurchaseOrder(
      c.var.deps.db,
      requireActor(c),
      c.req.valid('param').id,
      c.req.valid('json'),
    );
    return c.json(order, 201);
  })
  .openapi(documentRoute, async (c) => {
    const { order, parties } = await purchaseOrderDocument(
      c.var.deps.db,
      requireActor(c),
      c.req.valid('param').id,
    );
    return c.html(purchaseOrderHtml(order, parties), 200) as never;
  })
  .openapi(emailRoute, async (c) => {
    const result = await emailPurchaseOrder(
      c.var.deps,
      requireActor(c),
      c.req.valid('param').id,
      c.req.valid('json'),
    );
    return c.json(result, 200);
  });

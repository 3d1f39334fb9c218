import { z } from '@hono/zod-openapi';
import {
  PAYMENTS_API,
  PaymentInputSchema,
  PaymentRecordedSchema,
  RefundInputSchema,
  RefundRecordedSchema,
} from '../../../shared/contracts/payments';
import { requireActor } from '../../lib/auth-guards';
import { createRouter, defineRoute, errorResponse, jsonResponse } from '../../lib/router';
import { recordPayment } from '../../use-cases/record-payment';
import { refundPayment } from '../../use-cases/refund-payment';

const TAGS = ['Payments'];
const uuidParam = (message: string) =>
  z.object({
    id: z.uuid(message).openapi({ param: { name: 'id', in: 'path' }, format: 'uuid' }),
  });

const recordRoute = defineRoute('staff', {
  method: 'post',
  path: PAYMENTS_API.orderPayments('{id}'),
  tags: TAGS,
  summary: 'Take a payment for an order',
  description:
    'Cash, card, QR or e-wallet, bank transfer or partner, for up to the amount due (the total less ' +
    'what was paid and not refunded); several payments may cover one order (a split bill). Cash may ' +
    'carry `tendered` (at least the amount): the answer’s `change` is tendered − amount. The money ' +
    'lands in the account the settings map the method to. The order’s payment status follows, its ' +
    'version goes up, and the payment is in the audit log and the account’s ledger.\n\n' +
    'Refusals (409): more than the amount due (`details.reason: "over-amount-due"`, ' +
    '`details.amountDue`; checked with the order locked, so two devices paying at once cannot together ' +
    'pay more than the total), a rejected or cancelled order (`order-closed`), a method no account ' +
    'receives (`no-account`).',
  request: {
    params: uuidParam('must be an order id'),
    body: { required: true, content: { 'application/json': { schema: PaymentInputSchema } } },
  },
  responses: {
    201: jsonResponse('The payment, and the order’s money after it', PaymentRecordedSchema),
    404: errorResponse('No such order'),
    409: errorResponse('More than the amount due, a closed order, or no account for the method'),
  },
});

const refundRoute = defineRoute('manager', {
  method: 'post',
  path: PAYMENTS_API.refunds('{id}'),
  tags: TAGS,
  summary: 'Refund (part of) a payment',
  description:
    'Up to what remains of the payment (amount − refunded), with a reason. An online payment is ' +
    'refunded through the payment provider first (409 `provider-unavailable` when online payment is ' +
    'not set up, 503 when the provider refuses). A withdrawal goes into the payment’s account, the ' +
    'order’s payment status follows, and the refund is in the audit log. More than what remains: ' +
    '409 with `details.reason: "over-refundable"` and `details.refundable`.',
  request: {
    params: uuidParam('must be a payment id'),
    body: { required: true, content: { 'application/json': { schema: RefundInputSchema } } },
  },
  responses: {
    201: jsonResponse('The refund, the payment after it and the order’s money', RefundRecordedSchema),
    404: errorResponse('No such payment'),
    409: errorResponse('More than what remains of the payment, or an online payment without a provider'),
    503: errorResponse('The payment provider did not make the refund; nothing was recorded'),
  },
});

const router = createRouter();

router
  .openapi(recordRoute, async (c) => {
    const payment = await recordPayment(
      c.var.deps.db,
      requireActor(c),
      c.req.valid('param').id,
      c.req.valid('json'),
    );
    return c.json(payment, 201);
  })
  .openapi(refundRoute, async (c) => {
    const refund = await refundPayment(
      c.var.deps.db,
      c.var.deps.paymentProvider,
      requireActor(c),
      c.req.valid('param').id,
      c.req.valid('json'),
    );
    return c.json(refund, 201);
  });

export const paymentsRoutes = router;

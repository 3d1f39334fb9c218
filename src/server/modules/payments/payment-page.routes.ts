import { z } from '@hono/zod-openapi';
import {
  CheckoutAnswerSchema,
  CheckoutInputSchema,
  ConfirmAnswerSchema,
  ConfirmInputSchema,
  PAYMENTS_API,
  PaymentPageSchema,
} from '../../../shared/contracts/payments';
import { loadActor } from '../../lib/auth-guards';
import { createRouter, defineRoute, errorResponse, jsonResponse } from '../../lib/router';
import {
  confirmCheckout,
  handleStripeWebhook,
  paymentPage,
  startCheckout,
} from '../../use-cases/online-payment';

const TAGS = ['Payments'];
const OrderParams = z.object({
  orderId: z.uuid('must be an order id').openapi({ param: { name: 'orderId', in: 'path' }, format: 'uuid' }),
});
const KeyQuery = z
  .object({
    key: z
      .string()
      .max(200, 'must be at most 200 characters')
      .optional()
      .openapi({ description: 'The order’s secret key, from its payment link (`/payment/{id}?key=…`)' }),
  })
  .strict();
const ACCESS =
  'The order’s customer, staff, or anyone holding the order’s secret key (`key`, from the payment ' +
  'link on the receipt); for anyone else the order does not exist (404).';
// The answers carry an order (and its key's power) and must never sit in a shared cache.
const NO_STORE = { 'Cache-Control': 'no-store' };

const pageRoute = defineRoute('public', {
  method: 'get',
  path: PAYMENTS_API.paymentPage('{orderId}'),
  tags: TAGS,
  summary: 'What the payment page shows',
  description:
    'The order’s lines and totals, what is paid (payments less refunds) and due, its status, a ' +
    'dine-in order’s table, the payments so far, whether it can be paid online now (`onlinePayment`: ' +
    'the provider is set up, an account receives online payments, money is due and the order is not ' +
    'rejected or cancelled) and what a payer needs for a bank transfer (`bankTransfer`: the payee, ' +
    'which is the restaurant’s name, the bank and number of the account the settings map bank ' +
    'transfers to, and the reference to write; never the account’s own name, a back-office label; ' +
    `null without a mapped account with a number). ${ACCESS}`,
  request: { params: OrderParams, query: KeyQuery },
  responses: {
    200: jsonResponse('The payment page', PaymentPageSchema),
    404: errorResponse('No such order, or not for this viewer'),
  },
});

const checkoutRoute = defineRoute('public', {
  method: 'post',
  path: PAYMENTS_API.checkout('{orderId}'),
  tags: TAGS,
  summary: 'Start paying online',
  description:
    'Makes a hosted checkout (Stripe Checkout) for exactly the amount due, in the order’s currency, ' +
    'and answers its `url`: the browser goes there, and the provider sends the guest back to the page ' +
    'with `session_id`. 409 with `details.reason`: online payment is off (`online-payment-off`), the ' +
    'order is rejected or cancelled (`order-closed`), nothing is due (`nothing-due`), no account ' +
    `receives online payments (\`no-account\`). ${ACCESS}`,
  request: {
    params: OrderParams,
    body: { required: true, content: { 'application/json': { schema: CheckoutInputSchema } } },
  },
  responses: {
    200: jsonResponse('Where the guest pays', CheckoutAnswerSchema),
    404: errorResponse('No such order, or not for this viewer'),
    409: errorResponse('Online payment is off, or the order cannot be paid online now'),
    503: errorResponse('The payment provider could not be reached'),
  },
});

const confirmRoute = defineRoute('public', {
  method: 'post',
  path: PAYMENTS_API.confirm('{orderId}'),
  tags: TAGS,
  summary: 'The guest came back from the hosted checkout',
  description:
    'Reads the checkout from the provider (never the browser’s word) and, once paid, records the ' +
    'payment (method `online`), exactly once even when the provider’s webhook arrives at the same ' +
    'moment. `outcome`: `paid`, `processing` (complete, money not arrived yet), `unpaid` (came back ' +
    'without paying), `expired`, `refunded` (the order was cancelled, rejected or paid meanwhile: ' +
    'the money was given back), `not-recorded` (no account receives online payments, or the amount ' +
    `does not match the checkout; logged). ${ACCESS}`,
  request: {
    params: OrderParams,
    body: { required: true, content: { 'application/json': { schema: ConfirmInputSchema } } },
  },
  responses: {
    200: jsonResponse('What the checkout came to, and the page now', ConfirmAnswerSchema),
    404: errorResponse('No such order or checkout, or not for this viewer'),
    409: errorResponse('Online payment is off'),
    503: errorResponse('The payment provider could not be reached'),
  },
});

const webhookRoute = defineRoute('public', {
  method: 'post',
  path: PAYMENTS_API.stripeWebhook,
  tags: TAGS,
  summary: 'Stripe’s webhook',
  description:
    'Stripe’s signed events (`Stripe-Signature`), checked on the raw body with a tolerance of 300 s: ' +
    'a missing, wrong or older signature is a 400 and nothing is recorded. Each event id is handled ' +
    'once. `checkout.session.completed` (and `checkout.session.async_payment_succeeded`) of a paid ' +
    'checkout records the payment, only for the amount and currency the checkout was made for ' +
    '(otherwise it is ignored with a warning in the log); `checkout.session.expired` marks the ' +
    'checkout; other events are acknowledged and ignored. 409 while no account receives online ' +
    'payments: Stripe delivers the event again later. 404 when Stripe is not set up.',
  request: {
    headers: z.object({ 'stripe-signature': z.string().optional() }),
  },
  responses: {
    200: jsonResponse('Received', z.object({ received: z.literal(true) })),
    404: errorResponse('Online payment is not set up'),
    409: errorResponse('No account receives online payments yet'),
  },
});

const router = createRouter();

router
  .openapi(pageRoute, async (c) => {
    const actor = await loadActor(c);
    const page = await paymentPage(
      c.var.deps,
      { actor, key: c.req.valid('query').key },
      c.req.valid('param').orderId,
    );
    return c.json(page, 200, NO_STORE);
  })
  .openapi(checkoutRoute, async (c) => {
    const actor = await loadActor(c);
    const { key } = c.req.valid('json');
    return c.json(
      await startCheckout(c.var.deps, { actor, key }, c.req.valid('param').orderId),
      200,
      NO_STORE,
    );
  })
  .openapi(confirmRoute, async (c) => {
    const actor = await loadActor(c);
    const { key, sessionId } = c.req.valid('json');
    const answer = await confirmCheckout(c.var.deps, { actor, key }, c.req.valid('param').orderId, sessionId);
    return c.json(answer, 200, NO_STORE);
  })
  .openapi(webhookRoute, async (c) => {
    // The signature covers the body's exact bytes: read raw, never parsed and serialised again.
    const body = new Uint8Array(await c.req.arrayBuffer());
    return c.json(await handleStripeWebhook(c.var.deps, body, c.req.header('stripe-signature')), 200);
  });

export const paymentPageRoutes = router;

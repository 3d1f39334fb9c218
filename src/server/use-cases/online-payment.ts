import { type Order, orderNumberLabel } from '../../shared/contracts/orders';
import { type CheckoutOutcome, type PaymentPage, paymentLinkPath } from '../../shared/contracts/payments';
import { amountDue, type PaymentTotals } from '../../shared/payment-math';
import { withTransaction } from '../db/transaction';
import type { AppDeps } from '../lib/context';
import { AppError, badRequest, conflict, notFound } from '../lib/errors';
import { bankAccountResource } from '../modules/master-data';
import { orderWithAccessKey } from '../modules/orders';
import {
  claimProviderEvent,
  completeCheckoutSession,
  customerPayments,
  expireCheckoutSession,
  findCheckoutSession,
  insertCheckoutSession,
  lockCheckoutSession,
  type PaymentProvider,
  type RetrievedCheckout,
  stripeCheckoutOf,
} from '../modules/payments';
import { getSettings } from '../modules/settings';
import { mayOpenOrderPage, notFoundOrder, type PageViewer } from './order-link-access';
import { recordPaymentInTx } from './record-payment';

/**
 * `/payment/[orderId]` and online payment (docs/PRODUCT-RULES.md, Payments and refunds): the page's read,
 * starting a hosted checkout for the amount due, the guest's return from it, and the provider's
 * webhook. The money is recorded by `recordPaymentInTx` (method `online`, no actor) exactly once per
 * provider payment, however the news arrives:
 *
 * - the webhook claims its event id first (`payment_provider_events`): a redelivery does nothing;
 * - the webhook and the guest's return both lock the kept checkout session row, so the second sees the
 *   payment the first recorded (`checkout_sessions.payment_id`); the order row lock and the unique
 *   (provider, provider payment id) stay as nets beneath;
 * - only what was asked is recorded: the provider's amount and currency must match the kept checkout,
 *   otherwise nothing is recorded and a warning is logged;
 * - money the order can no longer take (cancelled, rejected, or paid meanwhile at the counter) is given
 *   back through the provider at once, with an idempotency key;
 * - with no account mapped to online payments the payment cannot be recorded: an error is logged, the
 *   webhook answers 409 so the provider delivers it again later (Stripe retries for three days), and
 *   the guest's page says so.
 *
 * Who may see the page and use its calls: the order's customer, staff (policy `order.read`), or whoever
 * holds the order's secret key; anyone else is told the order does not exist (404). The rule is shared
 * with the feedback page: use-cases/order-link-access.ts.
 */

export type OnlinePaymentDeps = Pick<AppDeps, 'db' | 'config' | 'logger' | 'paymentProvider'>;

/** The order, if `viewer` may see its payment page; otherwise a 404 that tells nothing. */
async function visibleOrder(deps: OnlinePaymentDeps, viewer: PageViewer, orderId: string) {
  const found = await orderWithAccessKey(deps.db, orderId);
  const customerId = found?.order.customer?.id ?? null;
  if (!found || !mayOpenOrderPage(viewer, { customerId, accessKey: found.accessKey }, 'order.read')) {
    throw notFoundOrder();
  }
  return found;
}

/** The active account the settings send `method`'s payments into, with its bank details; or null. */
async function mappedAccount(deps: OnlinePaymentDeps, accountId: string | null | undefined) {
  if (!accountId) return null;
  const account = await bankAccountResource.get(deps.db, null, accountId).catch(() => null);
  return account?.active ? account : null;
}

/**
 * The transfer details a payer is given: who to pay (the restaurant), the bank, the account number
 * and the reference that ties the money to the order. The account's name is the back office's label
 * ("Main bank account") and is never sent; an account without a number offers no transfer.
 */
function bankTransferFor(
  account: { bankName: string; accountNumber: string } | null,
  restaurantName: string,
  orderNumber: number,
): PaymentPage['bankTransfer'] {
  if (!account || account.accountNumber.trim() === '') return null;
  return {
    payee: restaurantName,
    bankName: account.bankName,
    accountNumber: account.accountNumber,
    reference: `Order ${orderNumberLabel(orderNumber)}`,
  };
}

const closed = (status: string) => status === 'rejected' || status === 'cancelled';

function requireProvider(deps: OnlinePaymentDeps): PaymentProvider {
  if (!deps.paymentProvider) {
    throw conflict('Online payment is not available here. Please pay at the counter or by bank transfer.', {
      reason: 'online-payment-off',
    });
  }
  return deps.paymentProvider;
}

const providerUnavailable = () =>
  new AppError(503, 'The payment service could not be reached. Please try again in a moment.');

/** `GET /api/payment-page/{orderId}`: the order's summary, what is paid and due, and how to pay. */
export async function paymentPage(
  deps: OnlinePaymentDeps,
  viewer: PageViewer,
  orderId: string,
): Promise<PaymentPage> {
  const { order } = await visibleOrder(deps, viewer, orderId);
  return buildPage(deps, order);
}

async function buildPage(deps: OnlinePaymentDeps, order: Order): Promise<PaymentPage> {
  // The guest's view of each payment (method, amount, refunded, date), whoever opens the page.
  const [payments, settings] = await Promise.all([customerPayments(deps.db, order.id), getSettings(deps.db)]);
  const [bankAccount, onlineAccount] = await Promise.all([
    mappedAccount(deps, settings.paymentAccounts['bank-transfer']),
    mappedAccount(deps, settings.paymentAccounts.online),
  ]);
  const totals: PaymentTotals = { paid: 0, refunded: 0 };
  for (const payment of payments) {
    totals.paid += payment.amount;
    totals.refunded += payment.refunded;
  }
  const due = amountDue(order.total, totals);
  return {
    order: {
      id: order.id,
      number: order.number,
      type: order.type,
      table: order.type === 'dine-in' ? (order.table?.name ?? null) : null,
      status: order.status,
      paymentStatus: order.paymentStatus,
      currency: order.currency,
      lines: order.lines.map((line) => ({
        name: line.name,
        quantity: line.quantity,
        lineTotal: line.lineTotal,
        options: line.options.map((option) => option.name),
      })),
      subtotal: order.subtotal,
      discount: order.discount,
      serviceCharge: order.serviceCharge,
      tax: order.tax,
      taxInclusive: order.taxInclusive,
      deliveryFee: order.deliveryFee,
      total: order.total,
      amountPaid: totals.paid,
      amountRefunded: totals.refunded,
      amountDue: due,
      createdAt: order.createdAt,
    },
    restaurant: { name: settings.name, locale: settings.locale },
    onlinePayment:
      deps.paymentProvider !== null && due > 0 && !closed(order.status) && onlineAccount !== null,
    bankTransfer: bankTransferFor(bankAccount, settings.name, order.number),
    payments,
  };
}

/**
 * `POST /api/payment-page/{orderId}/checkout`: a hosted checkout for exactly the amount due, in the
 * order's currency; the guest is sent to its `url` and comes back to the page with the session's id.
 * A double tap in the same hour for the same amount gets the same checkout (the provider's idempotency).
 */
export async function startCheckout(
  deps: OnlinePaymentDeps,
  viewer: PageViewer,
  orderId: string,
): Promise<{ url: string }> {
  const provider = requireProvider(deps);
  const { order, accessKey } = await visibleOrder(deps, viewer, orderId);
  const label = orderNumberLabel(order.number);
  if (closed(order.status)) {
    throw conflict(`Order ${label} is ${order.status}: it takes no payment.`, {
      reason: 'order-closed',
      status: order.status,
    });
  }
  const page = await buildPage(deps, order);
  const due = page.order.amountDue;
  if (due <= 0) throw conflict(`Order ${label} is paid in full: nothing is due.`, { reason: 'nothing-due' });
  if (!page.onlinePayment) {
    throw conflict(
      'No account receives online payments: the owner chooses one in Master Data, Settings. Please pay at the counter or by bank transfer.',
      { reason: 'no-account', method: 'online' },
    );
  }
  const pageUrl = `${deps.config.baseUrl}${paymentLinkPath(order.id, accessKey)}`;
  let session: { id: string; url: string };
  try {
    session = await provider.createCheckout({
      orderId: order.id,
      number: order.number,
      amount: due,
      currency: order.currency,
      // The provider fills in {CHECKOUT_SESSION_ID}; the key brings back a guest who is not signed in.
      successUrl: `${pageUrl}&session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: pageUrl,
      idempotencyKey: `checkout:${order.id}:${page.order.amountPaid}:${due}:${Math.floor(Date.now() / 3_600_000)}`,
    });
  } catch (error) {
    deps.logger.error({ err: error, orderId }, 'online payment: the provider did not make a checkout');
    throw providerUnavailable();
  }
  await insertCheckoutSession(deps.db, {
    id: session.id,
    provider: provider.name,
    orderId: order.id,
    amount: due,
    currency: order.currency,
  });
  return { url: session.url };
}

type Source = 'webhook' | 'return';

/**
 * Records a paid checkout once, inside the caller's transaction (see the module comment): the kept
 * session locked, the provider's amount and currency checked against it, the payment recorded (or the
 * money given back when the order can no longer take it). Throws the 409 `no-account` for the webhook
 * (so the provider delivers it again); the guest's return gets `not-recorded` instead.
 */
async function settleCheckout(
  tx: Parameters<typeof recordPaymentInTx>[0],
  deps: OnlinePaymentDeps,
  provider: PaymentProvider,
  checkout: RetrievedCheckout,
  source: Source,
): Promise<CheckoutOutcome> {
  const log = { sessionId: checkout.id, source };
  const kept = await lockCheckoutSession(tx, checkout.id);
  if (!kept || kept.provider !== provider.name) {
    deps.logger.warn(log, 'online payment: a checkout this app did not start; nothing recorded');
    return 'not-recorded';
  }
  if (kept.paymentId) return 'paid';
  if (kept.status === 'complete') return 'refunded';
  const expected = { amount: kept.amount, currency: kept.currency.trim() };
  if (
    checkout.amount !== expected.amount ||
    checkout.currency !== expected.currency ||
    (checkout.orderId !== null && checkout.orderId !== kept.orderId) ||
    !checkout.paymentIntentId
  ) {
    deps.logger.warn(
      {
        ...log,
        orderId: kept.orderId,
        expected,
        got: { amount: checkout.amount, currency: checkout.currency, orderId: checkout.orderId },
      },
      'online payment: the amount paid does not match the checkout; nothing recorded',
    );
    return 'not-recorded';
  }
  const paymentIntentId = checkout.paymentIntentId;
  try {
    // A savepoint: a refusal leaves the transaction usable for what follows.
    const recorded = await tx.transaction((inner) =>
      recordPaymentInTx(inner, null, kept.orderId, {
        method: 'online',
        amount: checkout.amount,
        provider: provider.name,
        providerPaymentId: paymentIntentId,
      }),
    );
    await completeCheckoutSession(tx, kept.id, recorded.payment.id);
    return 'paid';
  } catch (error) {
    const reason =
      error instanceof AppError && error.status === 409 && (error.details as { reason?: string })?.reason;
    if (reason === 'no-account') {
      deps.logger.error(
        { ...log, orderId: kept.orderId, amount: checkout.amount, paymentIntentId },
        'online payment: paid but not recorded: no account receives online payments (Master Data, Settings)',
      );
      if (source === 'webhook') throw error;
      return 'not-recorded';
    }
    if (reason !== 'order-closed' && reason !== 'over-amount-due') throw error;
  }
  // The order was cancelled or rejected, or paid at the counter, while the guest was paying: the
  // money goes back in full. The key makes a second attempt (the other source, a retry) refund once.
  try {
    await provider.refund({
      paymentIntentId,
      amount: checkout.amount,
      idempotencyKey: `checkout-refund:${kept.id}`,
    });
  } catch (error) {
    deps.logger.error({ err: error, ...log, orderId: kept.orderId }, 'online payment: giving back failed');
    throw providerUnavailable();
  }
  deps.logger.warn(
    { ...log, orderId: kept.orderId, amount: checkout.amount, paymentIntentId },
    'online payment: the order could no longer take the payment; refunded in full',
  );
  await completeCheckoutSession(tx, kept.id, null);
  return 'refunded';
}

/**
 * `POST /api/payment-page/{orderId}/confirm`: the guest came back from the hosted checkout. The
 * session is read from the provider (never from the browser's word) and, when paid, recorded.
 */
export async function confirmCheckout(
  deps: OnlinePaymentDeps,
  viewer: PageViewer,
  orderId: string,
  sessionId: string,
): Promise<{ outcome: CheckoutOutcome; page: PaymentPage }> {
  const provider = requireProvider(deps);
  await visibleOrder(deps, viewer, orderId);
  const kept = await findCheckoutSession(deps.db, sessionId);
  if (!kept || kept.orderId !== orderId || kept.provider !== provider.name) {
    throw notFound('There is no such checkout for this order.');
  }
  let checkout: RetrievedCheckout;
  try {
    checkout = await provider.retrieveCheckout(sessionId);
  } catch (error) {
    deps.logger.error(
      { err: error, sessionId },
      'online payment: the provider did not answer for a checkout',
    );
    throw providerUnavailable();
  }
  let outcome: CheckoutOutcome;
  if (checkout.paymentStatus === 'paid') {
    outcome = await withTransaction(deps.db, (tx) => settleCheckout(tx, deps, provider, checkout, 'return'));
  } else if (checkout.status === 'expired') {
    await expireCheckoutSession(deps.db, sessionId);
    outcome = 'expired';
  } else {
    outcome = checkout.status === 'complete' ? 'processing' : 'unpaid';
  }
  return { outcome, page: await paymentPage(deps, viewer, orderId) };
}

/** Events whose checkout, once paid, is recorded. */
const PAID_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

/**
 * `POST /api/payments/stripe/webhook`: Stripe's signed events. The signature is checked on the raw
 * body with the 300 s tolerance (missing, wrong or old: 400, nothing recorded); each event id is
 * handled once; a paid checkout is recorded as above; an expired one is marked; any other event is
 * acknowledged and ignored (2xx, or Stripe would deliver it again and again).
 */
export async function handleStripeWebhook(
  deps: OnlinePaymentDeps,
  rawBody: Uint8Array,
  signature: string | undefined,
): Promise<{ received: true }> {
  const provider = deps.paymentProvider;
  if (!provider) throw notFound('Online payment is not set up here.');
  let event: Awaited<ReturnType<PaymentProvider['verifyWebhook']>>;
  try {
    event = await provider.verifyWebhook(rawBody, signature);
  } catch (error) {
    deps.logger.warn(
      { reason: error instanceof Error ? error.message.split('\n')[0] : String(error) },
      'stripe webhook: signature refused',
    );
    throw badRequest('The webhook’s signature is missing, not valid or too old.');
  }
  await withTransaction(deps.db, async (tx) => {
    if (!(await claimProviderEvent(tx, { id: event.id, provider: provider.name, type: event.type }))) return;
    const checkout = event.type.startsWith('checkout.session.') ? stripeCheckoutOf(event.data.object) : null;
    if (!checkout) return;
    if (PAID_EVENTS.has(event.type) && checkout.paymentStatus === 'paid') {
      await settleCheckout(tx, deps, provider, checkout, 'webhook');
    } else if (event.type === 'checkout.session.expired') {
      await expireCheckoutSession(tx, checkout.id);
    }
  });
  return { received: true };
}

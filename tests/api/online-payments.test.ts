import { eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkoutSessions,
  paymentProviderEvents,
  payments,
} from '../../src/server/modules/payments/payments.schema';
import type { MenuItem } from '../../src/shared/contracts/menu';
import type { Order } from '../../src/shared/contracts/orders';
import type { ConfirmAnswer, PaymentPage } from '../../src/shared/contracts/payments';
import { buildBankAccount, buildMenuItem, buildTable, uniqueName } from '../support/factories';
import { type FakeStripe, startFakeStripe } from '../support/fake-stripe';
import { movedOrder, placedOrder } from '../support/orders';
import {
  accountFor,
  mapPaymentAccounts,
  paid,
  readOrder,
  refunded,
  settingsForPayments,
} from '../support/payments';
import {
  createTestApp,
  expectErrorBody,
  TEST_ORIGIN,
  type TestApp,
  type TestUser,
} from '../support/test-app';

/**
 * `/payment/[orderId]` and online payment through Stripe Checkout, against
 * the local fake of Stripe's API (tests/support/fake-stripe.ts) driven by the real `stripe` package:
 * who may see the page, the checkout for the amount due, the webhook's signature (bad, missing, old),
 * one payment per event and per checkout whichever way the news comes (twice, or webhook and the
 * guest's return at once), amounts that do not match (nothing recorded, a warning logged), an order
 * that can no longer take the money (given back), no account for online payments, a manager's refund
 * of an online payment reaching Stripe, and the page without Stripe.
 */

let fake: FakeStripe;
let t: TestApp;
/** What the app logged at warn and above, parsed. */
const logged: { level: number; msg: string; [key: string]: unknown }[] = [];
let admin: TestUser;
let manager: TestUser;
let staff: TestUser;
let customer: TestUser;
let otherCustomer: TestUser;
let item: MenuItem;
let onlineAccount: { id: string; name: string };

beforeAll(async () => {
  fake = await startFakeStripe();
  const logger = pino(
    { level: 'warn' },
    {
      write(line: string) {
        logged.push(JSON.parse(line));
      },
    },
  );
  t = await createTestApp({ stripe: fake.config }, { logger });
  // Stripe posts from its own servers: no Origin, no cookie, the body exactly as signed.
  fake.setWebhookTarget(async (payload, headers) => {
    const response = await t.app.request(`${TEST_ORIGIN}/api/payments/stripe/webhook`, {
      method: 'POST',
      headers,
      body: payload,
    });
    return { status: response.status, body: await response.text() };
  });
  [admin, manager, staff, customer, otherCustomer] = (await Promise.all([
    t.buildUser({ role: 'admin' }),
    t.buildUser({ role: 'manager' }),
    t.buildUser({ role: 'staff' }),
    t.buildUser({ role: 'customer' }),
    t.buildUser({ role: 'customer' }),
  ])) as [TestUser, TestUser, TestUser, TestUser, TestUser];
  await settingsForPayments(t, admin);
  item = await buildMenuItem(t, { price: 1000 }, { as: admin });
  await accountFor(t, admin, ['cash'], { type: 'cash' });
  onlineAccount = await accountFor(t, admin, ['online'], { type: 'bank' });
  const transfers = await buildBankAccount(
    t,
    {
      type: 'bank',
      name: 'Cafe Current Account',
      bankName: 'First Harbour Bank',
      accountNumber: '0042 1234 5678',
    },
    { as: admin },
  );
  await mapPaymentAccounts(t, admin, { 'bank-transfer': transfers.id });
});

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** A customer's pending takeaway of `quantity` × 10.00. */
const customerOrder = (quantity = 1, as: TestUser = customer): Promise<Order> =>
  placedOrder(t, { type: 'takeaway', lines: [{ menuItemId: item.id, quantity }] }, as);

/** A confirmed point-of-sale takeaway of `quantity` × 10.00 (no customer: a guest with the receipt's link). */
const counterOrder = (quantity = 1): Promise<Order> =>
  placedOrder(t, { type: 'takeaway', lines: [{ menuItemId: item.id, quantity }] }, staff);

/** The order's secret key, from the payment link staff see on the order. */
async function keyOf(orderId: string): Promise<string> {
  const link = new URL((await readOrder(t, orderId, staff)).paymentLink, TEST_ORIGIN);
  expect(link.pathname).toBe(`/payment/${orderId}`);
  return link.searchParams.get('key') ?? '';
}

const pagePath = (orderId: string, key?: string) =>
  `/api/payment-page/${orderId}${key === undefined ? '' : `?key=${encodeURIComponent(key)}`}`;

async function page(orderId: string, as: TestUser | null, key?: string): Promise<PaymentPage> {
  const response = await t.get(pagePath(orderId, key), { as });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as PaymentPage;
}

/** `POST …/checkout`, expecting 200: the fake's session it made. */
async function checkout(orderId: string, as: TestUser | null, key?: string) {
  const response = await t.post(`/api/payment-page/${orderId}/checkout`, key ? { key } : {}, { as });
  expect(response.status, await response.clone().text()).toBe(200);
  const { url } = (await response.json()) as { url: string };
  const session = [...fake.sessions.values()].find((candidate) => candidate.url === url);
  if (!session) throw new Error(`no fake session has the url ${url}`);
  return session;
}

function confirm(orderId: string, sessionId: string, as: TestUser | null, key?: string) {
  return t.post(`/api/payment-page/${orderId}/confirm`, { sessionId, ...(key ? { key } : {}) }, { as });
}

async function confirmed(orderId: string, sessionId: string, as: TestUser | null, key?: string) {
  const response = await confirm(orderId, sessionId, as, key);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as ConfirmAnswer;
}

const paymentsOf = (orderId: string) => t.db.select().from(payments).where(eq(payments.orderId, orderId));

describe('who may see the payment page', () => {
  it('another customer, a stranger and a wrong key get 404; the customer, staff and the key 200', async () => {
    const placed = await customerOrder(2);
    const key = await keyOf(placed.id);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    await expectErrorBody(await t.get(pagePath(placed.id), { as: otherCustomer }), 404, 'not-found');
    await expectErrorBody(await t.get(pagePath(placed.id)), 404, 'not-found');
    // The key with its last digit changed (to another digit whatever it was: 1 in 16 keys ends in 0).
    const wrongKey = `${key.slice(0, -1)}${key.endsWith('0') ? '1' : '0'}`;
    await expectErrorBody(await t.get(pagePath(placed.id, wrongKey)), 404, 'not-found');
    await expectErrorBody(await t.get(pagePath(crypto.randomUUID(), key)), 404, 'not-found');
    // Another order's key opens nothing but that order.
    const other = await customerOrder(1, otherCustomer);
    await expectErrorBody(await t.get(pagePath(placed.id, await keyOf(other.id))), 404, 'not-found');
    // The calls behind the page follow the same rule.
    await expectErrorBody(
      await t.post(`/api/payment-page/${placed.id}/checkout`, {}, { as: otherCustomer }),
      404,
      'not-found',
    );
    await expectErrorBody(await confirm(placed.id, 'cs_test_x', null), 404, 'not-found');

    for (const [as, withKey] of [
      [customer, undefined],
      [staff, undefined],
      [null, key],
      [otherCustomer, key],
    ] as const) {
      const response = await t.get(pagePath(placed.id, withKey), { as });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toContain('no-store');
      expect(((await response.json()) as PaymentPage).order.id).toBe(placed.id);
    }
  });

  it('shows the lines, totals, what is paid and due, the payments, online payment and the bank transfer details', async () => {
    const placed = await counterOrder(3);
    await paid(t, placed.id, { method: 'cash', amount: 500 }, staff);
    const shown = await page(placed.id, null, await keyOf(placed.id));
    expect(shown).toEqual({
      order: expect.objectContaining({
        id: placed.id,
        number: placed.number,
        status: 'confirmed',
        paymentStatus: 'partially-paid',
        currency: 'USD',
        lines: [{ name: item.name, quantity: 3, lineTotal: 3000, options: [] }],
        total: 3000,
        amountPaid: 500,
        amountRefunded: 0,
        amountDue: 2500,
      }),
      restaurant: { name: expect.any(String), locale: 'en-US' },
      onlinePayment: true,
      bankTransfer: {
        payee: shown.restaurant.name,
        bankName: 'First Harbour Bank',
        accountNumber: '0042 1234 5678',
        reference: `Order #${placed.number}`,
      },
      payments: [{ method: 'cash', amount: 500, refunded: 0, createdAt: expect.any(String) }],
    });
    expect(shown.order.table).toBeNull();
    // Nothing staff-only: no people, accounts or key.
    expect(JSON.stringify(shown)).not.toMatch(/takenBy|accountId|access|paymentLink/);
  });

  it('never sends the account’s own name (a back-office label), to a guest, the customer or staff', async () => {
    const mine = await customerOrder(1);
    const counter = await counterOrder(1);
    for (const [orderId, as, key] of [
      [mine.id, customer, undefined],
      [counter.id, null, await keyOf(counter.id)],
      [counter.id, staff, undefined],
    ] as const) {
      const response = await t.get(pagePath(orderId, key), { as });
      expect(response.status).toBe(200);
      const body = await response.text();
      expect(body).toContain('0042 1234 5678');
      expect(body).not.toContain('Cafe Current Account');
      expect(body).not.toContain('accountName');
    }
  });

  it('a dine-in order carries its table; an account without a number offers no bank transfer', async () => {
    const table = await buildTable(t, { name: uniqueName('T') }, { as: admin });
    const seated = await placedOrder(
      t,
      { type: 'dine-in', tableId: table.id, lines: [{ menuItemId: item.id, quantity: 1 }] },
      customer,
    );
    const shown = await page(seated.id, customer);
    expect(shown.order).toMatchObject({ type: 'dine-in', table: table.name });

    const numberless = await buildBankAccount(
      t,
      { type: 'bank', name: uniqueName('Tips jar') },
      { as: admin },
    );
    const mapped = (await t.get('/api/settings', { as: admin }).then((r) => r.json())) as {
      paymentAccounts: Record<string, string | null>;
    };
    await mapPaymentAccounts(t, admin, { 'bank-transfer': numberless.id });
    try {
      expect((await page(seated.id, customer)).bankTransfer).toBeNull();
    } finally {
      await mapPaymentAccounts(t, admin, {
        'bank-transfer': mapped.paymentAccounts['bank-transfer'] ?? null,
      });
    }
  });
});

describe('starting a checkout', () => {
  it('makes a Stripe Checkout Session for exactly the amount due, in the order’s currency, and keeps it', async () => {
    const placed = await counterOrder(2);
    await paid(t, placed.id, { method: 'cash', amount: 300 }, staff);
    const key = await keyOf(placed.id);
    const session = await checkout(placed.id, null, key);
    expect(session).toMatchObject({
      amount_total: 1700,
      currency: 'usd',
      mode: 'payment',
      metadata: { orderId: placed.id },
      status: 'open',
      success_url: `${TEST_ORIGIN}/payment/${placed.id}?key=${key}&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${TEST_ORIGIN}/payment/${placed.id}?key=${key}`,
    });
    expect(session.line_items).toEqual([
      { name: `Order #${placed.number}`, unit_amount: 1700, quantity: 1, currency: 'usd' },
    ]);
    const created = fake.requests.filter((request) => request.path === '/v1/checkout/sessions').at(-1);
    expect(created?.idempotencyKey).toMatch(new RegExp(`^checkout:${placed.id}:`));
    const [kept] = await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, session.id));
    expect(kept).toMatchObject({ orderId: placed.id, provider: 'stripe', amount: 1700, status: 'open' });
    expect(kept?.currency.trim()).toBe('USD');
    expect(await paymentsOf(placed.id)).toHaveLength(1);
  });

  it('refuses an order with nothing due and a cancelled one (409), which the page does not offer online', async () => {
    const settled = await counterOrder(1);
    await paid(t, settled.id, { method: 'cash', amount: 1000 }, staff);
    const error = await expectErrorBody(
      await t.post(`/api/payment-page/${settled.id}/checkout`, {}, { as: staff }),
      409,
      'aborted',
    );
    expect(error.details).toEqual({ reason: 'nothing-due' });
    expect((await page(settled.id, staff)).onlinePayment).toBe(false);

    const dropped = await customerOrder(1);
    await movedOrder(t, dropped, 'cancelled', customer);
    const closed = await expectErrorBody(
      await t.post(`/api/payment-page/${dropped.id}/checkout`, {}, { as: customer }),
      409,
      'aborted',
    );
    expect(closed.details).toMatchObject({ reason: 'order-closed' });
    expect((await page(dropped.id, customer)).onlinePayment).toBe(false);
  });
});

describe('paying through the hosted checkout', () => {
  it('the Pay button: Stripe’s webhook records the payment, the guest comes back to the page and it shows paid', async () => {
    const placed = await customerOrder(2);
    const session = await checkout(placed.id, customer);
    const pay = await fetch(session.url ?? '', { method: 'POST', redirect: 'manual' });
    expect(pay.status).toBe(303);
    const back = new URL(pay.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(`${TEST_ORIGIN}/payment/${placed.id}`);
    expect(back.searchParams.get('session_id')).toBe(session.id);
    expect(fake.deliveries.at(-1)).toMatchObject({ type: 'checkout.session.completed', status: 200 });

    const answer = await confirmed(
      placed.id,
      session.id,
      customer,
      back.searchParams.get('key') ?? undefined,
    );
    expect(answer.outcome).toBe('paid');
    expect(answer.page.order).toMatchObject({ paymentStatus: 'paid', amountPaid: 2000, amountDue: 0 });
    expect(answer.page.onlinePayment).toBe(false);
    expect(answer.page.payments).toEqual([
      { method: 'online', amount: 2000, refunded: 0, createdAt: expect.any(String) },
    ]);
    const [row, ...more] = await paymentsOf(placed.id);
    expect(more).toHaveLength(0);
    expect(row).toMatchObject({
      method: 'online',
      amount: 2000,
      provider: 'stripe',
      providerPaymentId: fake.sessions.get(session.id)?.payment_intent,
      accountId: onlineAccount.id,
      takenBy: null,
    });
    const [kept] = await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, session.id));
    expect(kept).toMatchObject({ status: 'complete', paymentId: row?.id });
    expect((await readOrder(t, placed.id, customer)).paymentStatus).toBe('paid');
  });

  it('the guest’s return alone records it when no webhook came; coming back unpaid records nothing', async () => {
    const placed = await counterOrder(1);
    const key = await keyOf(placed.id);
    const session = await checkout(placed.id, null, key);
    expect((await confirmed(placed.id, session.id, null, key)).outcome).toBe('unpaid');
    expect(await paymentsOf(placed.id)).toHaveLength(0);
    fake.pay(session.id);
    const answer = await confirmed(placed.id, session.id, null, key);
    expect(answer.outcome).toBe('paid');
    expect(answer.page.order.paymentStatus).toBe('paid');
    expect(await paymentsOf(placed.id)).toHaveLength(1);
    // The same return again (a reload) records nothing more.
    expect((await confirmed(placed.id, session.id, null, key)).outcome).toBe('paid');
    expect(await paymentsOf(placed.id)).toHaveLength(1);
    // A checkout of another order is not this order's.
    const other = await counterOrder(1);
    await expectErrorBody(await confirm(other.id, session.id, staff), 404, 'not-found');
  });

  it('the webhook and the guest’s return at the same moment record one payment', async () => {
    for (let round = 0; round < 4; round++) {
      const placed = await counterOrder(1);
      const key = await keyOf(placed.id);
      const session = await checkout(placed.id, null, key);
      fake.pay(session.id);
      const [delivery, ret, again] = await Promise.all([
        fake.deliver(fake.completedEvent(session.id)),
        confirmed(placed.id, session.id, null, key),
        fake.deliver(fake.completedEvent(session.id)),
      ]);
      expect(delivery.status).toBe(200);
      expect(again.status).toBe(200);
      expect(ret.outcome).toBe('paid');
      const rows = await paymentsOf(placed.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.amount).toBe(1000);
      expect((await page(placed.id, null, key)).order).toMatchObject({ paymentStatus: 'paid', amountDue: 0 });
    }
  });
});

describe('the webhook', () => {
  /** A counter order with a checkout the guest has paid at Stripe, not yet reported to the app. */
  async function paidCheckout(quantity = 1) {
    const placed = await counterOrder(quantity);
    const session = await checkout(placed.id, staff);
    fake.pay(session.id);
    return { placed, session };
  }

  it('refuses a bad or missing signature with 400 and records nothing; the event still counts once signed', async () => {
    const { placed, session } = await paidCheckout();
    const event = fake.completedEvent(session.id);
    for (const signature of ['bad', 'none'] as const) {
      const delivery = await fake.deliver(event, { signature });
      expect(delivery.status).toBe(400);
      expect(JSON.parse(delivery.body)).toEqual({
        error: { code: 'invalid-argument', message: expect.stringContaining('signature') },
      });
    }
    // A body changed after signing (another amount) fails too.
    const payload = JSON.stringify(event);
    const tampered = await t.app.request(`${TEST_ORIGIN}/api/payments/stripe/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': fake.signatureHeader(payload),
      },
      body: payload.replace('"amount_total":1000', '"amount_total":1'),
    });
    expect(tampered.status).toBe(400);
    expect(await paymentsOf(placed.id)).toHaveLength(0);
    expect((await fake.deliver(event)).status).toBe(200);
    expect(await paymentsOf(placed.id)).toHaveLength(1);
  });

  it('refuses a signature older than 300 seconds with 400 and records nothing', async () => {
    const { placed, session } = await paidCheckout();
    const event = fake.completedEvent(session.id);
    expect((await fake.deliver(event, { ageSeconds: 301 })).status).toBe(400);
    expect((await fake.deliver(event, { ageSeconds: 3600 })).status).toBe(400);
    expect(await paymentsOf(placed.id)).toHaveLength(0);
    // Within the tolerance it is taken.
    expect((await fake.deliver(event, { ageSeconds: 240 })).status).toBe(200);
    expect(await paymentsOf(placed.id)).toHaveLength(1);
  });

  it('records one payment when the same event comes twice, or twice at once, or with a second event about it', async () => {
    const { placed, session } = await paidCheckout(2);
    const event = fake.completedEvent(session.id);
    const deliveries = await Promise.all([fake.deliver(event), fake.deliver(event)]);
    expect(deliveries.map((delivery) => delivery.status)).toEqual([200, 200]);
    expect((await fake.deliver(event)).status).toBe(200);
    const succeeded = fake.makeEvent('checkout.session.async_payment_succeeded', {
      ...fake.sessions.get(session.id),
    });
    expect((await fake.deliver(succeeded)).status).toBe(200);
    const rows = await paymentsOf(placed.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.amount).toBe(2000);
    // Each event id is kept once, as handled.
    const handled = await t.db
      .select()
      .from(paymentProviderEvents)
      .where(inArray(paymentProviderEvents.id, [event.id, succeeded.id]));
    expect(handled.map((row) => [row.type, row.provider]).sort()).toEqual([
      ['checkout.session.async_payment_succeeded', 'stripe'],
      ['checkout.session.completed', 'stripe'],
    ]);
  });

  it('ignores a checkout whose amount or currency does not match the one made, with a warning in the log', async () => {
    const { placed, session } = await paidCheckout(3);
    const before = logged.length;
    for (const overrides of [{ amount_total: 1 }, { amount_total: 30_000 }, { currency: 'eur' }]) {
      const delivery = await fake.deliver(fake.completedEvent(session.id, overrides));
      expect(delivery.status).toBe(200);
    }
    expect(await paymentsOf(placed.id)).toHaveLength(0);
    const warnings = logged
      .slice(before)
      .filter(
        (entry) => entry.level === 40 && /does not match/.test(entry.msg) && entry.sessionId === session.id,
      );
    expect(warnings).toHaveLength(3);
    expect(warnings[0]).toMatchObject({ expected: { amount: 3000, currency: 'USD' }, got: { amount: 1 } });
    // The guest's return with a session Stripe reports at another amount records nothing either.
    const stored = fake.sessions.get(session.id);
    if (stored) stored.amount_total = 2999;
    expect((await confirmed(placed.id, session.id, staff)).outcome).toBe('not-recorded');
    expect(await paymentsOf(placed.id)).toHaveLength(0);
  });

  it('acknowledges events it does not handle and checkouts it did not make, recording nothing', async () => {
    for (const event of [
      fake.makeEvent('customer.created', { id: 'cus_1', object: 'customer' }),
      fake.makeEvent('payment_intent.succeeded', { id: 'pi_1', object: 'payment_intent', amount: 100 }),
      fake.makeEvent('checkout.session.completed', {
        id: 'cs_test_elsewhere',
        object: 'checkout.session',
        amount_total: 100,
        currency: 'usd',
        payment_status: 'paid',
        payment_intent: 'pi_elsewhere',
        metadata: {},
      }),
    ]) {
      const delivery = await fake.deliver(event);
      expect(delivery.status, delivery.body).toBe(200);
      expect(JSON.parse(delivery.body)).toEqual({ received: true });
    }
    expect(await t.db.select().from(payments).where(eq(payments.providerPaymentId, 'pi_elsewhere'))).toEqual(
      [],
    );
  });

  it('marks an expired checkout', async () => {
    const placed = await counterOrder(1);
    const session = await checkout(placed.id, staff);
    const stored = fake.sessions.get(session.id);
    if (stored) stored.status = 'expired';
    expect((await fake.deliver(fake.makeEvent('checkout.session.expired', { ...stored }))).status).toBe(200);
    const [kept] = await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, session.id));
    expect(kept?.status).toBe('expired');
  });
});

describe('money the order can no longer take, and no account for online payments', () => {
  it('gives the payment back through Stripe when the order was cancelled or paid at the counter meanwhile', async () => {
    const dropped = await customerOrder(1);
    const session = await checkout(dropped.id, customer);
    fake.pay(session.id);
    await movedOrder(t, dropped, 'cancelled', customer);
    expect((await fake.deliver(fake.completedEvent(session.id))).status).toBe(200);
    const intent = fake.sessions.get(session.id)?.payment_intent;
    expect(fake.refunds.filter((refund) => refund.payment_intent === intent)).toEqual([
      expect.objectContaining({ amount: 1000, idempotency_key: `checkout-refund:${session.id}` }),
    ]);
    expect(await paymentsOf(dropped.id)).toHaveLength(0);
    expect((await confirmed(dropped.id, session.id, customer)).outcome).toBe('refunded');
    expect(fake.refunds.filter((refund) => refund.payment_intent === intent)).toHaveLength(1);

    const placed = await counterOrder(1);
    const late = await checkout(placed.id, staff);
    fake.pay(late.id);
    await paid(t, placed.id, { method: 'cash', amount: 1000 }, staff);
    expect((await confirmed(placed.id, late.id, staff)).outcome).toBe('refunded');
    const lateIntent = fake.sessions.get(late.id)?.payment_intent;
    expect(fake.refunds.filter((refund) => refund.payment_intent === lateIntent)).toHaveLength(1);
    expect((await paymentsOf(placed.id)).map((row) => row.method)).toEqual(['cash']);
  });

  it('without an account for online payments: no online payment offered; a paid checkout is kept for later (webhook 409, an error logged)', async () => {
    const placed = await counterOrder(1);
    const session = await checkout(placed.id, staff);
    fake.pay(session.id);
    await mapPaymentAccounts(t, admin, { online: null });
    try {
      expect((await page(placed.id, staff)).onlinePayment).toBe(false);
      const refused = await expectErrorBody(
        await t.post(`/api/payment-page/${placed.id}/checkout`, {}, { as: staff }),
        409,
        'aborted',
      );
      expect(refused.details).toMatchObject({ reason: 'no-account' });
      const before = logged.length;
      const event = fake.completedEvent(session.id);
      // Not acknowledged: Stripe delivers it again later.
      expect((await fake.deliver(event)).status).toBe(409);
      expect((await confirmed(placed.id, session.id, staff)).outcome).toBe('not-recorded');
      expect(
        logged
          .slice(before)
          .filter((entry) => entry.level === 50 && /no account receives online/.test(entry.msg)),
      ).toHaveLength(2);
      expect(await paymentsOf(placed.id)).toHaveLength(0);
      // Once the owner maps an account, Stripe's next delivery records it.
      await mapPaymentAccounts(t, admin, { online: onlineAccount.id });
      expect((await fake.deliver(event)).status).toBe(200);
      expect(await paymentsOf(placed.id)).toHaveLength(1);
    } finally {
      await mapPaymentAccounts(t, admin, { online: onlineAccount.id });
    }
  });
});

describe('refunding an online payment', () => {
  it('a manager’s refund goes back through Stripe’s refund API, once per refund', async () => {
    const placed = await counterOrder(3);
    const session = await checkout(placed.id, staff);
    fake.pay(session.id);
    expect((await confirmed(placed.id, session.id, staff)).outcome).toBe('paid');
    const [payment] = await paymentsOf(placed.id);
    if (!payment) throw new Error('no payment');
    const intent = fake.sessions.get(session.id)?.payment_intent;
    const made = await refunded(t, payment.id, { amount: 500, reason: 'One drink was missing' }, manager);
    expect(made.amount).toBe(500);
    await refunded(t, payment.id, { amount: 700, reason: 'Cold food' }, manager);
    const atStripe = fake.refunds.filter((refund) => refund.payment_intent === intent);
    expect(atStripe.map((refund) => refund.amount)).toEqual([500, 700]);
    expect(new Set(atStripe.map((refund) => refund.idempotency_key)).size).toBe(2);
    expect((await page(placed.id, staff)).order).toMatchObject({
      paymentStatus: 'partially-refunded',
      amountPaid: 3000,
      amountRefunded: 1200,
      // Money given back does not reopen the bill.
      amountDue: 0,
    });
  });
});

describe('without STRIPE_SECRET_KEY', () => {
  it('online payment is off: the page offers none, checkout is a 409, the webhook a 404', async () => {
    const plain = await createTestApp({ stripe: undefined });
    try {
      expect(plain.services.paymentProvider).toBeNull();
      const owner = await plain.buildUser({ role: 'admin' });
      const cashier = await plain.buildUser({ role: 'staff' });
      await settingsForPayments(plain, owner);
      await accountFor(plain, owner, ['online', 'bank-transfer'], {
        type: 'bank',
        accountNumber: '7700 1234',
      });
      const dish = await buildMenuItem(plain, { price: 800 }, { as: owner });
      const placed = await placedOrder(
        plain,
        { type: 'takeaway', lines: [{ menuItemId: dish.id, quantity: 1 }] },
        cashier,
      );
      const response = await plain.get(`/api/payment-page/${placed.id}`, { as: cashier });
      expect(response.status).toBe(200);
      const shown = (await response.json()) as PaymentPage;
      expect(shown.onlinePayment).toBe(false);
      expect(shown.order.amountDue).toBe(800);
      expect(shown.bankTransfer).not.toBeNull();
      const refused = await expectErrorBody(
        await plain.post(`/api/payment-page/${placed.id}/checkout`, {}, { as: cashier }),
        409,
        'aborted',
      );
      expect(refused.details).toEqual({ reason: 'online-payment-off' });
      await expectErrorBody(
        await plain.post(
          `/api/payment-page/${placed.id}/confirm`,
          { sessionId: 'cs_test_1' },
          { as: cashier },
        ),
        409,
        'aborted',
      );
      const webhook = await plain.app.request(`${TEST_ORIGIN}/api/payments/stripe/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
        body: '{}',
      });
      expect(webhook.status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

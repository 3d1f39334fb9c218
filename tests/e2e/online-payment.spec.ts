import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Order } from '../../src/shared/contracts/orders';
import type { OrderWithPayments } from '../../src/shared/contracts/payments';
import { formatMoney } from '../../src/shared/money';
import {
  buildBankAccount,
  buildMenuItem,
  buildTable,
  type FactoryClient,
  uniqueName,
} from '../support/factories';
import type { Delivery, FakeCheckoutSession, WebhookTiming } from '../support/fake-stripe';
import { expect, test } from './fixtures';
import { newCustomer, ownerClient, patchSettings, signIn } from './guests';
import { axeViolations, DESKTOP, PHONE, saveScreenshot } from './helpers';
import { E2E_USERS } from './users';

/**
 * Online payment on `/payment/[orderId]`, through the local fake of Stripe that
 * global-setup starts and points the app at (STRIPE_API_BASE): the page's summary and amount due, "Pay
 * online" to the fake's hosted checkout, its Pay button (which sends Stripe's signed webhook), the way
 * back to the page, which shows what the payment came to, and the order paid. A signed-in customer
 * pays their own order; a guest without an account pays a counter order with the receipt's link.
 */

const FAKE_STRIPE = process.env.E2E_FAKE_STRIPE_URL ?? '';

/** The fake's test API: its checkouts, refunds and webhook deliveries so far. */
async function fakeState(request: APIRequestContext) {
  const response = await request.get(`${FAKE_STRIPE}/_test/state`);
  expect(response.status()).toBe(200);
  return (await response.json()) as { sessions: FakeCheckoutSession[]; deliveries: Delivery[] };
}

async function setWebhookTiming(request: APIRequestContext, webhookTiming: WebhookTiming) {
  const response = await request.post(`${FAKE_STRIPE}/_test/options`, { data: { webhookTiming } });
  expect(response.status()).toBe(200);
}

/**
 * An account for online payments and one for bank transfers, mapped in the settings; answers the
 * transfer account (its name is the back office's label, which guests never see).
 */
async function mapAccounts(owner: FactoryClient, request: APIRequestContext, baseURL: string) {
  const online = await buildBankAccount(owner, { type: 'bank', name: uniqueName('Stripe payouts') });
  const transfers = await buildBankAccount(owner, {
    type: 'bank',
    name: uniqueName('Cafe current account'),
    bankName: 'First Harbour Bank',
    accountNumber: '0042 1234 5678',
  });
  await patchSettings(request, baseURL, {
    paymentAccounts: { online: online.id, 'bank-transfer': transfers.id },
  });
  return transfers;
}

/** The order as staff read it (its payments, its link). */
async function staffRead(staff: APIRequestContext, orderId: string): Promise<OrderWithPayments> {
  const response = await staff.get(`/api/orders/${orderId}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as OrderWithPayments;
}

/** On the fake's hosted page: its amount, then Pay; the browser comes back to the payment page. */
async function payAtFakeCheckout(page: Page, amount: string) {
  await expect(page).toHaveURL(new RegExp(`^${FAKE_STRIPE}/pay/cs_test_`));
  await expect(page.getByTestId('fake-checkout-amount')).toHaveText(amount);
  await page.getByRole('button', { name: /^Pay / }).click();
}

test.describe('online payment', () => {
  test('a signed-in customer pays their order online through the fake Stripe checkout; the page and the order show paid', async ({
    page,
    request,
    browser,
    baseURL,
  }, testInfo) => {
    test.slow();
    const owner = await ownerClient(request, baseURL!);
    await mapAccounts(owner, request, baseURL!);
    const soup = await buildMenuItem(owner, { name: uniqueName('Pay Soup'), price: 650 });
    const cake = await buildMenuItem(owner, { name: uniqueName('Pay Cake'), price: 475 });

    await page.setViewportSize(PHONE);
    const customer = await newCustomer(page.request, baseURL!, 'Paula');
    await signIn(page.request, baseURL!, customer);
    const placed = await page.request.post('/api/orders', {
      data: {
        type: 'takeaway',
        lines: [
          { menuItemId: soup.id, quantity: 2 },
          { menuItemId: cake.id, quantity: 1 },
        ],
      },
      headers: { origin: baseURL!, 'Idempotency-Key': randomUUID() },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const order = (await placed.json()) as Order;
    const due = formatMoney(order.total, order.currency, 'en-US');

    // The customer's own order page leads to the payment page while money is due.
    await page.goto(`/account/orders/${order.id}`);
    await page.getByRole('link', { name: `Pay ${due}` }).click();
    await expect(page).toHaveURL(new RegExp(`/payment/${order.id}\\?key=[0-9a-f]{64}$`));
    await expect(page.getByRole('heading', { name: `Order #${order.number}`, level: 1 })).toBeVisible();
    await expect(page.getByTestId('payment-line')).toHaveCount(2);
    await expect(page.getByTestId('payment-line').first()).toContainText(soup.name);
    await expect(page.getByTestId('amount-due')).toHaveText(due);
    await expect(page.getByTestId('pay-options').getByTestId('payment-status')).toHaveText('Unpaid');
    await expect(page.getByText('At the counter')).toBeVisible();
    await expect(page.getByText('By bank transfer')).toBeVisible();
    const payOnline = page.getByRole('button', { name: `Pay ${due} online` });
    await expect(payOnline).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, testInfo, 'payment-page');

    await payOnline.click();
    await payAtFakeCheckout(page, `${(order.total / 100).toFixed(2)} USD`);

    // Back on the page: Stripe's webhook recorded it, the return confirmed it, the address is clean.
    await expect(page).toHaveURL(new RegExp(`/payment/${order.id}\\?key=[0-9a-f]{64}$`));
    const notice = page.getByTestId('checkout-outcome');
    await expect(notice).toContainText('Payment received. Thank you!');
    await expect(page.getByTestId('amount-due')).toHaveText(formatMoney(0, order.currency, 'en-US'));
    await expect(page.getByTestId('paid-in-full')).toBeVisible();
    await expect(page.getByTestId('pay-options').getByTestId('payment-status')).toHaveText('Paid');
    await expect(page.getByRole('button', { name: /online$/ })).toHaveCount(0);
    await expect(page.getByTestId('payment-history-item')).toContainText(['Paid online']);
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, testInfo, 'payment-page-paid');

    const state = await fakeState(request);
    const session = state.sessions.find((candidate) => candidate.metadata.orderId === order.id);
    expect(session).toMatchObject({ amount_total: order.total, currency: 'usd', payment_status: 'paid' });
    expect(state.deliveries.filter((delivery) => delivery.status === 200).length).toBeGreaterThan(0);

    // The order shows paid: on the customer's own page, and to staff with the one online payment.
    await page.goto(`/account/orders/${order.id}`);
    await expect(page.getByTestId('order-totals').getByTestId('payment-status')).toHaveText('Paid');
    await expect(page.getByRole('link', { name: /^Pay / })).toHaveCount(0);
    const staffContext = await browser.newContext({
      baseURL,
      extraHTTPHeaders: { 'x-forwarded-for': `198.19.${Math.floor(Math.random() * 250)}.31` },
    });
    try {
      await signIn(staffContext.request, baseURL!, E2E_USERS.staff);
      const read = await staffRead(staffContext.request, order.id);
      expect(read).toMatchObject({ paymentStatus: 'paid', amountDue: 0, amountPaid: order.total });
      expect(read.payments).toEqual([
        expect.objectContaining({ method: 'online', amount: order.total, online: true }),
      ]);
    } finally {
      await staffContext.close();
    }
  });

  test('a guest with the receipt’s link pays a counter order online; without the key the order does not exist', async ({
    page,
    request,
    browser,
    baseURL,
  }, testInfo) => {
    test.slow();
    const owner = await ownerClient(request, baseURL!);
    await mapAccounts(owner, request, baseURL!);
    const pasta = await buildMenuItem(owner, { name: uniqueName('Link Pasta'), price: 1390 });
    const staffContext = await browser.newContext({
      baseURL,
      extraHTTPHeaders: { 'x-forwarded-for': `198.19.${Math.floor(Math.random() * 250)}.41` },
    });
    try {
      const staff = staffContext.request;
      await signIn(staff, baseURL!, E2E_USERS.staff);
      const placed = await staff.post('/api/orders', {
        data: { type: 'takeaway', lines: [{ menuItemId: pasta.id, quantity: 2 }] },
        headers: { origin: baseURL!, 'Idempotency-Key': randomUUID() },
      });
      expect(placed.status(), await placed.text()).toBe(201);
      const body = (await placed.json()) as Order;
      const { paymentLink, total, currency } = await staffRead(staff, body.id);
      const due = formatMoney(total, currency, 'en-US');

      await page.setViewportSize(DESKTOP);
      // The address without its key: nobody's order.
      await page.goto(`/payment/${body.id}`);
      await expect(page.getByRole('heading', { name: 'This order does not exist' })).toBeVisible();

      await page.goto(paymentLink);
      await expect(page.getByRole('heading', { name: `Order #${body.number}`, level: 1 })).toBeVisible();
      await expect(page.getByTestId('amount-due')).toHaveText(due);
      await expect(page.getByTestId('bank-transfer')).toContainText('Account number');
      await saveScreenshot(page, testInfo, 'payment-page');

      // Going to the checkout and coming back without paying changes nothing.
      await page.getByRole('button', { name: `Pay ${due} online` }).click();
      await expect(page).toHaveURL(new RegExp(`^${FAKE_STRIPE}/pay/`));
      await page.getByRole('link', { name: 'Back' }).click();
      await expect(page.getByTestId('amount-due')).toHaveText(due);
      await expect(page.getByTestId('checkout-outcome')).toHaveCount(0);

      // This time Stripe's webhook comes late: the guest's return records the payment by itself.
      await setWebhookTiming(request, 'after-redirect');
      try {
        await page.getByRole('button', { name: `Pay ${due} online` }).click();
        await payAtFakeCheckout(page, `${(total / 100).toFixed(2)} USD`);
        await expect(page.getByTestId('checkout-outcome')).toContainText('Payment received. Thank you!');
        await expect(page.getByTestId('paid-in-full')).toBeVisible();
        await saveScreenshot(page, testInfo, 'payment-page-paid');
      } finally {
        await setWebhookTiming(request, 'before-redirect');
      }
      // The late webhook arrives and records nothing more.
      await expect
        .poll(async () => (await staffRead(staff, body.id)).payments.length, { timeout: 5000 })
        .toBe(1);
      await page.waitForTimeout(500);
      const read = await staffRead(staff, body.id);
      expect(read).toMatchObject({ paymentStatus: 'paid', amountDue: 0 });
      expect(read.payments).toHaveLength(1);

      // A reload of the page shows it paid, without the notice.
      await page.reload();
      await expect(page.getByTestId('paid-in-full')).toBeVisible();
      await expect(page.getByTestId('checkout-outcome')).toHaveCount(0);
    } finally {
      await staffContext.close();
    }
  });

  test('a dine-in guest is told to ask for the bill at their table; the transfer details are the payer’s, never the account’s own name', async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    const owner = await ownerClient(request, baseURL!);
    const transfers = await mapAccounts(owner, request, baseURL!);
    const { name: restaurant } = (await (await request.get('/api/settings')).json()) as { name: string };
    const table = await buildTable(owner, { name: uniqueName('T') });
    const tea = await buildMenuItem(owner, { name: uniqueName('Table Tea'), price: 380 });

    await page.setViewportSize(PHONE);
    const customer = await newCustomer(page.request, baseURL!, 'Tara');
    await signIn(page.request, baseURL!, customer);
    const placed = await page.request.post('/api/orders', {
      data: { type: 'dine-in', tableName: table.name, lines: [{ menuItemId: tea.id, quantity: 2 }] },
      headers: { origin: baseURL!, 'Idempotency-Key': randomUUID() },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const order = (await placed.json()) as Order;
    const due = formatMoney(order.total, order.currency, 'en-US');

    await page.goto(`/account/orders/${order.id}`);
    await page.getByRole('link', { name: `Pay ${due}` }).click();
    await expect(page).toHaveURL(new RegExp(`/payment/${order.id}\\?key=[0-9a-f]{64}$`));
    await expect(page.getByRole('heading', { name: `Order #${order.number}`, level: 1 })).toBeVisible();
    await expect(page.getByText(`Dine-in · Table ${table.name}`)).toBeVisible();
    const options = page.getByTestId('pay-options');
    await expect(options.getByRole('heading', { name: 'At your table' })).toBeVisible();
    await expect(options).toContainText(
      `Ask a member of staff for the bill. They bring it to table ${table.name}, and you can pay there by cash, card or QR.`,
    );
    await expect(page.getByText('At the counter')).toHaveCount(0);

    // The transfer: who to pay, the bank, the number and the reference; the account's own name nowhere.
    const transfer = page.getByTestId('bank-transfer');
    await expect(transfer).toContainText(`Pay to${restaurant}`);
    await expect(transfer).toContainText('BankFirst Harbour Bank');
    await expect(transfer).toContainText('Account number0042 1234 5678');
    await expect(transfer).toContainText(`ReferenceOrder #${order.number}`);
    await expect(transfer).not.toContainText('Account name');
    expect(await page.content()).not.toContain(transfers.name);
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, testInfo, 'payment-page-dine-in');
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(options.getByRole('heading', { name: 'At your table' })).toBeVisible();
    await saveScreenshot(page, testInfo, 'payment-page-dine-in');
  });

  test('a delivery guest is told to pay when the order arrives, not at the counter', async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    const owner = await ownerClient(request, baseURL!);
    const soup = await buildMenuItem(owner, { name: uniqueName('Delivered Soup'), price: 950 });
    await page.setViewportSize(PHONE);
    const customer = await newCustomer(page.request, baseURL!, 'Dora');
    await signIn(page.request, baseURL!, customer);
    const placed = await page.request.post('/api/orders', {
      data: {
        type: 'delivery',
        deliveryAddress: '12 Harbour Road',
        customerPhone: '+1 555 0100',
        lines: [{ menuItemId: soup.id, quantity: 4 }],
      },
      headers: { origin: baseURL!, 'Idempotency-Key': randomUUID() },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const order = (await placed.json()) as Order;

    await page.goto(`/account/orders/${order.id}`);
    await page
      .getByRole('link', { name: `Pay ${formatMoney(order.total, order.currency, 'en-US')}` })
      .click();
    const options = page.getByTestId('pay-options');
    await expect(options.getByRole('heading', { name: 'On delivery' })).toBeVisible();
    await expect(options).toContainText(
      `Pay when your order arrives: show this page or the order number #${order.number} and pay by cash, card or QR.`,
    );
    await expect(page.getByText('At the counter')).toHaveCount(0);
    await saveScreenshot(page, testInfo, 'payment-page-delivery');
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(options.getByRole('heading', { name: 'On delivery' })).toBeVisible();
    await saveScreenshot(page, testInfo, 'payment-page-delivery');
  });
});

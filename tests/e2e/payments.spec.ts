import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { renderSVG } from 'uqr';
import type { PublicConfig } from '../../src/shared/contracts/config';
import type { MenuItem } from '../../src/shared/contracts/menu';
import { type Order, orderNumberLabel } from '../../src/shared/contracts/orders';
import type { OrderWithPayments, PaymentRecorded } from '../../src/shared/contracts/payments';
import { formatMoney } from '../../src/shared/money';
import { changeFor, quickCashAmounts, splitEqually } from '../../src/shared/payment-math';
import { buildCategory, buildMenuItem, buildOrder } from '../support/factories';
import { expect, test } from './fixtures';
import { ownerClient, signIn } from './guests';
import {
  apiClient,
  axeViolations,
  countPrints,
  DESKTOP,
  PHONE,
  saveScreenshot,
  signInByApi,
} from './helpers';
import { E2E_USERS } from './users';

/** The laptop screen the staff pages are checked at, besides the phone. */
const LAPTOP = { width: 1280, height: 800 };

/**
 * Payments at the counter: the Pay dialog at the point of sale and on the order's page
 * (cash with change, a bill split in three), the receipt with its payments and QR code, refunds by a
 * manager, and cancelling a paid order with its refund. The demo cafe's settings send every method
 * to an account, as a restaurant's own would.
 */

const unique = () => randomBytes(3).toString('hex');

async function moneyFormatter(request: APIRequestContext): Promise<(minor: number) => string> {
  const config = (await (await request.get('/api/config')).json()) as PublicConfig;
  return (minor) => formatMoney(minor, config.currency, config.locale);
}

/** A category with a soup and a bread, made by the owner; the page is then used as someone else. */
async function setUpMenu(page: Page, baseURL: string): Promise<{ soup: MenuItem; bread: MenuItem }> {
  await signInByApi(page, baseURL, E2E_USERS.admin);
  const client = apiClient(page.request, baseURL);
  const run = unique();
  const category = await buildCategory(client, { name: `Pay ${run}` });
  const soup = await buildMenuItem(client, { categoryId: category.id, name: `Pay soup ${run}`, price: 695 });
  const bread = await buildMenuItem(client, {
    categoryId: category.id,
    name: `Pay bread ${run}`,
    price: 305,
  });
  return { soup, bread };
}

async function readOrder(page: Page, id: string): Promise<OrderWithPayments> {
  const response = await page.request.get(`/api/orders/${id}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as OrderWithPayments;
}

/** Takes a payment for `order` through the API as the signed-in user of `request` (expects 201). */
async function payByApi(
  request: APIRequestContext,
  baseURL: string,
  order: Order,
  body: { method: string; amount: number; tendered?: number; reference?: string },
): Promise<PaymentRecorded> {
  const paid = await request.post(`/api/orders/${order.id}/payments`, {
    data: body,
    headers: { origin: baseURL },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  return (await paid.json()) as PaymentRecorded;
}

test.describe('payments at the counter', () => {
  test('a cashier places an order at the POS, takes cash with change shown, and prints the receipt with the payment, the change and the QR code', async ({
    page,
    baseURL,
  }, testInfo) => {
    test.slow();
    const { soup, bread } = await setUpMenu(page, baseURL!);
    const money = await moneyFormatter(page.request);
    await page.setViewportSize(DESKTOP);
    await signInByApi(page, baseURL!, E2E_USERS.staff);
    await page.goto('/orders/add');
    const search = page.getByRole('searchbox', { name: 'Search the menu' });
    for (const item of [soup, bread]) {
      await search.fill(item.name);
      await page.keyboard.press('Enter');
    }
    await page.getByRole('button', { name: 'Takeaway', exact: true }).click();
    const answer = page.waitForResponse(
      (response) => response.url().endsWith('/api/orders') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: /^Place order/ }).click();
    const order = (await (await answer).json()) as Order;
    const label = orderNumberLabel(order.number);
    const placed = page.getByRole('region', { name: `Order ${label} placed` });
    await expect(placed.getByTestId('payment-status')).toHaveText('Unpaid');

    // The Pay dialog opens from the confirmation: the amount due large, cash chosen.
    await placed.getByRole('button', { name: 'Take payment' }).click();
    const dialog = page.getByRole('dialog', { name: `Take payment · Order ${label}` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('amount-due')).toHaveText(money(order.total));
    await expect(dialog.getByRole('button', { name: 'Cash', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // Quick amounts: the exact sum, then the round sums a guest hands over.
    const quick = quickCashAmounts(order.total);
    for (const value of quick.slice(1)) {
      await expect(dialog.getByRole('group', { name: 'Quick amounts' })).toContainText(money(value));
    }
    // Too little cash cannot be taken.
    const keypad = dialog.getByRole('group', { name: 'Keypad' });
    await keypad.getByRole('button', { name: '5', exact: true }).click();
    await expect(dialog.getByText(`The cash handed over is less than ${money(order.total)}.`)).toBeVisible();
    await expect(dialog.getByRole('button', { name: /^Take / })).toBeDisabled();
    // $50 (a slip corrected): digits typed on a keyboard go to the keypad too. The change shows large.
    await page.keyboard.type('00');
    await expect(dialog.getByLabel('Cash handed over')).toHaveValue('500');
    await keypad.getByRole('button', { name: 'Delete last digit' }).click();
    await expect(dialog.getByLabel('Cash handed over')).toHaveValue('50');
    const change = changeFor(order.total, 5000);
    await expect(dialog.getByTestId('change-due')).toHaveText(money(change));
    await saveScreenshot(page, testInfo, 'pay-dialog-cash', { viewportOnly: true });

    const paymentAnswer = page.waitForResponse((response) => response.url().endsWith('/payments'));
    await dialog.getByRole('button', { name: `Take ${money(order.total)} cash` }).click();
    const payment = (await (await paymentAnswer).json()) as PaymentRecorded;
    expect(payment.method).toBe('cash');
    expect(payment.amount).toBe(order.total);
    expect(payment.tendered).toBe(5000);
    expect(payment.change).toBe(change);
    // Paid in full: the dialog closes itself and the toast repeats the change.
    await expect(dialog).toBeHidden();
    await expect(
      page.getByText(`Order ${label} is paid. Took ${money(order.total)} cash. Change: ${money(change)}.`),
    ).toBeVisible();
    await expect(placed.getByTestId('payment-status')).toHaveText('Paid');
    await expect(placed.getByRole('button', { name: 'Take payment' })).toHaveCount(0);
    // The button that opened the dialog is gone: focus went to the page's main content, not to nowhere.
    await expect(page.locator('main#main')).toBeFocused();

    // The receipt prints from here: the payment with the cash handed over and the change, nothing
    // due, and the QR code of the order's payment and feedback page.
    const prints = await countPrints(page);
    await placed.getByRole('button', { name: 'Print receipt' }).click();
    await expect.poll(prints).toBe(1);
    await page.emulateMedia({ media: 'print' });
    const receipt = page.getByTestId('receipt-print');
    await expect(receipt).toBeVisible();
    await expect(page.getByTestId('kitchen-ticket-print')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Add Order' })).toBeHidden();
    const payments = receipt.getByTestId('receipt-payments');
    await expect(payments).toContainText(new RegExp(`Cash\\s*${literal(money(order.total))}`));
    await expect(payments).toContainText(new RegExp(`Tendered\\s*${literal(money(5000))}`));
    await expect(payments).toContainText(new RegExp(`Change\\s*${literal(money(change))}`));
    await expect(payments).toContainText(new RegExp(`Balance due\\s*${literal(money(0))}`));
    await expect(receipt.locator('footer')).toContainText('Paid');
    const stored = await readOrder(page, order.id);
    expect(stored.paymentLink).toMatch(new RegExp(`^/payment/${order.id}\\?key=[0-9a-f]{64}$`));
    // The QR code is the one of the page's full address, drawn the same way.
    const qr = receipt.getByTestId('receipt-qr').getByRole('img', {
      name: "QR code of the order's payment and feedback page",
    });
    await expect(qr).toBeVisible();
    const source = (await qr.getAttribute('src')) ?? '';
    expect(decodeURIComponent(source.replace(/^data:image\/svg\+xml,/, ''))).toBe(
      renderSVG(`${baseURL}${stored.paymentLink}`, { ecc: 'M', border: 1 }),
    );
    await saveScreenshot(page, testInfo, 'pay-receipt-print', { viewportOnly: true });
    await page.setViewportSize(PHONE);
    await saveScreenshot(page, testInfo, 'pay-receipt-print', { viewportOnly: true });
    // After the print dialog, the kitchen ticket is the page's printout again.
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    await expect(page.getByTestId('kitchen-ticket-print')).toBeVisible();
    await page.emulateMedia({ media: 'screen' });

    // The order page lists the payment as the server keeps it.
    await page.goto(`/orders/${order.id}`);
    const panel = page.getByRole('region', { name: 'Payments' });
    await expect(panel.getByTestId('payment-status')).toHaveText('Paid');
    await expect(panel.getByTestId('payments-due')).toHaveText(money(0));
    await expect(panel.getByRole('listitem', { name: `Cash ${money(order.total)}` })).toContainText(
      `Handed over ${money(5000)} · change ${money(change)}`,
    );
    await expect(panel).toContainText(E2E_USERS.staff.name);
    await expect(page.getByRole('button', { name: 'Take payment' })).toHaveCount(0);
  });

  test('a bill split in three is paid part by part by card, cash and QR, and the order shows Paid', async ({
    page,
    baseURL,
  }, testInfo) => {
    test.slow();
    const { soup, bread } = await setUpMenu(page, baseURL!);
    const money = await moneyFormatter(page.request);
    const order = await buildOrder(apiClient(page.request, baseURL!), {
      type: 'takeaway',
      lines: [
        { menuItemId: soup.id, quantity: 1 },
        { menuItemId: bread.id, quantity: 1 },
      ],
    });
    const parts = splitEqually(order.total, 3);
    // Tablets and phones take payment at the table.
    await page.setViewportSize(PHONE);
    await signInByApi(page, baseURL!, E2E_USERS.staff);
    await page.goto(`/orders/${order.id}`);
    const label = orderNumberLabel(order.number);
    await page.getByRole('button', { name: 'Take payment' }).first().click();
    const dialog = page.getByRole('dialog', { name: `Take payment · Order ${label}` });
    await expect(dialog.getByTestId('amount-due')).toHaveText(money(order.total));

    await dialog.getByRole('button', { name: 'Equally', exact: true }).click();
    await expect(dialog.getByLabel('Number of parts')).toHaveValue('2');
    await dialog.getByRole('button', { name: 'More parts' }).click();
    await expect(dialog.getByTestId('split-part')).toHaveText(`Part 1 of 3: ${money(parts[0]!)}`);

    // Part 1 by card, with the slip's number.
    await dialog.getByRole('button', { name: 'Card', exact: true }).click();
    await dialog.getByLabel('Reference (optional)').fill('Slip 4242');
    await dialog.getByRole('button', { name: `Take ${money(parts[0]!)} by card` }).click();
    await expect(dialog.getByRole('status').filter({ hasText: /^Took / })).toHaveText(
      `Took ${money(parts[0]!)} by card. ${money(order.total - parts[0]!)} still due.`,
    );
    await expect(dialog.getByTestId('amount-due')).toHaveText(money(order.total - parts[0]!));
    await expect(dialog.getByTestId('split-part')).toHaveText(`Part 2 of 3: ${money(parts[1]!)}`);

    // Part 2 in cash, a quick amount handed over: the change shows.
    await dialog.getByRole('button', { name: 'Cash', exact: true }).click();
    const handed = quickCashAmounts(parts[1]!)[1]!;
    await dialog
      .getByRole('group', { name: 'Quick amounts' })
      .getByRole('button', { name: money(handed) })
      .click();
    await expect(dialog.getByTestId('change-due')).toHaveText(money(handed - parts[1]!));
    await saveScreenshot(page, testInfo, 'pay-dialog-cash', { viewportOnly: true });
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: `Take ${money(parts[1]!)} cash` }).click();
    await expect(dialog.getByRole('status').filter({ hasText: /^Took / })).toContainText(
      `Change: ${money(handed - parts[1]!)}.`,
    );
    await expect(dialog.getByTestId('split-part')).toHaveText(`Part 3 of 3: ${money(parts[2]!)}`);

    // Part 3 by QR: paid in full, the dialog closes.
    const qr = dialog.getByRole('button', { name: 'QR or e-wallet', exact: true });
    await qr.click();
    await expect(qr).toHaveAttribute('aria-pressed', 'true');
    // The buttons' colours fade for 150 ms: the picture waits for them.
    await page.waitForTimeout(300);
    await saveScreenshot(page, testInfo, 'pay-dialog-split', { viewportOnly: true });
    await dialog.getByRole('button', { name: `Take ${money(parts[2]!)} by QR or e-wallet` }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Order ${label} is paid.`)).toBeVisible();

    const panel = page.getByRole('region', { name: 'Payments' });
    await expect(panel.getByTestId('payment-status')).toHaveText('Paid');
    await expect(panel.getByTestId('payments-paid')).toHaveText(money(order.total));
    await expect(panel.getByTestId('payments-due')).toHaveText(money(0));
    await expect(panel.getByTestId('payment')).toHaveCount(3);
    await expect(panel.getByRole('listitem', { name: `Card ${money(parts[0]!)}` })).toContainText(
      'Ref. Slip 4242',
    );
    await expect(page.getByRole('button', { name: 'Take payment' })).toHaveCount(0);
    // The toast gone, the panel itself.
    await expect(page.getByText(`Order ${label} is paid.`)).toBeHidden();
    await panel.scrollIntoViewIfNeeded();
    await saveScreenshot(page, testInfo, 'payments-panel', { viewportOnly: true });

    const stored = await readOrder(page, order.id);
    expect(stored.paymentStatus).toBe('paid');
    expect(
      stored.payments
        .map((payment) => ({ method: payment.method, amount: payment.amount }))
        .sort((a, b) => a.method.localeCompare(b.method)),
    ).toEqual(
      [
        { method: 'card', amount: parts[0] },
        { method: 'cash', amount: parts[1] },
        { method: 'qr', amount: parts[2] },
      ].sort((a, b) => a.method.localeCompare(b.method)),
    );
    expect(stored.payments.find((payment) => payment.method === 'cash')?.tendered).toBe(handed);

    await page.setViewportSize(DESKTOP);
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, testInfo, 'payments-panel', { viewportOnly: true });
  });

  test('split by items pays the ticked lines share; a payment above what is due is refused in the dialog', async ({
    page,
    baseURL,
  }) => {
    const { soup, bread } = await setUpMenu(page, baseURL!);
    const money = await moneyFormatter(page.request);
    const client = apiClient(page.request, baseURL!);
    const order = await buildOrder(client, {
      type: 'takeaway',
      lines: [
        { menuItemId: soup.id, quantity: 1 },
        { menuItemId: bread.id, quantity: 1 },
      ],
    });
    await page.setViewportSize(DESKTOP);
    await signInByApi(page, baseURL!, E2E_USERS.staff);
    await page.goto(`/orders/${order.id}`);
    const label = orderNumberLabel(order.number);
    await page.getByRole('button', { name: 'Take payment' }).first().click();
    const dialog = page.getByRole('dialog', { name: `Take payment · Order ${label}` });

    await dialog.getByRole('button', { name: 'By item', exact: true }).click();
    await expect(dialog.getByText('Tick the items this guest pays for.')).toBeVisible();
    await dialog.getByRole('checkbox', { name: new RegExp(soup.name) }).check();
    const soupShare = Math.round((order.total * order.lines[0]!.lineTotal) / order.subtotal);
    await expect(dialog.getByTestId('payment-amount')).toHaveText(money(soupShare));

    // Another device takes all but one cent just before this payment reaches the server: the dialog
    // shows the server's refusal and the amount due now.
    await page.route(
      `**/api/orders/${order.id}/payments`,
      async (route) => {
        const other = await page.request.post(`/api/orders/${order.id}/payments`, {
          data: { method: 'card', amount: order.total - 1 },
          headers: { origin: baseURL! },
        });
        expect(other.status(), await other.text()).toBe(201);
        await route.continue();
      },
      { times: 1 },
    );
    await dialog.getByRole('button', { name: 'Card', exact: true }).click();
    await dialog.getByRole('button', { name: `Take ${money(soupShare)} by card` }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      `Only ${money(1)} is due on order ${label}: take at most that.`,
    );
    await expect(dialog.getByTestId('amount-due')).toHaveText(money(1));
    await expect(dialog.getByTestId('payment-amount')).toHaveText(money(1));
    await dialog.getByRole('button', { name: `Take ${money(1)} by card` }).click();
    await expect(dialog).toBeHidden();
    expect((await readOrder(page, order.id)).paymentStatus).toBe('paid');
  });
});

test.describe('refunds', () => {
  test('a manager refunds part of a payment with a reason and the order shows Partly refunded; staff see no Refund', async ({
    page,
    baseURL,
  }, testInfo) => {
    const { soup } = await setUpMenu(page, baseURL!);
    const money = await moneyFormatter(page.request);
    const order = await buildOrder(apiClient(page.request, baseURL!), {
      type: 'takeaway',
      lines: [{ menuItemId: soup.id, quantity: 2 }],
    });
    const payment = await payByApi(page.request, baseURL!, order, {
      method: 'card',
      amount: order.total,
      reference: 'Slip 77',
    });

    // Staff see the payment, not the way to refund it.
    await page.setViewportSize(DESKTOP);
    await signInByApi(page, baseURL!, E2E_USERS.staff);
    await page.goto(`/orders/${order.id}`);
    const panel = page.getByRole('region', { name: 'Payments' });
    const row = panel.getByRole('listitem', { name: `Card ${money(order.total)}` });
    await expect(row).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Refund' })).toHaveCount(0);

    await signInByApi(page, baseURL!, E2E_USERS.manager);
    await page.reload();
    await row.getByRole('button', { name: 'Refund' }).click();
    const dialog = page.getByRole('dialog', { name: `Refund card payment of ${money(order.total)}?` });
    await expect(dialog).toBeVisible();
    // The whole remainder by default, never more.
    const amount = dialog.getByLabel('Amount to refund');
    await expect(amount).toHaveValue((order.total / 100).toFixed(2));
    await expect(amount).toHaveAccessibleDescription(`At most ${money(order.total)}.`);
    await amount.fill('2.50');
    await dialog.getByRole('button', { name: `Refund ${money(250)}` }).click();
    await expect(dialog.getByText('Enter why the money is given back.')).toBeVisible();
    await dialog.getByLabel('Reason').fill('Soup arrived cold');
    await saveScreenshot(page, testInfo, 'refund-dialog', { viewportOnly: true });
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: `Refund ${money(250)}` }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Refunded ${money(250)} of the card payment.`)).toBeVisible();

    await expect(panel.getByTestId('payment-status')).toHaveText('Partly refunded');
    await expect(panel.getByTestId('payments-refunded')).toHaveText(`−${money(250)}`);
    await expect(row.getByTestId('refund')).toContainText(`Refunded ${money(250)}: Soup arrived cold`);
    await expect(row.getByTestId('refund')).toContainText(E2E_USERS.manager.name);
    await expect(page.getByText(`Refunded ${money(250)} of the card payment.`)).toBeHidden();
    await saveScreenshot(page, testInfo, 'payments-panel-refund', { viewportOnly: true });
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize(PHONE);
    await panel.scrollIntoViewIfNeeded();
    await saveScreenshot(page, testInfo, 'payments-panel-refund', { viewportOnly: true });

    const stored = await readOrder(page, order.id);
    expect(stored.paymentStatus).toBe('partially-refunded');
    expect(stored.payments[0]?.id).toBe(payment.id);
    expect(stored.payments[0]?.refunds.map((refund) => [refund.amount, refund.reason])).toEqual([
      [250, 'Soup arrived cold'],
    ]);
  });

  test('a refund over the limit says the limit once, on the amount, whether the dialog or the server finds it', async ({
    page,
    baseURL,
  }, testInfo) => {
    const { soup } = await setUpMenu(page, baseURL!);
    const money = await moneyFormatter(page.request);
    const order = await buildOrder(apiClient(page.request, baseURL!), {
      type: 'takeaway',
      lines: [{ menuItemId: soup.id, quantity: 2 }],
    });
    const payment = await payByApi(page.request, baseURL!, order, { method: 'card', amount: order.total });
    await signInByApi(page, baseURL!, E2E_USERS.manager);
    // Part of it was refunded already: the limit is what is left, not the payment's amount.
    const first = await page.request.post(`/api/payments/${payment.id}/refunds`, {
      data: { amount: 250, reason: 'Soup arrived cold' },
      headers: { origin: baseURL! },
    });
    expect(first.status(), await first.text()).toBe(201);
    const left = order.total - 250;

    for (const viewport of [PHONE, LAPTOP]) {
      await page.setViewportSize(viewport);
      await page.goto(`/orders/${order.id}`);
      const row = page.getByRole('region', { name: 'Payments' }).getByRole('listitem', {
        name: `Card ${money(order.total)}`,
      });
      await row.getByRole('button', { name: 'Refund' }).click();
      const dialog = page.getByRole('dialog', { name: `Refund card payment of ${money(order.total)}?` });
      const amount = dialog.getByLabel('Amount to refund');
      // Before: the limit is the amount's hint.
      await expect(amount).toHaveAccessibleDescription(`At most ${money(left)}.`);
      await amount.fill(((left + 1) / 100).toFixed(2));
      await dialog.getByLabel('Reason').fill('Too much');
      await dialog.getByRole('button', { name: /^Refund/ }).click();
      const tooMuch = `At most ${money(left)} of this payment can be refunded.`;
      await expect(amount).toHaveAccessibleDescription(tooMuch);
      // The error takes the hint's place: the limit is said once in the whole dialog.
      expect(occurrences(await dialog.innerText(), money(left))).toBe(1);
      await expect(dialog.getByText(tooMuch)).toHaveCount(1);
      await expect(dialog.getByRole('alert')).toHaveCount(0);
      await saveScreenshot(page, testInfo, 'refund-dialog-over-limit', { viewportOnly: true });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
    }

    // Another manager refunds a dollar just before this refund reaches the server: its refusal is the
    // amount's error too, said once, with the new limit.
    await page.goto(`/orders/${order.id}`);
    await page
      .getByRole('region', { name: 'Payments' })
      .getByRole('listitem', { name: `Card ${money(order.total)}` })
      .getByRole('button', { name: 'Refund' })
      .click();
    const dialog = page.getByRole('dialog', { name: `Refund card payment of ${money(order.total)}?` });
    await page.route(
      `**/api/payments/${payment.id}/refunds`,
      async (route) => {
        const other = await page.request.post(`/api/payments/${payment.id}/refunds`, {
          data: { amount: 100, reason: 'Missing bread' },
          headers: { origin: baseURL! },
        });
        expect(other.status(), await other.text()).toBe(201);
        await route.continue();
      },
      { times: 1 },
    );
    await dialog.getByLabel('Reason').fill('Soup spilled');
    await dialog.getByRole('button', { name: `Refund ${money(left)}` }).click();
    const now = `Only ${money(left - 100)} of this payment can still be refunded.`;
    await expect(dialog.getByLabel('Amount to refund')).toHaveAccessibleDescription(now);
    await expect(dialog.getByText(now)).toHaveCount(1);
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    expect(occurrences(await dialog.innerText(), money(left - 100))).toBe(1);
    expect((await readOrder(page, order.id)).amountRefunded).toBe(350);
  });

  test('cancelling a paid order says the money will be refunded; the manager cancels and refunds in one step', async ({
    page,
    baseURL,
  }) => {
    const { soup } = await setUpMenu(page, baseURL!);
    const money = await moneyFormatter(page.request);
    const order = await buildOrder(apiClient(page.request, baseURL!), {
      type: 'takeaway',
      lines: [{ menuItemId: soup.id, quantity: 1 }],
    });
    await payByApi(page.request, baseURL!, order, {
      method: 'cash',
      amount: order.total,
      tendered: order.total,
    });

    // Staff may not cancel a paid order at all.
    await page.setViewportSize(DESKTOP);
    await signInByApi(page, baseURL!, E2E_USERS.staff);
    await page.goto(`/orders/${order.id}`);
    await expect(page.getByRole('button', { name: 'Start preparing' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);

    await signInByApi(page, baseURL!, E2E_USERS.manager);
    await page.reload();
    await page.getByRole('button', { name: 'Cancel order' }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel order ${orderNumberLabel(order.number)}?` });
    const note = dialog.getByTestId('refund-on-move');
    await expect(note.getByRole('paragraph')).toHaveText(
      `${money(order.total)} was paid for this order: it will be refunded in the same step.`,
    );
    await expect(note.getByRole('listitem')).toHaveText([
      refundPart('Cash, out of the cash drawer', money(order.total)),
    ]);
    const sent = page.waitForRequest((request) => request.url().endsWith('/status'));
    await dialog.getByLabel('Reason').fill('Kitchen out of soup');
    await dialog.getByRole('button', { name: `Cancel order and refund ${money(order.total)}` }).click();
    expect((await sent).postDataJSON()).toMatchObject({ status: 'cancelled', refundPayments: true });
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('order-status').first()).toHaveText('Cancelled');
    const panel = page.getByRole('region', { name: 'Payments' });
    await expect(panel.getByTestId('payment-status')).toHaveText('Refunded');
    await expect(panel.getByTestId('refund')).toContainText('Kitchen out of soup');
    const stored = await readOrder(page, order.id);
    expect(stored.status).toBe('cancelled');
    expect(stored.paymentStatus).toBe('refunded');
  });
});

test.describe('cancelling an order paid in cash and by card', () => {
  test('the dialog lists what leaves the cash drawer and what goes back to the card, and the server refunds exactly that', async ({
    page,
    baseURL,
  }, testInfo) => {
    const { soup, bread } = await setUpMenu(page, baseURL!);
    const money = await moneyFormatter(page.request);
    const order = await buildOrder(apiClient(page.request, baseURL!), {
      type: 'takeaway',
      lines: [
        { menuItemId: soup.id, quantity: 1 },
        { menuItemId: bread.id, quantity: 1 },
      ],
    });
    // $4.56 in cash, the rest by card, of which $1.00 was given back already.
    const cash = await payByApi(page.request, baseURL!, order, {
      method: 'cash',
      amount: 456,
      tendered: 500,
    });
    const card = await payByApi(page.request, baseURL!, order, { method: 'card', amount: order.total - 456 });
    const earlier = await page.request.post(`/api/payments/${card.id}/refunds`, {
      data: { amount: 100, reason: 'Bread was stale' },
      headers: { origin: baseURL! },
    });
    expect(earlier.status(), await earlier.text()).toBe(201);
    const backToCard = order.total - 456 - 100;
    const kept = 456 + backToCard;
    await signInByApi(page, baseURL!, E2E_USERS.manager);

    const label = orderNumberLabel(order.number);
    const dialog = page.getByRole('dialog', { name: `Cancel order ${label}?` });
    const note = dialog.getByTestId('refund-on-move');
    for (const viewport of [PHONE, LAPTOP]) {
      await page.setViewportSize(viewport);
      await page.goto(`/orders/${order.id}`);
      await page.getByRole('button', { name: 'Cancel order' }).click();
      await expect(note.getByRole('paragraph')).toHaveText(
        `${money(kept)} was paid for this order: it will be refunded in the same step.`,
      );
      // Before the click: each method and its amount, the cash named as leaving the drawer.
      await expect(
        note.getByRole('list', { name: 'Refund by payment method' }).getByRole('listitem'),
      ).toHaveText([
        refundPart('Cash, out of the cash drawer', money(456)),
        refundPart('Card, back to the card', money(backToCard)),
      ]);
      await dialog.getByLabel('Reason').fill('Guest had to leave');
      await saveScreenshot(page, testInfo, 'cancel-paid-order-refund-split', { viewportOnly: true });
      if (viewport === PHONE) {
        await dialog.getByRole('button', { name: 'Keep order' }).click();
        await expect(dialog).toBeHidden();
      }
    }
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: `Cancel order and refund ${money(kept)}` }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('order-status').first()).toHaveText('Cancelled');

    // The server gave back what the dialog said: each method's refund of this cancel.
    const stored = await readOrder(page, order.id);
    const refundedNow = (id: string) =>
      stored.payments
        .find((payment) => payment.id === id)
        ?.refunds.filter((refund) => refund.reason === 'Guest had to leave')
        .map((refund) => refund.amount);
    expect(refundedNow(cash.id)).toEqual([456]);
    expect(refundedNow(card.id)).toEqual([backToCard]);
    expect(stored.paymentStatus).toBe('refunded');
  });
});

test.describe('rejecting a paid request', () => {
  test('staff learn that a manager must refund it; the manager rejects and refunds in one step', async ({
    page,
    request,
    baseURL,
  }) => {
    const { soup } = await setUpMenu(page, baseURL!);
    const money = await moneyFormatter(page.request);
    // A customer's order request (the restaurant open around the clock), paid at the counter already.
    await ownerClient(request, baseURL!);
    await signIn(request, baseURL!, E2E_USERS.customer);
    const order = await buildOrder(apiClient(request, baseURL!), {
      type: 'takeaway',
      lines: [{ menuItemId: soup.id, quantity: 1 }],
    });
    expect(order.status).toBe('pending');
    await signInByApi(page, baseURL!, E2E_USERS.staff);
    await payByApi(page.request, baseURL!, order, { method: 'card', amount: order.total });

    // Staff may reject a request, but not give money back: the server says so, and so does the dialog.
    await page.setViewportSize(DESKTOP);
    await page.goto('/orders/requests');
    const label = orderNumberLabel(order.number);
    const card = page.getByRole('article', { name: `Order ${label}`, exact: true });
    await card.getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog', { name: `Reject order ${label}?` });
    await dialog.getByRole('radio', { name: 'Other…' }).check();
    await dialog.getByLabel('Other reason').fill('The kitchen closes early');
    await dialog.getByRole('button', { name: 'Reject order' }).click();
    await expect(dialog.getByTestId('refund-on-move').getByRole('paragraph')).toHaveText(
      `${money(order.total)} was paid for this order: only a manager can refund it and reject the order.`,
    );
    await expect(dialog.getByTestId('refund-on-move').getByRole('listitem')).toHaveText([
      refundPart('Card, back to the card', money(order.total)),
    ]);
    await expect(dialog.getByRole('button', { name: 'Reject order' })).toBeDisabled();
    expect((await readOrder(page, order.id)).status).toBe('pending');

    await signInByApi(page, baseURL!, E2E_USERS.manager);
    await page.reload();
    await card.getByRole('button', { name: 'Reject' }).click();
    await dialog.getByRole('radio', { name: 'Other…' }).check();
    await dialog.getByLabel('Other reason').fill('The kitchen closes early');
    await dialog.getByRole('button', { name: 'Reject order' }).click();
    await expect(dialog.getByTestId('refund-on-move').getByRole('paragraph')).toHaveText(
      `${money(order.total)} was paid for this order: it will be refunded in the same step.`,
    );
    await expect(dialog.getByTestId('refund-on-move').getByRole('listitem')).toHaveText([
      refundPart('Card, back to the card', money(order.total)),
    ]);
    const sent = page.waitForRequest((sentRequest) => sentRequest.url().endsWith('/status'));
    await dialog.getByRole('button', { name: `Reject and refund ${money(order.total)}` }).click();
    expect((await sent).postDataJSON()).toMatchObject({ status: 'rejected', refundPayments: true });
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Order ${label} rejected; ${money(order.total)} refunded.`)).toBeVisible();
    const stored = await readOrder(page, order.id);
    expect(stored.status).toBe('rejected');
    expect(stored.paymentStatus).toBe('refunded');
    expect(stored.payments[0]?.refunds.map((refund) => refund.reason)).toEqual(['The kitchen closes early']);
  });
});

/** A line of the refund split as its list item reads: where the money goes, then the amount. */
function refundPart(where: string, amount: string): RegExp {
  return new RegExp(`^${literal(where)}\\s*${literal(amount)}$`);
}

/** How many times `part` is in `text`. */
function occurrences(text: string, part: string): number {
  return text.split(part).length - 1;
}

/** A money text inside a regular expression. */
function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import type { CashClose, CashCloseReport } from '../../src/shared/contracts/cash-closes';
import type { PublicConfig } from '../../src/shared/contracts/config';
import type { BankAccount } from '../../src/shared/contracts/master-data';
import type { Order } from '../../src/shared/contracts/orders';
import { restaurantToday } from '../../src/shared/coupon-rules';
import { formatMoney, minorToInput } from '../../src/shared/money';
import { buildBankAccount, buildCategory, buildMenuItem, buildOrder, uniqueName } from '../support/factories';
import { expect, test } from './fixtures';
import { ownerClient, patchSettings } from './guests';
import { apiClient, axeViolations, countPrints, PHONE, saveScreenshot, signInByApi } from './helpers';
import { E2E_USERS } from './users';

/**
 * Closing the day at the till (`/orders/close-day`): a manager takes cash into a drawer of this test's
 * own, opens "Close the day" from the orders page, sees what should be in the drawer, counts it 1.00
 * short, is asked for the reason, closes the day and prints the day's end report (80 mm); the close is
 * listed and opens again. Plain staff see no button and are told a manager closes the day.
 *
 * The e2e specs share one database and the payment method → account mapping is global: `cash` goes to
 * this test's drawer only while its payment is taken, and only the drawer's own figures are relied on
 * (the day's sales and orders count every test's).
 */

const DESKTOP = { width: 1280, height: 800 };
/** 80 mm at 96 dpi: the receipt printer's paper. */
const PAPER = { width: 302, height: 800 };
const run = randomBytes(3).toString('hex');
/** US notes and coins as the counter names them, largest first. */
const USD_PIECES: readonly [number, string][] = [
  [10_000, '$100 notes'],
  [5_000, '$50 notes'],
  [2_000, '$20 notes'],
  [1_000, '$10 notes'],
  [500, '$5 notes'],
  [100, '$1 notes'],
  [25, '$0.25 coins'],
  [10, '$0.10 coins'],
  [5, '$0.05 coins'],
  [1, '$0.01 coins'],
];

async function settingsCashAccount(request: APIRequestContext): Promise<string | null> {
  const settings = (await (await request.get('/api/settings')).json()) as {
    paymentAccounts: Record<string, string | null>;
  };
  return settings.paymentAccounts.cash ?? null;
}

/** A fresh cash drawer with a float, and an order paid in cash into it (by the manager of `page`). */
async function drawerWithCashSale(
  page: Page,
  request: APIRequestContext,
  baseURL: string,
  opening: number,
): Promise<{ drawer: BankAccount; order: Order }> {
  const owner = await ownerClient(request, baseURL);
  const category = await buildCategory(owner, { name: uniqueName('Close') });
  const dish = await buildMenuItem(owner, {
    categoryId: category.id,
    name: uniqueName('Close stew'),
    price: 1_250,
  });
  const drawer = await buildBankAccount(owner, {
    name: uniqueName('Till'),
    type: 'cash',
    openingBalance: opening,
  });
  await signInByApi(page, baseURL, E2E_USERS.manager);
  const order = await buildOrder(apiClient(page.request, baseURL), {
    type: 'takeaway',
    lines: [{ menuItemId: dish.id, quantity: 2 }],
  });
  const previous = await settingsCashAccount(request);
  await patchSettings(request, baseURL, { paymentAccounts: { cash: drawer.id } });
  try {
    const paid = await page.request.post(`/api/orders/${order.id}/payments`, {
      data: { method: 'cash', amount: order.total, tendered: order.total + 500 },
      headers: { origin: baseURL },
    });
    expect(paid.status(), await paid.text()).toBe(201);
  } finally {
    await patchSettings(request, baseURL, { paymentAccounts: { cash: previous } });
  }
  return { drawer, order };
}

async function preview(page: Page, accountId: string): Promise<CashCloseReport> {
  const response = await page.request.get(`/api/cash-closes/preview?accountId=${accountId}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as CashCloseReport;
}

test.describe('closing the day', () => {
  test('a manager counts a drawer 1.00 short, gives the reason, closes the day and prints the report', async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    test.slow();
    const config = (await (await request.get('/api/config')).json()) as PublicConfig;
    const money = (minor: number) => formatMoney(minor, config.currency, config.locale);
    const opening = 15_000;
    const { drawer, order } = await drawerWithCashSale(page, request, baseURL!, opening);
    // The drawer's own ledger: its float and this test's cash sale, nothing else.
    const before = await preview(page, drawer.id);
    expect(before.drawer).toMatchObject({ opening, cashTaken: order.total, expected: opening + order.total });
    const expected = before.drawer.expected;
    const counted = expected - 100;

    // On a phone: from the orders page to "Close the day", the drawer chosen.
    await page.setViewportSize(PHONE);
    await page.goto('/orders');
    await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
    await saveScreenshot(page, testInfo, 'close-day-orders-header', { viewportOnly: true });
    await page.getByRole('link', { name: 'Close the day' }).click();
    await expect(page).toHaveURL('/orders/close-day');
    await expect(page).toHaveTitle('Close the day | Brigade');
    await expect(page.getByRole('heading', { name: 'Close the day', level: 1 })).toBeVisible();
    await page.getByLabel('Drawer').selectOption({ label: drawer.name });
    await expect(page).toHaveURL(`/orders/close-day?drawer=${drawer.id}`);

    // What should be there, taken apart.
    await expect(page.getByTestId('drawer-expected')).toHaveText(money(expected));
    await expect(page.getByTestId('drawer-opening')).toContainText('Opening float');
    await expect(page.getByTestId('drawer-opening')).toContainText(money(opening));
    await expect(page.getByTestId('drawer-cash-taken')).toContainText(money(order.total));
    await expect(page.getByTestId('drawer-cash-refunds')).toContainText(money(0));
    await expect(page.getByRole('heading', { name: 'The day so far' })).toBeVisible();
    await saveScreenshot(page, testInfo, 'close-day-before');
    expect(await axeViolations(page), 'the count on a phone').toEqual([]);
    await page.setViewportSize(DESKTOP);
    await expect(page.getByTestId('drawer-expected')).toBeVisible();
    await saveScreenshot(page, testInfo, 'close-day-before');
    expect(await axeViolations(page), 'the count on a wide screen').toEqual([]);

    // The count: 1.00 short, said as it is typed.
    const difference = page.getByTestId('count-difference');
    await expect(difference).toContainText('Enter the count');
    await page.getByLabel('Counted').fill(minorToInput(expected, config.currency));
    await expect(difference).toContainText('Exact');
    await page.getByLabel('Counted').fill(minorToInput(counted, config.currency));
    await expect(difference).toContainText('Short');
    await expect(difference).toContainText(money(100));

    // The same count by notes and coins, added up into the field.
    expect(config.currency).toBe('USD');
    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: 'Count by notes and coins' }).click();
    let left = counted;
    for (const [value, label] of USD_PIECES) {
      const pieces = Math.floor(left / value);
      left -= pieces * value;
      if (pieces > 0) await page.getByLabel(label, { exact: true }).fill(String(pieces));
    }
    await expect(page.getByTestId('denomination-total')).toHaveText(money(counted));
    await expect(page.getByLabel('Counted')).toHaveValue(minorToInput(counted, config.currency));
    await expect(difference).toContainText('Short');
    await page.getByLabel('Counted').scrollIntoViewIfNeeded();
    await saveScreenshot(page, testInfo, 'close-day-count', { viewportOnly: true });

    // Without a reason, the day is not closed: the reason is asked for and focused, nothing is sent.
    let posted = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/cash-closes') posted += 1;
    });
    await page.getByRole('button', { name: 'Close the day' }).click();
    await expect(page.getByText('The drawer is short: say why before closing the day.')).toBeVisible();
    await expect(page.getByLabel('Reason')).toBeFocused();
    expect(posted).toBe(0);
    // The server refuses it too, naming the reason.
    const refused = await page.request.post('/api/cash-closes', {
      data: { accountId: drawer.id, counted },
      headers: { origin: baseURL! },
    });
    expect(refused.status()).toBe(400);
    const refusal = (await refused.json()) as {
      error: { details: { reason: string; issues: { path: string }[]; expected: number } };
    };
    expect(refusal.error.details).toMatchObject({ reason: 'reason-required', expected });
    expect(refusal.error.details.issues[0]?.path).toBe('reason');

    const reason = `Change given twice ${run}`;
    await page.getByLabel('Reason').fill(reason);
    const answer = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/cash-closes' && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Close the day' }).click();
    const closeAnswer = await answer;
    expect(closeAnswer.status(), await closeAnswer.text()).toBe(201);
    const close = (await closeAnswer.json()) as CashClose;
    expect(close).toMatchObject({ expected, counted, difference: -100, reason, closedByName: 'Mia Manager' });

    // The day's end report: expected, counted and short, with the reason.
    await expect(page.getByRole('heading', { name: `${drawer.name} is closed` })).toBeVisible();
    await expect(page.getByTestId('closed-expected')).toHaveText(money(expected));
    await expect(page.getByTestId('closed-counted')).toHaveText(money(counted));
    await expect(page.getByTestId('closed-difference')).toHaveText(money(100));
    const report = page.getByRole('article', { name: `Day’s end report · ${drawer.name}` }).first();
    await expect(report.getByTestId('report-expected')).toContainText(money(expected));
    await expect(report.getByTestId('report-counted')).toContainText(money(counted));
    await expect(report.getByTestId('report-difference')).toContainText('Short');
    await expect(report.getByTestId('report-difference')).toContainText(money(100));
    await expect(report).toContainText(`Reason: ${reason}`);
    await expect(report).toContainText('Closed by Mia Manager');
    await expect(report).toContainText('Cash (');
    await saveScreenshot(page, testInfo, 'close-day-report');
    expect(await axeViolations(page), 'the report on a wide screen').toEqual([]);
    await page.setViewportSize(PHONE);
    await saveScreenshot(page, testInfo, 'close-day-report');
    expect(await axeViolations(page), 'the report on a phone').toEqual([]);

    // Print: the report alone, on 80 mm paper.
    const prints = await countPrints(page);
    await page.getByRole('button', { name: 'Print report' }).click();
    expect(await prints()).toBe(1);
    const printCopy = page.getByTestId('day-end-report-print');
    await expect(printCopy).toHaveCount(1);
    await expect(printCopy).toContainText(reason);
    await page.emulateMedia({ media: 'print' });
    await page.setViewportSize(PAPER);
    await expect(printCopy).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Close the day', level: 1 })).toBeHidden();
    await saveScreenshot(page, testInfo, 'close-day-report-print');
    await page.emulateMedia({ media: 'screen' });

    // The close is listed; it opens again, to read and print.
    await page.setViewportSize(DESKTOP);
    const row = page.getByRole('row').filter({ hasText: drawer.name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Mia Manager');
    await expect(row).toContainText(money(expected));
    await expect(row).toContainText(money(counted));
    await expect(row).toContainText(`Short ${money(100)}`);
    await expect(row).toContainText(reason);
    await row.getByRole('button').click();
    const dialog = page.getByRole('dialog', { name: `Day’s end report · ${drawer.name}` });
    await expect(dialog.getByTestId('report-counted')).toContainText(money(counted));
    await dialog.getByRole('button', { name: 'Print report' }).click();
    expect(await prints()).toBe(2);
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect(dialog).toBeHidden();

    // Counted again, the drawer starts from this count.
    await page.getByRole('button', { name: 'Count again' }).click();
    await expect(page.getByTestId('drawer-opening')).toContainText('Last count');
    await expect(page.getByTestId('drawer-opening')).toContainText(money(counted));
    await expect(page.getByTestId('drawer-expected')).toHaveText(money(counted));
  });

  test('the count is checked again at the close: a drawer that moved meanwhile needs a reason', async ({
    page,
    request,
    baseURL,
  }) => {
    const config = (await (await request.get('/api/config')).json()) as PublicConfig;
    const money = (minor: number) => formatMoney(minor, config.currency, config.locale);
    const { drawer } = await drawerWithCashSale(page, request, baseURL!, 8_000);
    const { expected } = (await preview(page, drawer.id)).drawer;

    await page.setViewportSize(PHONE);
    await page.goto(`/orders/close-day?drawer=${drawer.id}`);
    await expect(page.getByTestId('drawer-expected')).toHaveText(money(expected));
    // The screen's next reads of the drawer wait (as on a slow line), so it still shows the old figure
    // when cash is paid in by hand meanwhile.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/cash-closes/preview?*', async (route) => {
      await held;
      await route.continue().catch(() => {
        // Cancelled meanwhile by a newer read.
      });
    });
    const owner = apiClient(request, baseURL!);
    const deposit = await owner.send('POST', '/api/bank-transactions', {
      accountId: drawer.id,
      kind: 'deposit',
      amount: 2_000,
      date: restaurantToday(config.timeZone),
      description: `Float top-up ${run}`,
    });
    expect(deposit.status, JSON.stringify(deposit.body)).toBe(201);

    await page.getByLabel('Counted').fill(minorToInput(expected, config.currency));
    await expect(page.getByTestId('count-difference')).toContainText('Exact');
    await page.getByRole('button', { name: 'Close the day' }).click();
    await expect(
      page.getByText(`The drawer changed meanwhile: it should now hold ${money(expected + 2_000)}.`),
    ).toBeVisible();
    await expect(page.getByLabel('Reason')).toBeFocused();
    // The screen reads the drawer again: the count is now 20.00 short.
    release();
    await expect(page.getByTestId('drawer-expected')).toHaveText(money(expected + 2_000));
    await expect(page.getByTestId('drawer-other')).toContainText(money(2_000));
    await expect(page.getByTestId('count-difference')).toContainText('Short');
  });

  test('plain staff see no "Close the day" and are told a manager closes the day', async ({
    page,
    baseURL,
  }) => {
    await signInByApi(page, baseURL!, E2E_USERS.staff);
    const refused = await page.request.get('/api/cash-closes/drawers');
    expect(refused.status()).toBe(403);
    await page.setViewportSize(PHONE);
    await page.goto('/orders');
    await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add order' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Close the day' })).toHaveCount(0);
    await page.goto('/orders/close-day');
    await expect(page.getByRole('heading', { name: 'Only a manager can close the day' })).toBeVisible();
    await expect(page.getByLabel('Counted')).toHaveCount(0);
  });
});

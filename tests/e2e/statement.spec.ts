import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type { PublicConfig } from '../../src/shared/contracts/config';
import type { Expense } from '../../src/shared/contracts/expenses';
import type { ExpenseCategory } from '../../src/shared/contracts/master-data';
import type { Order } from '../../src/shared/contracts/orders';
import type { PaymentRecorded } from '../../src/shared/contracts/payments';
import type { Statement } from '../../src/shared/contracts/reports';
import { restaurantToday } from '../../src/shared/coupon-rules';
import { formatMoney } from '../../src/shared/money';
import { buildBankAccount, buildMenuItem, buildOrder, type FactoryClient } from '../support/factories';
import { expect, test } from './fixtures';
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

/**
 * The Financial Statement as an owner reads it: this month against last month, with today's order
 * (paid in cash, partly refunded) and an expense in a new category; the records behind the Refunds,
 * Net sales and category lines; the period kept in the address; the CSV download; the printout with
 * the app around it left out; on a desktop and on a phone.
 *
 * Other tests add orders to this month at the same time, so the sales lines are compared with the
 * statement the API answers, and this test's own order and refund are found in the lines' records; the
 * new category holds this test's expenses alone, so its line is checked to the cent.
 */

const run = randomBytes(3).toString('hex');

async function created<T>(client: FactoryClient, path: string, body: unknown): Promise<T> {
  const answer = await client.send('POST', path, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as T;
}

/** Moves an order through the kitchen to completed, as the staff's screens do. */
async function complete(page: Page, baseURL: string, id: string, version: number): Promise<Order> {
  let current = { id, version } as Order;
  for (const status of ['preparing', 'ready', 'completed'] as const) {
    const response = await page.request.post(`/api/orders/${current.id}/status`, {
      data: { status, version: current.version },
      headers: { origin: baseURL },
    });
    expect(response.status(), await response.text()).toBe(200);
    current = (await response.json()) as Order;
  }
  return current;
}

/** The first and last day of the month `offset` months from `day`'s. */
function monthOf(day: string, offset = 0): { from: string; to: string } {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7)) - 1 + offset;
  const iso = (date: Date) => date.toISOString().slice(0, 10);
  return { from: iso(new Date(Date.UTC(year, month, 1))), to: iso(new Date(Date.UTC(year, month + 1, 0))) };
}

test('an owner reads this month’s statement against last month, opens the records behind its lines, downloads and prints it', async ({
  page,
  baseURL,
}, testInfo) => {
  test.slow();
  await signInByApi(page, baseURL!, E2E_USERS.admin);
  const owner = apiClient(page.request, baseURL!);
  const config = (await (await page.request.get('/api/config')).json()) as PublicConfig;
  const money = (minor: number) => formatMoney(minor, config.currency, config.locale);
  const today = restaurantToday(config.timeZone);
  const thisMonth = monthOf(today);
  const lastMonth = monthOf(today, -1);
  const day = (iso: string, withYear: boolean) =>
    new Intl.DateTimeFormat(config.locale, {
      month: 'short',
      day: 'numeric',
      year: withYear ? 'numeric' : undefined,
      timeZone: 'UTC',
    }).format(new Date(`${iso}T00:00:00Z`));
  const named = (period: { from: string; to: string }) =>
    `${day(period.from, period.from.slice(0, 4) !== period.to.slice(0, 4))} – ${day(period.to, true)}`;

  // Today's order: two soups, paid in cash, completed, then 5.00 given back.
  const soup = await buildMenuItem(owner, { name: `Statement soup ${run}`, price: 1450 });
  const placed = await buildOrder(owner, { type: 'takeaway', lines: [{ menuItemId: soup.id, quantity: 2 }] });
  const paid = await page.request.post(`/api/orders/${placed.id}/payments`, {
    data: { method: 'cash', amount: placed.total, tendered: placed.total },
    headers: { origin: baseURL! },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  const payment = (await paid.json()) as PaymentRecorded;
  const order = await complete(page, baseURL!, placed.id, payment.order.version);
  expect(order.status).toBe('completed');
  const refundReason = `Soup went cold ${run}`;
  const refunded = await page.request.post(`/api/payments/${payment.id}/refunds`, {
    data: { amount: 500, reason: refundReason },
    headers: { origin: baseURL! },
  });
  expect(refunded.status(), await refunded.text()).toBe(201);

  // Today's expense, in a category of its own.
  const flowers = await created<ExpenseCategory>(owner, '/api/expense-categories', {
    name: `Statement flowers ${run}`,
  });
  const till = await buildBankAccount(owner, {
    name: `Statement till ${run}`,
    type: 'cash',
    openingBalance: 100_000,
  });
  const tulips = await created<Expense>(owner, '/api/expenses', {
    date: today,
    categoryId: flowers.id,
    amount: 4_321,
    description: `Tulips for the tables ${run}`,
    accountId: till.id,
  });

  // This month, by default; the live stream follows every topic the statement reads.
  await page.setViewportSize(DESKTOP);
  const streamOpened = page.waitForResponse((response) => {
    const url = new URL(response.url());
    const topics = (url.searchParams.get('topics') ?? '').split(',');
    return url.pathname === '/api/events' && topics.includes('expenses') && topics.includes('orders');
  });
  await page.goto('/statement');
  await expect(page).toHaveTitle('Financial Statement | Brigade');
  await expect(page.getByRole('heading', { name: 'Financial Statement', level: 1 })).toBeVisible();
  expect((await streamOpened).status()).toBe(200);
  await expect(page.getByRole('button', { name: 'This month' })).toHaveAttribute('aria-pressed', 'true');
  const main = page.getByRole('main');
  const table = main.getByRole('table', { name: /^Financial statement/ });
  await expect(table.getByRole('columnheader', { name: /This period/ })).toContainText(named(thisMonth));
  // The previous period's column names last month.
  await expect(table.getByTestId('previous-heading')).toContainText('Previous period');
  await expect(table.getByTestId('previous-heading')).toContainText(named(lastMonth));
  const lineOf = (id: string) => table.locator(`[data-line="${id}"]`);

  // Net sales: the statement's own figure (other tests sell this month too), which adds up.
  const query = new URLSearchParams(thisMonth);
  const readStatement = async () => {
    const response = await page.request.get(`/api/reports/statement?${query}`);
    expect(response.status()).toBe(200);
    return (await response.json()) as Statement;
  };
  await expect(async () => {
    const statement = await readStatement();
    expect(statement.previous).toEqual(lastMonth);
    expect(statement.sales.net.current).toBe(
      statement.sales.gross.current - statement.sales.discounts.current - statement.sales.refunds.current,
    );
    expect(statement.sales.refunds.current).toBeGreaterThanOrEqual(500);
    await expect(lineOf('net-sales').getByTestId('line-current')).toHaveText(
      money(statement.sales.net.current),
      {
        timeout: 1_000,
      },
    );
    await expect(lineOf('net-sales').getByTestId('line-previous')).toHaveText(
      money(statement.sales.net.previous),
      { timeout: 1_000 },
    );
  }).toPass({ timeout: 30_000 });

  // The new category: this test's expense alone, more than last month's nothing (worse: a cost).
  const category = lineOf(`expense-${flowers.id}`);
  await expect(category.getByRole('rowheader')).toHaveText(flowers.name);
  await expect(category.getByTestId('line-current')).toHaveText(money(4_321));
  await expect(category.getByTestId('line-previous')).toHaveText(money(0));
  await expect(category.getByTestId('line-change')).toHaveText(`+${money(4_321)}, worse`);
  await expect(category.locator('[data-tone]')).toHaveAttribute('data-tone', 'worse');
  await expect(lineOf('net-profit')).toBeVisible();
  // Lines with nothing to list are not buttons.
  await expect(lineOf('income').getByRole('button')).toHaveCount(0);
  await expect(lineOf('opening-stock').getByRole('button')).toHaveCount(0);

  // Live: another expense recorded elsewhere shows without a reload.
  await created<Expense>(owner, '/api/expenses', {
    date: today,
    categoryId: flowers.id,
    amount: 1_000,
    description: `Vases ${run}`,
    accountId: till.id,
  });
  await expect(category.getByTestId('line-current')).toHaveText(money(5_321));

  // The Refunds line lists the refund, its order linked.
  await lineOf('refunds').getByRole('button', { name: 'Refunds' }).click();
  const refunds = page.getByRole('dialog', { name: 'Refunds' });
  await expect(refunds).toContainText(`Refunds made in ${named(thisMonth)}`);
  const refund = refunds.getByTestId('record').filter({ hasText: refundReason });
  await expect(refund.getByRole('link', { name: `#${order.number}` })).toHaveAttribute(
    'href',
    `/orders/${order.id}`,
  );
  await expect(refund).toContainText(money(500));
  await expect(refund).toContainText('Cash');
  expect(await axeViolations(page)).toEqual([]);
  await refunds.getByRole('button', { name: 'Close' }).click();
  await expect(refunds).toBeHidden();

  // Net sales lists the completed orders, this one among them (newest first).
  await lineOf('net-sales').getByRole('button', { name: 'Net sales' }).click();
  const sales = page.getByRole('dialog', { name: 'Net sales' });
  await expect(sales.getByTestId('records-summary')).toContainText('completed');
  const listed = sales
    .getByTestId('record')
    .filter({ has: page.getByRole('link', { name: `#${order.number}` }) });
  await expect(listed).toContainText(money(order.total));
  await expect(listed).toContainText('Takeaway');
  await page.keyboard.press('Escape');
  await expect(sales).toBeHidden();

  // The category's line lists its expenses, each linked to the expenses of its day and category.
  await category.getByRole('button', { name: flowers.name }).click();
  const expenses = page.getByRole('dialog', { name: flowers.name });
  await expect(expenses.getByTestId('records-summary')).toHaveText(`2 expenses, together ${money(5_321)}.`);
  const expense = expenses.getByTestId('record').filter({ hasText: tulips.description });
  await expect(expense).toContainText(money(4_321));
  await expect(expense.getByRole('link', { name: tulips.description })).toHaveAttribute(
    'href',
    `/expenses?from=${today}&to=${today}&categoryId=${flowers.id}`,
  );
  await saveScreenshot(page, testInfo, 'statement-expenses-dialog', { viewportOnly: true });
  await expenses.getByRole('button', { name: 'Close' }).click();

  // The till's row: its opening balance, the expenses paid out, and its entries.
  const tillRow = main.getByTestId('statement-account').filter({ hasText: till.name });
  await expect(tillRow.getByTestId('account-out')).toContainText(money(5_321));
  await tillRow.getByRole('button', { name: till.name }).click();
  const entries = page.getByRole('dialog', { name: till.name });
  await expect(entries.getByRole('link', { name: `Open ${till.name}` })).toHaveAttribute(
    'href',
    `/master-data/bank-accounts/${till.id}`,
  );
  await expect(entries.getByTestId('record')).toHaveCount(2);
  await page.keyboard.press('Escape');

  await saveScreenshot(page, testInfo, 'statement');
  expect(await axeViolations(page)).toEqual([]);

  // The CSV: the server's file, both periods in its first row, Net profit among its lines.
  const downloading = page.waitForEvent('download');
  await main.getByRole('link', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`statement-${thisMonth.from}-to-${thisMonth.to}.csv`);
  const csv = await readFile(await download.path(), 'utf8');
  const [header] = csv.replace(/^\uFEFF/, '').split(/\r?\n/);
  expect(header).toContain(`${thisMonth.from} to ${thisMonth.to}`);
  expect(header).toContain(`${lastMonth.from} to ${lastMonth.to}`);
  expect(csv).toContain('Net profit');
  expect(csv).toContain(flowers.name);

  // Print: the button prints; the printout leaves the app's navigation, the period chooser and the
  // buttons out, and heads the statement with the restaurant and the period.
  const prints = await countPrints(page);
  await main.getByRole('button', { name: 'Print' }).click();
  expect(await prints()).toBe(1);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByRole('link', { name: 'Download CSV' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'This month' })).toBeHidden();
  const printout = page.getByTestId('statement-print');
  await expect(printout).toBeVisible();
  await expect(printout).toContainText(config.restaurantName);
  await expect(printout.getByRole('heading', { name: 'Financial Statement' })).toBeVisible();
  await expect(printout.getByTestId('statement-print-period')).toContainText(
    `${named(thisMonth)}, compared with ${named(lastMonth)}`,
  );
  await expect(printout.locator(`[data-line="expense-${flowers.id}"]`)).toContainText(money(5_321));
  await expect(printout.getByRole('button')).toHaveCount(0);
  // As wide as an A4 page's printable area.
  await page.setViewportSize({ width: 700, height: 990 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(700);
  await saveScreenshot(page, testInfo, 'statement-print');
  await page.emulateMedia({ media: 'screen' });
  await page.setViewportSize(DESKTOP);
  await expect(printout).toBeHidden();

  // The period lives in the address: last month, kept over a reload.
  await page.getByRole('button', { name: 'Last month' }).click();
  await expect(page).toHaveURL(`/statement?from=${lastMonth.from}&to=${lastMonth.to}`);
  await expect(table.getByRole('columnheader', { name: /This period/ })).toContainText(named(lastMonth));
  await page.reload();
  await expect(page.getByRole('button', { name: 'Last month' })).toHaveAttribute('aria-pressed', 'true');
  await expect(lineOf(`expense-${flowers.id}`)).toHaveCount(0);
  // A custom period is taken once it makes one; a backwards one says why and changes nothing.
  await page.getByRole('button', { name: 'Custom' }).click();
  await main.getByLabel('From').fill(today);
  await main.getByLabel('To').fill(today);
  await expect(page).toHaveURL(`/statement?from=${today}&to=${today}`);
  await expect(lineOf(`expense-${flowers.id}`).getByTestId('line-current')).toHaveText(money(5_321));
  const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  await main.getByLabel('From').fill(tomorrow);
  await expect(main.getByText('Must not be before “From”.')).toBeVisible();
  await expect(page).toHaveURL(`/statement?from=${today}&to=${today}`);
  await expect(lineOf(`expense-${flowers.id}`).getByTestId('line-current')).toHaveText(money(5_321));

  // On a phone: the choices wrap, the table scrolls inside its frame, nothing else sideways. The
  // statement cannot be read at first (the server's trouble outlasts the retries): its words and
  // "Try again", which reads it.
  await page.setViewportSize(PHONE);
  await page.route(
    (url) => url.pathname === '/api/reports/statement',
    (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({
          error: { code: 'unavailable', message: 'The statement cannot be read now.' },
        }),
      }),
    { times: 3 },
  );
  await page.goto('/statement');
  await expect(main.getByRole('alert')).toContainText('The statement cannot be read now.');
  await main.getByRole('button', { name: 'Try again' }).click();
  await expect(lineOf(`expense-${flowers.id}`).getByTestId('line-current')).toHaveText(money(5_321));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
  await saveScreenshot(page, testInfo, 'statement');
  expect(await axeViolations(page)).toEqual([]);
  await lineOf('refunds').getByRole('button', { name: 'Refunds' }).click();
  await expect(page.getByRole('dialog', { name: 'Refunds' }).getByTestId('record').first()).toBeVisible();
  await saveScreenshot(page, testInfo, 'statement-refunds-dialog', { viewportOnly: true });
  expect(await axeViolations(page)).toEqual([]);
});

import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type { PublicConfig } from '../../src/shared/contracts/config';
import type { Coupon } from '../../src/shared/contracts/coupons';
import type { Order } from '../../src/shared/contracts/orders';
import type { PaymentRecorded } from '../../src/shared/contracts/payments';
import type { Dashboard } from '../../src/shared/contracts/reports';
import { restaurantToday } from '../../src/shared/coupon-rules';
import { formatMoney } from '../../src/shared/money';
import { buildMenuItem, buildOrder } from '../support/factories';
import { expect, test } from './fixtures';
import { apiClient, axeViolations, DESKTOP, PHONE, saveScreenshot, signInByApi } from './helpers';
import { E2E_USERS } from './users';

/**
 * Analytics as an owner reads it: three orders completed today (cash, card, and card with a coupon), one
 * partly refunded; the page opens on today, its strip shows the day's sales; every chart card is there;
 * a card's numbers as a table and as a CSV file; today's hour in "Sales over time" opens its orders;
 * axe on a desktop and a phone.
 *
 * Other tests may complete orders today too, so the day's figures are compared with the dashboard the
 * API answers, and the change this test made is checked against the API's answer from before it.
 */

const run = randomBytes(3).toString('hex');

async function pay(page: Page, baseURL: string, order: Order, method: 'cash' | 'card', amount = order.total) {
  const response = await page.request.post(`/api/orders/${order.id}/payments`, {
    data: method === 'cash' ? { method, amount, tendered: amount } : { method, amount },
    headers: { origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as PaymentRecorded;
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

async function dashboardOf(page: Page, from: string, to: string): Promise<Dashboard> {
  const response = await page.request.get(`/api/reports/dashboard?from=${from}&to=${to}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Dashboard;
}

/** The strip's sales are today's as the API answers them now. */
async function expectTodaySales(page: Page, today: string, money: (minor: number) => string) {
  await expect(async () => {
    const now = await dashboardOf(page, today, today);
    await expect(page.getByTestId('today-sales')).toHaveText(money(now.today.sales), { timeout: 2000 });
  }).toPass();
}

/** The restaurant's hour (0..23) of an instant. */
function hourIn(iso: string, timeZone: string): number {
  return Number(
    new Intl.DateTimeFormat('en-US', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(new Date(iso)),
  );
}

const CARDS = [
  'Sales over time',
  'Sales by weekday and hour',
  'Top dishes',
  'Bottom dishes',
  'Categories',
  'Payment methods',
  'Order types',
  'Sources',
  'Coupons and discounts',
  'Preparation time',
  'Ratings',
  'Low stock',
  'Budgets near or over',
];

test('an owner reads today’s takings, every chart as a table and a CSV file, and opens the orders behind a bar', async ({
  page,
  baseURL,
}, testInfo) => {
  test.slow();
  await signInByApi(page, baseURL!, E2E_USERS.admin);
  const owner = apiClient(page.request, baseURL!);
  const config = (await (await page.request.get('/api/config')).json()) as PublicConfig;
  const money = (minor: number) => formatMoney(minor, config.currency, config.locale);
  const today = restaurantToday(config.timeZone);
  const before = await dashboardOf(page, today, today);

  // Three orders completed today: cash, card, and card with a 10% coupon; the cash one partly refunded.
  const soup = await buildMenuItem(owner, { name: `Analytics soup ${run}`, price: 1450 });
  const code = `AN${run}`.toUpperCase();
  const coupon = await owner.send('POST', '/api/coupons', {
    code,
    kind: 'percent',
    value: 10,
    channels: ['pos', 'online'],
  });
  expect(coupon.status, JSON.stringify(coupon.body)).toBe(201);
  expect((coupon.body as Coupon).code).toBe(code);
  const orders: Order[] = [];
  for (const [method, extra] of [
    ['cash', {}],
    ['card', {}],
    ['card', { couponCode: code }],
  ] as const) {
    const placed = await buildOrder(owner, {
      type: 'takeaway',
      lines: [{ menuItemId: soup.id, quantity: 2 }],
      ...extra,
    });
    const payment = await pay(page, baseURL!, placed, method);
    orders.push(await complete(page, baseURL!, placed.id, payment.order.version));
    if (orders.length === 1) {
      const refunded = await page.request.post(`/api/payments/${payment.id}/refunds`, {
        data: { amount: 500, reason: `Soup went cold ${run}` },
        headers: { origin: baseURL! },
      });
      expect(refunded.status(), await refunded.text()).toBe(201);
    }
  }
  expect(orders[2]!.discount).toBeGreaterThan(0);
  const takings = orders.reduce((sum, order) => sum + order.total, 0);
  const after = await dashboardOf(page, today, today);
  // Today's sales grew by what this test completed (by more only if another test completed orders meanwhile).
  expect(after.today.sales - before.today.sales).toBeGreaterThanOrEqual(takings);
  expect(after.today.orders - before.today.orders).toBeGreaterThanOrEqual(3);
  expect(after.today.refunds.amount - before.today.refunds.amount).toBeGreaterThanOrEqual(500);
  if (after.today.orders - before.today.orders === 3) {
    expect(after.today.sales - before.today.sales).toBe(takings);
  }
  expect(after.coupons.uses.find((use) => use.code === code)?.orders).toBe(1);

  // The page opens on today; the strip shows the day's takings.
  await page.setViewportSize(DESKTOP);
  await page.goto('/admin/dashboard');
  await expect(page).toHaveTitle('Analytics | Brigade');
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Today', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const strip = page.getByTestId('today-strip');
  await expect(async () => {
    const now = await dashboardOf(page, today, today);
    await expect(strip.getByTestId('today-sales')).toHaveText(money(now.today.sales), { timeout: 2000 });
    await expect(strip.getByTestId('today-orders')).toHaveText(String(now.today.orders), { timeout: 2000 });
    await expect(strip.getByTestId('today-refunds')).toHaveText(money(now.today.refunds.amount), {
      timeout: 2000,
    });
  }).toPass();
  await expect(strip.getByRole('list', { name: 'Payments taken today' })).toContainText('Card');
  await expect(strip.getByRole('list', { name: 'Payments taken today' })).toContainText('Cash');
  for (const name of CARDS) {
    await expect(page.getByRole('region', { name, exact: true })).toBeVisible();
  }
  await expect(page.getByTestId('sales-over-time-chart')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Coupons and discounts' })).toContainText(code);

  // Sales over time as a table: the hour of this test's orders, as the API counts it.
  const hour = hourIn(orders[2]!.updatedAt, config.timeZone);
  const hourName = `${hour}:00–${hour + 1}:00`;
  const point = after.salesOverTime.points[hour]!;
  const salesCard = page.getByRole('region', { name: 'Sales over time' });
  await salesCard.getByRole('button', { name: 'Table' }).click();
  await expect(salesCard.getByRole('button', { name: 'Table' })).toHaveAttribute('aria-pressed', 'true');
  const row = salesCard.getByRole('row', { name: new RegExp(`^${hourName} `) });
  await expect(row.getByRole('cell').nth(0)).toHaveText(String(point.orders));
  await expect(row.getByRole('cell').nth(1)).toHaveText(money(point.sales));
  await saveScreenshot(page, testInfo, 'dashboard-table');

  // The same rows as a CSV file, made in the browser.
  const downloading = page.waitForEvent('download');
  await salesCard.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`sales-over-time-${today}.csv`);
  const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
  const lines = csv.trim().split(/\r\n/);
  expect(lines[0]).toBe('Hour,Orders,Sales');
  expect(lines).toHaveLength(25);
  expect(lines[hour + 1]).toMatch(new RegExp(`^${hourName},${point.orders},`));

  // Back to the chart: today's hour is a button that opens its orders.
  await salesCard.getByRole('button', { name: 'Chart' }).click();
  const bar = salesCard.getByRole('button', { name: new RegExp(`^${hourName}: ${point.orders} orders?, `) });
  await expect(bar).toHaveAccessibleName(`${hourName}: ${point.orders} orders, ${money(point.sales)}`);
  await bar.click();
  const dialog = page.getByRole('dialog', { name: new RegExp(hourName) });
  await expect(dialog).toBeVisible();
  for (const order of orders) {
    const orderRow = dialog.getByRole('row', { name: new RegExp(`^#${order.number} `) });
    await expect(orderRow.getByRole('link', { name: `#${order.number}`, exact: true })).toBeVisible();
    await expect(orderRow).toContainText('Takeaway');
    await expect(orderRow.getByRole('cell').last()).toHaveText(money(order.total));
  }
  await saveScreenshot(page, testInfo, 'dashboard-orders', { viewportOnly: true });
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // An order type opens its orders too.
  await page
    .getByRole('region', { name: 'Order types' })
    .getByRole('button', { name: /^Takeaway: / })
    .click();
  const typeDialog = page.getByRole('dialog', { name: 'Takeaway orders' });
  await expect(typeDialog.getByRole('link', { name: `#${orders[0]!.number}`, exact: true })).toBeVisible();
  await typeDialog.getByRole('button', { name: 'Close' }).click();

  expect(await axeViolations(page)).toEqual([]);
  await saveScreenshot(page, testInfo, 'dashboard');

  // Another period is kept in the address.
  await page.getByRole('button', { name: 'Last 7 days' }).click();
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}&to=/);
  await expect(page.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
  // The strip stays on today (other tests may have completed orders since: compared with the API now).
  await expectTodaySales(page, today, money);

  // A phone: the cards stack, the heat map scrolls inside its card.
  await page.setViewportSize(PHONE);
  await page.goto('/admin/dashboard');
  await expectTodaySales(page, today, money);
  await expect(page.getByTestId('sales-over-time-chart')).toBeVisible();
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(pageWidth).toBeLessThanOrEqual(PHONE.width);
  expect(await axeViolations(page)).toEqual([]);
  await saveScreenshot(page, testInfo, 'dashboard');
});

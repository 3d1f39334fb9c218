import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { PublicConfig } from '../../src/shared/contracts/config';
import type { MenuItem } from '../../src/shared/contracts/menu';
import type { Order } from '../../src/shared/contracts/orders';
import { formatMoney } from '../../src/shared/money';
import type { OrderStatus } from '../../src/shared/order-status';
import { buildMenuItem, buildOrder, buildTable, type FactoryClient } from '../support/factories';
import { expect, test } from './fixtures';
import { apiClient, DESKTOP, type E2EUser, PHONE, saveScreenshot, signInByApi } from './helpers';
import { withE2EDatabase } from './outbox';
import { E2E_USERS } from './users';

const unique = () => randomBytes(3).toString('hex');

/** The money text the screens show, in the restaurant's currency and locale. */
async function moneyFormatter(request: APIRequestContext): Promise<(minor: number) => string> {
  const config = (await (await request.get('/api/config')).json()) as PublicConfig;
  return (minor) => formatMoney(minor, config.currency, config.locale);
}

/** A latte with a required size and optional extras, made by the owner. */
function buildLatte(client: FactoryClient, run: string): Promise<MenuItem> {
  return buildMenuItem(client, {
    name: `Orders Latte ${run}`,
    price: 450,
    station: 'bar',
    modifierGroups: [
      {
        name: 'Size',
        minChoices: 1,
        maxChoices: 1,
        options: [
          { name: 'Small', priceDelta: 0 },
          { name: 'Large', priceDelta: 150 },
        ],
      },
      {
        name: 'Extras',
        minChoices: 0,
        maxChoices: 2,
        options: [
          { name: 'Extra shot', priceDelta: 80 },
          { name: 'Oat milk', priceDelta: 60 },
        ],
      },
    ],
  });
}

function optionId(item: MenuItem, group: string, option: string): string {
  const found = item.modifierGroups.find((g) => g.name === group)?.options.find((o) => o.name === option);
  if (!found) throw new Error(`no option ${group}: ${option}`);
  return found.id;
}

/** A takeaway for a named customer: two large lattes with oat milk and a note, one small plain latte. */
function buildLatteOrder(client: FactoryClient, latte: MenuItem, customerName: string): Promise<Order> {
  return buildOrder(client, {
    type: 'takeaway',
    customerName,
    customerPhone: '+15550100123',
    note: 'Collecting at the side door.',
    lines: [
      {
        menuItemId: latte.id,
        quantity: 2,
        optionIds: [optionId(latte, 'Size', 'Large'), optionId(latte, 'Extras', 'Oat milk')],
        note: 'Extra hot',
      },
      { menuItemId: latte.id, quantity: 1, optionIds: [optionId(latte, 'Size', 'Small')] },
    ],
  });
}

/** A status move through the API, as another device would make it. */
async function moveByApi(
  page: Page,
  baseURL: string,
  order: Order,
  status: OrderStatus,
  reason?: string,
): Promise<Order> {
  const response = await page.request.post(`/api/orders/${order.id}/status`, {
    data: { status, version: order.version, ...(reason ? { reason } : {}) },
    headers: { origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Order;
}

/** Set-up as the owner (menu items are the owner's), then the page is used as `user`. */
async function setUp(page: Page, baseURL: string) {
  await signInByApi(page, baseURL, E2E_USERS.admin);
  const client = apiClient(page.request, baseURL);
  const run = unique();
  const latte = await buildLatte(client, run);
  return { client, run, latte };
}

async function signInAs(page: Page, baseURL: string, user: E2EUser) {
  await signInByApi(page, baseURL, user);
}

function orderRow(page: Page, order: Order): Locator {
  return page
    .getByTestId('order-row')
    .filter({ has: page.getByRole('rowheader', { name: `#${order.number}`, exact: true }) });
}

function timelineEntry(page: Page, status: string): Locator {
  return page.getByTestId('timeline-entry').filter({ hasText: status });
}

test.describe('Orders list and order page', () => {
  test('the list shows the newest orders first and filters by status and by number; filters stay in the URL', async ({
    page,
    baseURL,
  }, testInfo) => {
    const { client, run, latte } = await setUp(page, baseURL!);
    const money = await moneyFormatter(page.request);
    const table = await buildTable(client, { name: `T${run}` });
    const older = await buildLatteOrder(client, latte, `Dana ${run}`);
    const newer = await buildOrder(client, {
      type: 'dine-in',
      tableId: table.id,
      lines: [{ menuItemId: latte.id, quantity: 1, optionIds: [optionId(latte, 'Size', 'Small')] }],
    });
    await moveByApi(page, baseURL!, newer, 'preparing');
    await signInAs(page, baseURL!, E2E_USERS.staff);

    await page.goto('/orders');
    await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
    const olderRow = orderRow(page, older);
    const newerRow = orderRow(page, newer);
    await expect(olderRow).toBeVisible();
    await expect(newerRow).toBeVisible();
    await expect(olderRow).toContainText(`Dana ${run}`);
    await expect(olderRow).toContainText('Takeaway');
    await expect(olderRow).toContainText('Point of sale');
    await expect(olderRow).toContainText('Confirmed');
    await expect(olderRow).toContainText('Unpaid');
    await expect(olderRow).toContainText(money(older.total));
    await expect(newerRow).toContainText(`Table T${run}`);
    await expect(newerRow).toContainText('Preparing');
    // Newest first.
    const numbers = await page.getByTestId('order-row').getByRole('rowheader').allInnerTexts();
    expect(numbers.indexOf(`#${newer.number}`)).toBeLessThan(numbers.indexOf(`#${older.number}`));
    await saveScreenshot(page, testInfo, 'orders-list');

    // By status: only the preparing one; the filter is in the URL and survives a reload.
    await page.getByRole('button', { name: 'Preparing', exact: true }).click();
    await expect(page).toHaveURL(/[?&]status=preparing(&|$)/);
    await expect(newerRow).toBeVisible();
    await expect(olderRow).toBeHidden();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Preparing', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(newerRow).toBeVisible();
    await expect(olderRow).toBeHidden();

    // By number (#1042 or 1042).
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/orders$/);
    await page.getByRole('searchbox', { name: 'Search orders' }).fill(`#${older.number}`);
    await expect(page).toHaveURL(new RegExp(`search=%23${older.number}`));
    await expect(olderRow).toBeVisible();
    await expect(newerRow).toBeHidden();
    await expect(page.getByTestId('order-row')).toHaveCount(1);
    // A date range (days in the restaurant's time zone): one that ends before the orders were made
    // matches nothing, and a backwards one is not asked for.
    await page.getByLabel('To', { exact: true }).fill('2000-01-01');
    await expect(page).toHaveURL(/[?&]to=2000-01-01(&|$)/);
    await expect(page.getByText('No orders match these filters.')).toBeVisible();
    await page.getByLabel('From', { exact: true }).fill('2000-01-02');
    await expect(page.getByText('Must not be before “From”.')).toBeVisible();
    await page.getByLabel('From', { exact: true }).fill('');
    await page.getByLabel('To', { exact: true }).fill('');
    await expect(olderRow).toBeVisible();
    // A filter that matches nothing says so.
    await page.getByRole('button', { name: 'Cancelled', exact: true }).click();
    await expect(page.getByText('No orders match these filters.')).toBeVisible();
    await page.getByRole('button', { name: 'Cancelled', exact: true }).click();

    // A row opens its order.
    // Anywhere on the row (its link covers it).
    await olderRow.click();
    await expect(page).toHaveURL(new RegExp(`/orders/${older.id}$`));
    await expect(page.getByRole('heading', { name: `Order #${older.number}`, level: 1 })).toBeVisible();

    // On a phone: cards.
    await page.setViewportSize(PHONE);
    await page.goto(`/orders?search=${older.number}`);
    const card = page.getByTestId('order-card').filter({ hasText: `#${older.number}` });
    await expect(card).toBeVisible();
    await expect(card).toContainText(money(older.total));
    await saveScreenshot(page, testInfo, 'orders-list');
    await page.setViewportSize(DESKTOP);
  });

  test('the order page shows every line with its options and note, and totals equal to the API’s; prints a receipt and a kitchen ticket', async ({
    page,
    baseURL,
  }, testInfo) => {
    const { client, run, latte } = await setUp(page, baseURL!);
    const money = await moneyFormatter(page.request);
    const order = await buildLatteOrder(client, latte, `Dana ${run}`);
    await signInAs(page, baseURL!, E2E_USERS.staff);
    await page.addInitScript(() => {
      // Headless Chromium has no print dialog: count the calls instead.
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });

    await page.goto(`/orders/${order.id}`);
    await expect(page.getByRole('heading', { name: `Order #${order.number}`, level: 1 })).toBeVisible();
    const lines = page.getByRole('list', { name: 'Order lines' }).getByTestId('order-line');
    await expect(lines).toHaveCount(order.lines.length);
    for (const [index, line] of order.lines.entries()) {
      const shown = lines.nth(index);
      await expect(shown).toContainText(line.name);
      await expect(shown).toContainText(`${line.quantity}`);
      await expect(shown.getByTestId('line-total')).toHaveText(money(line.lineTotal));
      await expect(shown).toContainText(`${money(line.unitPrice)} each`);
      for (const option of line.options) {
        await expect(shown).toContainText(`${option.groupName}: ${option.name}`);
        if (option.priceDelta > 0) await expect(shown).toContainText(`+${money(option.priceDelta)}`);
      }
      if (line.note) await expect(shown).toContainText(`Note: ${line.note}`);
    }
    await expect(page.getByText(`Order note: ${order.note}`)).toBeVisible();
    const totalsList = page.getByTestId('order-totals');
    await expect(totalsList.locator('div', { hasText: 'Subtotal' })).toContainText(money(order.subtotal));
    await expect(totalsList.locator('div', { hasText: /^Total/ })).toContainText(money(order.total));
    if (order.tax !== 0) {
      await expect(totalsList.locator('div', { hasText: /^Tax/ })).toContainText(money(order.tax));
      await expect(totalsList).toContainText(order.taxInclusive ? 'Tax (incl.)' : 'Tax');
    }
    if (order.serviceCharge !== 0) {
      await expect(totalsList.locator('div', { hasText: 'Service charge' })).toContainText(
        money(order.serviceCharge),
      );
    }
    await expect(totalsList).toContainText('Unpaid');
    // Details and the timeline.
    await expect(page.getByText(`Dana ${run}`).first()).toBeVisible();
    await expect(page.getByRole('link', { name: /5550100123/ })).toBeVisible();
    await expect(timelineEntry(page, 'Confirmed')).toContainText(E2E_USERS.admin.name);
    await saveScreenshot(page, testInfo, 'order-page');

    // The receipt is what prints: the restaurant with its address and phone, the number, the lines,
    // the totals and the tax with its rate (the demo cafe's 8 %, added on top of the prices).
    const readConfig = async () => (await (await page.request.get('/api/config')).json()) as PublicConfig;
    await page.emulateMedia({ media: 'print' });
    const receipt = page.getByTestId('receipt-print');
    await expect(receipt).toBeVisible();
    // Other tests edit the address and phone meanwhile: the receipt follows the settings as they are.
    await expect
      .poll(async () => {
        const config = await readConfig();
        const wanted = [
          config.restaurantName,
          ...config.restaurantAddress.split('\n').map((line) => line.trim()),
          `Phone ${config.restaurantPhone.trim()}`,
        ];
        const shown = await receipt.innerText();
        return wanted.filter((text) => !shown.includes(text));
      })
      .toEqual([]);
    await expect(receipt).toContainText(`Receipt #${order.number}`);
    await expect(receipt).toContainText(money(order.total));
    await expect(receipt).toContainText('Unpaid');
    const { taxPercent } = order;
    expect(order).toMatchObject({ taxInclusive: false });
    expect(order.tax).toBeGreaterThan(0);
    await expect(receipt.getByTestId('receipt-totals').locator('div', { hasText: /^Tax/ })).toHaveText(
      new RegExp(`^Tax ${taxPercent}%\\s*${money(order.tax).replace('$', '\\$')}$`),
    );
    await expect(page.getByRole('heading', { name: `Order #${order.number}`, level: 1 })).toBeHidden();
    for (const viewport of [PHONE, { width: 1280, height: 800 }, { width: 302, height: 900 }]) {
      await page.setViewportSize(viewport);
      await saveScreenshot(page, testInfo, 'order-receipt-print');
    }
    await page.emulateMedia({ media: 'screen' });
    await page.setViewportSize(DESKTOP);
    await expect(receipt).toBeHidden();

    // "Print kitchen ticket" swaps the print copy and calls the printer.
    await page.getByRole('button', { name: 'Print kitchen ticket' }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await expect(page.getByTestId('receipt-print')).toHaveCount(0);
    await page.emulateMedia({ media: 'print' });
    const ticket = page.getByTestId('kitchen-ticket-print');
    await expect(ticket).toBeVisible();
    await expect(ticket).toContainText(`#${order.number}`);
    await expect(ticket).toContainText('Extra hot');
    await page.setViewportSize({ width: 302, height: 900 });
    await saveScreenshot(page, testInfo, 'order-kitchen-ticket-print');
    // Once the print dialog closes, the receipt is the page's printout again.
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    await expect(page.getByTestId('receipt-print')).toBeVisible();
    await page.emulateMedia({ media: 'screen' });

    await page.setViewportSize(PHONE);
    await expect(page.getByRole('heading', { name: `Order #${order.number}`, level: 1 })).toBeVisible();
    await saveScreenshot(page, testInfo, 'order-page');
  });

  test('staff move an order from confirmed through preparing and ready to completed', async ({
    page,
    baseURL,
  }) => {
    const { client, run, latte } = await setUp(page, baseURL!);
    const order = await buildLatteOrder(client, latte, `Dana ${run}`);
    await signInAs(page, baseURL!, E2E_USERS.staff);
    await page.goto(`/orders/${order.id}`);
    const heading = page.getByRole('heading', { name: `Order #${order.number}`, level: 1 });
    const status = page.getByTestId('order-status').first();
    await expect(heading).toBeVisible();
    await expect(status).toHaveText('Confirmed');

    await page.getByRole('button', { name: 'Start preparing' }).click();
    await expect(status).toHaveText('Preparing');
    await page.getByRole('button', { name: 'Mark ready' }).click();
    await expect(status).toHaveText('Ready');
    // A takeaway is never out for delivery.
    await expect(page.getByRole('button', { name: 'Out for delivery' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Complete' }).click();
    await expect(status).toHaveText('Completed');
    await expect(page.getByRole('region', { name: 'Status actions' })).toHaveCount(0);

    for (const reached of ['Confirmed', 'Preparing', 'Ready', 'Completed']) {
      await expect(timelineEntry(page, reached)).toBeVisible();
    }
    await expect(timelineEntry(page, 'Completed')).toContainText(E2E_USERS.staff.name);
    const saved = (await (await page.request.get(`/api/orders/${order.id}`)).json()) as Order;
    expect(saved.status).toBe('completed');
    expect(saved.timeline.map((change) => change.status)).toEqual([
      'confirmed',
      'preparing',
      'ready',
      'completed',
    ]);
  });

  test('staff cannot cancel a preparing order; a manager can, with a reason that shows in the timeline', async ({
    page,
    baseURL,
  }) => {
    const { client, run, latte } = await setUp(page, baseURL!);
    const order = await moveByApi(
      page,
      baseURL!,
      await buildLatteOrder(client, latte, `Dana ${run}`),
      'preparing',
    );

    await signInAs(page, baseURL!, E2E_USERS.staff);
    await page.goto(`/orders/${order.id}`);
    await expect(page.getByRole('button', { name: 'Mark ready' })).toBeVisible();
    await expect(page.getByRole('button', { name: /cancel/i })).toHaveCount(0);

    await signInAs(page, baseURL!, E2E_USERS.manager);
    await page.reload();
    const cancel = page.getByRole('button', { name: 'Cancel order' });
    await expect(cancel).toBeVisible();
    await expect(cancel).toHaveClass(/bg-red-700/);
    await cancel.click();
    const dialog = page.getByRole('dialog', { name: `Cancel order #${order.number}?` });
    await expect(dialog).toBeVisible();
    // The reason is required.
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await expect(dialog.getByText('Enter the reason.')).toBeVisible();
    await dialog.getByLabel('Reason').fill(`Customer left ${run}`);
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('order-status').first()).toHaveText('Cancelled');
    const cancelled = timelineEntry(page, 'Cancelled');
    await expect(cancelled).toContainText(`Reason: Customer left ${run}`);
    await expect(cancelled).toContainText(E2E_USERS.manager.name);
    await expect(page.getByText('Cancelled because')).toBeVisible();
  });

  test('a move based on a stale view shows the server’s message, and the page shows the saved order', async ({
    page,
    baseURL,
  }, testInfo) => {
    const { client, run, latte } = await setUp(page, baseURL!);
    const order = await buildLatteOrder(client, latte, `Dana ${run}`);
    await signInAs(page, baseURL!, E2E_USERS.staff);
    // Hold the live stream, so the page keeps showing what it read while another device moves the order.
    await page.route('**/api/events*', () => {});
    await page.goto(`/orders/${order.id}`);
    await expect(page.getByTestId('order-status').first()).toHaveText('Confirmed');

    await moveByApi(page, baseURL!, order, 'preparing');
    await page.getByRole('button', { name: 'Start preparing' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Someone else changed' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(`order #${order.number}`);
    // Read again: the move another device made, and the buttons that follow from it.
    await expect(page.getByTestId('order-status').first()).toHaveText('Preparing');
    await expect(page.getByRole('button', { name: 'Mark ready' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start preparing' })).toHaveCount(0);
    await saveScreenshot(page, testInfo, 'order-page-stale-move', { viewportOnly: true });
  });

  test('at 1280×800 no column is cut, today’s orders show the time alone, and a totals line sums what the filters match', async ({
    page,
    baseURL,
  }, testInfo) => {
    const { client, run, latte } = await setUp(page, baseURL!);
    const money = await moneyFormatter(page.request);
    const config = (await (await page.request.get('/api/config')).json()) as PublicConfig;
    const name = `Tally ${run} Alexandria Montgomery-Fitzwilliam`;
    // One order of two days ago (moved back in the database: nothing places an order in the past),
    // then two of today, one of them cancelled.
    const older = await buildLatteOrder(client, latte, name);
    await withE2EDatabase((db) =>
      db.query(`update orders set created_at = created_at - interval '2 days' where id = $1`, [older.id]),
    );
    const today = await buildLatteOrder(client, latte, name);
    const cancelled = await moveByApi(
      page,
      baseURL!,
      await buildOrder(client, {
        type: 'takeaway',
        customerName: name,
        lines: [{ menuItemId: latte.id, quantity: 1, optionIds: [optionId(latte, 'Size', 'Small')] }],
      }),
      'cancelled',
      'Guest left',
    );
    await signInAs(page, baseURL!, E2E_USERS.staff);

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/orders?search=${encodeURIComponent(`Tally ${run}`)}`);
    await expect(page.getByTestId('order-row')).toHaveCount(3);

    // Nothing is cut: the table fits its card, and every Total shows whole, inside the screen.
    const fits = await page.getByTestId('orders-table').evaluate((wrapper) => {
      const table = wrapper.querySelector('table') as HTMLTableElement;
      const cells = [...wrapper.querySelectorAll<HTMLElement>('[data-testid="order-total"]')];
      const right = wrapper.getBoundingClientRect().right;
      return {
        table: table.scrollWidth <= wrapper.clientWidth,
        cells: cells.every(
          (cell) => cell.scrollWidth <= cell.clientWidth && cell.getBoundingClientRect().right <= right,
        ),
        count: cells.length,
      };
    });
    expect(fits).toEqual({ table: true, cells: true, count: 3 });
    await expect(orderRow(page, older).getByTestId('order-total')).toHaveText(money(older.total));

    // Times as the restaurant reads them: today's alone, an older order's with its date.
    const time = (iso: string) =>
      new Intl.DateTimeFormat(config.locale, { timeStyle: 'short', timeZone: config.timeZone }).format(
        new Date(iso),
      );
    const date = (iso: string) =>
      new Intl.DateTimeFormat(config.locale, { dateStyle: 'medium', timeZone: config.timeZone }).format(
        new Date(iso),
      );
    const olderAt = new Date(new Date(older.createdAt).getTime() - 2 * 86_400_000).toISOString();
    await expect(orderRow(page, today).locator('time')).toHaveText(time(today.createdAt));
    await expect(orderRow(page, cancelled).locator('time')).toHaveText(time(cancelled.createdAt));
    await expect(orderRow(page, older).locator('time')).toHaveText(`${date(olderAt)} ${time(olderAt)}`);
    await expect(orderRow(page, older).locator('time')).toHaveAttribute('dateTime', olderAt);

    // The totals line: every order the filters match, the total without the cancelled one.
    const totals = page.getByTestId('orders-summary');
    await expect(totals).toHaveText(
      `3 orders · Total ${money(older.total + today.total)} · Without the 1 cancelled or rejected order`,
    );

    // The whole list of every test's orders too (other names, statuses and amounts).
    await page.goto('/orders');
    await expect(page.getByTestId('order-row').first()).toBeVisible();
    const allFit = await page.getByTestId('orders-table').evaluate((wrapper) => {
      const table = wrapper.querySelector('table') as HTMLTableElement;
      const right = wrapper.getBoundingClientRect().right;
      return (
        table.scrollWidth <= wrapper.clientWidth &&
        [...wrapper.querySelectorAll<HTMLElement>('[data-testid="order-total"]')].every(
          (cell) => cell.scrollWidth <= cell.clientWidth && cell.getBoundingClientRect().right <= right,
        )
      );
    });
    expect(allFit).toBe(true);
    await page.goto(`/orders?search=${encodeURIComponent(`Tally ${run}`)}`);
    await expect(totals).toBeVisible();
    await saveScreenshot(page, testInfo, 'orders-list-totals');

    // On a phone: the cards say the same, and the totals line too.
    await page.setViewportSize(PHONE);
    const card = page.getByTestId('order-card').filter({ hasText: `#${today.number}` });
    await expect(card.locator('time')).toHaveText(time(today.createdAt));
    await expect(
      page
        .getByTestId('order-card')
        .filter({ hasText: `#${older.number}` })
        .locator('time'),
    ).toHaveText(`${date(olderAt)} ${time(olderAt)}`);
    await expect(totals).toBeVisible();
    const phoneFits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(phoneFits).toBe(true);
    await saveScreenshot(page, testInfo, 'orders-list-totals');
    await page.setViewportSize(DESKTOP);
  });

  test('an order that does not exist says so', async ({ page, baseURL }) => {
    await signInAs(page, baseURL!, E2E_USERS.staff);
    await page.goto('/orders/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'This order does not exist' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'See all orders' })).toBeVisible();
  });
});

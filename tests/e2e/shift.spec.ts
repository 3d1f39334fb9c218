import { randomBytes } from 'node:crypto';
import type { Browser, Locator, Page } from '@playwright/test';
import type { Order } from '../../src/shared/contracts/orders';
import { buildCategory, buildMenuItem, buildTable } from '../support/factories';
import { expect, test } from './fixtures';
import { apiClient, signInByApi } from './helpers';
import { E2E_USERS } from './users';

/**
 * A shift in one test: a cashier rings up a dine-in order with options and a
 * note at the point of sale; the kitchen board open on another device shows it without a reload, and
 * the kitchen moves it through preparing and ready to completed with one tap each.
 */

/** A device of its own: own cookies, own client address, the cookie banner answered. */
function device(browser: Browser, baseURL: string, viewport: { width: number; height: number }) {
  return browser.newContext({
    baseURL,
    viewport,
    extraHTTPHeaders: {
      'x-forwarded-for': `198.19.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`,
    },
    storageState: {
      cookies: [],
      origins: [
        {
          origin: baseURL,
          localStorage: [
            { name: 'cookieConsent', value: 'accepted' },
            { name: 'cookieConsentDate', value: '2026-01-01T00:00:00.000Z' },
          ],
        },
      ],
    },
  });
}

function column(page: Page, status: 'Confirmed' | 'Preparing' | 'Ready'): Locator {
  return page.getByRole('region', { name: new RegExp(`^${status}, \\d+ orders?$`) });
}

function card(scope: Page | Locator, number: number): Locator {
  return scope.getByRole('article', { name: `Order #${number}`, exact: true });
}

test('a cashier’s order reaches the kitchen board by itself and is moved on to completed', async ({
  browser,
  page,
  baseURL,
}) => {
  test.slow();
  const run = randomBytes(3).toString('hex');
  await signInByApi(page, baseURL!, E2E_USERS.admin);
  const client = apiClient(page.request, baseURL!);
  const category = await buildCategory(client, { name: `Shift ${run}` });
  const latte = await buildMenuItem(client, {
    categoryId: category.id,
    name: `Shift latte ${run}`,
    price: 450,
    station: 'bar',
    modifierGroups: [
      {
        name: 'Size',
        minChoices: 1,
        maxChoices: 1,
        options: [
          { name: 'Regular', priceDelta: 0 },
          { name: 'Large', priceDelta: 150 },
        ],
      },
    ],
  });
  const table = await buildTable(client, { name: `S${run}` });

  // The kitchen's tablet: the board, open before the order exists.
  const kitchenContext = await device(browser, baseURL!, { width: 1280, height: 800 });
  const kitchen = await kitchenContext.newPage();
  try {
    await signInByApi(kitchen, baseURL!, E2E_USERS.staff);
    await kitchen.goto('/orders/monitor');
    await expect(column(kitchen, 'Confirmed')).toBeVisible();
    await kitchen.evaluate(() => {
      (window as unknown as { marker: string }).marker = 'not reloaded';
    });

    // The cashier's till.
    const till = await device(browser, baseURL!, { width: 1440, height: 900 });
    const cashier = await till.newPage();
    await signInByApi(cashier, baseURL!, E2E_USERS.staff);
    await cashier.goto('/orders/add');
    await cashier.getByRole('searchbox', { name: 'Search the menu' }).fill(latte.name);
    await cashier
      .getByRole('list', { name: 'Menu items' })
      .getByRole('button', { name: new RegExp(latte.name) })
      .click();
    const dialog = cashier.getByRole('dialog', { name: latte.name });
    await dialog.getByRole('radio', { name: /Large/ }).check();
    await dialog.getByLabel('Note for this item').fill('Extra foam');
    await dialog.getByRole('button', { name: /^Add to order/ }).click();
    await expect(dialog).toBeHidden();
    await cashier.getByLabel('Table', { exact: true }).selectOption(table.id);
    const answer = cashier.waitForResponse(
      (response) => response.url().endsWith('/api/orders') && response.request().method() === 'POST',
    );
    await cashier.getByRole('button', { name: /^Place order/ }).click();
    const order = (await (await answer).json()) as Order;
    await expect(cashier.getByRole('region', { name: `Order #${order.number} placed` })).toBeVisible();
    await till.close();

    // On the board without a reload, with its table, option and note.
    const confirmed = card(column(kitchen, 'Confirmed'), order.number);
    await expect(confirmed).toBeVisible({ timeout: 5000 });
    await expect(confirmed).toContainText(`Table ${table.name}`);
    await expect(confirmed).toContainText(latte.name);
    await expect(confirmed).toContainText('Large');
    await expect(confirmed).toContainText('Extra foam');

    await confirmed.getByRole('button', { name: `Start #${order.number}` }).click();
    const preparing = card(column(kitchen, 'Preparing'), order.number);
    await preparing.getByRole('button', { name: `Ready #${order.number}` }).click();
    const ready = card(column(kitchen, 'Ready'), order.number);
    await ready.getByRole('button', { name: `Complete #${order.number}` }).click();
    // Nobody has paid for it: completing asks first.
    await kitchen
      .getByRole('dialog', { name: `Complete #${order.number}?` })
      .getByRole('button', { name: 'Complete anyway' })
      .click();
    await expect(card(kitchen, order.number)).toBeHidden();
    expect(await kitchen.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe(
      'not reloaded',
    );

    const stored = (await (await page.request.get(`/api/orders/${order.id}`)).json()) as Order;
    expect(stored.status).toBe('completed');
    expect(stored.timeline.map((step) => step.status)).toEqual([
      'confirmed',
      'preparing',
      'ready',
      'completed',
    ]);
    expect(stored.lines[0]).toMatchObject({
      name: latte.name,
      note: 'Extra foam',
      options: [{ name: 'Large' }],
    });
  } finally {
    await kitchenContext.close();
  }
});

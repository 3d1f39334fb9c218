import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import type { PublicConfig } from '../../src/shared/contracts/config';
import type { MenuItem } from '../../src/shared/contracts/menu';
import { type Order, orderNumberLabel } from '../../src/shared/contracts/orders';
import { formatMoney } from '../../src/shared/money';
import { buildCategory, buildMenuItem, buildTable } from '../support/factories';
import { expect, test } from './fixtures';
import {
  apiClient,
  axeViolations,
  countPrints,
  DESKTOP,
  type E2EUser,
  PHONE,
  saveScreenshot,
} from './helpers';
import { E2E_USERS } from './users';

/**
 * The point of sale (`/orders/add`): a staff member builds a dine-in order with options and
 * notes and places it; a manager gives a discount; what the screen totals is what the server charges.
 */

const unique = () => randomBytes(3).toString('hex');

async function signIn(request: APIRequestContext, baseURL: string, user: E2EUser) {
  const response = await request.post('/api/auth/sign-in/email', {
    data: { email: user.email, password: user.password },
    headers: { origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function moneyFormatter(request: APIRequestContext) {
  const config = (await (await request.get('/api/config')).json()) as PublicConfig;
  return (minor: number) => formatMoney(minor, config.currency, config.locale);
}

interface Menu {
  categoryName: string;
  flatWhite: MenuItem;
  soup: MenuItem;
  pie: MenuItem;
  table: { id: string; name: string };
}

/** A category with an item with a required size and optional extras, a plain soup and a sold-out pie. */
async function setUpMenu(request: APIRequestContext, baseURL: string): Promise<Menu> {
  await signIn(request, baseURL, E2E_USERS.admin);
  const client = apiClient(request, baseURL);
  const run = unique();
  const category = await buildCategory(client, { name: `Till ${run}` });
  const flatWhite = await buildMenuItem(client, {
    categoryId: category.id,
    name: `Flat white ${run}`,
    price: 420,
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
      {
        name: 'Extras',
        minChoices: 0,
        maxChoices: 2,
        options: [
          { name: 'Extra shot', priceDelta: 75 },
          { name: 'Oat milk', priceDelta: 60 },
          { name: 'Vanilla', priceDelta: 50 },
        ],
      },
    ],
  });
  const soup = await buildMenuItem(client, {
    categoryId: category.id,
    name: `Tomato soup ${run}`,
    price: 695,
  });
  const pie = await buildMenuItem(client, {
    categoryId: category.id,
    name: `Apple pie ${run}`,
    price: 500,
    availableToday: false,
  });
  const table = await buildTable(client, { name: `P${run}` });
  return { categoryName: category.name, flatWhite, soup, pie, table };
}

async function openPointOfSale(page: Page, user: E2EUser, baseURL: string) {
  await signIn(page.request, baseURL, user);
  await page.goto('/orders/add');
  await expect(page.getByRole('heading', { name: 'Add Order', level: 1 })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Search the menu' })).toBeVisible();
}

function tile(page: Page, name: string) {
  return page.getByRole('list', { name: 'Menu items' }).getByRole('button', { name: new RegExp(name) });
}

function cartLine(page: Page, name: string) {
  return page.getByRole('list', { name: 'Items in the order' }).getByRole('listitem', { name, exact: true });
}

/** Clicks "Place order" and returns the server's answer. */
async function placeOrder(page: Page): Promise<{ status: number; order: Order }> {
  const answer = page.waitForResponse(
    (response) => response.url().endsWith('/api/orders') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: /^Place order/ }).click();
  const response = await answer;
  return { status: response.status(), order: (await response.json()) as Order };
}

test.describe('point of sale', () => {
  test('a staff member places a dine-in order with options and notes at a table; the screen totals what the server charges', async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    test.slow();
    const menu = await setUpMenu(request, baseURL!);
    const money = await moneyFormatter(request);
    await page.setViewportSize(DESKTOP);
    await openPointOfSale(page, E2E_USERS.staff, baseURL!);

    // Staff see no discount control.
    await expect(page.getByRole('button', { name: 'Discount', exact: true })).toHaveCount(0);

    // "/" searches, Enter adds the first match.
    await page.keyboard.press('/');
    const search = page.getByRole('searchbox', { name: 'Search the menu' });
    await expect(search).toBeFocused();
    await page.keyboard.type(menu.soup.name);
    await expect(page.getByText(`Enter adds ${menu.soup.name}`)).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(cartLine(page, menu.soup.name)).toBeVisible();
    await expect(search).toHaveValue('');
    await expect(search).toBeFocused();

    // The category's items; the sold-out pie cannot be added.
    await page.getByRole('button', { name: menu.categoryName, exact: true }).click();
    await expect(search).toHaveValue('');
    const pie = tile(page, menu.pie.name);
    await expect(pie).toContainText('Sold out today');
    await expect(pie).toBeDisabled();

    // The modifier picker: Add waits for the required size.
    await tile(page, menu.flatWhite.name).click();
    const dialog = page.getByRole('dialog', { name: menu.flatWhite.name });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('group', { name: 'Size' })).toContainText('Choose 1');
    await expect(dialog.getByRole('group', { name: 'Extras' })).toContainText('Choose up to 2');
    const add = dialog.getByRole('button', { name: /^Add to order/ });
    await expect(add).toBeDisabled();
    await expect(dialog.getByText('Choose a size option.')).toBeVisible();
    await expect(dialog.getByText(`+${money(150)}`)).toBeVisible();
    await dialog.getByRole('radio', { name: /Large/ }).check();
    await dialog.getByRole('checkbox', { name: /Extra shot/ }).check();
    await dialog.getByRole('checkbox', { name: /Oat milk/ }).check();
    // Two extras at most: the third waits.
    await expect(dialog.getByRole('checkbox', { name: /Vanilla/ })).toBeDisabled();
    await dialog.getByRole('button', { name: `More ${menu.flatWhite.name}` }).click();
    await dialog.getByLabel('Note for this item').fill('Extra hot');
    await expect(add).toBeEnabled();
    await expect(add).toContainText(money((420 + 150 + 75 + 60) * 2));
    await saveScreenshot(page, testInfo, 'pos-modifiers', { viewportOnly: true });
    expect(await axeViolations(page)).toEqual([]);
    await add.click();
    await expect(dialog).toBeHidden();
    const line = cartLine(page, menu.flatWhite.name);
    await expect(line).toContainText('Large, Extra shot, Oat milk');
    await expect(line).toContainText('Note: Extra hot');
    await expect(line.getByLabel(`Quantity of ${menu.flatWhite.name}`)).toHaveValue('2');

    // One more soup with − / +, then back to one.
    const soupLine = cartLine(page, menu.soup.name);
    await soupLine.getByRole('button', { name: `More ${menu.soup.name}` }).click();
    await expect(soupLine.getByLabel(`Quantity of ${menu.soup.name}`)).toHaveValue('2');
    await soupLine.getByRole('button', { name: `Fewer ${menu.soup.name}` }).click();
    await expect(soupLine.getByLabel(`Quantity of ${menu.soup.name}`)).toHaveValue('1');

    // Dine-in needs a table.
    await expect(page.getByText('Choose the table.')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Place order/ })).toBeDisabled();
    await page.getByLabel('Table', { exact: true }).selectOption(menu.table.id);
    await page.getByRole('button', { name: /^Customer/ }).click();
    await page.getByLabel('Note for the order').fill('Birthday: candle on the pie');
    await page.getByLabel('Customer name (optional)').fill('Dana');
    const shownSubtotal = await page.getByTestId('pos-subtotal').innerText();
    const shownTotal = await page.getByTestId('pos-total').innerText();
    expect(shownSubtotal).toBe(money(695 + (420 + 150 + 75 + 60) * 2));
    await saveScreenshot(page, testInfo, 'pos-cart', { viewportOnly: true });
    expect(await axeViolations(page)).toEqual([]);

    const { status, order } = await placeOrder(page);
    expect(status).toBe(201);
    expect(money(order.subtotal)).toBe(shownSubtotal);
    expect(money(order.total)).toBe(shownTotal);

    // The confirmation, and the next order ready at once.
    const label = orderNumberLabel(order.number);
    await expect(page.getByRole('region', { name: `Order ${label} placed` })).toBeInViewport();
    await expect(page.getByTestId('placed-total')).toHaveText(shownTotal);
    await expect(page.getByRole('link', { name: `View order ${label}` })).toHaveAttribute(
      'href',
      `/orders/${order.id}`,
    );
    await expect(search).toBeFocused();
    await expect(page.getByText('Tap an item on the menu to add it.')).toBeVisible();
    await saveScreenshot(page, testInfo, 'pos-placed', { viewportOnly: true });

    // The kitchen ticket prints alone: number, table, lines, options and notes, no prices.
    await page.emulateMedia({ media: 'print' });
    const ticket = page.getByTestId('kitchen-ticket-print');
    await expect(ticket).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Add Order' })).toBeHidden();
    await expect(ticket).toContainText(label);
    await expect(ticket).toContainText(`Table ${menu.table.name}`);
    await expect(ticket).toContainText(new RegExp(`2 ×\\s*${menu.flatWhite.name}`));
    await expect(ticket).toContainText('Oat milk');
    await expect(ticket).toContainText('Extra hot');
    await expect(ticket).toContainText('Birthday: candle on the pie');
    await expect(ticket).not.toContainText(money(695));
    await saveScreenshot(page, testInfo, 'pos-kitchen-ticket', { viewportOnly: true });
    await page.emulateMedia({ media: 'screen' });
    const printed = await countPrints(page);
    await page.getByRole('button', { name: 'Print kitchen ticket' }).click();
    expect(await printed()).toBe(1);

    // The order as the server keeps it.
    const stored = (await (await page.request.get(`/api/orders/${order.id}`)).json()) as Order;
    expect(stored.type).toBe('dine-in');
    expect(stored.status).toBe('confirmed');
    expect(stored.table?.id).toBe(menu.table.id);
    expect(stored.note).toBe('Birthday: candle on the pie');
    expect(stored.customerName).toBe('Dana');
    expect(
      stored.lines.map((orderLine) => ({
        name: orderLine.name,
        quantity: orderLine.quantity,
        options: orderLine.options.map((option) => `${option.groupName}: ${option.name}`),
        note: orderLine.note,
      })),
    ).toEqual([
      { name: menu.soup.name, quantity: 1, options: [], note: '' },
      {
        name: menu.flatWhite.name,
        quantity: 2,
        options: ['Size: Large', 'Extras: Extra shot', 'Extras: Oat milk'],
        note: 'Extra hot',
      },
    ]);

    // The table now shows its open order; "New order" puts the confirmation away.
    await expect(
      page.getByLabel('Table', { exact: true }).locator('option', { hasText: menu.table.name }),
    ).toContainText('1 open order');
    await page.getByRole('button', { name: 'New order' }).click();
    await expect(page.getByRole('region', { name: `Order ${label} placed` })).toBeHidden();
    await expect(search).toBeFocused();

    // On a phone: the grid, the modifier picker and the cart bar.
    await page.setViewportSize(PHONE);
    await tile(page, menu.soup.name).click();
    await expect(page.getByRole('button', { name: /Review order · 1 item/ })).toBeVisible();
    await saveScreenshot(page, testInfo, 'pos-menu');
    await saveScreenshot(page, testInfo, 'pos-menu-screen', { viewportOnly: true });
    expect(await axeViolations(page)).toEqual([]);
    await tile(page, menu.flatWhite.name).click();
    await expect(dialog).toBeVisible();
    await saveScreenshot(page, testInfo, 'pos-modifiers', { viewportOnly: true });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: /Review order/ }).click();
    await expect(page.getByRole('heading', { name: 'Current order' })).toBeInViewport();
    await saveScreenshot(page, testInfo, 'pos-cart', { viewportOnly: true });
  });

  test('a manager gives a discount with a reason; an item sold out meanwhile is refused by name', async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    test.slow();
    const menu = await setUpMenu(request, baseURL!);
    const admin = apiClient(request, baseURL!);
    const money = await moneyFormatter(request);
    await page.setViewportSize(DESKTOP);
    const orderKeys: string[] = [];
    page.on('request', (sent) => {
      if (sent.method() === 'POST' && sent.url().endsWith('/api/orders')) {
        orderKeys.push(sent.headers()['idempotency-key'] ?? '');
      }
    });
    await openPointOfSale(page, E2E_USERS.manager, baseURL!);

    await page.getByRole('searchbox', { name: 'Search the menu' }).fill(menu.soup.name);
    await page.keyboard.press('Enter');
    await cartLine(page, menu.soup.name)
      .getByRole('button', { name: `More ${menu.soup.name}` })
      .click();
    await page.getByRole('button', { name: 'Takeaway', exact: true }).click();
    await expect(page.getByLabel('Table', { exact: true })).toHaveCount(0);

    await page.getByRole('button', { name: 'Discount', exact: true }).click();
    await page.getByLabel('Discount percent').fill('10');
    await expect(page.getByText('Enter the reason for the discount.')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Place order/ })).toBeDisabled();
    await page.getByLabel('Reason for the discount').fill('Regular guest');
    await expect(page.getByTestId('pos-discount')).toHaveText(`−${money(139)}`);
    const shownTotal = await page.getByTestId('pos-total').innerText();
    await saveScreenshot(page, testInfo, 'pos-discount');

    // The soup sells out while the cart is open: the server refuses, naming it.
    const soldOut = await admin.send('PATCH', `/api/menu/items/${menu.soup.id}`, {
      availableToday: false,
      version: menu.soup.version,
    });
    expect(soldOut.status, JSON.stringify(soldOut.body)).toBe(200);
    const refused = await placeOrder(page);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    const alert = page.getByRole('alert').filter({ hasText: menu.soup.name });
    await expect(alert).toBeVisible();
    await expect(cartLine(page, menu.soup.name)).toContainText('Sold out today');
    await expect(tile(page, menu.soup.name)).toBeDisabled();

    // Back on sale: the same cart goes through, discounted as shown.
    const back = await admin.send('PATCH', `/api/menu/items/${menu.soup.id}`, {
      availableToday: true,
      version: menu.soup.version + 1,
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    await expect(tile(page, menu.soup.name)).toBeEnabled();

    // The answer is lost on the way back although the order was made: the retry of the same cart sends
    // the same Idempotency-Key and gets that order, and a double tap sends it once.
    let made: Order | undefined;
    await page.route(
      '**/api/orders',
      async (route) => {
        made = (await (await route.fetch()).json()) as Order;
        await route.abort('connectionreset');
      },
      { times: 1 },
    );
    await page.getByRole('button', { name: /^Place order/ }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Could not reach the server' })).toBeVisible();
    expect(made?.id).toBeDefined();
    const answer = page.waitForResponse(
      (response) => response.url().endsWith('/api/orders') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: /^Place order/ }).dblclick();
    const order = (await (await answer).json()) as Order;
    expect(order.id).toBe(made?.id);
    await expect(
      page.getByRole('region', { name: `Order ${orderNumberLabel(order.number)} placed` }),
    ).toBeVisible();
    // The refused try, the lost one and the retry: one key for the one cart.
    expect(orderKeys).toHaveLength(3);
    expect(new Set(orderKeys).size).toBe(1);
    expect(order.type).toBe('takeaway');
    expect(order.discount).toBe(139);
    expect(order.discountReason).toBe('Regular guest');
    expect(money(order.total)).toBe(shownTotal);
    // A new cart gets a new key.
    await page.getByRole('searchbox', { name: 'Search the menu' }).fill(menu.soup.name);
    await page.keyboard.press('Enter');
    const next = await placeOrder(page);
    expect(next.status).toBe(201);
    expect(next.order.id).not.toBe(order.id);
    expect(orderKeys).toHaveLength(4);
    expect(new Set(orderKeys).size).toBe(2);
    await page.setViewportSize(PHONE);
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, testInfo, 'pos-placed', { viewportOnly: true });
  });
});

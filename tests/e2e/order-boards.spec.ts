import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import type { MenuItem } from '../../src/shared/contracts/menu';
import type { Order } from '../../src/shared/contracts/orders';
import type { OrderStatus } from '../../src/shared/order-status';
import { buildMenuItem, buildOrder, type FactoryClient } from '../support/factories';
import { ALWAYS_OPEN_HOURS } from '../support/opening-hours';
import { expect, test } from './fixtures';
import {
  apiClient,
  axeViolations,
  DESKTOP,
  type E2EUser,
  PHONE,
  saveScreenshot,
  signInByApi,
} from './helpers';
import { E2E_USERS } from './users';

/**
 * The kitchen board `/orders/monitor` and the order requests `/orders/requests`:
 * orders reach an open board by themselves and move on by taps; a customer's request raises
 * the navigation's badge and the notification toast on another staff screen, and is accepted or
 * rejected (with a reason); a move based on a stale card shows the server's refusal.
 */

const TABLET = { width: 1280, height: 800 };

const unique = () => randomBytes(3).toString('hex');

/** Signs the `request` context in as `user` (set-up and checks through the API, as another device). */
async function signInRequest(request: APIRequestContext, baseURL: string, user: E2EUser) {
  const response = await request.post('/api/auth/sign-in/email', {
    data: { email: user.email, password: user.password },
    headers: { origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(200);
}

interface Dishes {
  soup: MenuItem;
  latte: MenuItem;
}

/** A kitchen dish and a bar drink with a choice, made by the owner. */
async function buildDishes(client: FactoryClient, run: string): Promise<Dishes> {
  const soup = await buildMenuItem(client, { name: `Board Soup ${run}`, price: 650, station: 'kitchen' });
  const latte = await buildMenuItem(client, {
    name: `Board Latte ${run}`,
    price: 450,
    station: 'bar',
    modifierGroups: [
      {
        name: 'Milk',
        minChoices: 0,
        maxChoices: 1,
        options: [{ name: 'Oat milk', priceDelta: 60 }],
      },
    ],
  });
  return { soup, latte };
}

function oatMilk(latte: MenuItem): string {
  const option = latte.modifierGroups[0]?.options[0];
  if (!option) throw new Error('the latte has no option');
  return option.id;
}

async function readOrder(request: APIRequestContext, id: string): Promise<Order> {
  const response = await request.get(`/api/orders/${id}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Order;
}

async function moveByApi(
  request: APIRequestContext,
  baseURL: string,
  order: Order,
  status: OrderStatus,
): Promise<Order> {
  const response = await request.post(`/api/orders/${order.id}/status`, {
    data: { status, version: order.version },
    headers: { origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Order;
}

/** A board column by its heading ("Confirmed, 3 orders"). */
function column(page: Page, status: 'Confirmed' | 'Preparing' | 'Ready'): Locator {
  return page.getByRole('region', { name: new RegExp(`^${status}, \\d+ orders?$`) });
}

function orderCard(scope: Page | Locator, order: Order): Locator {
  return scope.getByRole('article', { name: `Order #${order.number}`, exact: true });
}

/** Marks the document, so that a test can tell it was never reloaded. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { boardMarker: string }).boardMarker = 'not reloaded';
  });
}
async function expectNotReloaded(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { boardMarker?: string }).boardMarker)).toBe(
    'not reloaded',
  );
}

/** Counts the tones the page plays (each tone is two oscillators), since a test cannot hear them. */
async function countTones(page: Page) {
  await page.addInitScript(() => {
    const counter = window as unknown as { oscillators: number };
    counter.oscillators = 0;
    const original = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function createOscillator(this: AudioContext) {
      counter.oscillators += 1;
      return original.call(this);
    };
  });
}
function oscillators(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { oscillators: number }).oscillators);
}

/**
 * The restaurant open around the clock, as `owner` (a request context signed in as an administrator):
 * customers' orders are refused while it is closed, and tests run at any hour. Another test may change
 * the settings at the same moment: a stale version is read again.
 */
async function openAroundTheClock(owner: APIRequestContext, baseURL: string) {
  for (let attempt = 0; ; attempt += 1) {
    const { version } = (await (await owner.get('/api/settings')).json()) as { version: number };
    const response = await owner.patch('/api/settings', {
      data: { openingHours: ALWAYS_OPEN_HOURS, onlineOrdering: true, version },
      headers: { origin: baseURL },
    });
    if (response.status() === 200) return;
    expect(response.status() === 409 && attempt < 3, await response.text()).toBe(true);
  }
}

/**
 * A signed-in customer on another device: their orders are order requests (the restaurant is made
 * open first, through `owner`, an administrator's request context).
 */
async function customerClient(browser: Browser, baseURL: string, owner: APIRequestContext) {
  await openAroundTheClock(owner, baseURL);
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': `198.19.${Math.floor(Math.random() * 250)}.9` },
  });
  await signInRequest(context.request, baseURL, E2E_USERS.customer);
  return { context, client: apiClient(context.request, baseURL) };
}

test.describe('order boards', () => {
  test('an order placed elsewhere appears on the open monitor by itself, is filtered by station and moves through Preparing and Ready to Completed by taps', async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    test.slow();
    await signInRequest(request, baseURL!, E2E_USERS.admin);
    const owner = apiClient(request, baseURL!);
    const run = unique();
    const { soup, latte } = await buildDishes(owner, run);

    await page.setViewportSize(TABLET);
    await signInByApi(page, baseURL!, E2E_USERS.staff);
    await page.goto('/orders/monitor');
    await expect(page.getByRole('heading', { name: 'Order Monitor', level: 1 })).toBeVisible();
    await expect(column(page, 'Confirmed')).toBeVisible();
    await markDocument(page);

    // The till (the owner, through the API) places an order: confirmed at once.
    const order = await buildOrder(owner, {
      type: 'takeaway',
      customerName: `Dana ${run}`,
      note: 'Allergic to nuts',
      lines: [
        { menuItemId: soup.id, quantity: 2, note: 'No croutons' },
        { menuItemId: latte.id, quantity: 1, optionIds: [oatMilk(latte)] },
      ],
    });
    expect(order.status).toBe('confirmed');
    const card = orderCard(column(page, 'Confirmed'), order);
    await expect(card).toBeVisible({ timeout: 5000 });
    await expectNotReloaded(page);
    await expect(card).toContainText(`Takeaway · Dana ${run}`);
    await expect(card).toContainText(`2× ${soup.name}`);
    await expect(card).toContainText('No croutons');
    await expect(card).toContainText(`1× ${latte.name}`);
    await expect(card).toContainText('Oat milk');
    await expect(card).toContainText('Allergic to nuts');
    // Its age, fresh: not amber, not red.
    await expect(card.getByText(/^\d+ min$/)).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await saveScreenshot(page, testInfo, 'order-monitor', { viewportOnly: true });

    // The bar sees only its lines; the kitchen only its own; the choice survives a reload.
    await page.getByRole('button', { name: 'Bar', exact: true }).click();
    await expect(card).toContainText(latte.name);
    await expect(card).not.toContainText(soup.name);
    await page.getByRole('button', { name: 'Kitchen', exact: true }).click();
    await expect(card).toContainText(soup.name);
    await expect(card).not.toContainText(latte.name);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Kitchen', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(card).not.toContainText(latte.name);
    // A drink-only order is hidden from the kitchen.
    const drinks = await buildOrder(owner, { lines: [{ menuItemId: latte.id, quantity: 1 }] });
    await page.getByRole('button', { name: 'Bar', exact: true }).click();
    await expect(orderCard(page, drinks)).toBeVisible();
    await page.getByRole('button', { name: 'Kitchen', exact: true }).click();
    await expect(orderCard(page, drinks)).toBeHidden();
    await page.getByRole('button', { name: 'All', exact: true }).click();
    await expect(orderCard(page, drinks)).toBeVisible();
    await markDocument(page);

    // Full screen covers the navigation.
    await page.getByRole('button', { name: 'Full screen' }).click();
    await expect(page.getByRole('button', { name: 'Exit full screen' })).toBeVisible();
    await saveScreenshot(page, testInfo, 'order-monitor-fullscreen', { viewportOnly: true });
    await page.getByRole('button', { name: 'Exit full screen' }).click();
    await expect(page.getByRole('button', { name: 'Full screen' })).toBeVisible();

    // One tap each: Start, Ready, Complete.
    await card.getByRole('button', { name: `Start #${order.number}` }).click();
    const preparing = orderCard(column(page, 'Preparing'), order);
    await expect(preparing).toBeVisible();
    await preparing.getByRole('button', { name: `Ready #${order.number}` }).click();
    const ready = orderCard(column(page, 'Ready'), order);
    await expect(ready).toBeVisible();
    await ready.getByRole('button', { name: `Complete #${order.number}` }).click();
    await expect(orderCard(page, order)).toBeHidden();
    expect((await readOrder(request, order.id)).status).toBe('completed');
    await expectNotReloaded(page);

    // And a move made elsewhere shows here by itself.
    await moveByApi(request, baseURL!, drinks, 'preparing');
    await expect(orderCard(column(page, 'Preparing'), drinks)).toBeVisible({ timeout: 5000 });

    await page.setViewportSize(DESKTOP);
    await saveScreenshot(page, testInfo, 'order-monitor', { viewportOnly: true });
    await page.setViewportSize(PHONE);
    await saveScreenshot(page, testInfo, 'order-monitor');
  });

  test('a customer’s request raises the badge and the toast on another staff screen, is accepted on the requests page and reaches the monitor', async ({
    page,
    request,
    browser,
    baseURL,
  }, testInfo) => {
    test.slow();
    await signInRequest(request, baseURL!, E2E_USERS.admin);
    const owner = apiClient(request, baseURL!);
    const run = unique();
    const { soup } = await buildDishes(owner, run);
    const customer = await customerClient(browser, baseURL!, request);

    await countTones(page);
    await signInByApi(page, baseURL!, E2E_USERS.staff);
    const streamOpened = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/events',
    );
    const summaryRead = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/orders/summary',
    );
    await page.goto('/orders');
    await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
    // Sound on (a tap, as a browser requires), from the navigation.
    await page.getByRole('switch', { name: 'Turn on sound' }).click();
    await expect(page.getByRole('switch', { name: 'Sound on' })).toHaveAttribute('aria-checked', 'true');
    const tonesBefore = await oscillators(page);
    expect(tonesBefore).toBeGreaterThan(0);
    // Let the first summary arrive, so that the request below is news and not the first load.
    const requestsLink = page.getByRole('link', { name: /^Order Requests/ });
    await expect(requestsLink).toBeVisible();
    expect((await streamOpened).status()).toBe(200);
    expect((await summaryRead).status()).toBe(200);

    const order = await buildOrder(customer.client, {
      type: 'takeaway',
      note: `Ring twice ${run}`,
      lines: [{ menuItemId: soup.id, quantity: 2 }],
    });
    expect(order.status).toBe('pending');

    const toast = page.getByTestId('notification-toast').filter({ hasText: `#${order.number}` });
    await expect(toast).toBeVisible({ timeout: 2000 });
    await expect(toast).toContainText('New order request');
    await expect(toast).toContainText(`#${order.number} · Takeaway · 2 items`);
    await expect(requestsLink).toHaveAccessibleName(/^Order Requests \(\d+ new\)$/);
    await expect(page.getByTestId('order-requests-badge').first()).toBeVisible();
    // The tone follows the requests' count, which arrives apart from the toast (its own topic).
    await expect.poll(() => oscillators(page), { timeout: 2000 }).toBeGreaterThan(tonesBefore);
    await saveScreenshot(page, testInfo, 'order-request-toast', { viewportOnly: true });

    // View Order opens the order.
    await toast.getByRole('button', { name: 'View Order' }).click();
    await expect(page).toHaveURL(new RegExp(`/orders/${order.id}$`));

    // Accepted on the requests page.
    await requestsLink.click();
    await expect(page.getByRole('heading', { name: 'Order Requests', level: 1 })).toBeVisible();
    const requestCard = orderCard(page, order);
    await expect(requestCard).toContainText(`2× ${soup.name}`);
    await expect(requestCard).toContainText(E2E_USERS.customer.name);
    await expect(requestCard).toContainText(`Ring twice ${run}`);
    await expect(requestCard).toContainText('Takeaway');
    await requestCard.scrollIntoViewIfNeeded();
    await saveScreenshot(page, testInfo, 'order-requests', { viewportOnly: true });
    await page.setViewportSize(PHONE);
    await saveScreenshot(page, testInfo, 'order-requests', { viewportOnly: true });
    await page.setViewportSize(DESKTOP);

    await requestCard.getByRole('button', { name: 'Accept' }).click();
    await expect(requestCard).toBeHidden();
    expect((await readOrder(request, order.id)).status).toBe('confirmed');

    await page.getByRole('link', { name: 'Order Monitor' }).click();
    await expect(orderCard(column(page, 'Confirmed'), order)).toBeVisible();
    await customer.context.close();
  });

  test('a tap on a card someone else moved first shows the server’s refusal, and the board refreshes', async ({
    page,
    request,
    baseURL,
  }) => {
    await signInRequest(request, baseURL!, E2E_USERS.admin);
    const owner = apiClient(request, baseURL!);
    const { soup } = await buildDishes(owner, unique());
    const order = await buildOrder(owner, { lines: [{ menuItemId: soup.id, quantity: 1 }] });

    await signInByApi(page, baseURL!, E2E_USERS.staff);
    await page.goto('/orders/monitor');
    const card = orderCard(column(page, 'Confirmed'), order);
    await expect(card).toBeVisible();

    // The board's reads are held, so it still shows the card as it was when another device moves it.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(
      (url) => url.pathname === '/api/orders',
      async (route) => {
        await held;
        await route.continue().catch(() => {
          // The page gave up on this read (a newer one replaced it).
        });
      },
    );
    await moveByApi(request, baseURL!, order, 'preparing');

    const refusal = page.waitForResponse(
      (response) => new URL(response.url()).pathname === `/api/orders/${order.id}/status`,
    );
    await card.getByRole('button', { name: `Start #${order.number}` }).click();
    const answer = await refusal;
    expect(answer.status()).toBe(409);
    const { error } = (await answer.json()) as { error: { message: string } };
    await expect(page.getByRole('status').filter({ hasText: error.message })).toBeVisible();

    release();
    await page.unroute((url) => url.pathname === '/api/orders');
    await expect(orderCard(column(page, 'Preparing'), order)).toBeVisible();
    await expect(orderCard(column(page, 'Confirmed'), order)).toBeHidden();
  });

  test('rejecting a request requires a reason, which the order keeps for the customer', async ({
    page,
    request,
    browser,
    baseURL,
  }, testInfo) => {
    await signInRequest(request, baseURL!, E2E_USERS.admin);
    const owner = apiClient(request, baseURL!);
    const run = unique();
    const { latte } = await buildDishes(owner, run);
    const customer = await customerClient(browser, baseURL!, request);
    const order = await buildOrder(customer.client, { lines: [{ menuItemId: latte.id, quantity: 1 }] });
    expect(order.status).toBe('pending');

    await signInByApi(page, baseURL!, E2E_USERS.staff);
    await page.goto('/orders/requests');
    const card = orderCard(page, order);
    await card.getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog', { name: `Reject order #${order.number}?` });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Reject order' }).click();
    await expect(dialog.getByText('Enter the reason for rejecting the order.')).toBeVisible();
    await expect(dialog.getByLabel('Reason')).toBeFocused();
    expect((await readOrder(request, order.id)).status).toBe('pending');
    await saveScreenshot(page, testInfo, 'order-request-reject', { viewportOnly: true });

    const reason = `The kitchen closes early today ${run}`;
    await dialog.getByLabel('Reason').fill(reason);
    await dialog.getByRole('button', { name: 'Reject order' }).click();
    await expect(dialog).toBeHidden();
    await expect(card).toBeHidden();
    const rejected = await readOrder(request, order.id);
    expect(rejected.status).toBe('rejected');
    expect(rejected.rejectReason).toBe(reason);
    await customer.context.close();
  });

  test('the monitor and the requests page pass axe on a tablet and a phone', async ({ page, baseURL }) => {
    test.slow();
    await signInByApi(page, baseURL!, E2E_USERS.staff);
    for (const size of [TABLET, PHONE]) {
      await page.setViewportSize(size);
      await page.goto('/orders/monitor');
      await expect(column(page, 'Ready')).toBeVisible();
      expect(await axeViolations(page), `/orders/monitor at ${size.width}`).toEqual([]);
      await page.goto('/orders/requests');
      await expect(page.getByRole('switch', { name: 'Sound for new requests' })).toBeVisible();
      await expect(page.getByRole('status')).toHaveCount(0);
      expect(await axeViolations(page), `/orders/requests at ${size.width}`).toEqual([]);
    }
  });
});

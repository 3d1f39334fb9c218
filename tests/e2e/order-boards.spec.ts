import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Browser, Locator, Page, TestInfo } from '@playwright/test';
import type { PublicConfig } from '../../src/shared/contracts/config';
import type { MenuItem } from '../../src/shared/contracts/menu';
import type { Order } from '../../src/shared/contracts/orders';
import type { OrderWithPayments } from '../../src/shared/contracts/payments';
import { formatMoney } from '../../src/shared/money';
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
 * orders reach an open board by themselves and move on by taps; a ticket says whether it is paid
 * and shows each choice as big as the dish; completing an order that owes money asks first; a
 * cancelled order stays struck through for two minutes; a customer's request raises the navigation's
 * badge and the notification toast on another staff screen, waits oldest first, and is accepted or
 * rejected (with a preset or a typed reason); a move based on a stale card shows the server's refusal.
 */

const TABLET = { width: 1280, height: 800 };
/** The sizes the board and the requests are looked at: a landscape and a portrait tablet, a phone. */
const SCREEN_SIZES = [{ width: 1024, height: 768 }, { width: 768, height: 1024 }, PHONE];

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

async function readOrder(request: APIRequestContext, id: string): Promise<OrderWithPayments> {
  const response = await request.get(`/api/orders/${id}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as OrderWithPayments;
}

/** Takes a cash payment of `amount` through the API (the till, another device). */
async function payByApi(request: APIRequestContext, baseURL: string, order: Order, amount: number) {
  const paid = await request.post(`/api/orders/${order.id}/payments`, {
    data: { method: 'cash', amount },
    headers: { origin: baseURL },
  });
  expect(paid.status(), await paid.text()).toBe(201);
}

/** Formats minor units as the restaurant does (its currency and locale). */
async function moneyFormatter(request: APIRequestContext): Promise<(minor: number) => string> {
  const config = (await (await request.get('/api/config')).json()) as PublicConfig;
  return (minor) => formatMoney(minor, config.currency, config.locale);
}

/** The font size and weight of an element, as the screen draws it. */
function typeOf(locator: Locator) {
  return locator.evaluate((element) => {
    const style = getComputedStyle(element);
    return { size: style.fontSize, weight: style.fontWeight };
  });
}

/** A screenshot as the test's artifact, and a copy in `SHOTS_DIR` (when set) to look at. */
async function lookAt(page: Page, testInfo: TestInfo, name: string) {
  await saveScreenshot(page, testInfo, name, { viewportOnly: true });
  const shots = process.env.SHOTS_DIR;
  if (!shots) return;
  const size = page.viewportSize();
  const file = `${name}-${size?.width}x${size?.height}.png`;
  mkdirSync(shots, { recursive: true });
  copyFileSync(path.resolve('test-results', 'screenshots', file), path.join(shots, file));
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

/** Adds a round of lines to an open check through the API (a waiter's device). */
async function addRoundByApi(
  request: APIRequestContext,
  baseURL: string,
  order: Order,
  lines: { menuItemId: string; quantity: number }[],
): Promise<Order> {
  const response = await request.post(`/api/orders/${order.id}/lines`, {
    data: { version: order.version, lines },
    headers: { origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Order;
}

/** Voids or comps a line through the API, as `request`'s manager. */
async function voidByApi(
  request: APIRequestContext,
  baseURL: string,
  order: Order,
  lineId: string,
  kind: 'void' | 'comp',
  reason: string,
): Promise<Order> {
  const response = await request.post(`/api/orders/${order.id}/lines/${lineId}/void`, {
    data: { version: order.version, kind, reason },
    headers: { origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Order;
}

/** A request context signed in as `user` (another device), from an address of its own. */
async function deviceAs(browser: Browser, baseURL: string, user: E2EUser) {
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': `198.18.${Math.floor(Math.random() * 250)}.7` },
  });
  await signInRequest(context.request, baseURL, user);
  return context;
}

/** An instant as the restaurant's clock shows it (the screens' short time, in its locale and zone). */
async function restaurantTime(request: APIRequestContext): Promise<(iso: string) => string> {
  const config = (await (await request.get('/api/config')).json()) as PublicConfig;
  const format = new Intl.DateTimeFormat(config.locale, { timeStyle: 'short', timeZone: config.timeZone });
  return (iso) => format.format(new Date(iso));
}

/** The restaurant's clock at `at` as a time input holds it ("13:05"). */
async function restaurantClock(request: APIRequestContext, at: number): Promise<string> {
  const config = (await (await request.get('/api/config')).json()) as PublicConfig;
  return new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: config.timeZone,
  }).format(new Date(at));
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
    // Nobody has paid for it yet: completing asks first.
    await ready.getByRole('button', { name: `Complete #${order.number}` }).click();
    await page
      .getByRole('dialog', { name: `Complete #${order.number}?` })
      .getByRole('button', { name: 'Complete anyway' })
      .click();
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
    await page
      .getByRole('dialog', { name: `Accept order #${order.number}?` })
      .getByRole('button', { name: 'Accept order' })
      .click();
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

  test('requests wait oldest first; rejecting one requires a reason, chosen with one tap or typed, which the order keeps for the customer', async ({
    page,
    request,
    browser,
    baseURL,
  }, testInfo) => {
    test.slow();
    await signInRequest(request, baseURL!, E2E_USERS.admin);
    const owner = apiClient(request, baseURL!);
    const run = unique();
    const { latte } = await buildDishes(owner, run);
    const customer = await customerClient(browser, baseURL!, request);
    const first = await buildOrder(customer.client, {
      type: 'takeaway',
      lines: [{ menuItemId: latte.id, quantity: 1, optionIds: [oatMilk(latte)] }],
    });
    const second = await buildOrder(customer.client, {
      type: 'delivery',
      deliveryAddress: `12 Harbour Road ${run}`,
      // Above the delivery minimum.
      lines: [{ menuItemId: latte.id, quantity: 4 }],
    });
    expect([first.status, second.status]).toEqual(['pending', 'pending']);

    await signInByApi(page, baseURL!, E2E_USERS.staff);
    await page.goto('/orders/requests');
    const firstCard = orderCard(page, first);
    const secondCard = orderCard(page, second);
    await expect(secondCard).toBeVisible();
    // The guest who has waited longest is on top.
    const numbers = await page
      .getByRole('article')
      .evaluateAll((cards) => cards.map((card) => card.querySelector('h2')?.textContent ?? ''));
    const at = (order: Order) => numbers.indexOf(`Order #${order.number}`);
    expect(at(first)).toBeGreaterThanOrEqual(0);
    expect(at(first)).toBeLessThan(at(second));
    for (const size of SCREEN_SIZES) {
      await page.setViewportSize(size);
      await firstCard.scrollIntoViewIfNeeded();
      await lookAt(page, testInfo, 'order-requests-oldest-first');
    }
    await page.setViewportSize(TABLET);

    // No reason chosen: the dialog says so and goes to the choices.
    await secondCard.getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog', { name: `Reject order #${second.number}?` });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Reject order' }).click();
    await expect(dialog.getByText('Choose the reason for rejecting the order.')).toBeVisible();
    await expect(dialog.getByRole('radio', { name: 'Too busy right now' })).toBeFocused();
    // A delivery is offered its address as a reason; Other… opens the field for one's own words.
    await expect(dialog.getByRole('radio', { name: 'Cannot deliver to this address' })).toBeVisible();
    await dialog.getByRole('radio', { name: 'Other…' }).check();
    await expect(dialog.getByLabel('Other reason')).toBeFocused();
    await dialog.getByRole('button', { name: 'Reject order' }).click();
    await expect(dialog.getByText('Enter the reason for rejecting the order.')).toBeVisible();
    expect((await readOrder(request, second.id)).status).toBe('pending');
    for (const size of SCREEN_SIZES) {
      await page.setViewportSize(size);
      await lookAt(page, testInfo, 'order-request-reject');
    }
    await page.setViewportSize(TABLET);

    // One tap on a preset, then Reject: its words reach the order.
    await dialog.getByRole('radio', { name: 'Cannot deliver to this address' }).check();
    await expect(dialog.getByLabel('Other reason')).toBeHidden();
    await dialog.getByRole('button', { name: 'Reject order' }).click();
    await expect(dialog).toBeHidden();
    await expect(secondCard).toBeHidden();
    const rejected = await readOrder(request, second.id);
    expect(rejected.status).toBe('rejected');
    expect(rejected.rejectReason).toBe('Cannot deliver to this address');

    // A takeaway is not offered the address; a typed reason still works.
    await firstCard.getByRole('button', { name: 'Reject' }).click();
    const again = page.getByRole('dialog', { name: `Reject order #${first.number}?` });
    await expect(again.getByRole('radio', { name: 'Item sold out' })).toBeVisible();
    await expect(again.getByRole('radio', { name: 'Cannot deliver to this address' })).toHaveCount(0);
    await expect(again.getByRole('radio', { name: 'Other…' })).not.toBeChecked();
    await again.getByRole('radio', { name: 'Other…' }).check();
    const reason = `The kitchen closes early today ${run}`;
    await again.getByLabel('Other reason').fill(reason);
    await again.getByRole('button', { name: 'Reject order' }).click();
    await expect(again).toBeHidden();
    await expect(firstCard).toBeHidden();
    const typed = await readOrder(request, first.id);
    expect(typed.status).toBe('rejected');
    expect(typed.rejectReason).toBe(reason);
    await customer.context.close();
  });

  test('a ticket says whether it is paid and shows each choice as big as the dish; completing an order that owes money asks first', async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    test.slow();
    await signInRequest(request, baseURL!, E2E_USERS.admin);
    const owner = apiClient(request, baseURL!);
    const money = await moneyFormatter(request);
    const run = unique();
    const flatWhite = await buildMenuItem(owner, {
      name: `Board Flat White ${run}`,
      price: 420,
      station: 'bar',
      modifierGroups: [
        {
          name: 'Size',
          minChoices: 1,
          maxChoices: 1,
          options: [
            { name: 'Regular', priceDelta: 0 },
            { name: 'Large', priceDelta: 80 },
          ],
        },
        { name: 'Milk', minChoices: 0, maxChoices: 1, options: [{ name: 'Oat milk', priceDelta: 60 }] },
        { name: 'Extras', minChoices: 0, maxChoices: 1, options: [{ name: 'Extra shot', priceDelta: 70 }] },
      ],
    });
    const optionId = (group: number, name: string) => {
      const option = flatWhite.modifierGroups[group]?.options.find((o) => o.name === name);
      if (!option) throw new Error(`no option ${name}`);
      return option.id;
    };
    const chosen = [optionId(0, 'Large'), optionId(1, 'Oat milk'), optionId(2, 'Extra shot')];

    await page.setViewportSize(TABLET);
    await signInByApi(page, baseURL!, E2E_USERS.staff);
    await page.goto('/orders/monitor');
    await expect(column(page, 'Confirmed')).toBeVisible();
    await markDocument(page);

    const owing = await buildOrder(owner, {
      type: 'takeaway',
      customerName: `Owes ${run}`,
      lines: [{ menuItemId: flatWhite.id, quantity: 1, optionIds: chosen, note: 'Extra hot' }],
    });
    const paying = await buildOrder(owner, {
      type: 'takeaway',
      customerName: `Pays ${run}`,
      lines: [{ menuItemId: flatWhite.id, quantity: 2, optionIds: [optionId(0, 'Regular')] }],
    });

    // Unpaid, with every choice as big and bold as the dish's name, and the line's note.
    const card = orderCard(column(page, 'Confirmed'), owing);
    await expect(card).toBeVisible();
    await expect(card.getByTestId('payment-status')).toHaveText('Unpaid');
    const options = card.getByRole('list', { name: `Options of ${flatWhite.name}` });
    await expect(options.getByRole('listitem')).toHaveText(['Large', 'Oat milk', 'Extra shot']);
    const dish = card.getByText(`1× ${flatWhite.name}`);
    const dishType = await typeOf(dish);
    for (const option of await options.getByRole('listitem').all()) {
      expect(await typeOf(option)).toEqual(dishType);
    }
    await expect(card.getByText('Extra hot')).toBeVisible();

    // A payment at the till: Unpaid becomes Paid by itself.
    const payingCard = orderCard(column(page, 'Confirmed'), paying);
    await expect(payingCard.getByTestId('payment-status')).toHaveText('Unpaid');
    await payByApi(request, baseURL!, paying, paying.total);
    await expect(payingCard.getByTestId('payment-status')).toHaveText('Paid');
    await expectNotReloaded(page);

    // Both at the pass.
    for (const order of [owing, paying]) {
      let moved = await moveByApi(request, baseURL!, await readOrder(request, order.id), 'preparing');
      moved = await moveByApi(request, baseURL!, moved, 'ready');
      expect(moved.status).toBe('ready');
    }
    const owingReady = orderCard(column(page, 'Ready'), owing);
    const payingReady = orderCard(column(page, 'Ready'), paying);
    await expect(owingReady).toBeVisible();
    await expect(payingReady.getByTestId('payment-status')).toHaveText('Paid');
    await owingReady.scrollIntoViewIfNeeded();
    for (const size of SCREEN_SIZES) {
      await page.setViewportSize(size);
      await owingReady.scrollIntoViewIfNeeded();
      await lookAt(page, testInfo, 'order-monitor-paid-unpaid');
    }
    await page.setViewportSize(TABLET);

    // The unpaid one asks, naming the order and what it owes; Cancel leaves it at the pass.
    await owingReady.getByRole('button', { name: `Complete #${owing.number}` }).click();
    const ask = page.getByRole('dialog', { name: `Complete #${owing.number}?` });
    await expect(ask).toContainText(`#${owing.number} still owes ${money(owing.total)}. Complete it anyway?`);
    // A stray Enter does not complete it.
    await expect(ask.getByRole('button', { name: 'Complete anyway' })).not.toBeFocused();
    expect(await axeViolations(page), 'the question over the board').toEqual([]);
    for (const size of SCREEN_SIZES) {
      await page.setViewportSize(size);
      await lookAt(page, testInfo, 'order-monitor-complete-owing');
    }
    await page.setViewportSize(TABLET);
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(ask).toBeHidden();
    await expect(owingReady).toBeVisible();
    expect((await readOrder(request, owing.id)).status).toBe('ready');

    // Partly paid: the question names what is still due.
    await payByApi(request, baseURL!, owing, 300);
    await expect(owingReady.getByTestId('payment-status')).toHaveText('Partly paid');
    await owingReady.getByRole('button', { name: `Complete #${owing.number}` }).click();
    await expect(ask).toContainText(
      `#${owing.number} still owes ${money(owing.total - 300)}. Complete it anyway?`,
    );
    await ask.getByRole('button', { name: 'Complete anyway' }).click();
    await expect(ask).toBeHidden();
    await expect(orderCard(page, owing)).toBeHidden();
    expect((await readOrder(request, owing.id)).status).toBe('completed');

    // The paid one completes in one tap, without a question.
    await payingReady.getByRole('button', { name: `Complete #${paying.number}` }).click();
    await expect(orderCard(page, paying)).toBeHidden();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect((await readOrder(request, paying.id)).status).toBe('completed');
    await expectNotReloaded(page);
  });

  test('an order cancelled elsewhere stays on the open monitor, struck through as cancelled, and goes two minutes later', async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    test.slow();
    await signInRequest(request, baseURL!, E2E_USERS.admin);
    const owner = apiClient(request, baseURL!);
    const run = unique();
    const { soup, latte } = await buildDishes(owner, run);

    // The page's clock runs as usual, and can be moved on (a test cannot wait two minutes).
    await page.clock.install();
    await page.setViewportSize(TABLET);
    await signInByApi(page, baseURL!, E2E_USERS.staff);
    await page.goto('/orders/monitor');
    await expect(column(page, 'Preparing')).toBeVisible();
    await markDocument(page);

    const order = await buildOrder(owner, {
      type: 'takeaway',
      customerName: `Leaves ${run}`,
      lines: [
        { menuItemId: soup.id, quantity: 1 },
        { menuItemId: latte.id, quantity: 1, optionIds: [oatMilk(latte)] },
      ],
    });
    const preparing = await moveByApi(request, baseURL!, order, 'preparing');
    const card = orderCard(column(page, 'Preparing'), order);
    await expect(card.getByRole('button', { name: `Ready #${order.number}` })).toBeVisible();
    const heading = column(page, 'Preparing').getByRole('heading', { level: 2 });
    const countBefore = await heading.getAttribute('aria-label');

    // The administrator cancels it at the till (once it is being made, only a manager may).
    const cancelled = await request.post(`/api/orders/${order.id}/status`, {
      data: { status: 'cancelled', version: preparing.version, reason: `Guest left ${run}` },
      headers: { origin: baseURL! },
    });
    expect(cancelled.status(), await cancelled.text()).toBe(200);

    // Still where it was, without a button, marked cancelled and struck through in red.
    await expect(card.getByText('Cancelled').first()).toBeVisible();
    await expect(card).toContainText(`Guest left ${run}`);
    await expect(card.getByRole('button')).toHaveCount(0);
    const number = card.getByRole('heading', { name: `Order #${order.number}` });
    expect(await number.evaluate((element) => getComputedStyle(element).textDecorationLine)).toBe(
      'line-through',
    );
    // Not counted among the orders to make.
    const countAfter = await heading.getAttribute('aria-label');
    const count = (label: string | null) => Number(/, (\d+) orders?$/.exec(label ?? '')?.[1]);
    expect(count(countAfter)).toBe(count(countBefore) - 1);
    await expectNotReloaded(page);
    expect(await axeViolations(page), 'the board with a cancelled order').toEqual([]);
    for (const size of SCREEN_SIZES) {
      await page.setViewportSize(size);
      await card.scrollIntoViewIfNeeded();
      await lookAt(page, testInfo, 'order-monitor-cancelled');
    }
    await page.setViewportSize(TABLET);

    // Shown after a reload too (it is read from the server, not only remembered by this screen).
    await page.reload();
    await expect(card.getByText('Cancelled').first()).toBeVisible();

    // A minute later it is still there; two minutes after the cancellation it is gone.
    await page.clock.fastForward('01:00');
    await expect(card).toBeVisible();
    await page.clock.fastForward('01:05');
    await expect(card).toBeHidden();
  });

  test('a ticket shows its rounds: a round after the pass is to make and the first one served, a round added while cooking is new; a voided line cannot be missed, a comped one is made', async ({
    page,
    request,
    browser,
    baseURL,
  }, testInfo) => {
    test.slow();
    await signInRequest(request, baseURL!, E2E_USERS.admin);
    const owner = apiClient(request, baseURL!);
    const run = unique();
    const { soup, latte } = await buildDishes(owner, run);
    const timeOf = await restaurantTime(request);
    const waiter = await deviceAs(browser, baseURL!, E2E_USERS.staff);
    const manager = await deviceAs(browser, baseURL!, E2E_USERS.manager);

    await page.setViewportSize(TABLET);
    await signInByApi(page, baseURL!, E2E_USERS.staff);
    await page.goto('/orders/monitor');
    await expect(column(page, 'Confirmed')).toBeVisible();
    await markDocument(page);

    // A table's first round goes through the pass; then the waiter sends a second round.
    const table = await buildOrder(owner, {
      type: 'takeaway',
      customerName: `Rounds ${run}`,
      lines: [
        { menuItemId: soup.id, quantity: 2 },
        { menuItemId: latte.id, quantity: 1 },
      ],
    });
    const card = orderCard(page, table);
    await expect(card).toBeVisible();
    // One round: the ticket names none.
    await expect(card.getByTestId('ticket-round')).toHaveCount(0);
    let moved = await moveByApi(request, baseURL!, table, 'preparing');
    moved = await moveByApi(request, baseURL!, moved, 'ready');
    const second = await addRoundByApi(waiter.request, baseURL!, moved, [
      { menuItemId: soup.id, quantity: 1 },
    ]);
    expect(second.status).toBe('confirmed');
    const secondSentAt = second.lines.find((line) => line.round === 2)?.sentAt ?? '';

    // Back in Confirmed: the first round folded to one dim line, the second in full with its time.
    const confirmedCard = orderCard(column(page, 'Confirmed'), table);
    await expect(confirmedCard.getByTestId('ticket-round')).toHaveCount(2);
    const served = confirmedCard.locator('[data-testid="ticket-round"][data-state="served"]');
    await expect(served).toHaveText('Round 1 served (3 items)');
    await expect(served.getByTestId('ticket-line')).toHaveCount(0);
    const toMake = confirmedCard.locator('[data-testid="ticket-round"][data-state="to-make"]');
    await expect(toMake).toContainText(`Round 2 sent ${timeOf(secondSentAt)}`);
    await expect(toMake.getByTestId('ticket-line')).toHaveText([`1× ${soup.name}`]);
    await expectNotReloaded(page);

    // Another order is being cooked when its second round comes: the round is marked new.
    const cooking = await buildOrder(owner, {
      type: 'takeaway',
      customerName: `Cooking ${run}`,
      lines: [
        { menuItemId: soup.id, quantity: 1, note: 'No croutons' },
        { menuItemId: latte.id, quantity: 1, optionIds: [oatMilk(latte)] },
      ],
    });
    const started = await moveByApi(request, baseURL!, cooking, 'preparing');
    const more = await addRoundByApi(waiter.request, baseURL!, started, [
      { menuItemId: latte.id, quantity: 2 },
    ]);
    expect(more.status).toBe('preparing');
    const cookingCard = orderCard(column(page, 'Preparing'), cooking);
    const fresh = cookingCard.locator('[data-testid="ticket-round"][data-state="new"]');
    await expect(fresh).toContainText('Round 2');
    await expect(fresh).toContainText('New');
    await expect(fresh.getByTestId('ticket-line')).toHaveText([`2× ${latte.name}`]);
    await expect(cookingCard.locator('[data-testid="ticket-round"][data-state="to-make"]')).toContainText(
      'Round 1',
    );

    // The manager voids the soup (the guest changed their mind) and comps the latte of round 1.
    const soupLine = more.lines.find((line) => line.menuItemId === soup.id);
    const latteLine = more.lines.find((line) => line.menuItemId === latte.id && line.round === 1);
    if (!soupLine || !latteLine) throw new Error('the lines are missing');
    const voided = await voidByApi(
      manager.request,
      baseURL!,
      more,
      soupLine.id,
      'void',
      'Guest changed their mind',
    );
    await voidByApi(manager.request, baseURL!, voided, latteLine.id, 'comp', 'Birthday');

    // Struck through in red, with VOID and the reason; the comped latte is still made, marked Comp.
    const voidLine = cookingCard.locator('[data-testid="ticket-line"][data-voided]');
    await expect(voidLine).toHaveCount(1);
    await expect(voidLine).toContainText(`1× ${soup.name}`);
    await expect(voidLine).toContainText('Void');
    await expect(voidLine).toContainText('Guest changed their mind');
    const struck = voidLine.getByTestId('line-name');
    expect(await struck.evaluate((element) => getComputedStyle(element).textDecorationLine)).toBe(
      'line-through',
    );
    expect(await voidLine.evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe(
      'rgba(0, 0, 0, 0)',
    );
    const comped = cookingCard
      .getByTestId('ticket-line')
      .filter({ hasText: `1× ${latte.name}` })
      .filter({ hasText: 'Comp' });
    await expect(comped).toBeVisible();
    expect(
      await comped
        .getByTestId('line-name')
        .evaluate((element) => getComputedStyle(element).textDecorationLine),
    ).toBe('none');
    await expect(cookingCard.locator('[data-testid="ticket-line"]:not([data-voided])')).toHaveCount(2);
    await expectNotReloaded(page);

    expect(await axeViolations(page), 'the board with rounds and a void').toEqual([]);
    for (const size of SCREEN_SIZES) {
      await page.setViewportSize(size);
      await cookingCard.scrollIntoViewIfNeeded();
      await lookAt(page, testInfo, 'order-monitor-round-void');
      await confirmedCard.scrollIntoViewIfNeeded();
      await lookAt(page, testInfo, 'order-monitor-round-served');
    }
    await waiter.close();
    await manager.close();
  });

  test('a tap on the board can be taken back: Undo on the card, Recall at the pass, and Undo in the toast of a completed order', async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    test.slow();
    await signInRequest(request, baseURL!, E2E_USERS.admin);
    const owner = apiClient(request, baseURL!);
    const run = unique();
    const { soup } = await buildDishes(owner, run);

    // The page's clock runs as usual, and can be moved on (a test cannot wait two minutes).
    await page.clock.install();
    await page.setViewportSize(TABLET);
    await signInByApi(page, baseURL!, E2E_USERS.staff);
    await page.goto('/orders/monitor');
    await expect(column(page, 'Confirmed')).toBeVisible();
    await markDocument(page);

    const order = await buildOrder(owner, {
      type: 'takeaway',
      customerName: `Undo ${run}`,
      lines: [{ menuItemId: soup.id, quantity: 1 }],
    });
    const number = `#${order.number}`;

    // Start by mistake: Undo on the card takes it back to Confirmed.
    await orderCard(column(page, 'Confirmed'), order)
      .getByRole('button', { name: `Start ${number}` })
      .click();
    const preparing = orderCard(column(page, 'Preparing'), order);
    const undo = preparing.getByRole('button', { name: `Undo ${number}, back to confirmed` });
    await expect(undo).toBeVisible();
    await preparing.scrollIntoViewIfNeeded();
    await lookAt(page, testInfo, 'order-monitor-undo');
    await undo.click();
    await expect(orderCard(column(page, 'Confirmed'), order)).toBeVisible();
    let read = await readOrder(request, order.id);
    expect(read.status).toBe('confirmed');
    expect(read.timeline.at(-1)).toMatchObject({ kind: 'recall', status: 'confirmed' });
    // Taken back: nothing more to take back.
    await expect(orderCard(page, order).getByRole('button', { name: /^Undo / })).toHaveCount(0);

    // At the pass, Recall sends it back to the cooks.
    await orderCard(column(page, 'Confirmed'), order)
      .getByRole('button', { name: `Start ${number}` })
      .click();
    await orderCard(column(page, 'Preparing'), order)
      .getByRole('button', { name: `Ready ${number}` })
      .click();
    const ready = orderCard(column(page, 'Ready'), order);
    await ready.getByRole('button', { name: `Recall ${number}, back to preparing` }).click();
    await expect(orderCard(column(page, 'Preparing'), order)).toBeVisible();
    expect((await readOrder(request, order.id)).status).toBe('preparing');

    // Completed (it owes money: asked first), it leaves the board; the toast's Undo brings it back.
    await orderCard(column(page, 'Preparing'), order)
      .getByRole('button', { name: `Ready ${number}` })
      .click();
    await ready.getByRole('button', { name: `Complete ${number}` }).click();
    await page
      .getByRole('dialog', { name: `Complete ${number}?` })
      .getByRole('button', { name: 'Complete anyway' })
      .click();
    await expect(orderCard(page, order)).toBeHidden();
    const toast = page.getByTestId('left-board-toast').filter({ hasText: `${number} completed.` });
    await expect(toast).toBeVisible();
    expect(await axeViolations(page), 'the board with the Undo toast').toEqual([]);
    await lookAt(page, testInfo, 'order-monitor-undo-toast');
    await toast.getByRole('button', { name: `Undo ${number}, back to ready` }).click();
    await expect(ready).toBeVisible();
    await expect(toast).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: `${number} is back in Ready.` })).toBeVisible();
    read = await readOrder(request, order.id);
    expect(read.status).toBe('ready');
    await expectNotReloaded(page);

    // Taken back: nothing more to take back.
    await expect(ready.getByRole('button', { name: /^Recall / })).toHaveCount(0);

    // The recall window is two minutes: after it the button is gone.
    const other = await buildOrder(owner, { lines: [{ menuItemId: soup.id, quantity: 1 }] });
    await orderCard(column(page, 'Confirmed'), other)
      .getByRole('button', { name: `Start #${other.number}` })
      .click();
    const started = orderCard(column(page, 'Preparing'), other);
    await expect(
      started.getByRole('button', { name: `Undo #${other.number}, back to confirmed` }),
    ).toBeVisible();
    await page.clock.fastForward('01:00');
    await expect(
      started.getByRole('button', { name: `Undo #${other.number}, back to confirmed` }),
    ).toBeVisible();
    await page.clock.fastForward('01:05');
    await expect(started.getByRole('button', { name: /^Undo / })).toHaveCount(0);
    await expect(started.getByRole('button', { name: `Ready #${other.number}` })).toBeVisible();
  });

  test('accepting a request asks when it will be ready (15 minutes at first, or a time typed), and the guest sees that time on their order page', async ({
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
    const timeOf = await restaurantTime(request);
    await openAroundTheClock(request, baseURL!);

    // The guest, on their own phone, follows their order's page.
    const guest = await browser.newContext({
      baseURL,
      storageState: testInfo.project.use.storageState,
      viewport: PHONE,
      extraHTTPHeaders: { 'x-forwarded-for': `198.19.${Math.floor(Math.random() * 250)}.11` },
    });
    await signInRequest(guest.request, baseURL!, E2E_USERS.customer);
    const guestClient = apiClient(guest.request, baseURL!);
    const first = await buildOrder(guestClient, {
      type: 'takeaway',
      note: `Ready time ${run}`,
      lines: [{ menuItemId: soup.id, quantity: 1 }],
    });
    const second = await buildOrder(guestClient, {
      type: 'takeaway',
      lines: [{ menuItemId: soup.id, quantity: 2 }],
    });
    expect([first.status, second.status]).toEqual(['pending', 'pending']);
    const guestPage = await guest.newPage();
    await guestPage.goto(`/account/orders/${first.id}`);
    await expect(guestPage.getByTestId('status-sentence')).toHaveText(
      'Waiting for the restaurant to accept your order.',
    );
    await expect(guestPage.getByTestId('ready-at')).toHaveCount(0);

    await page.setViewportSize(TABLET);
    await signInByApi(page, baseURL!, E2E_USERS.staff);
    await page.goto('/orders/requests');
    const firstCard = orderCard(page, first);
    await firstCard.getByRole('button', { name: 'Accept' }).click();
    const dialog = page.getByRole('dialog', { name: `Accept order #${first.number}?` });
    await expect(dialog.getByRole('radio', { name: '15 min' })).toBeChecked();
    for (const choice of ['10 min', '20 min', '30 min', 'Choose a time']) {
      await expect(dialog.getByRole('radio', { name: choice })).not.toBeChecked();
    }
    await expect(dialog.getByTestId('ready-at-preview')).toHaveText(/^Ready at about \S/);
    expect(await axeViolations(page), 'the accept dialog').toEqual([]);
    for (const size of SCREEN_SIZES) {
      await page.setViewportSize(size);
      await lookAt(page, testInfo, 'order-request-accept');
    }
    await page.setViewportSize(TABLET);

    // 20 minutes: the guest is told the time it comes to.
    await dialog.getByRole('radio', { name: '20 min' }).check();
    const before = Date.now();
    await dialog.getByRole('button', { name: 'Accept order' }).click();
    await expect(dialog).toBeHidden();
    await expect(firstCard).toBeHidden();
    const accepted = await readOrder(request, first.id);
    expect(accepted.status).toBe('confirmed');
    const readyAt = Date.parse(accepted.readyAt ?? '');
    expect(readyAt).toBeGreaterThanOrEqual(before + 20 * 60_000 - 1000);
    expect(readyAt).toBeLessThanOrEqual(Date.now() + 20 * 60_000 + 1000);
    const promised = `Ready at about ${timeOf(accepted.readyAt ?? '')}`;
    await expect(
      page.getByRole('status').filter({ hasText: `Order #${first.number} accepted` }),
    ).toContainText(promised.replace('Ready', 'ready'));
    // Among the accepted requests, with the time the guest was given.
    const acceptedRow = page.getByTestId('accepted-request').filter({ hasText: `#${first.number}` });
    await expect(acceptedRow).toContainText(promised);
    await expect(acceptedRow).toContainText('Confirmed');
    for (const size of SCREEN_SIZES) {
      await page.setViewportSize(size);
      await acceptedRow.scrollIntoViewIfNeeded();
      await lookAt(page, testInfo, 'order-requests-accepted');
    }
    await page.setViewportSize(TABLET);

    // The guest's page shows it by itself.
    await expect(guestPage.getByTestId('status-sentence')).toHaveText('Accepted: the kitchen is on it.');
    await expect(guestPage.getByTestId('ready-at')).toHaveText(promised);
    expect(await axeViolations(guestPage), 'the guest’s order with its ready time').toEqual([]);
    await lookAt(guestPage, testInfo, 'my-order-ready-at');
    await guestPage.setViewportSize({ width: 1024, height: 768 });
    await lookAt(guestPage, testInfo, 'my-order-ready-at');

    // A typed time, on the restaurant's clock: 45 minutes from now.
    await orderCard(page, second).getByRole('button', { name: 'Accept' }).click();
    const again = page.getByRole('dialog', { name: `Accept order #${second.number}?` });
    await again.getByRole('radio', { name: 'Choose a time' }).check();
    const field = again.getByLabel('Ready at');
    await expect(field).toBeFocused();
    const target = Math.ceil((Date.now() + 45 * 60_000) / 60_000) * 60_000;
    await field.fill(await restaurantClock(request, target));
    await expect(again.getByTestId('ready-at-preview')).toHaveText(
      `Ready at about ${timeOf(new Date(target).toISOString())}`,
    );
    for (const size of SCREEN_SIZES) {
      await page.setViewportSize(size);
      await lookAt(page, testInfo, 'order-request-accept-time');
    }
    await page.setViewportSize(TABLET);
    await again.getByRole('button', { name: 'Accept order' }).click();
    await expect(again).toBeHidden();
    expect((await readOrder(request, second.id)).readyAt).toBe(new Date(target).toISOString());

    // The kitchen's ticket carries the promised time too.
    await page.goto('/orders/monitor');
    const ticket = orderCard(column(page, 'Confirmed'), first);
    await expect(ticket).toContainText(`Due ${timeOf(accepted.readyAt ?? '')}`);
    await ticket.scrollIntoViewIfNeeded();
    await lookAt(page, testInfo, 'order-monitor-due');
    await guest.close();
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

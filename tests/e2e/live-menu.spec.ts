import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import type { PublicMenu } from '../../src/shared/contracts/menu';
import { formatMoney } from '../../src/shared/money';
import { expect, test } from './fixtures';
import { saveScreenshot, signInByApi } from './helpers';
import { E2E_USERS } from './users';

/**
 * Live updates: the public menu and the admin menu list show a change made
 * elsewhere without a reload, through the event stream, and by polling when the stream is refused.
 */

interface Dish {
  id: string;
  version: number;
  name: string;
  categoryId: string;
}

/** A category and a dish of their own, made through the API as the admin. */
async function createDish(request: APIRequestContext, baseURL: string): Promise<Dish> {
  const run = randomBytes(3).toString('hex');
  const headers = { origin: baseURL };
  const signIn = await request.post('/api/auth/sign-in/email', {
    data: { email: E2E_USERS.admin.email, password: E2E_USERS.admin.password },
    headers,
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const category = await request.post('/api/food-categories', { data: { name: `Live ${run}` }, headers });
  expect(category.status(), await category.text()).toBeLessThan(300);
  const { id: categoryId } = (await category.json()) as { id: string };
  const name = `Live Cappuccino ${run}`;
  const item = await request.post('/api/menu/items', { data: { name, categoryId, price: 450 }, headers });
  expect(item.status(), await item.text()).toBeLessThan(300);
  const { id, version } = (await item.json()) as { id: string; version: number };
  return { id, version, name, categoryId };
}

/** Changes the dish's price through the API, as the admin on another device would. */
async function changePrice(request: APIRequestContext, baseURL: string, dish: Dish, price: number) {
  const response = await request.patch(`/api/menu/items/${dish.id}`, {
    data: { price, version: dish.version },
    headers: { origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(200);
  dish.version = ((await response.json()) as { version: number }).version;
}

async function moneyOf(request: APIRequestContext) {
  const response = await request.get('/api/menu/public');
  const { restaurant } = (await response.json()) as PublicMenu;
  return (minor: number) => formatMoney(minor, restaurant.currency, restaurant.locale);
}

/** Resolves when the page's event stream has answered (the EventSource is open). */
function streamOpened(page: Page) {
  return page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events');
}

/** Marks the document, so that a test can tell it was never reloaded. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { liveMarker: string }).liveMarker = 'not reloaded';
  });
}
async function expectNotReloaded(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { liveMarker?: string }).liveMarker)).toBe(
    'not reloaded',
  );
}

test.describe('live menu', () => {
  test('an open public menu and the admin menu list show a price change made elsewhere within 2 s', async ({
    page,
    browser,
    request,
    baseURL,
  }, testInfo) => {
    // Two browsers and a fresh menu build on a busy machine.
    test.slow();
    const dish = await createDish(request, baseURL!);
    const money = await moneyOf(request);

    // A guest's phone on the public menu.
    const guestStream = streamOpened(page);
    await page.goto('/');
    const card = page.getByRole('article', { name: dish.name });
    await expect(card).toContainText(money(450));
    expect((await guestStream).status()).toBe(200);
    await markDocument(page);

    // The owner's menu list in another browser.
    const ownerContext = await browser.newContext({
      baseURL,
      extraHTTPHeaders: { 'x-forwarded-for': '198.19.7.7' },
    });
    const owner = await ownerContext.newPage();
    await signInByApi(owner, baseURL!, E2E_USERS.admin);
    const ownerStream = streamOpened(owner);
    await owner.goto(`/menu?category=${dish.categoryId}`);
    const row = owner.getByRole('listitem', { name: dish.name, exact: true });
    await expect(row).toContainText(money(450));
    expect((await ownerStream).status()).toBe(200);
    await markDocument(owner);

    // The price changes through the API (a third device).
    await changePrice(request, baseURL!, dish, 520);
    await expect(card).toContainText(money(520), { timeout: 2000 });
    await expect(row).toContainText(money(520), { timeout: 2000 });
    await expectNotReloaded(page);
    await expectNotReloaded(owner);
    await saveScreenshot(page, testInfo, 'live-public-menu', { viewportOnly: true });

    // And again: the stream stays open for the next change.
    await changePrice(request, baseURL!, dish, 535);
    await expect(card).toContainText(money(535), { timeout: 2000 });
    await expect(row).toContainText(money(535), { timeout: 2000 });
    await ownerContext.close();
  });

  test('when the event stream is refused, the public menu polls, shows the change, and tries the stream again later', async ({
    page,
    request,
    baseURL,
  }) => {
    const dish = await createDish(request, baseURL!);
    const money = await moneyOf(request);
    const config = (await (await request.get('/api/config')).json()) as { pollIntervalMs: number };
    // As a server at its cap answers: 429, which ends the EventSource for good.
    await page.route('**/api/events?*', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'resource-exhausted', message: 'Too many.' } }),
      }),
    );
    const menuFetches: number[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/menu/public') menuFetches.push(Date.now());
    });
    const streamTried = page.waitForRequest((sent) => new URL(sent.url()).pathname === '/api/events');
    await page.goto('/');
    const card = page.getByRole('article', { name: dish.name });
    await expect(card).toContainText(money(450));
    // The card is in the server's HTML at once; the change is made once the page runs (has tried the
    // stream and been refused), as a guest's page would be by then.
    await streamTried;
    await markDocument(page);

    await changePrice(request, baseURL!, dish, 610);
    await expect(card).toContainText(money(610), { timeout: config.pollIntervalMs + 2000 });
    await expectNotReloaded(page);
    // It keeps polling at the configured interval.
    const seen = menuFetches.length;
    await expect
      .poll(() => menuFetches.length, { timeout: config.pollIntervalMs + 2000 })
      .toBeGreaterThan(seen);

    // The cap is freed (another tab closed): the page tries the stream again, five poll intervals
    // after the refusal, and follows the menu through it.
    test.slow();
    const reopened = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/events' && response.status() === 200,
      { timeout: config.pollIntervalMs * 10 },
    );
    await page.unroute('**/api/events?*');
    await reopened;
    await changePrice(request, baseURL!, dish, 645);
    await expect(card).toContainText(money(645), { timeout: 2000 });
    await expectNotReloaded(page);
  });
});

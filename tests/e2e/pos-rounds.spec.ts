import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page, Request } from '@playwright/test';
import type { PublicConfig } from '../../src/shared/contracts/config';
import type { MenuItem } from '../../src/shared/contracts/menu';
import type { Order } from '../../src/shared/contracts/orders';
import { formatMoney } from '../../src/shared/money';
import {
  buildCategory,
  buildMenuItem,
  buildOrder,
  buildTable,
  type FactoryClient,
} from '../support/factories';
import { expect, test } from './fixtures';
import { apiClient, axeViolations, PHONE, saveScreenshot, signInByApi } from './helpers';
import { E2E_USERS } from './users';

/**
 * Rounds on open checks at the point of sale: a table's check takes a second round from the table
 * picker ("Add to check #…") or from the orders list ("Add round"), the round lands when another
 * device changed the check meanwhile, and a check closed meanwhile offers a new check with the items.
 */

const LANDSCAPE = { width: 1024, height: 768 };
const PORTRAIT = { width: 768, height: 1024 };
const LAPTOP = { width: 1280, height: 800 };

const unique = () => randomBytes(3).toString('hex');

interface Floor {
  client: FactoryClient;
  soup: MenuItem;
  latte: MenuItem;
  table: { id: string; name: string };
  money: (minor: number) => string;
}

/** A menu of two items and a table of this test's own, made by an administrator through the API. */
async function setUpFloor(request: APIRequestContext, baseURL: string): Promise<Floor> {
  const signedIn = await request.post('/api/auth/sign-in/email', {
    data: { email: E2E_USERS.admin.email, password: E2E_USERS.admin.password },
    headers: { origin: baseURL },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const client = apiClient(request, baseURL);
  const run = unique();
  const category = await buildCategory(client, { name: `Rounds ${run}` });
  const soup = await buildMenuItem(client, { categoryId: category.id, name: `Pea soup ${run}`, price: 650 });
  const latte = await buildMenuItem(client, {
    categoryId: category.id,
    name: `Oat latte ${run}`,
    price: 420,
  });
  const table = await buildTable(client, { name: `R${run}` });
  const config = (await (await request.get('/api/config')).json()) as PublicConfig;
  const money = (minor: number) => formatMoney(minor, config.currency, config.locale);
  return { client, soup, latte, table, money };
}

/** The order as the server holds it now. */
async function readOrder(request: APIRequestContext, id: string): Promise<Order> {
  const response = await request.get(`/api/orders/${id}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as Order;
}

/** A dine-in check at the table with one soup, placed through the API (confirmed). */
function openCheck(floor: Floor): Promise<Order> {
  return buildOrder(floor.client, {
    type: 'dine-in',
    tableId: floor.table.id,
    lines: [{ menuItemId: floor.soup.id, quantity: 1 }],
  });
}

const rounds = (order: Order) => order.lines.map((line) => [line.round, line.name, line.quantity]);

function tile(page: Page, name: string) {
  return page.getByRole('list', { name: 'Menu items' }).getByRole('button', { name: new RegExp(name) });
}

function cartLine(page: Page, name: string) {
  return page.getByRole('list', { name: 'Items in the order' }).getByRole('listitem', { name, exact: true });
}

/**
 * Waits until a smooth scroll has come to rest (no move for a fifth of a second), then scrolls to where
 * it rests at once, so a screenshot does not catch the fixed navigation still on its way.
 */
async function settledScroll(page: Page) {
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const y = window.scrollY;
        setTimeout(() => resolve(window.scrollY === y), 200);
      }),
  );
  await page.evaluate(() => window.scrollTo({ top: window.scrollY, behavior: 'instant' }));
}

const isRoundPost = (request: Request, order: Order) =>
  request.method() === 'POST' && new URL(request.url()).pathname === `/api/orders/${order.id}/lines`;

test.describe('rounds on open checks at the point of sale', () => {
  test('choosing a table with an open check adds the next round to it; the check shows both rounds', async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    test.slow();
    const floor = await setUpFloor(request, baseURL!);
    await page.setViewportSize(LANDSCAPE);
    await signInByApi(page, baseURL!, E2E_USERS.staff);
    await page.goto('/orders/add');
    const tablePicker = page.getByLabel('Table', { exact: true });
    const search = page.getByRole('searchbox', { name: 'Search the menu' });

    // The first order of the table: a new check, as before.
    await tablePicker.selectOption(floor.table.id);
    await expect(page.getByRole('button', { name: /^Add to check/ })).toHaveCount(0);
    await search.fill(floor.soup.name);
    await page.keyboard.press('Enter');
    const placedAnswer = page.waitForResponse(
      (response) => response.url().endsWith('/api/orders') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: /^Place order/ }).click();
    const placed = (await (await placedAnswer).json()) as Order;
    const label = `#${placed.number}`;
    await expect(page.getByText(`Order ${label} placed`)).toBeVisible();

    // The same table again: its open check is offered, with its total and rounds.
    await tablePicker.selectOption(floor.table.id);
    const offer = page.getByRole('region', { name: `Table ${floor.table.name} has an open check` });
    const addToCheck = offer.getByRole('button', { name: new RegExp(`^Add to check ${label}`) });
    await expect(addToCheck).toContainText(floor.money(placed.total));
    await expect(addToCheck).toContainText('1 round · 1 item');
    // On the screen, though the confirmation above leaves the cart little room.
    await expect(addToCheck).toBeInViewport({ ratio: 1 });
    await expect(offer.getByRole('button', { name: 'New check' })).toBeVisible();
    await saveScreenshot(page, testInfo, 'pos-round-offer', { viewportOnly: true });
    expect(await axeViolations(page)).toEqual([]);
    // Items tapped before choosing go into the round.
    await tile(page, floor.latte.name).click();
    await addToCheck.click();

    // Round mode: the check with what is on it and its total, then the round's items.
    await expect(page.getByRole('heading', { name: `Round 2 for ${label}` })).toBeVisible();
    await expect(page.getByRole('region', { name: `Check ${label}` })).toContainText(
      `Table ${floor.table.name} · 1 round · 1 item`,
    );
    const onTheCheck = page.getByRole('list', { name: `Rounds of ${label}` });
    await expect(onTheCheck.getByRole('listitem', { name: 'Round 1' })).toContainText(floor.soup.name);
    await expect(page.getByTestId('check-total')).toHaveText(floor.money(placed.total));
    await expect(page.getByRole('button', { name: /^Customer/ })).toBeHidden();
    await tile(page, floor.latte.name).click();
    await expect(cartLine(page, floor.latte.name).getByLabel(`Quantity of ${floor.latte.name}`)).toHaveValue(
      '2',
    );
    const send = page.getByRole('button', { name: 'Send round' });
    await expect(send).toBeInViewport({ ratio: 1 });
    await saveScreenshot(page, testInfo, 'pos-round', { viewportOnly: true });
    expect(await axeViolations(page)).toEqual([]);

    // The round keeps to its table's draft through a reload.
    await page.reload();
    await expect(page.getByRole('heading', { name: `Round 2 for ${label}` })).toBeVisible();
    await expect(tablePicker.locator('option', { hasText: floor.table.name })).toContainText('draft');

    const sent = page.waitForResponse((response) => isRoundPost(response.request(), placed));
    await send.click();
    expect((await sent).status()).toBe(200);
    await expect(page.getByText(`Round 2 sent to the kitchen for ${label}`)).toBeVisible();
    // The kitchen ticket the confirmation prints is the round's alone, under "Round 2".
    await page.emulateMedia({ media: 'print' });
    const ticket = page.getByTestId('kitchen-ticket-print');
    await expect(ticket).toContainText('Round 2');
    await expect(ticket).toContainText(floor.latte.name);
    await expect(ticket).not.toContainText(floor.soup.name);
    await page.emulateMedia({ media: 'screen' });
    await expect(page.getByText('Tap an item on the menu to add it.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Current order' })).toBeVisible();
    await expect(tablePicker.locator('option', { hasText: floor.table.name })).not.toContainText('draft');

    const after = await readOrder(request, placed.id);
    expect(rounds(after)).toEqual([
      [1, floor.soup.name, 1],
      [2, floor.latte.name, 2],
    ]);
    await expect(page.getByTestId('placed-total')).toHaveText(floor.money(after.total));
    await saveScreenshot(page, testInfo, 'pos-round-sent', { viewportOnly: true });

    // The payment path after placing serves the check too.
    await page.getByRole('button', { name: 'Take payment' }).click();
    const pay = page.getByRole('dialog', { name: `Take payment · Order ${label}` });
    await expect(pay).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(pay).toBeHidden();

    // Round mode on a laptop, a portrait tablet and a phone: the check, the round and "Send round".
    await page.getByRole('button', { name: 'New order' }).click();
    await tablePicker.selectOption(floor.table.id);
    await page.getByRole('button', { name: new RegExp(`^Add to check ${label}`) }).click();
    await expect(page.getByRole('heading', { name: `Round 3 for ${label}` })).toBeVisible();
    await tile(page, floor.soup.name).click();
    for (const viewport of [LAPTOP, PORTRAIT, PHONE]) {
      await page.setViewportSize(viewport);
      if (viewport !== LAPTOP) await page.getByRole('button', { name: /^Review round · 1 item/ }).click();
      await expect(page.getByRole('heading', { name: `Round 3 for ${label}` })).toBeInViewport();
      await settledScroll(page);
      await saveScreenshot(page, testInfo, 'pos-round', { viewportOnly: true });
      await page.getByRole('button', { name: 'Send round' }).scrollIntoViewIfNeeded();
      await saveScreenshot(page, testInfo, 'pos-round-send', { viewportOnly: true });
    }
    // "New check" instead: the items stay, as a new order at the table.
    await page.getByRole('button', { name: 'Start a new check instead' }).click();
    await expect(page.getByRole('heading', { name: 'Current order' })).toBeVisible();
    await expect(cartLine(page, floor.soup.name)).toBeVisible();
    await expect(
      page.getByText(`A new check for table ${floor.table.name}; ${label} stays open.`),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: /^Place order/ })).toBeVisible();
  });

  test('"Add round" on the orders list opens the point of sale with a round for that check', async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    const floor = await setUpFloor(request, baseURL!);
    const placed = await openCheck(floor);
    const label = `#${placed.number}`;
    await signInByApi(page, baseURL!, E2E_USERS.staff);

    for (const viewport of [LAPTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await page.goto(`/orders?search=${placed.number}`);
      const addRound = page.getByRole('link', { name: `Add round to ${label}` });
      await expect(addRound).toBeVisible();
      await saveScreenshot(page, testInfo, 'orders-add-round', { viewportOnly: true });
      await addRound.click();
      await expect(page).toHaveURL(/\/orders\/add$/);
      await expect(page.getByRole('heading', { name: `Round 2 for ${label}` })).toBeVisible();
      await expect(page.getByLabel('Table', { exact: true })).toHaveValue(floor.table.id);
    }

    await tile(page, floor.latte.name).click();
    await page.getByRole('button', { name: /^Review round/ }).click();
    const sent = page.waitForResponse((response) => isRoundPost(response.request(), placed));
    await page.getByRole('button', { name: 'Send round' }).click();
    expect((await sent).status()).toBe(200);
    await expect(page.getByText(`Round 2 sent to the kitchen for ${label}`)).toBeVisible();
    expect(rounds(await readOrder(request, placed.id))).toEqual([
      [1, floor.soup.name, 1],
      [2, floor.latte.name, 1],
    ]);

    // A closed order offers no round.
    await page.goto(`/orders?search=${placed.number}`);
    await expect(page.getByRole('link', { name: `Add round to ${label}` })).toBeVisible();
    const latest = await readOrder(request, placed.id);
    const cancelled = await request.post(`/api/orders/${placed.id}/status`, {
      data: { status: 'cancelled', version: latest.version, reason: 'Guest left' },
      headers: { origin: baseURL! },
    });
    expect(cancelled.status(), await cancelled.text()).toBe(200);
    await expect(page.getByRole('link', { name: `Add round to ${label}` })).toHaveCount(0);
  });

  test('a round lands when another device changed the check meanwhile; a closed check offers a new one', async ({
    page,
    request,
    baseURL,
  }) => {
    const floor = await setUpFloor(request, baseURL!);
    const placed = await openCheck(floor);
    const label = `#${placed.number}`;
    await page.setViewportSize(LANDSCAPE);
    await signInByApi(page, baseURL!, E2E_USERS.staff);
    await page.goto(`/orders/add?check=${placed.id}`);
    await expect(page.getByRole('heading', { name: `Round 2 for ${label}` })).toBeVisible();
    await tile(page, floor.latte.name).click();

    // The screen keeps the version it showed until the round is on its way: its read of the check
    // again (after the change below) waits for the round's request.
    let roundRequested: () => void = () => {};
    const requested = new Promise<void>((resolve) => {
      roundRequested = resolve;
    });
    const roundPosts: Request[] = [];
    page.on('request', (sent) => {
      if (!isRoundPost(sent, placed)) return;
      roundPosts.push(sent);
      roundRequested();
    });
    await page.route(`**/api/orders/${placed.id}`, async (route) => {
      await requested;
      await route.continue();
    });

    // Another device sends a round first.
    const other = await request.post(`/api/orders/${placed.id}/lines`, {
      data: { version: placed.version, lines: [{ menuItemId: floor.soup.id, quantity: 2 }] },
      headers: { origin: baseURL! },
    });
    expect(other.status(), await other.text()).toBe(200);

    await page.getByRole('button', { name: 'Send round' }).click();
    await expect(page.getByText(`Round 3 sent to the kitchen for ${label}`)).toBeVisible();
    const answers = await Promise.all(roundPosts.map(async (sent) => (await sent.response())?.status()));
    expect(answers).toEqual([409, 200]);
    expect(rounds(await readOrder(request, placed.id))).toEqual([
      [1, floor.soup.name, 1],
      [2, floor.soup.name, 2],
      [3, floor.latte.name, 1],
    ]);
    await page.unroute(`**/api/orders/${placed.id}`);

    // The check is closed while the next round is being taken: the screen says so, and the items
    // become a new check.
    await page.goto(`/orders/add?check=${placed.id}`);
    await expect(page.getByRole('heading', { name: `Round 4 for ${label}` })).toBeVisible();
    await tile(page, floor.latte.name).click();
    const latest = await readOrder(request, placed.id);
    const cancelled = await request.post(`/api/orders/${placed.id}/status`, {
      data: { status: 'cancelled', version: latest.version, reason: 'Guest left' },
      headers: { origin: baseURL! },
    });
    expect(cancelled.status(), await cancelled.text()).toBe(200);
    const closed = page.getByRole('region', { name: `Check ${label}` }).getByRole('alert');
    await expect(closed).toHaveText(new RegExp(`Check ${label} is cancelled: it takes no more rounds.`));
    await expect(page.getByRole('button', { name: 'Send round' })).toBeDisabled();
    await closed.getByRole('button', { name: 'Start a new check with these items' }).click();
    await expect(page.getByRole('heading', { name: 'Current order' })).toBeVisible();
    await expect(cartLine(page, floor.latte.name)).toBeVisible();
    const placedAnswer = page.waitForResponse(
      (response) => response.url().endsWith('/api/orders') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: /^Place order/ }).click();
    const fresh = (await (await placedAnswer).json()) as Order;
    expect(fresh.table?.id).toBe(floor.table.id);
    expect(rounds(fresh)).toEqual([[1, floor.latte.name, 1]]);
  });
});

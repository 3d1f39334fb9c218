import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import type { PublicConfig } from '../../src/shared/contracts/config';
import type { MenuItem } from '../../src/shared/contracts/menu';
import type { Order } from '../../src/shared/contracts/orders';
import { formatMoney } from '../../src/shared/money';
import { buildCategory, buildMenuItem, buildTable } from '../support/factories';
import { expect, test } from './fixtures';
import { apiClient, axeViolations, type E2EUser, PHONE, saveScreenshot, signInByApi } from './helpers';
import { E2E_USERS } from './users';

/**
 * The point of sale on the devices staff use on the floor: landscape and portrait tablets (and a phone
 * and a laptop). Tiles show the whole name and price, the navigation folds into a rail, "Add to order"
 * and "Place order" stay on the screen; the order being taken is kept on the tablet as its table's
 * draft through a reload, a crash and a visit to another page, until it is placed or discarded.
 */

const LANDSCAPE = { width: 1024, height: 768 };
const PORTRAIT = { width: 768, height: 1024 };
const LAPTOP = { width: 1280, height: 800 };

const unique = () => randomBytes(3).toString('hex');

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

interface Menu {
  categoryName: string;
  /** A long name, a four-digit price, a photo and four groups of options. */
  bruschetta: MenuItem;
  soup: MenuItem;
  tables: { id: string; name: string }[];
}

async function setUpMenu(request: APIRequestContext, baseURL: string): Promise<Menu> {
  const signedIn = await request.post('/api/auth/sign-in/email', {
    data: { email: E2E_USERS.admin.email, password: E2E_USERS.admin.password },
    headers: { origin: baseURL },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const client = apiClient(request, baseURL);
  const run = unique();
  const category = await buildCategory(client, { name: `Floor ${run}` });
  const bruschetta = await buildMenuItem(client, {
    categoryId: category.id,
    name: `Slow-roasted heritage tomato and sourdough bruschetta with basil ${run}`,
    price: 123_456,
    modifierGroups: ['Bread', 'Toppings', 'Sides', 'Sauces'].map((name, group) => ({
      name,
      minChoices: group === 0 ? 1 : 0,
      maxChoices: group === 0 ? 1 : 3,
      options: [0, 1, 2, 3, 4].map((option) => ({ name: `${name} ${option + 1}`, priceDelta: option * 25 })),
    })),
  });
  const photo = await sharp({ create: { width: 240, height: 240, channels: 3, background: '#c2410c' } })
    .png()
    .toBuffer();
  const uploaded = await request.post(`/api/menu/items/${bruschetta.id}/photo`, {
    multipart: { photo: { name: 'bruschetta.png', mimeType: 'image/png', buffer: photo } },
    headers: { origin: baseURL },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  const soup = await buildMenuItem(client, { categoryId: category.id, name: `Pea soup ${run}`, price: 650 });
  const tables = [
    await buildTable(client, { name: `A${run}` }),
    await buildTable(client, { name: `B${run}` }),
  ];
  return { categoryName: category.name, bruschetta, soup, tables };
}

async function moneyFormatter(request: APIRequestContext) {
  const config = (await (await request.get('/api/config')).json()) as PublicConfig;
  return (minor: number) => formatMoney(minor, config.currency, config.locale);
}

async function openPointOfSale(page: Page, baseURL: string, user: E2EUser = E2E_USERS.staff) {
  await signInByApi(page, baseURL, user);
  await page.goto('/orders/add');
  await expect(page.getByRole('searchbox', { name: 'Search the menu' })).toBeVisible();
}

function tile(page: Page, name: string) {
  return page.getByRole('list', { name: 'Menu items' }).getByRole('button', { name: new RegExp(name) });
}

function cartLine(page: Page, name: string) {
  return page.getByRole('list', { name: 'Items in the order' }).getByRole('listitem', { name, exact: true });
}

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  expect(found, `${locator} has a box`).not.toBeNull();
  return found!;
}

function inside(inner: Box, outer: Box): boolean {
  return (
    inner.x >= outer.x - 0.5 &&
    inner.y >= outer.y - 0.5 &&
    inner.x + inner.width <= outer.x + outer.width + 0.5 &&
    inner.y + inner.height <= outer.y + outer.height + 0.5
  );
}

function overlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Whether what a finger finds at the box's middle and near its two ends is `locator` itself. */
async function uncovered(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const y = rect.top + rect.height / 2;
    return [rect.left + 4, rect.left + rect.width / 2, rect.right - 4].every((x) => {
      const found = document.elementFromPoint(x, y);
      return found !== null && (found === element || element.contains(found));
    });
  });
}

/** The tile shows the whole name and the price, neither cut nor under the photo. */
async function expectWholeTile(page: Page, menu: Menu, price: string) {
  const item = tile(page, menu.bruschetta.name);
  await item.scrollIntoViewIfNeeded();
  const tileBox = await box(item);
  const name = item.getByText(menu.bruschetta.name, { exact: true });
  const shownPrice = item.getByText(price, { exact: true });
  const photo = item.locator('img');
  await expect(photo).toBeVisible();
  const [nameBox, priceBox, photoBox] = [await box(name), await box(shownPrice), await box(photo)];
  expect(inside(nameBox, tileBox), 'the name is inside its tile').toBe(true);
  expect(inside(priceBox, tileBox), 'the price is inside its tile').toBe(true);
  expect(overlap(photoBox, nameBox), 'the photo leaves the name alone').toBe(false);
  expect(overlap(photoBox, priceBox), 'the photo leaves the price alone').toBe(false);
  // Nothing of either is clipped: no "…", no hidden lines.
  for (const text of [name, shownPrice]) {
    expect(
      await text.evaluate(
        (element) =>
          element.scrollHeight <= element.clientHeight + 1 && element.scrollWidth <= element.clientWidth + 1,
      ),
    ).toBe(true);
  }
  expect(await uncovered(name)).toBe(true);
  expect(await uncovered(shownPrice)).toBe(true);
}

test.describe('the point of sale on a tablet', () => {
  test('tiles show the whole name and price; the navigation folds; "Add to order" and "Place order" stay on the screen', async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    test.slow();
    const menu = await setUpMenu(request, baseURL!);
    const money = await moneyFormatter(request);
    await openPointOfSale(page, baseURL!);

    for (const viewport of [LANDSCAPE, PORTRAIT, PHONE, LAPTOP]) {
      await test.step(`at ${viewport.width}×${viewport.height}`, async () => {
        await page.setViewportSize(viewport);
        await page.goto('/orders/add');
        await page.getByRole('button', { name: menu.categoryName, exact: true }).click();
        await expectWholeTile(page, menu, money(123_456));

        const nav = page.getByRole('navigation', { name: 'Main' });
        const main = await box(page.locator('#main'));
        if (viewport === PHONE) {
          // The phone's top bar, as before: the menu opens from it.
          await expect(nav).toHaveCount(0);
        } else if (viewport === LAPTOP) {
          await expect(nav.getByRole('link', { name: 'Add Order' })).toHaveText('Add Order');
          expect((await box(nav)).width).toBeGreaterThan(200);
        } else {
          // A rail of icons: the page keeps the width, every item keeps its name.
          const rail = await box(nav);
          expect(rail.width).toBeLessThanOrEqual(64);
          expect(main.x).toBeGreaterThanOrEqual(rail.x + rail.width - 0.5);
          await expect(nav.getByRole('link', { name: 'Add Order' })).toHaveAttribute('aria-current', 'page');
          await expect(nav.getByRole('link', { name: 'Add Order' }).getByText('Add Order')).toHaveClass(
            /sr-only/,
          );
          if (viewport === LANDSCAPE) {
            // Its first button opens it over the page with its labels; Escape folds it again.
            await page.getByRole('button', { name: 'Expand navigation' }).click();
            await expect(nav.getByText('Order Monitor', { exact: true })).toBeVisible();
            expect((await box(nav)).width).toBeGreaterThan(200);
            expect((await box(page.locator('#main'))).x).toBe(main.x);
            await saveScreenshot(page, testInfo, 'pos-tablet-navigation-open', { viewportOnly: true });
            await page.keyboard.press('Escape');
            await expect(page.getByRole('button', { name: 'Expand navigation' })).toHaveAttribute(
              'aria-expanded',
              'false',
            );
            expect((await box(nav)).width).toBeLessThanOrEqual(64);
          }
        }

        // The options dialog: many options scroll, "Add to order" stays in view.
        await tile(page, menu.bruschetta.name).click();
        const dialog = page.getByRole('dialog', { name: menu.bruschetta.name });
        await expect(dialog).toBeVisible();
        const add = dialog.getByRole('button', { name: /^Add to order/ });
        await expect(add).toBeInViewport({ ratio: 1 });
        await expect(dialog.getByRole('checkbox', { name: /Sauces 5/ })).not.toBeInViewport();
        await dialog.getByRole('radio', { name: /Bread 2/ }).check();
        await dialog.getByRole('checkbox', { name: /Sauces 5/ }).check();
        await expect(add).toBeInViewport({ ratio: 1 });
        await expect(add).toBeEnabled();
        await saveScreenshot(page, testInfo, 'pos-tablet-options', { viewportOnly: true });
        if (viewport === LANDSCAPE) expect(await axeViolations(page)).toEqual([]);
        await add.click();
        await expect(dialog).toBeHidden();
        await tile(page, menu.soup.name).click();
        await expect(cartLine(page, menu.bruschetta.name)).toHaveCount(1);

        const place = page.getByRole('button', { name: /^Place order/ });
        if (viewport === LANDSCAPE || viewport === LAPTOP) {
          // Menu and cart side by side: "Place order" is on the screen as it is, beside the rail.
          await expect(place).toBeInViewport({ ratio: 1 });
        } else {
          // One column: the bar leads to the cart, and stands clear of the navigation.
          const review = page.getByRole('button', { name: /^Review order/ });
          await expect(review).toBeInViewport({ ratio: 1 });
          expect(await uncovered(review)).toBe(true);
          await saveScreenshot(page, testInfo, 'pos-tablet-menu', { viewportOnly: true });
          await review.click();
          await expect(page.getByRole('heading', { name: 'Current order' })).toBeInViewport();
          await place.scrollIntoViewIfNeeded();
          await expect(place).toBeInViewport({ ratio: 1 });
        }
        expect(await uncovered(place)).toBe(true);
        if (viewport !== PHONE) expect(overlap(await box(place), await box(nav))).toBe(false);
        await saveScreenshot(page, testInfo, 'pos-tablet-cart', { viewportOnly: true });
        if (viewport === LANDSCAPE) expect(await axeViolations(page)).toEqual([]);

        // The next size starts from an empty cart.
        await page.getByRole('button', { name: 'Discard draft' }).click();
        await page
          .getByRole('dialog', { name: 'Discard this draft?' })
          .getByRole('button', { name: 'Discard draft' })
          .click();
        await expect(page.getByText('Tap an item on the menu to add it.')).toBeVisible();
      });
    }
  });

  test('a table’s order is kept as its draft through a reload, a crash and Order Requests; each table keeps its own until placed or discarded', async ({
    page,
    context,
    request,
    baseURL,
  }, testInfo) => {
    test.slow();
    const menu = await setUpMenu(request, baseURL!);
    const [tableA, tableB] = menu.tables as [Menu['tables'][number], Menu['tables'][number]];
    await page.setViewportSize(LANDSCAPE);
    await openPointOfSale(page, baseURL!);
    const tablePicker = page.getByLabel('Table', { exact: true });
    const option = (table: { name: string }) => tablePicker.locator('option', { hasText: table.name });
    const search = page.getByRole('searchbox', { name: 'Search the menu' });

    // Items tapped before the table is chosen go to that table.
    await search.fill(menu.soup.name);
    await page.keyboard.press('Enter');
    await tablePicker.selectOption(tableA.id);
    await expect(cartLine(page, menu.soup.name)).toBeVisible();
    await tile(page, menu.bruschetta.name).click();
    const dialog = page.getByRole('dialog', { name: menu.bruschetta.name });
    await dialog.getByRole('radio', { name: /Bread 3/ }).check();
    await dialog.getByLabel('Note for this item').fill('No garlic');
    await dialog.getByRole('button', { name: /^Add to order/ }).click();
    await page.getByRole('button', { name: /^Customer/ }).click();
    await page.getByLabel('Customer name (optional)').fill('Dana');
    await expect(option(tableA)).toContainText('draft');

    async function expectTableA() {
      await expect(tablePicker).toHaveValue(tableA.id);
      await expect(cartLine(page, menu.soup.name)).toBeVisible();
      await expect(cartLine(page, menu.bruschetta.name)).toContainText('Bread 3');
      await expect(cartLine(page, menu.bruschetta.name)).toContainText('Note: No garlic');
      await expect(page.getByRole('button', { name: /^Customer/ })).toContainText('Dana');
    }

    // A reload.
    await page.reload();
    await expectTableA();

    // Order Requests and back, through the navigation.
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: /^Order Requests/ }).click();
    await expect(page).toHaveURL('/orders/requests');
    await expect(page.getByRole('heading', { name: 'Order Requests', level: 1 })).toBeVisible();
    await nav.getByRole('link', { name: 'Add Order' }).click();
    await expectTableA();

    // The tab crashes (closed without a goodbye); the next one finds the draft.
    const tab = await context.newPage();
    await page.close({ runBeforeUnload: false });
    await tab.setViewportSize(LANDSCAPE);
    await tab.goto('/orders/add');
    const picker = tab.getByLabel('Table', { exact: true });
    await expect(picker).toHaveValue(tableA.id);
    await expect(cartLine(tab, menu.bruschetta.name)).toContainText('Note: No garlic');

    // Table B starts empty and keeps its own order; table A's comes back when chosen.
    await picker.selectOption(tableB.id);
    await expect(tab.getByText('Tap an item on the menu to add it.')).toBeVisible();
    await expect(picker.locator('option', { hasText: tableA.name })).toContainText('draft');
    await expect(picker.locator('option', { hasText: tableB.name })).not.toContainText('draft');
    await tile(tab, menu.soup.name).click();
    await tile(tab, menu.soup.name).click();
    await expect(cartLine(tab, menu.soup.name).getByLabel(`Quantity of ${menu.soup.name}`)).toHaveValue('2');
    await expect(cartLine(tab, menu.bruschetta.name)).toHaveCount(0);
    await expect(picker.locator('option', { hasText: tableB.name })).toContainText('draft');
    await saveScreenshot(tab, testInfo, 'pos-tablet-drafts', { viewportOnly: true });
    // The chip of table A's draft brings it back.
    await tab.getByRole('button', { name: `Open the draft of ${tableA.name}` }).click();
    await expect(picker).toHaveValue(tableA.id);
    await expect(cartLine(tab, menu.bruschetta.name)).toBeVisible();
    await expect(cartLine(tab, menu.soup.name).getByLabel(`Quantity of ${menu.soup.name}`)).toHaveValue('1');
    await picker.selectOption(tableB.id);
    await expect(cartLine(tab, menu.soup.name).getByLabel(`Quantity of ${menu.soup.name}`)).toHaveValue('2');
    await tab.reload();
    await expect(picker).toHaveValue(tableB.id);
    await expect(cartLine(tab, menu.soup.name).getByLabel(`Quantity of ${menu.soup.name}`)).toHaveValue('2');

    // Someone else signed in on the same tablet starts with their own (empty) cart.
    await signInByApi(tab, baseURL!, E2E_USERS.manager);
    await tab.reload();
    await expect(tab.getByText('Tap an item on the menu to add it.')).toBeVisible();
    await expect(picker.locator('option', { hasText: tableA.name })).not.toContainText('draft');
    await signInByApi(tab, baseURL!, E2E_USERS.staff);
    await tab.reload();
    await expect(cartLine(tab, menu.soup.name)).toBeVisible();

    // Discarding asks first; "Keep the draft" keeps it.
    await tab.getByRole('button', { name: 'Discard draft' }).click();
    const confirm = tab.getByRole('dialog', { name: 'Discard this draft?' });
    await expect(confirm).toContainText(`Removes the order for ${tableB.name} (2 items)`);
    await saveScreenshot(tab, testInfo, 'pos-tablet-discard', { viewportOnly: true });
    await confirm.getByRole('button', { name: 'Keep the draft' }).click();
    await expect(cartLine(tab, menu.soup.name)).toBeVisible();
    await tab.getByRole('button', { name: 'Discard draft' }).click();
    await confirm.getByRole('button', { name: 'Discard draft' }).click();
    await expect(tab.getByText('Tap an item on the menu to add it.')).toBeVisible();
    await expect(picker).toHaveValue(tableB.id);
    await expect(tab.getByRole('searchbox', { name: 'Search the menu' })).toBeFocused();
    await expect(picker.locator('option', { hasText: tableB.name })).not.toContainText('draft');
    await tab.reload();
    await expect(tab.getByText('Tap an item on the menu to add it.')).toBeVisible();
    await expect(picker.locator('option', { hasText: tableA.name })).toContainText('draft');

    // Placing table A's order ends its draft.
    await picker.selectOption(tableA.id);
    const answer = tab.waitForResponse(
      (response) => response.url().endsWith('/api/orders') && response.request().method() === 'POST',
    );
    await tab.getByRole('button', { name: /^Place order/ }).click();
    const placed = (await (await answer).json()) as Order;
    expect(placed.table?.id).toBe(tableA.id);
    expect(placed.customerName).toBe('Dana');
    expect(placed.lines.map((line) => [line.name, line.quantity, line.note])).toEqual([
      [menu.soup.name, 1, ''],
      [menu.bruschetta.name, 1, 'No garlic'],
    ]);
    await expect(tab.getByText('Tap an item on the menu to add it.')).toBeVisible();
    await tab.reload();
    await expect(tab.getByText('Tap an item on the menu to add it.')).toBeVisible();
    await expect(picker.locator('option', { hasText: tableA.name })).not.toContainText('draft');
  });
});

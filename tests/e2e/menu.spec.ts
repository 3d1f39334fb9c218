import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import type { PublicConfig } from '../../src/shared/contracts/config';
import type { MenuItemInput } from '../../src/shared/contracts/menu';
import { formatMoney } from '../../src/shared/money';
import { buildCategory, buildMenuItem } from '../support/factories';
import { expect, test } from './fixtures';
import { apiClient, DESKTOP, PHONE, saveScreenshot, signInByApi } from './helpers';
import { E2E_USERS } from './users';

/** A small made-up photo of a cup of coffee, as JPEG bytes. */
async function coffeePhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360">
    <rect width="480" height="360" fill="#8a6a4a"/>
    <circle cx="240" cy="180" r="130" fill="#f7f3ec"/><circle cx="240" cy="180" r="98" fill="#6f4a2d"/>
    <path d="M200 170 q40 -40 80 0 q-40 40 -80 0z" fill="#e9d8bf"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

const unique = () => randomBytes(3).toString('hex');

/** The money text the screens show, in the restaurant's currency and locale. */
async function moneyText(request: APIRequestContext, minor: number): Promise<string> {
  const config = (await (await request.get('/api/config')).json()) as PublicConfig;
  return formatMoney(minor, config.currency, config.locale);
}

/** Set-up through the API as the signed-in admin (the tests are about the screen). */
function createCategory(page: Page, baseURL: string, name: string) {
  return buildCategory(apiClient(page.request, baseURL), { name });
}

function createItem(page: Page, baseURL: string, input: Partial<MenuItemInput>) {
  return buildMenuItem(apiClient(page.request, baseURL), input);
}

/** The item names of the list, top to bottom. */
function rowNames(page: Page): Promise<(string | null)[]> {
  return page
    .getByTestId('menu-item-row')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('aria-label')));
}

/** The category names of the side column, top to bottom. */
async function categoryOrder(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Menu categories' }).filter({ visible: true });
  return (await nav.getByRole('listitem').allInnerTexts()).map((text) => text.split('\n')[0]!.trim());
}

function itemRow(page: Page, name: string): Locator {
  return page.getByRole('listitem', { name, exact: true });
}

test.describe('Menu Management', () => {
  test('the owner builds a category and an item with sizes and a photo; guests see it, then see it sold out', async ({
    page,
    browser,
    baseURL,
  }) => {
    // The whole journey in one test: two browsers, uploads, several saves.
    test.slow();
    const run = unique();
    const categoryName = `Coffee ${run}`;
    const itemName = `Latte ${run}`;
    const price = await moneyText(page.request, 450);

    await signInByApi(page, baseURL!, E2E_USERS.admin);
    await page.goto('/menu');
    await expect(page.getByRole('heading', { name: 'Menu Management', level: 1 })).toBeVisible();

    // A category, made without leaving the menu.
    await page.getByRole('button', { name: 'Add category' }).filter({ visible: true }).first().click();
    const categoryDialog = page.getByRole('dialog', { name: 'Add category' });
    await categoryDialog.getByLabel('Name').fill(categoryName);
    await categoryDialog.getByLabel('Description').fill('Espresso drinks, made to order.');
    await categoryDialog.getByRole('button', { name: 'Add category' }).click();
    await expect(page.getByText(`Category “${categoryName}” created`)).toBeVisible();
    await expect(categoryDialog).toBeHidden();
    await expect(page.getByRole('heading', { name: categoryName, level: 2 })).toBeVisible();
    await expect(page.getByText('No items in this category yet')).toBeVisible();

    // The item, with a modifier group checked as it is typed.
    await page.getByRole('button', { name: 'Add item' }).first().click();
    const panel = page.getByRole('dialog', { name: 'Add menu item' });
    await expect(panel).toBeVisible();
    await panel.getByLabel('Name', { exact: true }).fill(itemName);
    await panel.getByLabel('Description').fill('Double espresso with steamed milk.');
    await expect(panel.getByLabel('Category')).toHaveValue(/.+/);
    await panel.getByLabel('Price', { exact: true }).fill('4.5');
    await panel.getByRole('button', { name: 'Add modifier group' }).click();
    const group = panel.getByRole('group', { name: 'Modifier group 1' });
    await group.getByLabel('Group name').fill('Size');
    await group.getByLabel('Min choices').fill('2');
    await group.getByLabel('Max choices').fill('1');
    await expect(group.getByText('Must not be more than the maximum choices.')).toBeVisible();
    await group.getByLabel('Min choices').fill('1');
    await expect(group.getByText('Must not be more than the maximum choices.')).toBeHidden();
    await group.getByRole('group', { name: 'Option 1' }).getByLabel('Option name').fill('Small');
    await group.getByRole('button', { name: 'Add option to Size' }).click();
    const large = group.getByRole('group', { name: 'Option 2' });
    await large.getByLabel('Option name').fill('Large');
    await large.getByLabel('Price difference').fill('abc');
    await expect(large.getByText('Enter an amount such as 4.50.')).toBeVisible();
    await large.getByLabel('Price difference').fill('+1.50');
    await expect(large.getByText('Enter an amount such as 4.50.')).toBeHidden();
    await expect(group.getByText('Required: guests choose exactly 1 option.')).toBeVisible();
    await panel.getByRole('button', { name: 'Vegetarian' }).click();
    await panel.getByRole('button', { name: 'Milk', exact: true }).click();

    await panel.getByTestId('menu-item-photo-input').setInputFiles({
      name: 'latte.jpg',
      mimeType: 'image/jpeg',
      buffer: await coffeePhoto(),
    });
    await expect(panel.getByRole('img', { name: itemName })).toBeVisible();
    await expect(panel.getByText('New photo: it is uploaded when you save.')).toBeVisible();

    const photoSaved = page.waitForResponse(
      (response) => response.url().endsWith('/photo') && response.request().method() === 'POST',
    );
    await panel.getByRole('button', { name: 'Create item' }).click();
    expect((await photoSaved).status()).toBe(200);
    await expect(page.getByText('Menu item created')).toBeVisible();
    await expect(panel).toBeHidden();
    const row = itemRow(page, itemName);
    await expect(row).toContainText(price);
    await expect(row).toContainText('Vegetarian');
    await expect(row).toContainText('Size');
    await expect(row.locator('img')).toHaveAttribute('src', /^\/api\/images\//);
    const categoryNav = page.getByRole('navigation', { name: 'Menu categories' }).filter({ visible: true });
    await expect(
      categoryNav.getByRole('button', { name: new RegExp(`^${categoryName}\\s*1 item$`) }),
    ).toBeVisible();

    // A guest (no cookies) sees it on the public menu.
    const guestContext = await browser.newContext({ baseURL });
    const guest = await guestContext.newPage();
    await guest.goto('/');
    const card = guest.getByRole('article', { name: itemName });
    await expect(card).toBeVisible();
    await expect(card).toContainText(price);
    const guestPhoto = card.locator('img');
    await expect(guestPhoto).toHaveAttribute('src', /^\/api\/images\//);
    // The phone gets a small copy made for the card, not the 1200 px original.
    await guestPhoto.scrollIntoViewIfNeeded();
    await expect
      .poll(() => guestPhoto.evaluate((img: HTMLImageElement) => img.currentSrc))
      .toMatch(/\?w=\d+$/);
    await expect
      .poll(() => guestPhoto.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeLessThanOrEqual(640);
    await expect(card).not.toContainText('Not available today');

    // Sold out: one tap on the list.
    const availability = row.getByRole('switch', { name: `${itemName}: available today` });
    await expect(availability).toHaveAttribute('aria-checked', 'true');
    const patched = page.waitForResponse((response) => response.request().method() === 'PATCH');
    await availability.click();
    await expect(availability).toHaveAttribute('aria-checked', 'false');
    await expect(row).toContainText('Not available today');
    expect((await patched).status()).toBe(200);

    await guest.reload();
    await expect(guest.getByRole('article', { name: itemName })).toContainText('Not available today');
    await guestContext.close();

    await page.reload();
    await expect(itemRow(page, itemName).getByRole('switch')).toHaveAttribute('aria-checked', 'false');

    // Editing keeps the groups and sends only what changed.
    await itemRow(page, itemName)
      .getByRole('button', { name: `Edit ${itemName}` })
      .click();
    const edit = page.getByRole('dialog', { name: 'Edit menu item' });
    await expect(edit.getByRole('group', { name: 'Modifier group 1' }).getByLabel('Group name')).toHaveValue(
      'Size',
    );
    await expect(edit.getByRole('group', { name: 'Option 2' }).getByLabel('Price difference')).toHaveValue(
      '1.50',
    );
    await edit.getByLabel('Price', { exact: true }).fill('4.80');
    const change = page.waitForRequest((request) => request.method() === 'PATCH');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    expect((await change).postDataJSON()).toEqual({ price: 480, version: expect.any(Number) });
    await expect(page.getByText('Menu item updated')).toBeVisible();
    await expect(itemRow(page, itemName)).toContainText(await moneyText(page.request, 480));
  });

  test('duplicate an item, reorder items and categories with the arrows, archive and restore', async ({
    page,
    baseURL,
  }) => {
    test.slow();
    const run = unique();
    await signInByApi(page, baseURL!, E2E_USERS.admin);
    const first = await createCategory(page, baseURL!, `Bakery ${run}`);
    const second = await createCategory(page, baseURL!, `Juices ${run}`);
    const croissant = `Croissant ${run}`;
    const scone = `Scone ${run}`;
    await createItem(page, baseURL!, { name: croissant, categoryId: first.id, price: 300 });
    await createItem(page, baseURL!, { name: scone, categoryId: first.id, price: 350 });

    await page.goto(`/menu?category=${first.id}`);
    await expect.poll(() => rowNames(page)).toEqual([croissant, scone]);

    // Duplicate: the copy comes right after the original, hidden online.
    await itemRow(page, croissant)
      .getByRole('button', { name: `More actions for ${croissant}` })
      .click();
    await page.getByRole('menuitem', { name: 'Duplicate' }).click();
    const copy = `${croissant} (copy)`;
    await expect(page.getByText(`Copied as “${copy}” — hidden online until you edit it`)).toBeVisible();
    await expect.poll(() => rowNames(page)).toEqual([croissant, copy, scone]);
    await expect(itemRow(page, copy)).toContainText('Hidden online');

    // Arrows: the scone goes up one place, and stays there after a reload.
    const reordered = page.waitForResponse((response) => response.url().endsWith('/api/menu/items/reorder'));
    await itemRow(page, scone)
      .getByRole('button', { name: `Move ${scone} up` })
      .click();
    await expect.poll(() => rowNames(page)).toEqual([croissant, scone, copy]);
    expect((await reordered).status()).toBe(204);
    await page.reload();
    await expect.poll(() => rowNames(page)).toEqual([croissant, scone, copy]);
    await expect(
      itemRow(page, croissant).getByRole('button', { name: `Move ${croissant} up` }),
    ).toBeDisabled();

    // Categories: the newest one moves above the one made before it.
    const before = await categoryOrder(page);
    expect(before.indexOf(second.name)).toBe(before.indexOf(first.name) + 1);
    const categoriesReordered = page.waitForResponse((response) =>
      response.url().endsWith('/api/food-categories/reorder'),
    );
    await page.getByRole('button', { name: `Move ${second.name} up` }).click();
    expect((await categoriesReordered).status()).toBe(204);
    await page.reload();
    await expect(page.getByTestId('menu-item-row').first()).toBeVisible();
    const after = await categoryOrder(page);
    expect(after.indexOf(second.name)).toBe(after.indexOf(first.name) - 1);

    // Archive takes the copy off the list; it waits under Archived, and comes back.
    await itemRow(page, copy)
      .getByRole('button', { name: `More actions for ${copy}` })
      .click();
    await page.getByRole('menuitem', { name: 'Archive' }).click();
    await expect(page.getByText(`“${copy}” archived`)).toBeVisible();
    await expect.poll(() => rowNames(page)).toEqual([croissant, scone]);
    await page.getByRole('button', { name: 'Archived', exact: true }).click();
    await expect.poll(() => rowNames(page)).toEqual([copy]);
    await itemRow(page, copy)
      .getByRole('button', { name: `More actions for ${copy}` })
      .click();
    await page.getByRole('menuitem', { name: 'Restore' }).click();
    await expect(page.getByText(`“${copy}” is back on the menu`)).toBeVisible();
    await expect(page.getByText('No archived items in this category.')).toBeVisible();

    // A refused switch goes back and says why.
    await page.getByRole('button', { name: 'Active', exact: true }).click();
    await page.route('**/api/menu/items/*', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({ error: { code: 'unavailable', message: 'The kitchen is offline.' } }),
          })
        : route.fallback(),
    );
    const sconeSwitch = itemRow(page, scone).getByRole('switch', { name: `${scone}: available today` });
    await sconeSwitch.click();
    await expect(page.getByText('The kitchen is offline.')).toBeVisible();
    await expect(sconeSwitch).toHaveAttribute('aria-checked', 'true');
    await page.unroute('**/api/menu/items/*');

    // "All items" searches every category and groups what it finds.
    await page
      .getByRole('button', { name: /^All items/ })
      .filter({ visible: true })
      .click();
    await page.getByRole('searchbox', { name: 'Search all items' }).fill(run);
    const bakery = page.getByRole('region', { name: first.name });
    await expect(bakery.getByTestId('menu-item-row')).toHaveCount(3);
    await page
      .getByRole('button', { name: new RegExp(`^${first.name}`) })
      .filter({ visible: true })
      .click();

    // Delete asks first.
    await itemRow(page, copy)
      .getByRole('button', { name: `More actions for ${copy}` })
      .click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: `Delete “${copy}”?` });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(`“${copy}” deleted`)).toBeVisible();
    await expect.poll(() => rowNames(page)).toEqual([croissant, scone]);
  });

  for (const viewport of [PHONE, DESKTOP]) {
    test(`screenshots of Menu Management at ${viewport.width}x${viewport.height}`, async ({
      page,
      baseURL,
    }, testInfo) => {
      const run = unique();
      await page.setViewportSize(viewport);
      await signInByApi(page, baseURL!, E2E_USERS.admin);
      const drinks = await createCategory(page, baseURL!, `Hot drinks ${run}`);
      const latte = await createItem(page, baseURL!, {
        name: `Caffè Latte ${run}`,
        description: 'Double espresso with silky steamed milk.',
        categoryId: drinks.id,
        price: 450,
        station: 'bar',
        tags: ['vegetarian', 'popular'],
        allergens: ['milk'],
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
      const photo = await page.request.post(`/api/menu/items/${latte.id}/photo`, {
        multipart: { photo: { name: 'latte.jpg', mimeType: 'image/jpeg', buffer: await coffeePhoto() } },
        headers: { origin: baseURL! },
      });
      expect(photo.status(), await photo.text()).toBe(200);
      await createItem(page, baseURL!, {
        name: `Hot Chocolate ${run}`,
        categoryId: drinks.id,
        price: 420,
        availableToday: false,
        allergens: ['milk'],
      });
      await createItem(page, baseURL!, {
        name: `Chai ${run}`,
        categoryId: drinks.id,
        price: 390,
        shownOnline: false,
        tags: ['vegan'],
      });

      await page.goto(`/menu?category=${drinks.id}`);
      await expect(page.getByTestId('menu-item-row')).toHaveCount(3);
      await expect(itemRow(page, latte.name).locator('img')).toHaveJSProperty('complete', true);
      await saveScreenshot(page, testInfo, 'menu');

      await itemRow(page, latte.name).getByRole('button', { name: latte.name, exact: true }).click();
      const panel = page.getByRole('dialog', { name: 'Edit menu item' });
      await expect(panel).toBeVisible();
      await expect(panel.getByRole('img', { name: latte.name })).toHaveJSProperty('complete', true);
      await saveScreenshot(page, testInfo, 'menu-item-form', { viewportOnly: true });
      await panel.getByRole('button', { name: 'Add modifier group' }).scrollIntoViewIfNeeded();
      await saveScreenshot(page, testInfo, 'menu-item-form-groups', { viewportOnly: true });
    });
  }
});

import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { openDatabase } from '../../src/server/db/client';
import { withTransaction } from '../../src/server/db/transaction';
import { postStockMovements } from '../../src/server/modules/inventory';
import type { PublicConfig } from '../../src/shared/contracts/config';
import type { InventoryItem } from '../../src/shared/contracts/inventory';
import type { Unit } from '../../src/shared/contracts/master-data';
import type { Order } from '../../src/shared/contracts/orders';
import type { Recipe } from '../../src/shared/contracts/recipes';
import { formatMoney } from '../../src/shared/money';
import { buildCategory, buildMenuItem, type FactoryClient } from '../support/factories';
import { expect, test } from './fixtures';
import { apiClient, PHONE, saveScreenshot, signInByApi } from './helpers';
import { E2E_USERS } from './users';

/**
 * Recipes in Menu Management: the owner gives a latte its recipe (18 g of coffee kept in kg, 200 ml
 * of whole milk kept in litres) and its options' (oat milk replaces the whole milk; an extra shot
 * adds 9 g of coffee), and sees the cost of the dish, of each option and the food cost percent.
 */

const DESKTOP = { width: 1280, height: 800 };
const unique = () => randomBytes(3).toString('hex');

async function created<T>(client: FactoryClient, path: string, body: unknown): Promise<T> {
  const answer = await client.send('POST', path, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as T;
}

/** The unit with this symbol (symbols are unique), made when the database has none yet. */
async function unitOf(
  request: APIRequestContext,
  client: FactoryClient,
  symbol: string,
  base: Unit | null,
  run: string,
): Promise<Unit> {
  const list = (await (await request.get('/api/units?limit=500')).json()) as { items: Unit[] };
  const found = list.items.find((unit) => unit.symbol === symbol);
  if (found) {
    expect(found.baseUnitId).toBe(base?.id ?? null);
    return found;
  }
  return created<Unit>(client, '/api/units', {
    name: `${symbol} ${run}`,
    symbol,
    ...(base ? { baseUnitId: base.id, factor: 0.001 } : {}),
  });
}

/** Stock received at a cost, through the one posting primitive, in the app's database. */
async function receive(items: { item: InventoryItem; thousandths: number; cost: number }[]) {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error('E2E_DATABASE_URL is not set: tests/e2e/global-setup.ts sets it');
  const handle = openDatabase(url, { max: 1 });
  try {
    await withTransaction(handle.db, (tx) =>
      postStockMovements(
        tx,
        null,
        items.map(({ item, thousandths, cost }) => ({
          itemId: item.id,
          type: 'purchase-receipt' as const,
          quantity: thousandths,
          receiptCost: cost,
          reason: 'Delivery',
        })),
      ),
    );
  } finally {
    await handle.close();
  }
}

/** A takeaway of one `menuItemId` at the point of sale, as the admin. */
async function placeOrder(client: FactoryClient, menuItemId: string): Promise<Order> {
  const answer = await client.send(
    'POST',
    '/api/orders',
    { type: 'takeaway', lines: [{ menuItemId, quantity: 1 }] },
    { 'Idempotency-Key': crypto.randomUUID() },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as Order;
}

async function addIngredient(scope: ReturnType<Page['getByRole']>, label: string, name: string) {
  await scope.getByRole('searchbox', { name: label, exact: true }).fill(name);
  await scope.getByRole('button', { name: new RegExp(name) }).click();
}

test.describe('recipes', () => {
  test('the owner gives a latte its recipe and options in Menu Management and sees the food cost', async ({
    page,
    baseURL,
  }, testInfo) => {
    test.slow();
    const run = unique();
    await signInByApi(page, baseURL!, E2E_USERS.admin);
    const owner = apiClient(page.request, baseURL!);
    const config = (await (await page.request.get('/api/config')).json()) as PublicConfig;
    const money = (minor: number) => formatMoney(minor, config.currency, config.locale);

    const kg = await unitOf(page.request, owner, 'kg', null, run);
    const gram = await unitOf(page.request, owner, 'g', kg, run);
    const litre = await unitOf(page.request, owner, 'l', null, run);
    const ml = await unitOf(page.request, owner, 'ml', litre, run);
    const item = (name: string, unit: Unit) =>
      created<InventoryItem>(owner, '/api/inventory/items', { name, group: 'ingredient', unitId: unit.id });
    const coffee = await item(`Coffee beans ${run}`, kg);
    const milk = await item(`Whole milk ${run}`, litre);
    const oat = await item(`Oat milk ${run}`, litre);
    // Coffee at 25.00 a kg, whole milk at 1.20 a litre, oat milk at 3.00 a litre.
    await receive([
      { item: coffee, thousandths: 10_000, cost: 25_000 },
      { item: milk, thousandths: 10_000, cost: 1_200 },
      { item: oat, thousandths: 10_000, cost: 3_000 },
    ]);
    const category = await buildCategory(owner, { name: `Recipes ${run}` });
    const latte = await buildMenuItem(owner, {
      categoryId: category.id,
      name: `Latte ${run}`,
      price: 450,
      modifierGroups: [
        { name: 'Milk', minChoices: 0, maxChoices: 1, options: [{ name: 'Oat milk', priceDelta: 50 }] },
        { name: 'Extras', minChoices: 0, maxChoices: 1, options: [{ name: 'Extra shot', priceDelta: 80 }] },
      ],
    });

    // An order rung up before the latte had a recipe takes nothing for it, and says so.
    const earlier = await placeOrder(owner, latte.id);

    await page.setViewportSize(DESKTOP);
    await page.goto(`/menu?category=${category.id}`);
    await page
      .getByRole('listitem', { name: latte.name, exact: true })
      .getByRole('button', { name: latte.name, exact: true })
      .click();
    const panel = page.getByRole('dialog', { name: 'Edit menu item' });
    await expect(panel.getByRole('heading', { name: 'Recipe' })).toBeVisible();
    await expect(panel.getByText('No ingredients yet')).toBeVisible();

    // The dish: 18 g of coffee (kept in kg) and 200 ml of whole milk (kept in litres).
    await addIngredient(panel, 'Add an ingredient', coffee.name);
    await panel.getByLabel(`Quantity of ${coffee.name}`).first().fill('18');
    const coffeeRow = panel.getByRole('listitem').filter({ hasText: coffee.name }).first();
    await coffeeRow.getByLabel('Unit').selectOption(gram.id);
    await addIngredient(panel, 'Add an ingredient', milk.name);
    await panel.getByLabel(`Quantity of ${milk.name}`).first().fill('200');
    await panel
      .getByRole('listitem')
      .filter({ hasText: milk.name })
      .first()
      .getByLabel('Unit')
      .selectOption(ml.id);

    // Oat milk replaces the whole milk; an extra shot adds 9 g of coffee.
    const oatOption = panel.getByRole('region', { name: 'Milk: Oat milk' });
    await addIngredient(oatOption, 'Add an ingredient to Oat milk', oat.name);
    await oatOption.getByLabel(`Quantity of ${oat.name}`).fill('200');
    await oatOption.getByLabel('Unit').selectOption(ml.id);
    await oatOption.getByLabel('Replaces').selectOption({ label: milk.name });
    const shotOption = panel.getByRole('region', { name: 'Extras: Extra shot' });
    await addIngredient(shotOption, 'Add an ingredient to Extra shot', coffee.name);
    await shotOption.getByLabel(`Quantity of ${coffee.name}`).fill('9');
    await shotOption.getByLabel('Unit').selectOption(gram.id);
    await expect(panel.getByText('Unsaved changes')).toBeVisible();

    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith(`/api/menu/items/${latte.id}/recipe`) &&
        response.request().method() === 'PUT',
    );
    await panel.getByRole('button', { name: 'Save recipe' }).click();
    expect((await saved).status()).toBe(200);
    await expect(panel.getByRole('status').filter({ hasText: 'Recipe saved.' })).toBeVisible();

    // 0.018 kg × 25.00 = 0.45 and 0.2 l × 1.20 = 0.24: 0.69, 15.3 % of 4.50.
    await expect(panel.getByTestId('recipe-cost')).toHaveText(money(69));
    await expect(panel.getByTestId('recipe-food-cost')).toHaveText('15.3 %');
    // Oat milk: 0.60 instead of 0.24, +0.36, (0.69 + 0.36) / 5.00 = 21 %; extra shot: +0.23, 17.4 %.
    await expect(oatOption.getByTestId('option-cost')).toHaveText(`+${money(36)} · 21.0 %`);
    await expect(shotOption.getByTestId('option-cost')).toHaveText(`+${money(23)} · 17.4 %`);
    const recipe = (await (await page.request.get(`/api/menu/items/${latte.id}/recipe`)).json()) as Recipe;
    expect(recipe.lines.map((line) => [line.inventoryItemId, line.stockQuantity])).toEqual([
      [coffee.id, '0.018'],
      [milk.id, '0.200'],
    ]);
    expect(recipe.options.find((option) => option.optionName === 'Oat milk')?.lines[0]?.replaces).toBe(
      milk.id,
    );

    await panel.getByRole('heading', { name: 'Recipe' }).scrollIntoViewIfNeeded();
    await saveScreenshot(page, testInfo, 'recipe-editor', { viewportOnly: true });
    await oatOption.scrollIntoViewIfNeeded();
    await saveScreenshot(page, testInfo, 'recipe-editor-options', { viewportOnly: true });

    // On a phone: the panel takes the screen; the recipe reads and edits the same.
    await page.setViewportSize(PHONE);
    await page.reload();
    await page
      .getByRole('listitem', { name: latte.name, exact: true })
      .getByRole('button', { name: latte.name, exact: true })
      .click();
    const phonePanel = page.getByRole('dialog', { name: 'Edit menu item' });
    await expect(phonePanel.getByTestId('recipe-food-cost')).toHaveText('15.3 %');
    await phonePanel.getByRole('heading', { name: 'Recipe' }).scrollIntoViewIfNeeded();
    await saveScreenshot(page, testInfo, 'recipe-editor', { viewportOnly: true });
    await phonePanel.getByRole('region', { name: 'Milk: Oat milk' }).scrollIntoViewIfNeeded();
    await saveScreenshot(page, testInfo, 'recipe-editor-options', { viewportOnly: true });

    // The item's own "Save changes" saves the recipe's unsaved changes too: a double extra shot.
    await phonePanel
      .getByRole('region', { name: 'Extras: Extra shot' })
      .getByLabel(`Quantity of ${coffee.name}`)
      .fill('18');
    await phonePanel.getByRole('button', { name: 'Save changes' }).click();
    await expect(phonePanel).toBeHidden();
    const after = (await (await page.request.get(`/api/menu/items/${latte.id}/recipe`)).json()) as Recipe;
    const shot = after.options.find((option) => option.optionName === 'Extra shot');
    expect(shot?.lines.map((line) => line.stockQuantity)).toEqual(['0.018']);
    expect(shot?.costChange).toBe(45);

    // The order rung up before the recipe: its page tells staff the latte takes no stock.
    await page.goto(`/orders/${earlier.id}`);
    await expect(page.getByTestId('stock-not-taken')).toContainText(`1 × ${latte.name}`);
    await expect(page.getByTestId('stock-not-taken')).toContainText('before the item had a recipe');
    await page.getByTestId('stock-not-taken').scrollIntoViewIfNeeded();
    await saveScreenshot(page, testInfo, 'recipe-order-stock-notice', { viewportOnly: true });
    await page.setViewportSize(DESKTOP);
    await saveScreenshot(page, testInfo, 'recipe-order-stock-notice', { viewportOnly: true });
  });
});

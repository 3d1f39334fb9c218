import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import type { InventoryItem } from '../../src/shared/contracts/inventory';
import type { Supplier, Unit } from '../../src/shared/contracts/master-data';
import type { FactoryClient } from '../support/factories';
import { expect, test } from './fixtures';
import { ownerClient } from './guests';
import { axeViolations, PHONE, saveScreenshot, signInByApi } from './helpers';
import { E2E_USERS } from './users';

/**
 * Inventory Management as an owner works it: add an item with its levels and supplier, bring stock in
 * with an adjustment, bin some in grams of a kilogram item, see it turn low and find it by the filters;
 * import items from a CSV file whose refused rows are named; and read where stock went.
 */

const DESKTOP = { width: 1280, height: 800 };
const run = randomBytes(3).toString('hex');

async function created<T>(client: FactoryClient, path: string, body: unknown): Promise<T> {
  const answer = await client.send('POST', path, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as T;
}

/** A kilogram and a gram of this test (units' names and symbols are unique), and a supplier. */
async function setUp(owner: FactoryClient) {
  const own = randomBytes(2).toString('hex');
  const kilogram = await created<Unit>(owner, '/api/units', { name: `Kilogram ${own}`, symbol: `kg${own}` });
  const gram = await created<Unit>(owner, '/api/units', {
    name: `Gram ${own}`,
    symbol: `g${own}`,
    baseUnitId: kilogram.id,
    factor: 0.001,
  });
  const supplier = await created<Supplier>(owner, '/api/suppliers', { name: `Mill ${run}${own}` });
  return { kilogram, gram, supplier };
}

async function itemNamed(request: APIRequestContext, name: string): Promise<InventoryItem> {
  const response = await request.get(`/api/inventory/items?search=${encodeURIComponent(name)}`);
  const page = (await response.json()) as { items: InventoryItem[] };
  const item = page.items.find((candidate) => candidate.name === name);
  expect(item, `no item named ${name}`).toBeDefined();
  return item!;
}

test('an owner adds an item, brings stock in, bins some in grams, and finds it low', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  test.slow();
  const owner = await ownerClient(request, baseURL!);
  const { kilogram, gram, supplier } = await setUp(owner);
  const name = `Bread flour ${run}`;

  await page.setViewportSize(DESKTOP);
  await signInByApi(page, baseURL!, E2E_USERS.admin);
  await page.goto('/inventory');
  await expect(page.getByRole('heading', { name: 'Inventory', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Stock at a glance')).toContainText('Below zero');

  // Add: the stock unit, levels and the preferred supplier.
  await page.getByRole('button', { name: 'Add item' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add inventory item' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Stock unit', { exact: true }).selectOption(kilogram.id);
  await dialog.getByLabel('Reorder level (optional)').fill('2');
  await dialog.getByLabel('Par level (optional)').fill('10');
  await dialog.getByLabel('Preferred supplier (optional)').selectOption(supplier.id);
  // A purchase unit without its factor is refused before anything is sent.
  await dialog.getByLabel('Purchase unit (optional)').selectOption(kilogram.id);
  await dialog.getByRole('button', { name: 'Add item' }).click();
  await expect(dialog.getByText('Say how many stock units one purchase unit holds')).toBeVisible();
  await dialog.getByLabel('Purchase unit (optional)').selectOption('');
  await saveScreenshot(page, testInfo, 'inventory-add-item', { viewportOnly: true });
  await dialog.getByRole('button', { name: 'Add item' }).click();
  await expect(dialog).toBeHidden();

  // Found by search; it starts with nothing.
  await page.getByRole('searchbox', { name: 'Search items' }).fill(run);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(`0 ${kilogram.symbol}`);
  await expect(row).toContainText(supplier.name);
  await row.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();

  // Stock in by an adjustment, then 500 g of the kilogram item binned as dropped.
  await page.getByRole('button', { name: 'Adjustment' }).click();
  await page.getByLabel('Change (+ or −)').fill('5');
  await page.getByLabel('Reason').fill('Opening stock');
  await page.getByRole('button', { name: 'Record adjustment' }).click();
  const facts = page.locator('dl').first();
  await expect(facts).toContainText(`5 ${kilogram.symbol}`);
  await page.getByRole('button', { name: 'Waste' }).click();
  await page.getByLabel('Quantity wasted').fill('500');
  await page.getByLabel('Unit').selectOption(gram.id);
  await page.getByLabel('Reason').selectOption('dropped');
  await page.getByRole('button', { name: 'Record waste' }).click();
  await expect(facts).toContainText(`4.5 ${kilogram.symbol}`);
  // "Other" needs words for what happened.
  await page.getByLabel('Quantity wasted').fill('3');
  await page.getByLabel('Reason').selectOption('other');
  await page.getByRole('button', { name: 'Record waste' }).click();
  await expect(page.getByText('Say what happened')).toBeVisible();
  await page.getByLabel('What happened').fill('Mice in the sack');
  await page.getByRole('button', { name: 'Record waste' }).click();
  await expect(facts).toContainText(`1.5 ${kilogram.symbol}`);
  await expect(facts).toContainText('Low');

  const movements = page.getByRole('region', { name: 'Movements' }).getByRole('listitem');
  await expect(movements).toHaveCount(3);
  await expect(movements.nth(0)).toContainText('Other: Mice in the sack');
  await expect(movements.nth(0)).toContainText(`-3 ${kilogram.symbol}`);
  await expect(movements.nth(1)).toContainText('Dropped');
  await expect(movements.nth(1)).toContainText(`-0.5 ${kilogram.symbol}`);
  await expect(movements.nth(2)).toContainText('Opening stock');
  await saveScreenshot(page, testInfo, 'inventory-item');
  expect(await axeViolations(page)).toEqual([]);
  // The books agree: on hand is the sum of the three movements.
  expect((await itemNamed(request, name)).onHand).toBe('1.500');

  // Back on the list: low stock only, and this supplier's.
  await page.getByRole('link', { name: 'Inventory', exact: true }).click();
  await page.getByRole('switch', { name: 'Low stock only' }).click();
  await page.getByLabel('Supplier').selectOption(supplier.id);
  await expect(page).toHaveURL(/low=1/);
  const lowRow = page.getByRole('row').filter({ hasText: name });
  await expect(lowRow).toContainText('Low');
  await expect(page.getByRole('row')).toHaveCount(2);
  await saveScreenshot(page, testInfo, 'inventory-list');
  expect(await axeViolations(page)).toEqual([]);

  // The export link carries the filters and gives the same item.
  const href = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
  expect(href).toContain('lowStock=true');
  const file = await request.get(href!);
  expect(await file.text()).toContain(name);

  // On a phone: cards instead of the table, and the item page.
  await page.setViewportSize(PHONE);
  await expect(page.getByRole('list', { name: 'Inventory items' })).toContainText(name);
  await saveScreenshot(page, testInfo, 'inventory-list');
  await page.getByRole('list', { name: 'Inventory items' }).getByRole('link').first().click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await saveScreenshot(page, testInfo, 'inventory-item');
});

test('an import names every refused row and adds nothing until the file is right', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const owner = await ownerClient(request, baseURL!);
  const { kilogram } = await setUp(owner);
  // The names of this test's rows alone hold this tag.
  const tag = `imp${run}`;
  await page.setViewportSize(DESKTOP);
  await signInByApi(page, baseURL!, E2E_USERS.admin);
  await page.goto('/inventory');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import items' });
  const header = 'Name,Group,Unit,Reorder level\n';
  const bad = `${header}Rye ${tag},ingredient,${kilogram.symbol},1\nSpelt ${tag},grain,${kilogram.symbol},1\nOats ${tag},ingredient,nope${tag},x\n`;
  await dialog
    .getByLabel('CSV file')
    .setInputFiles({ name: 'items.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
  await dialog.getByRole('button', { name: 'Import' }).click();
  const refused = dialog.getByRole('list', { name: 'Refused rows' });
  await expect(refused).toContainText('Row 3 · Group');
  await expect(refused).toContainText('Row 4 · Unit');
  await expect(refused).toContainText('Row 4 · Reorder level');
  await saveScreenshot(page, testInfo, 'inventory-import-refused', { viewportOnly: true });
  const none = await request.get(`/api/inventory/items?search=${tag}`);
  expect(((await none.json()) as { items: unknown[] }).items).toHaveLength(0);

  const good = `${header}Rye ${tag},ingredient,${kilogram.symbol},1\nSpelt ${tag},ingredient,${kilogram.symbol},\n`;
  await dialog
    .getByLabel('CSV file')
    .setInputFiles({ name: 'items.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('2 items added')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search items' }).fill(run);
  await expect(page.getByRole('row').filter({ hasText: `Spelt ${tag}` })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: `Rye ${tag}` })).toContainText('1 kg');
});

test('where stock went: the period’s waste per item, its total, and the CSV file', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const owner = await ownerClient(request, baseURL!);
  const { kilogram } = await setUp(owner);
  const item = await created<InventoryItem>(owner, '/api/inventory/items', {
    name: `Sugar ${run}`,
    group: 'ingredient',
    unitId: kilogram.id,
  });
  for (const [type, quantity, reason] of [
    ['adjustment', '10', 'Opening stock'],
    ['waste', '2', 'spoiled'],
  ] as const) {
    const answer = await owner.send('POST', '/api/inventory/movements', {
      itemId: item.id,
      type,
      quantity,
      reason,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  }

  await page.setViewportSize(DESKTOP);
  await signInByApi(page, baseURL!, E2E_USERS.admin);
  await page.goto('/inventory');
  await page.getByRole('link', { name: 'Where stock went' }).click();
  await expect(page.getByRole('heading', { name: 'Where stock went', level: 1 })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: `Sugar ${run}` });
  // Opening 0, adjusted +10, wasted -2, closing 8.
  await expect(row.getByRole('cell').nth(3)).toContainText('-2');
  await expect(row.getByRole('cell').nth(4)).toContainText('10');
  await expect(row.getByRole('cell').nth(6)).toContainText('8');
  await saveScreenshot(page, testInfo, 'inventory-usage');
  expect(await axeViolations(page)).toEqual([]);

  const href = await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href');
  expect(href).toContain('format=csv');
  const file = await request.get(href!);
  expect(file.headers()['content-type']).toContain('text/csv');
  expect(await file.text()).toContain(`Sugar ${run}`);

  // A period that ends before it starts is said so, not sent.
  await page.getByLabel('From').fill('2030-01-02');
  await page.getByLabel('To').fill('2030-01-01');
  await expect(page.getByText('The first day is after the last one.')).toBeVisible();

  await page.goto('/inventory/usage');
  await page.setViewportSize(PHONE);
  await expect(page.getByRole('row').filter({ hasText: `Sugar ${run}` })).toBeVisible();
  await saveScreenshot(page, testInfo, 'inventory-usage');
});

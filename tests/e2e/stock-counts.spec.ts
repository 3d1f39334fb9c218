import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import type { InventoryItem } from '../../src/shared/contracts/inventory';
import type { StockCountPage } from '../../src/shared/contracts/stock-counts';
import type { FactoryClient } from '../support/factories';
import { expect, test } from './fixtures';
import { ownerClient } from './guests';
import { axeViolations, PHONE, saveScreenshot, signInByApi } from './helpers';
import { E2E_USERS } from './users';

/**
 * A stock count on phones by two people at once: one starts a count of the group Other (the demo cafe's pantry has none), both open it,
 * each counts some lines and sees the other's lines appear live, then the first finishes it after a
 * confirm that shows the differences; the finished count is read-only with its value difference.
 */

const DESKTOP = { width: 1280, height: 800 };
const run = randomBytes(3).toString('hex');

async function send(owner: FactoryClient, path: string, body: unknown) {
  const response = await owner.send('POST', path, body);
  expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
  return response.body;
}

async function read<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

/** Six drinks of the group Other in two storage areas, each with stock on the books; no count left open. */
async function setUp(owner: FactoryClient, request: APIRequestContext) {
  const open = await read<StockCountPage>(request, '/api/inventory/counts?status=open');
  for (const count of open.items) {
    await send(owner, `/api/inventory/counts/${count.id}/cancel`, { version: count.version });
  }
  const unit = (await send(owner, '/api/units', { name: `Bottle ${run}`, symbol: `btl${run}` })) as {
    id: string;
  };
  const specs = [
    ['Oat milk', 'Walk-in fridge', 1, '12'],
    ['Whole milk', 'Walk-in fridge', 2, '20'],
    ['Orange juice', 'Walk-in fridge', 3, '8'],
    ['Sparkling water', 'Dry store', 10, '48'],
    ['Cola', 'Dry store', 11, '24'],
    ['Ginger beer', 'Dry store', 12, '18'],
  ] as const;
  const items: InventoryItem[] = [];
  for (const [name, storageArea, storageOrder, stock] of specs) {
    const item = (await send(owner, '/api/inventory/items', {
      name: `${name} ${run}`,
      group: 'other',
      unitId: unit.id,
      storageArea,
      storageOrder,
    })) as InventoryItem;
    await send(owner, '/api/inventory/movements', {
      itemId: item.id,
      type: 'adjustment',
      quantity: stock,
      reason: 'Opening stock',
    });
    items.push(item);
  }
  return items;
}

const input = (page: Page, item: InventoryItem) => page.getByLabel(item.name, { exact: true });
const line = (page: Page, item: InventoryItem) =>
  page.locator(`[data-testid="count-line"][data-item-id="${item.id}"]`);

async function countLine(page: Page, item: InventoryItem, quantity: string) {
  await input(page, item).fill(quantity);
  await expect(line(page, item).getByTestId('line-saved')).toBeVisible();
}

test('two people count one count on phones, see each other’s lines live, and finish it', async ({
  page,
  request,
  browser,
  baseURL,
}, testInfo) => {
  test.slow();
  const owner = await ownerClient(request, baseURL!);
  const [oat, whole, juice, water, cola, ginger] = (await setUp(owner, request)) as [
    InventoryItem,
    InventoryItem,
    InventoryItem,
    InventoryItem,
    InventoryItem,
    InventoryItem,
  ];

  // The first counter starts a count of the group on a phone.
  await page.setViewportSize(PHONE);
  await signInByApi(page, baseURL!, E2E_USERS.admin);
  await page.goto('/inventory/counts');
  await expect(page.getByRole('heading', { name: 'Stock counts', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Other', exact: true }).click();
  await page.getByLabel('Note (optional)').fill(`Friday close ${run}`);
  await saveScreenshot(page, testInfo, 'stock-counts-start');
  await page.getByRole('button', { name: 'Start count' }).click();
  await expect(page.getByRole('heading', { name: 'Count of other', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/inventory\/counts\/[0-9a-f-]{36}$/);
  const countUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { name: 'Walk-in fridge' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Dry store' })).toBeVisible();

  // The second counter opens the same count on their own phone.
  const other = await browser.newContext({ baseURL, viewport: PHONE });
  const second = await other.newPage();
  await signInByApi(second, baseURL!, E2E_USERS.admin);
  await second.goto(countUrl);
  await expect(second.getByRole('heading', { name: 'Count of other', level: 1 })).toBeVisible();

  // Each counts their own lines; each sees the other's appear without reloading.
  await countLine(page, oat, '11');
  await countLine(second, water, '48');
  await countLine(page, whole, '20.5');
  await countLine(second, cola, '22');
  await expect(input(second, oat)).toHaveValue('11');
  await expect(input(second, whole)).toHaveValue('20.5');
  await expect(input(page, water)).toHaveValue('48');
  await expect(input(page, cola)).toHaveValue('22');
  await expect(line(page, cola)).toContainText('Counted by');

  // The search finds one item; counting it raises the progress on both phones.
  await page.getByRole('searchbox', { name: 'Find an item' }).fill('ginger');
  await expect(page.getByTestId('count-line')).toHaveCount(1);
  await countLine(page, ginger, '18');
  await page.getByRole('searchbox', { name: 'Find an item' }).fill('');
  await expect(page.getByTestId('count-progress')).toContainText('5 of');
  await expect(second.getByTestId('count-progress')).toContainText('5 of');
  await expect(input(page, juice)).toHaveValue('');
  await saveScreenshot(page, testInfo, 'stock-count-counting', { viewportOnly: true });
  await saveScreenshot(second, testInfo, 'stock-count-second-counter');
  expect(await axeViolations(page)).toEqual([]);

  // Finishing shows what will change: oat milk -1, whole milk +0.5, cola -2; the juice stays.
  await page.getByRole('button', { name: 'Finish count' }).click();
  const dialog = page.getByRole('dialog', { name: 'Finish the count?' });
  await expect(dialog).toContainText('3 items change');
  await expect(dialog).toContainText(`Oat milk ${run}`);
  await expect(dialog).toContainText('-1 btl');
  await expect(dialog).toContainText('+0.5 btl');
  await expect(dialog).toContainText('-2 btl');
  await expect(dialog).toContainText('1 item was not counted');
  await saveScreenshot(page, testInfo, 'stock-count-finish-confirm', { viewportOnly: true });
  await dialog.getByRole('button', { name: 'Finish count' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('count-value-difference')).toBeVisible();
  await expect(page.getByText('3 of 6 items adjusted')).toBeVisible();
  await expect(page.getByRole('textbox')).toHaveCount(0);
  // The other phone turns read-only by itself.
  await expect(second.getByTestId('count-value-difference')).toBeVisible();
  await expect(second.getByLabel(oat.name, { exact: true })).toHaveCount(0);
  await saveScreenshot(page, testInfo, 'stock-count-finished');
  await other.close();

  // Stock on the books is now what was counted.
  const afterOat = await read<InventoryItem>(request, `/api/inventory/items/${oat.id}`);
  const afterJuice = await read<InventoryItem>(request, `/api/inventory/items/${juice.id}`);
  expect(afterOat.onHand).toBe('11.000');
  expect(afterJuice.onHand).toBe('8.000');

  // On a desktop: the finished count, and the list with its value difference.
  await page.setViewportSize(DESKTOP);
  await saveScreenshot(page, testInfo, 'stock-count-finished');
  await page.getByRole('link', { name: 'Stock counts' }).click();
  const row = page.getByTestId('count-row').filter({ hasText: `Friday close ${run}` });
  await expect(row).toContainText('Finished');
  await expect(row).toContainText('5 of 6 counted');
  await saveScreenshot(page, testInfo, 'stock-counts-list');
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize(PHONE);
  await saveScreenshot(page, testInfo, 'stock-counts-list');
});

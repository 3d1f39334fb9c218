import { randomBytes } from 'node:crypto';
import type { InventoryItem } from '../../src/shared/contracts/inventory';
import { buildSupplier, buildUnit, type FactoryClient } from '../support/factories';
import { expect, test } from './fixtures';
import { signIn } from './guests';
import { apiClient, axeViolations, PHONE, saveScreenshot } from './helpers';
import { latestOutboxBody } from './outbox';
import { E2E_USERS } from './users';

/**
 * Purchase orders: two items of a supplier run low; the owner lets Brigade suggest an order (flour
 * in whole cases up to its par level, milk in litres), sends it with an e-mail to the supplier, and
 * receives it in two deliveries: part of it first (partly received), the rest later (received), with
 * both deliveries in the history and the stock up in stock units.
 */

const DESKTOP = { width: 1280, height: 800 };

async function createItem(owner: FactoryClient, body: Record<string, unknown>): Promise<InventoryItem> {
  const created = await owner.send('POST', '/api/inventory/items', { group: 'ingredient', ...body });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as InventoryItem;
}

async function stockUp(owner: FactoryClient, item: InventoryItem, quantity: string) {
  const moved = await owner.send('POST', '/api/inventory/movements', {
    itemId: item.id,
    type: 'adjustment',
    quantity,
    reason: 'Opening stock',
  });
  expect(moved.status, JSON.stringify(moved.body)).toBe(201);
}

test('a purchase order suggested from low stock is sent, then received in two deliveries', async ({
  page,
  baseURL,
}, testInfo) => {
  test.slow();
  const run = randomBytes(3).toString('hex');
  await signIn(page.request, baseURL!, E2E_USERS.admin);
  const owner = apiClient(page.request, baseURL!);
  const kg = await buildUnit(owner, { symbol: `kg${run}` });
  const litre = await buildUnit(owner, { symbol: `l${run}` });
  const sack = await buildUnit(owner, { symbol: `sack${run}` });
  const email = `orders-${run}@mill.example.com`;
  const supplier = await buildSupplier(owner, { name: `Mill & Dairy ${run}`, email, contactName: 'Mona' });
  // 5 kg of flour, par 60: 55 kg in sacks of 25 kg is 2.2 sacks, so 3.
  const flour = await createItem(owner, {
    name: `Bread flour ${run}`,
    unitId: kg.id,
    purchaseUnitId: sack.id,
    purchaseFactor: '25',
    reorderLevel: '10',
    parLevel: '60',
    preferredSupplierId: supplier.id,
  });
  await stockUp(owner, flour, '5');
  // 2 l of milk, par 12: 10 l.
  const milk = await createItem(owner, {
    name: `Whole milk ${run}`,
    unitId: litre.id,
    reorderLevel: '4',
    parLevel: '12',
    preferredSupplierId: supplier.id,
  });
  await stockUp(owner, milk, '2');

  // 1. Suggest an order for the supplier.
  await page.setViewportSize(DESKTOP);
  await page.goto('/purchase-orders');
  await expect(page.getByRole('heading', { name: 'Purchase orders', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Suggest an order' }).click();
  const suggest = page.getByRole('dialog', { name: 'Suggest an order' });
  await suggest.getByLabel('Supplier').selectOption({ label: supplier.name });
  await expect(suggest.getByTestId('low-count')).toHaveText('2 items are low.');
  await saveScreenshot(page, testInfo, 'purchase-orders-suggest', { viewportOnly: true });
  await suggest.getByRole('button', { name: 'Suggest', exact: true }).click();
  await expect(page).toHaveURL(/\/purchase-orders\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('purchase-order-status')).toHaveText('Draft');
  const lines = page.getByTestId('draft-line');
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0).getByLabel('Line 1: item')).toHaveValue(flour.id);
  await expect(lines.nth(0).getByLabel('Quantity')).toHaveValue('3');
  await expect(lines.nth(0).getByLabel('Unit', { exact: true })).toHaveValue(sack.id);
  await expect(lines.nth(1).getByLabel('Quantity')).toHaveValue('10');
  const number = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? '';
  expect(number).toMatch(/^PO-\d{4,}$/);
  // The owner sets what the supplier charges before sending.
  await lines.nth(0).getByLabel('Cost per unit').fill('18.50');
  await lines.nth(1).getByLabel('Cost per unit').fill('1.10');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`${number} saved`)).toBeVisible();
  await saveScreenshot(page, testInfo, 'purchase-order-draft');
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize(PHONE);
  await saveScreenshot(page, testInfo, 'purchase-order-draft');
  await page.setViewportSize(DESKTOP);

  // 2. Send it, e-mailed to the supplier.
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const send = page.getByRole('dialog', { name: `Send ${number}` });
  await expect(send.getByRole('checkbox')).toBeChecked();
  await send.getByRole('button', { name: 'Mark as ordered' }).click();
  await expect(send).toBeHidden();
  await expect(page.getByTestId('purchase-order-status')).toHaveText('Ordered');
  const mail = await latestOutboxBody({ recipient: email, purpose: 'purchase-order' });
  expect(mail).toContain(`Bread flour ${run}: 3 sack${run}`);

  // 3. The first delivery: one sack and all the milk, the milk dearer than ordered.
  await page.getByRole('button', { name: 'Receive delivery' }).click();
  let receive = page.getByRole('dialog', { name: `Receive a delivery on ${number}` });
  await receive.getByLabel(`Arriving (sack${run})`).fill('1');
  await receive.getByLabel(`Arriving (l${run})`).fill('10');
  await receive.getByLabel(`Cost per l${run}`).fill('1.20');
  await saveScreenshot(page, testInfo, 'purchase-order-receive', { viewportOnly: true });
  await receive.getByRole('button', { name: 'Receive', exact: true }).click();
  await expect(receive).toBeHidden();
  await expect(page.getByTestId('purchase-order-status')).toHaveText('Partly received');
  await expect(page.getByTestId('line-received')).toHaveText(['1 of 3 received', '10 of 10 received']);

  // 4. The rest, another day, from a phone.
  await page.setViewportSize(PHONE);
  await page.getByRole('button', { name: 'Receive delivery' }).click();
  receive = page.getByRole('dialog', { name: `Receive a delivery on ${number}` });
  await expect(receive.getByTestId('receive-line')).toHaveCount(1);
  await saveScreenshot(page, testInfo, 'purchase-order-receive', { viewportOnly: true });
  await receive.getByRole('button', { name: 'Everything still open' }).click();
  await expect(receive.getByLabel(`Arriving (sack${run})`)).toHaveValue('2');
  await receive.getByRole('button', { name: 'Receive', exact: true }).click();
  await expect(receive).toBeHidden();
  await expect(page.getByTestId('purchase-order-status')).toHaveText('Received');
  await expect(page.getByTestId('delivery')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Receive delivery' })).toHaveCount(0);
  await saveScreenshot(page, testInfo, 'purchase-order-received');
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize(DESKTOP);
  await saveScreenshot(page, testInfo, 'purchase-order-received');

  // Stock is up in stock units: 5 + 75 kg of flour at 18.50 a sack, 2 + 10 l of milk.
  const flourNow = (await (
    await page.request.get(`/api/inventory/items/${flour.id}`)
  ).json()) as InventoryItem;
  expect(flourNow.onHand).toBe('80.000');
  const milkNow = (await (await page.request.get(`/api/inventory/items/${milk.id}`)).json()) as InventoryItem;
  expect(milkNow.onHand).toBe('12.000');

  // The supplier's printable copy.
  const orderUrl = page.url();
  await page.goto(`/api/purchase-orders/${orderUrl.split('/').pop()}/document`);
  await expect(page.getByRole('heading', { name: `Purchase order ${number}` })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: `Bread flour ${run}` })).toContainText(`3 sack${run}`);
  await saveScreenshot(page, testInfo, 'purchase-order-document');
  await page.setViewportSize(PHONE);
  await saveScreenshot(page, testInfo, 'purchase-order-document');
  await page.setViewportSize(DESKTOP);

  // The list shows it received.
  await page.goto('/purchase-orders?status=received');
  await expect(page.getByTestId('purchase-order-row').filter({ hasText: number })).toBeVisible();
  await saveScreenshot(page, testInfo, 'purchase-orders-list');
  await page.setViewportSize(PHONE);
  await saveScreenshot(page, testInfo, 'purchase-orders-list');
});

import { randomBytes } from 'node:crypto';
import type { PublicConfig } from '../../src/shared/contracts/config';
import type { InventoryItem } from '../../src/shared/contracts/inventory';
import type { AccountBalance } from '../../src/shared/contracts/ledger';
import type { PurchaseOrder } from '../../src/shared/contracts/purchase-orders';
import { formatMoney } from '../../src/shared/money';
import { buildBankAccount, buildSupplier, buildUnit, type FactoryClient } from '../support/factories';
import { expect, test } from './fixtures';
import { signIn } from './guests';
import { apiClient, axeViolations, PHONE, saveScreenshot } from './helpers';
import { latestOutboxBody } from './outbox';
import { E2E_USERS } from './users';

/**
 * Purchase orders: two items of a supplier run low; the owner lets Brigade suggest an order (flour
 * in whole cases up to its par level, milk in litres), sends it with an e-mail to the supplier, and
 * receives it in two deliveries: part of it first (partly received), the rest later (received), with
 * both deliveries in the history and the stock up in stock units. Then paying the supplier: part of
 * a received order from a phone, the rest on a wide screen, one payment voided, the supplier's
 * balance, and the account's withdrawals and reversal.
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

/** An order of `quantity` kg of `item` at `unitCost`, sent to the supplier (and received whole when asked). */
async function sentOrder(
  owner: FactoryClient,
  supplierId: string,
  item: InventoryItem,
  quantity: string,
  unitCost: number,
  { receive = false } = {},
): Promise<PurchaseOrder> {
  const created = await owner.send('POST', '/api/purchase-orders', {
    supplierId,
    lines: [{ inventoryItemId: item.id, quantity, unitCost }],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  let order = created.body as PurchaseOrder;
  const sent = await owner.send('POST', `/api/purchase-orders/${order.id}/status`, {
    status: 'ordered',
    version: order.version,
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  order = sent.body as PurchaseOrder;
  if (receive) {
    const received = await owner.send('POST', `/api/purchase-orders/${order.id}/receipts`, {
      lines: order.lines.map((line) => ({ lineId: line.id, quantity: line.quantity })),
    });
    expect(received.status, JSON.stringify(received.body)).toBe(201);
    order = received.body as PurchaseOrder;
  }
  return order;
}

test('the supplier is paid for a received order in parts, one payment voided, and its balance read', async ({
  page,
  baseURL,
}, testInfo) => {
  test.slow();
  const run = randomBytes(3).toString('hex');
  await signIn(page.request, baseURL!, E2E_USERS.admin);
  const owner = apiClient(page.request, baseURL!);
  const config = (await (await page.request.get('/api/config')).json()) as PublicConfig;
  const money = (minor: number) => formatMoney(minor, config.currency, config.locale);
  const kg = await buildUnit(owner, { symbol: `kg${run}` });
  const supplier = await buildSupplier(owner, { name: `Green Farm ${run}` });
  const account = await buildBankAccount(owner, {
    name: `Supplier bank ${run}`,
    type: 'bank',
    openingBalance: 500_000,
  });
  const potatoes = await createItem(owner, { name: `Potatoes ${run}`, unitId: kg.id });
  // 10 kg at 12.00, received whole: 120.00 owed. A second order, sent and not yet delivered: 30.00.
  const order = await sentOrder(owner, supplier.id, potatoes, '10', 1200, { receive: true });
  expect(order.status).toBe('received');
  expect(order.owed).toBe(12_000);
  const later = await sentOrder(owner, supplier.id, potatoes, '2.5', 1200);
  expect(later.owed).toBe(3000);

  // 1. From a phone: 50.00 now.
  await page.setViewportSize(PHONE);
  await page.goto(`/purchase-orders/${order.id}`);
  const payments = page.getByRole('region', { name: 'Payments' });
  await expect(payments.getByTestId('purchase-order-payment-status')).toHaveText('Unpaid');
  await expect(payments.getByTestId('owed')).toHaveText(money(12_000));
  await payments.getByRole('button', { name: 'Record payment' }).click();
  let pay = page.getByRole('dialog', { name: `Pay ${supplier.name} for ${order.number}` });
  await expect(pay.getByLabel('Amount')).toHaveValue('120.00');
  await pay.getByLabel('Paid from').selectOption(account.id);
  // More than is owed: the server's refusal shows.
  await pay.getByLabel('Amount').fill('150');
  await pay.getByRole('button', { name: 'Record payment' }).click();
  await expect(pay.getByRole('alert')).toContainText(`${order.number} owes`);
  await pay.getByLabel('Amount').fill('50');
  await pay.getByLabel('Reference (optional)').fill(`INV-${run}`);
  await saveScreenshot(page, testInfo, 'purchase-order-pay', { viewportOnly: true });
  await pay.getByRole('button', { name: 'Record payment' }).click();
  await expect(pay).toBeHidden();
  await expect(payments.getByTestId('purchase-order-payment-status')).toHaveText('Part paid');
  await expect(payments.getByTestId('paid-total')).toHaveText(money(5000));
  await expect(payments.getByTestId('owed')).toHaveText(money(7000));
  await expect(payments.getByTestId('supplier-payment')).toHaveCount(1);
  await expect(payments.getByTestId('supplier-payment')).toContainText(`INV-${run}`);
  await saveScreenshot(page, testInfo, 'purchase-order-part-paid');
  expect(await axeViolations(page)).toEqual([]);

  // 2. On a wide screen: the rest (what is owed is the amount offered).
  await page.setViewportSize(DESKTOP);
  await payments.getByRole('button', { name: 'Record payment' }).click();
  pay = page.getByRole('dialog', { name: `Pay ${supplier.name} for ${order.number}` });
  await expect(pay.getByLabel('Amount')).toHaveValue('70.00');
  await pay.getByLabel('Paid from').selectOption(account.id);
  await pay.getByRole('button', { name: 'Record payment' }).click();
  await expect(pay).toBeHidden();
  await expect(payments.getByTestId('purchase-order-payment-status')).toHaveText('Paid');
  await expect(payments.getByTestId('owed')).toHaveText(money(0));
  await expect(payments.getByRole('button', { name: 'Record payment' })).toHaveCount(0);
  await saveScreenshot(page, testInfo, 'purchase-order-paid');

  // 3. The first payment was a mistake: voided with a reason, struck through, owed again.
  await payments.getByRole('button', { name: `Void the payment of ${money(5000)}` }).click();
  const voiding = page.getByRole('dialog', { name: 'Void this payment?' });
  await voiding.getByLabel('Reason').fill('Paid twice by mistake');
  await voiding.getByRole('button', { name: 'Void payment' }).click();
  await expect(voiding).toBeHidden();
  await expect(payments.getByTestId('purchase-order-payment-status')).toHaveText('Part paid');
  await expect(payments.getByTestId('owed')).toHaveText(money(5000));
  const voided = payments.locator('[data-testid="supplier-payment"][data-voided="true"]');
  await expect(voided).toHaveCount(1);
  await expect(voided.getByTestId('payment-amount')).toHaveText(money(5000));
  await expect(voided.getByTestId('payment-amount').locator('xpath=..')).toHaveCSS(
    'text-decoration-line',
    'line-through',
  );
  await expect(voided.getByTestId('payment-void-reason')).toContainText('Paid twice by mistake');
  await expect(voided.getByRole('button', { name: /^Void/ })).toHaveCount(0);
  await expect(payments.getByRole('button', { name: 'Record payment' })).toBeVisible();
  await saveScreenshot(page, testInfo, 'purchase-order-payment-voided');
  expect(await axeViolations(page)).toEqual([]);

  // 4. What the supplier is owed: 120.00 received and 30.00 awaited, 70.00 paid; both orders owe.
  await page.getByRole('button', { name: `What ${supplier.name} is owed` }).click();
  const balance = page.getByRole('dialog', { name: `What ${supplier.name} is owed` });
  await expect(balance.getByTestId('balance-payable')).toHaveText(money(15_000));
  await expect(balance.getByTestId('balance-received')).toHaveText(money(12_000));
  await expect(balance.getByTestId('balance-paid')).toHaveText(money(7000));
  await expect(balance.getByTestId('balance-owed')).toHaveText(money(8000));
  const owing = balance.getByTestId('balance-order');
  await expect(owing).toHaveCount(2);
  await expect(owing.nth(0).getByRole('link')).toHaveText(order.number);
  await expect(owing.nth(0)).toContainText(`${money(5000)} owed`);
  await expect(owing.nth(0).getByTestId('purchase-order-payment-status')).toHaveText('Part paid');
  await expect(owing.nth(1).getByRole('link')).toHaveText(later.number);
  await expect(owing.nth(1).getByTestId('purchase-order-status')).toHaveText('Ordered');
  await expect(owing.nth(1)).toContainText(`${money(3000)} owed`);
  await expect(owing.nth(1).getByTestId('purchase-order-payment-status')).toHaveText('Unpaid');
  await saveScreenshot(page, testInfo, 'supplier-balance', { viewportOnly: true });
  await page.setViewportSize(PHONE);
  await saveScreenshot(page, testInfo, 'supplier-balance', { viewportOnly: true });
  await page.setViewportSize(DESKTOP);
  // The later order's number leads to it.
  await owing.nth(1).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/purchase-orders/${later.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(later.number);
  await expect(
    page.getByRole('region', { name: 'Payments' }).getByTestId('purchase-order-payment-status'),
  ).toHaveText('Unpaid');

  // 5. The list shows how each is paid, next to its status.
  await page.goto('/purchase-orders');
  const row = page.getByTestId('purchase-order-row').filter({ hasText: order.number });
  await expect(row.getByTestId('purchase-order-status')).toHaveText('Received');
  await expect(row.getByTestId('purchase-order-payment-status')).toHaveText('Part paid');
  await expect(
    page
      .getByTestId('purchase-order-row')
      .filter({ hasText: later.number })
      .getByTestId('purchase-order-payment-status'),
  ).toHaveText('Unpaid');
  await saveScreenshot(page, testInfo, 'purchase-orders-payments-list', { viewportOnly: true });
  await page.setViewportSize(PHONE);
  await saveScreenshot(page, testInfo, 'purchase-orders-payments-list', { viewportOnly: true });

  // 6. The account: two withdrawals to the supplier and the reversal of the voided one.
  await page.goto(`/master-data/bank-accounts/${account.id}`);
  const entries = page.getByRole('region', { name: 'Entries' });
  await expect(entries.getByText(`${order.number} to ${supplier.name} (INV-${run})`)).toBeVisible();
  await expect(entries.getByText(`${order.number} to ${supplier.name}`, { exact: true })).toBeVisible();
  await expect(entries.getByText('Supplier payment voided: Paid twice by mistake')).toBeVisible();
  await entries.getByText(`${order.number} to ${supplier.name} (INV-${run})`).scrollIntoViewIfNeeded();
  await saveScreenshot(page, testInfo, 'purchase-order-payments-ledger', { viewportOnly: true });
  const balances = (await (await page.request.get('/api/bank-account-balances')).json()) as {
    items: AccountBalance[];
  };
  expect(balances.items.find((item) => item.id === account.id)?.balance).toBe(500_000 - 7000);
});

import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { Order, OrderPage } from '../../src/shared/contracts/orders';
import type { OrderStatus } from '../../src/shared/order-status';
import { expect, test } from './fixtures';
import { buildDishes, cartButton, openDish, ownerClient, staffRequest } from './guests';
import { PHONE, saveScreenshot } from './helpers';

/**
 * A guest's whole journey, as they live it on a phone (390×844): the table's QR code opens `/?table=T5`,
 * two dishes go into the cart with their choices and a note, the guest signs up on the way to
 * checkout and comes back to it, places the order and watches it: pending, accepted by the staff on
 * another device (the page moves within 2 s, without a reload), ready. Later the same guest reorders
 * it, and a dish switched off meanwhile is named and left out.
 */

test.use({ viewport: PHONE });

function step(page: Page, label: string) {
  return page.getByTestId('progress-step').filter({ hasText: label });
}

test('a guest at table T5 orders from the QR link, signs up at checkout, and follows the order to ready; a reorder leaves out what is off', async ({
  page,
  request,
  playwright,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const owner = await ownerClient(request, baseURL!);
  const dishes = await buildDishes(owner);
  const tables = (await (await request.get('/api/dining-tables?search=T5&limit=50')).json()) as {
    items: { name: string; active: boolean }[];
  };
  expect(tables.items.some((table) => table.name === 'T5' && table.active)).toBe(true);
  const staff = await staffRequest(
    playwright.request,
    baseURL!,
    `198.19.${Math.floor(Math.random() * 250)}.55`,
  );
  let shot = 0;
  const screenshot = (name: string) =>
    saveScreenshot(page, testInfo, `journey-${++shot}-${name}`, { viewportOnly: true });

  // 1. The QR code of table T5.
  await page.goto('/?table=T5');
  await expect(page.getByText('Ordering for table T5')).toBeVisible();
  await screenshot('table-link');

  // 2. Two dishes with their choices, one with a note.
  const flatWhite = await openDish(page, dishes.flatWhite.name);
  await flatWhite.getByRole('group', { name: /^Size/ }).getByRole('radio', { name: 'Large +$1.50' }).check();
  await flatWhite
    .getByRole('group', { name: /^Extras/ })
    .getByRole('checkbox', { name: 'Oat milk +$0.60' })
    .check();
  await flatWhite.getByLabel('Note for the kitchen').fill('Extra hot, please');
  await screenshot('dish-with-choices');
  await flatWhite.getByRole('button', { name: /^Add to cart/ }).click();
  await expect(flatWhite).toHaveCount(0);
  const soup = await openDish(page, dishes.soup.name);
  await soup.getByRole('button', { name: /^Add to cart/ }).click();
  await expect(cartButton(page)).toContainText('2 items');
  await screenshot('cart-button');

  // 3. Checkout asks a guest to sign in; the guest signs up instead and comes back to checkout.
  await cartButton(page).click();
  const cart = page.getByRole('dialog', { name: 'Your cart' });
  await expect(cart).toContainText(dishes.flatWhite.name);
  await expect(cart).toContainText('Large');
  await expect(cart).toContainText('Extra hot, please');
  await screenshot('cart');
  await cart.getByRole('button', { name: 'Checkout' }).click();
  const signInFirst = page.getByRole('dialog', { name: 'Checkout' });
  await expect(signInFirst.getByRole('link', { name: 'Sign in to order' })).toBeVisible();
  await screenshot('sign-in-to-order');
  await signInFirst.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/auth\/signup\?callbackUrl=/);
  const guest = {
    name: `Tara Table ${randomUUID().slice(0, 4)}`,
    email: `tara-${randomUUID().slice(0, 8)}@e2e.brigade`,
    password: 'tara-table-password-1',
  };
  await page.getByLabel('Name').fill(guest.name);
  await page.getByLabel('Email').fill(guest.email);
  await page.getByLabel('Password').fill(guest.password);
  await screenshot('sign-up');
  await page.getByRole('button', { name: 'Create account' }).click();

  const checkout = page.getByRole('dialog', { name: 'Checkout' });
  await expect(checkout).toBeVisible({ timeout: 30_000 });
  // The table of the link is still known (the tab remembers it), checked, and chosen.
  await expect(checkout.getByRole('radio', { name: 'Dine-in' })).toBeChecked();
  await expect(checkout).toContainText('T5');
  await screenshot('checkout');
  await checkout.getByRole('button', { name: /^Place order/ }).click();

  // 4. The order's page: pending.
  await expect(page).toHaveURL(/\/account\/orders\/[0-9a-f-]{36}$/, { timeout: 15_000 });
  const orderId = page.url().split('/').pop()!;
  await expect(step(page, 'Pending')).toHaveAttribute('data-state', 'current');
  await expect(page.getByTestId('status-sentence')).toHaveText(
    'Waiting for the restaurant to accept your order.',
  );
  await expect(cartButton(page)).toHaveCount(0);
  await screenshot('pending');
  const placed = (await (await staff.get(`/api/orders/${orderId}`)).json()) as Order;
  expect(placed).toMatchObject({
    status: 'pending',
    type: 'dine-in',
    table: { name: 'T5' },
    source: 'online',
  });
  expect(placed.customer?.name).toBe(guest.name);
  expect(placed.lines.map((line) => [line.name, line.quantity, line.note])).toEqual([
    [dishes.flatWhite.name, 1, 'Extra hot, please'],
    [dishes.soup.name, 1, ''],
  ]);
  expect(placed.lines[0]?.options.map((option) => option.name)).toEqual(['Large', 'Oat milk']);
  await page.evaluate(() => {
    (window as unknown as { marker: string }).marker = 'not reloaded';
  });

  // 5. Staff accept it on their own device: the guest's page shows it within 2 s, without a reload (the
  //    page is the news: no toast over it for its own order).
  const move = async (status: OrderStatus) => {
    const current = (await (await staff.get(`/api/orders/${orderId}`)).json()) as Order;
    const moved = await staff.post(`/api/orders/${orderId}/status`, {
      data: { status, version: current.version },
      headers: { origin: baseURL! },
    });
    expect(moved.status(), await moved.text()).toBe(200);
  };
  await move('confirmed');
  await expect(step(page, 'Confirmed')).toHaveAttribute('data-state', 'current', { timeout: 2000 });
  await expect(page.getByTestId('status-sentence')).toHaveText('Accepted: the kitchen is on it.');
  await screenshot('confirmed');

  // 6. Later: preparing, then ready.
  await move('preparing');
  await move('ready');
  await expect(step(page, 'Ready')).toHaveAttribute('data-state', 'current', { timeout: 2000 });
  await expect(page.getByTestId('status-sentence')).toHaveText('Ready: it is on its way to your table.');
  await expect(page.getByTestId('notification-toast')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('not reloaded');
  await screenshot('ready');

  // 7. The same guest reorders; the soup is switched off in between: named and left out.
  const off = await owner.send('PATCH', `/api/menu/items/${dishes.soup.id}`, {
    availableToday: false,
    version: dishes.soup.version,
  });
  expect(off.status, JSON.stringify(off.body)).toBe(200);
  await page.getByRole('button', { name: 'Reorder' }).click();
  const reorder = page.getByRole('dialog', { name: 'Added to your cart' });
  await expect(reorder).toContainText(
    `1 item from order #${placed.number} is in your cart at today's prices.`,
  );
  await expect(reorder.getByTestId('reorder-unavailable')).toHaveText(`${dishes.soup.name}: sold out today`);
  await screenshot('reorder');
  const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('brigade.cart') ?? 'null'));
  expect(stored.lines.map((line: { menuItemId: string }) => line.menuItemId)).toEqual([dishes.flatWhite.id]);

  // Still one order for this guest: nothing was placed twice.
  const mine = (await (await page.request.get('/api/orders')).json()) as OrderPage;
  expect(mine.items.map((order) => order.id)).toEqual([orderId]);
  await staff.dispose();
});

import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import type { PublicMenu } from '../../src/shared/contracts/menu';
import type { Order, OrderPage } from '../../src/shared/contracts/orders';
import { formatMoney } from '../../src/shared/money';
import { priceOrder } from '../../src/shared/pricing';
import { buildTable } from '../support/factories';
import { expect, test } from './fixtures';
import { buildDishes, cartButton, newCustomer, openDish, ownerClient, signIn, staffRequest } from './guests';
import { axeViolations, PHONE, saveScreenshot, signInByForm } from './helpers';

/**
 * The guest's cart and checkout on `/`: a dish opened with its choices and
 * their price differences, the choices' minimum enforced, a quantity and a note; the cart button with
 * its count and total, kept across a reload; checkout that asks a guest to sign in and comes back by
 * itself; a takeaway placed once however often Place is tapped; a price changed meanwhile shown before
 * anything is placed; the table of a QR link checked. Closed and ordering off: ordering-switches.spec.ts.
 */

const DESKTOP = { width: 1280, height: 800 };

async function ordersOf(staff: APIRequestContext, customerName: string): Promise<Order[]> {
  const response = await staff.get('/api/orders?source=online&limit=200');
  expect(response.status(), await response.text()).toBe(200);
  const page = (await response.json()) as OrderPage;
  return page.items.filter((order) => order.customer?.name === customerName);
}

async function restaurantOf(page: Page): Promise<PublicMenu['restaurant']> {
  const response = await page.request.get('/api/menu/public');
  expect(response.status()).toBe(200);
  return ((await response.json()) as PublicMenu).restaurant;
}

test.describe('guest cart and checkout on /', () => {
  test.use({ viewport: PHONE });

  test('a guest adds a dish with choices, keeps the cart across a reload, signs in at checkout and places one takeaway order', async ({
    page,
    request,
    baseURL,
    playwright,
  }, testInfo) => {
    test.setTimeout(120_000);
    const owner = await ownerClient(request, baseURL!);
    const dishes = await buildDishes(owner);
    const customer = await newCustomer(page.request, baseURL!, 'Tess');
    const restaurant = await restaurantOf(page);
    const money = (minor: number) => formatMoney(minor, restaurant.currency, restaurant.locale);
    expect(money(150)).toBe('$1.50');

    await page.goto('/');
    await expect(page.getByRole('article', { name: dishes.flatWhite.name })).toBeVisible();
    // Nothing in the cart yet: no cart button.
    await expect(cartButton(page)).toHaveCount(0);

    // The dish opens with its choices: what to choose, each price difference, the minimum enforced.
    const dialog = await openDish(page, dishes.flatWhite.name);
    await expect(dialog.getByText('A double ristretto with silky steamed milk.')).toBeVisible();
    const size = dialog.getByRole('group', { name: /^Size/ });
    await expect(size.getByText('Choose 1', { exact: true })).toBeVisible();
    await expect(size.getByRole('radio', { name: 'Large +$1.50' })).toBeVisible();
    await expect(size.getByRole('radio', { name: 'Kids −$0.50' })).toBeVisible();
    // No difference, no amount.
    await expect(size.getByRole('radio', { name: 'Regular', exact: true })).toBeVisible();
    const extras = dialog.getByRole('group', { name: /^Extras/ });
    await expect(extras.getByText('Choose up to 2', { exact: true })).toBeVisible();
    const add = dialog.getByRole('button', { name: /^Add to cart/ });
    await expect(add).toBeDisabled();
    await expect(dialog.getByText('Choose a size option.')).toBeVisible();
    await expect(add).toHaveText(`Add to cart · ${money(420)}`);
    await saveScreenshot(page, testInfo, 'guest-item-dialog-choices', { viewportOnly: true });

    await size.getByRole('radio', { name: 'Large +$1.50' }).check();
    await extras.getByRole('checkbox', { name: 'Oat milk +$0.60' }).check();
    await extras.getByRole('checkbox', { name: 'Vanilla +$0.50' }).check();
    // The maximum of two: the third extra cannot be ticked.
    await expect(extras.getByRole('checkbox', { name: 'Extra shot +$0.75' })).toBeDisabled();
    await extras.getByRole('checkbox', { name: 'Vanilla +$0.50' }).uncheck();
    await expect(dialog.getByText('Choose a size option.')).toHaveCount(0);
    await dialog.getByRole('button', { name: `More ${dishes.flatWhite.name}` }).click();
    await dialog.getByLabel('Note for the kitchen').fill('Extra hot, please');
    const lineTotal = (420 + 150 + 60) * 2;
    await expect(add).toHaveText(`Add to cart · ${money(lineTotal)}`);
    await expect(add).toBeEnabled();
    await saveScreenshot(page, testInfo, 'guest-item-dialog-ready', { viewportOnly: true });
    await add.click();
    await expect(dialog).toHaveCount(0);

    // The cart button: count and total, at the bottom of the phone's screen.
    const button = cartButton(page);
    await expect(button).toBeVisible();
    await expect(button).toContainText('2 items');
    await expect(button).toContainText(money(lineTotal));
    const box = await button.boundingBox();
    expect(box!.y + box!.height).toBeGreaterThan(PHONE.height - 40);
    expect(box!.y + box!.height).toBeLessThanOrEqual(PHONE.height);
    await saveScreenshot(page, testInfo, 'guest-cart-button', { viewportOnly: true });
    expect(await axeViolations(page)).toEqual([]);

    // At the end of the page the button takes its own room: it covers no dish.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const lastCard = page.getByRole('article').last();
    await expect(lastCard).toBeInViewport();
    const cardBox = await lastCard.boundingBox();
    const buttonBox = await button.boundingBox();
    expect(cardBox!.y + cardBox!.height).toBeLessThanOrEqual(buttonBox!.y);

    // A dish sold out today can be looked at, not added.
    const pie = await openDish(page, dishes.pie.name);
    await expect(pie.getByRole('button', { name: 'Sold out today' })).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(pie).toHaveCount(0);

    // The cart is kept in the browser: a reload still has it. The page arrives rendered by the server
    // without the cart, and hydrating it with a cart in storage is no mismatch.
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.reload();
    await expect(cartButton(page)).toContainText('2 items');
    expect(errors).toEqual([]);

    // The cart: the line with its choices and note; one more of it.
    await cartButton(page).click();
    const cart = page.getByRole('dialog', { name: 'Your cart' });
    await expect(cart).toBeVisible();
    const line = cart.getByRole('listitem').filter({ hasText: dishes.flatWhite.name });
    await expect(line).toContainText('Large, Oat milk');
    await expect(line).toContainText('“Extra hot, please”');
    await line.getByRole('button', { name: /^More / }).click();
    await expect(line.getByRole('textbox', { name: /^Quantity of / })).toHaveValue('3');
    await expect(line).toContainText(money(630 * 3));
    await expect(cart.getByText('Subtotal')).toBeVisible();
    await expect(cartButton(page)).toHaveCount(1);
    await saveScreenshot(page, testInfo, 'guest-cart-sheet', { viewportOnly: true });

    // Checkout needs an account: sign in (or sign up) and come back to checkout.
    await cart.getByRole('button', { name: 'Checkout' }).click();
    const checkout = page.getByRole('dialog', { name: 'Checkout' });
    const signInLink = checkout.getByRole('link', { name: 'Sign in to order' });
    await expect(signInLink).toHaveAttribute(
      'href',
      `/login?callbackUrl=${encodeURIComponent('/?checkout=1')}`,
    );
    await expect(checkout.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      `/auth/signup?callbackUrl=${encodeURIComponent('/?checkout=1')}`,
    );
    await saveScreenshot(page, testInfo, 'guest-checkout-sign-in', { viewportOnly: true });
    await signInLink.click();
    await expect(page).toHaveURL(/\/login\?callbackUrl=/);
    await signInByForm(page, customer);

    // Back on / with checkout open by itself, and the flag gone from the address.
    await expect(page.getByRole('dialog', { name: 'Checkout' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    const form = page.getByRole('dialog', { name: 'Checkout' });
    const type = form.getByRole('group', { name: 'How would you like your order?' });
    // No table link: no dine-in.
    await expect(type.getByRole('radio')).toHaveCount(2);
    await expect(type.getByRole('radio', { name: 'Takeaway' })).toBeChecked();

    // A pickup time: quarter hours in the restaurant's time, up to 12 hours ahead (open around the
    // clock: past midnight too, under the next day's heading).
    const later = form.getByRole('radio', { name: /^At a later time/ });
    await later.check();
    const time = form.getByRole('combobox', { name: 'Pickup time' });
    const labels = await time.locator('option:not([disabled])').allTextContents();
    expect(labels.length).toBeGreaterThanOrEqual(47);
    for (const label of labels) expect(label).toMatch(/^\d\d:(00|15|30|45)$/);
    const pickupAt = await time.locator('option:not([disabled])').last().getAttribute('value');
    await time.selectOption(pickupAt!);
    await form.getByLabel('Note for the restaurant (optional)').fill('We will be five minutes late');

    // The totals the server will charge (the shared pricing function, the restaurant's settings).
    const expected = priceOrder({
      type: 'takeaway',
      lines: [{ unitPrice: 630, quantity: 3 }],
      serviceChargePercent: restaurant.pricing.serviceChargePercent,
      taxPercent: restaurant.pricing.taxPercent,
      taxInclusive: restaurant.pricing.taxInclusive,
      deliveryFee: restaurant.pricing.deliveryFee,
    });
    await expect(form.getByRole('definition').last()).toHaveText(money(expected.total));
    const place = form.getByRole('button', { name: /^Place order/ });
    await expect(place).toHaveText(`Place order · ${money(expected.total)}`);
    await saveScreenshot(page, testInfo, 'guest-checkout-takeaway', { viewportOnly: true });

    // A double tap places one order.
    const keys: string[] = [];
    page.on('request', (sent) => {
      if (sent.method() === 'POST' && new URL(sent.url()).pathname === '/api/orders') {
        keys.push(sent.headers()['idempotency-key'] ?? '');
      }
    });
    await place.dblclick();
    await expect(page).toHaveURL(/\/account\/orders\/[0-9a-f-]{36}$/);
    const orderId = new URL(page.url()).pathname.split('/').at(-1)!;
    expect(keys.length).toBeGreaterThanOrEqual(1);
    expect(new Set(keys).size).toBe(1);

    // The restaurant has exactly that one order, as the guest chose it.
    const staff = await staffRequest(playwright.request, baseURL!, '198.18.250.1');
    const orders = await ordersOf(staff, customer.name);
    expect(orders.map((order) => order.id)).toEqual([orderId]);
    const [order] = orders;
    expect(order).toMatchObject({
      type: 'takeaway',
      source: 'online',
      status: 'pending',
      pickupAt: new Date(pickupAt!).toISOString(),
      note: 'We will be five minutes late',
      total: expected.total,
    });
    expect(order!.lines).toHaveLength(1);
    expect(order!.lines[0]).toMatchObject({
      name: dishes.flatWhite.name,
      quantity: 3,
      note: 'Extra hot, please',
    });
    expect(order!.lines[0]!.options.map((option) => option.name)).toEqual(['Large', 'Oat milk']);
    await staff.dispose();

    // The cart is empty once placed.
    await page.goto('/');
    await expect(page.getByRole('article', { name: dishes.flatWhite.name })).toBeVisible();
    await expect(cartButton(page)).toHaveCount(0);
    expect(await page.evaluate(() => window.localStorage.getItem('brigade.cart'))).toBeNull();
  });

  test('a price changed since the dish was added is shown before placing, and the table of a QR link is checked', async ({
    page,
    request,
    baseURL,
    playwright,
  }, testInfo) => {
    test.setTimeout(120_000);
    const owner = await ownerClient(request, baseURL!);
    const dishes = await buildDishes(owner);
    const table = await buildTable(owner, { name: `T${randomUUID().slice(0, 4)}` });
    const customer = await newCustomer(page.request, baseURL!, 'Paco');
    await signIn(page.request, baseURL!, customer);
    const restaurant = await restaurantOf(page);
    const money = (minor: number) => formatMoney(minor, restaurant.currency, restaurant.locale);

    // A table that is not ours is said, never accepted.
    await page.goto('/?table=T-nowhere');
    let dialog = await openDish(page, dishes.soup.name);
    await dialog.getByRole('button', { name: /^Add to cart/ }).click();
    await cartButton(page).click();
    await page.getByRole('dialog', { name: 'Your cart' }).getByRole('button', { name: 'Checkout' }).click();
    let checkout = page.getByRole('dialog', { name: 'Checkout' });
    await expect(checkout.getByRole('radio', { name: 'Dine-in' })).toBeChecked();
    await expect(checkout.getByRole('alert')).toHaveText(
      'Table T-nowhere is not one of ours: scan the code on your table again, or choose takeaway.',
    );
    await expect(checkout.getByRole('button', { name: /^Place order/ })).toBeDisabled();
    await saveScreenshot(page, testInfo, 'guest-checkout-unknown-table', { viewportOnly: true });
    await checkout.getByRole('radio', { name: 'Takeaway' }).check();
    await expect(checkout.getByRole('button', { name: /^Place order/ })).toBeEnabled();
    await page.keyboard.press('Escape');

    // The guest's table, from its QR link.
    await page.goto(`/?table=${encodeURIComponent(table.name)}`);
    dialog = await openDish(page, dishes.flatWhite.name);
    await dialog.getByRole('radio', { name: 'Regular' }).check();
    await dialog.getByRole('button', { name: /^Add to cart/ }).click();
    await expect(cartButton(page)).toContainText('2 items');

    // The owner changes the flat white's price after the guest added it.
    const patched = await request.patch(`/api/menu/items/${dishes.flatWhite.id}`, {
      data: { price: 470, version: dishes.flatWhite.version },
      headers: { origin: baseURL! },
    });
    expect(patched.status(), await patched.text()).toBe(200);

    await cartButton(page).click();
    await page.getByRole('dialog', { name: 'Your cart' }).getByRole('button', { name: 'Checkout' }).click();
    checkout = page.getByRole('dialog', { name: 'Checkout' });
    await expect(checkout.getByText(`We will bring your order to table ${table.name}.`)).toBeVisible();
    const changes = checkout.getByRole('region', { name: 'Our menu changed since you added these' });
    await expect(changes).toContainText(`${dishes.flatWhite.name}: ${money(420)} → ${money(470)} each`);
    const place = checkout.getByRole('button', { name: /^Place order/ });
    await expect(place).toBeDisabled();
    await expect(
      checkout.getByText('Our menu changed since you added these: update your cart to continue.'),
    ).toBeVisible();
    await saveScreenshot(page, testInfo, 'guest-checkout-price-changed', { viewportOnly: true });
    await changes.getByRole('button', { name: 'Update my cart' }).click();
    await expect(changes).toHaveCount(0);

    const expected = priceOrder({
      type: 'dine-in',
      lines: [
        { unitPrice: 650, quantity: 1 },
        { unitPrice: 470, quantity: 1 },
      ],
      serviceChargePercent: restaurant.pricing.serviceChargePercent,
      taxPercent: restaurant.pricing.taxPercent,
      taxInclusive: restaurant.pricing.taxInclusive,
      deliveryFee: restaurant.pricing.deliveryFee,
    });
    await expect(place).toHaveText(`Place order · ${money(expected.total)}`);

    // The answer is lost on the way back: the order was made, the guest sees a network error and the
    // cart stays. Trying again sends the same Idempotency-Key and gets that same order.
    const keys: string[] = [];
    let made: Order | null = null;
    await page.route(
      '**/api/orders',
      async (route) => {
        keys.push(route.request().headers()['idempotency-key'] ?? '');
        made = (await (await route.fetch()).json()) as Order;
        await route.abort('connectionreset');
      },
      { times: 1 },
    );
    await place.click();
    await expect(checkout.getByRole('alert').filter({ hasText: 'Could not reach the server' })).toBeVisible();
    await expect(cartButton(page)).toContainText('2 items');
    page.on('request', (sent) => {
      if (sent.method() === 'POST' && new URL(sent.url()).pathname === '/api/orders') {
        keys.push(sent.headers()['idempotency-key'] ?? '');
      }
    });
    await place.click();
    await expect(page).toHaveURL(/\/account\/orders\/[0-9a-f-]{36}$/);
    expect(made).not.toBeNull();
    expect(page.url()).toContain(made!.id);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);

    const staff = await staffRequest(playwright.request, baseURL!, '198.18.250.2');
    const orders = await ordersOf(staff, customer.name);
    expect(orders).toHaveLength(1);
    const [order] = orders;
    expect(order).toMatchObject({ type: 'dine-in', table: { name: table.name }, total: expected.total });
    expect(order!.lines.find((line) => line.name === dishes.flatWhite.name)?.unitPrice).toBe(470);
    await staff.dispose();
  });
});

test('the dish, the cart and checkout at 1280×800', async ({ page, request, baseURL }, testInfo) => {
  // Three axe scans of the whole public menu, which every earlier test of the run has added dishes to.
  test.slow();
  const owner = await ownerClient(request, baseURL!);
  const dishes = await buildDishes(owner);
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  const dialog = await openDish(page, dishes.flatWhite.name);
  await dialog.getByRole('radio', { name: 'Large +$1.50' }).check();
  await saveScreenshot(page, testInfo, 'guest-item-dialog', { viewportOnly: true });
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: /^Add to cart/ }).click();
  await openDish(page, dishes.soup.name);
  await page
    .getByRole('dialog', { name: dishes.soup.name })
    .getByRole('button', { name: /^Add to cart/ })
    .click();
  await expect(cartButton(page)).toContainText('2 items');
  await saveScreenshot(page, testInfo, 'guest-cart-button', { viewportOnly: true });
  await cartButton(page).click();
  await expect(page.getByRole('dialog', { name: 'Your cart' })).toBeVisible();
  await saveScreenshot(page, testInfo, 'guest-cart-sheet', { viewportOnly: true });
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page.getByRole('link', { name: 'Sign in to order' })).toBeVisible();
  await saveScreenshot(page, testInfo, 'guest-checkout-sign-in', { viewportOnly: true });

  const customer = await newCustomer(page.request, baseURL!, 'Dora');
  await signIn(page.request, baseURL!, customer);
  await page.reload();
  await cartButton(page).click();
  await page.getByRole('button', { name: 'Checkout' }).click();
  const checkout = page.getByRole('dialog', { name: 'Checkout' });
  await checkout.getByRole('radio', { name: 'Delivery' }).check();
  await checkout.getByLabel('Delivery address').fill('12 Harbour Street, Portside');
  await expect(checkout.getByRole('button', { name: /^Place order/ })).toBeVisible();
  await saveScreenshot(page, testInfo, 'guest-checkout-delivery', { viewportOnly: true });
  expect(await axeViolations(page)).toEqual([]);
});

import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Locator, Page, Response } from '@playwright/test';
import type { MenuItem, PublicMenu } from '../../src/shared/contracts/menu';
import type { NotificationPage } from '../../src/shared/contracts/notifications';
import type { Order, OrderInput } from '../../src/shared/contracts/orders';
import { formatMoney } from '../../src/shared/money';
import type { OrderStatus } from '../../src/shared/order-status';
import { buildMenuItem, type FactoryClient, uniqueName } from '../support/factories';
import { expect, test } from './fixtures';
import { newCustomer, ownerClient, signIn } from './guests';
import { openWatching, PHONE, saveScreenshot, userIdOf } from './helpers';
import { E2E_USERS } from './users';

/**
 * The customer's side of their orders: My orders at `/account/orders` with a
 * live status, the order's page with a timeline that moves by itself, the status toasts with View
 * Order, cancelling while pending, reorder at today's prices, and nobody else's orders.
 */

const DESKTOP = { width: 1280, height: 800 };

/** A new customer, signed up and signed in through the API with the page's own cookie jar. */
async function signUpCustomer(page: Page, baseURL: string, first: string) {
  const user = await newCustomer(page.request, baseURL, first);
  await signIn(page.request, baseURL, user);
  return user;
}

/** The customer places an order request through the API, as the checkout does. */
async function placeAsCustomer(page: Page, baseURL: string, input: OrderInput): Promise<Order> {
  const response = await page.request.post('/api/orders', {
    data: input,
    headers: { origin: baseURL, 'Idempotency-Key': randomUUID() },
  });
  expect(response.status(), await response.text()).toBe(201);
  const order = (await response.json()) as Order;
  expect(order.status).toBe('pending');
  return order;
}

/** Staff on another device move the order on (reading its current version first). */
async function moveByStaff(
  staff: APIRequestContext,
  baseURL: string,
  orderId: string,
  status: OrderStatus,
  reason?: string,
): Promise<Order> {
  const current = (await (await staff.get(`/api/orders/${orderId}`)).json()) as Order;
  const response = await staff.post(`/api/orders/${orderId}/status`, {
    data: { status, version: current.version, ...(reason ? { reason } : {}) },
    headers: { origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Order;
}

interface Dishes {
  soup: MenuItem;
  latte: MenuItem;
}

async function buildDishes(owner: FactoryClient): Promise<Dishes> {
  const soup = await buildMenuItem(owner, { name: uniqueName('Mine Soup'), price: 650, station: 'kitchen' });
  const latte = await buildMenuItem(owner, {
    name: uniqueName('Mine Latte'),
    price: 450,
    station: 'bar',
    modifierGroups: [
      { name: 'Milk', minChoices: 0, maxChoices: 1, options: [{ name: 'Oat milk', priceDelta: 60 }] },
    ],
  });
  return { soup, latte };
}

function oatMilk(latte: MenuItem): string {
  const option = latte.modifierGroups[0]?.options[0];
  if (!option) throw new Error('the latte has no option');
  return option.id;
}

function orderInput({ soup, latte }: Dishes): OrderInput {
  return {
    type: 'takeaway',
    note: 'Please use a paper bag',
    lines: [
      { menuItemId: soup.id, quantity: 2, note: 'No croutons' },
      { menuItemId: latte.id, quantity: 1, optionIds: [oatMilk(latte)] },
    ],
  };
}

function step(page: Page, label: string) {
  return page.getByTestId('progress-step').filter({ hasText: label });
}

function myOrder(page: Page, order: Order) {
  return page.getByTestId('my-order').filter({ hasText: `#${order.number}` });
}

/** Marks the document, so that a test can tell it was never reloaded. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { marker: string }).marker = 'not reloaded';
  });
}
async function expectNotReloaded(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('not reloaded');
}

/** The control is on screen and nothing lies over its middle (a toast, a banner): a tap reaches it. */
async function expectUncovered(control: Locator) {
  await expect(control).toBeVisible();
  await control.scrollIntoViewIfNeeded();
  const reached = await control.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top !== null && element.contains(top);
  });
  expect(reached, 'something covers the control').toBe(true);
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .options({ rules: { 'heading-order': { enabled: true }, region: { enabled: true } } })
    .withTags(['wcag2a', 'wcag2aa'])
    .analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

/** The signed-in user's newest notification about `orderId`, as the API lists it. */
async function notificationAbout(page: Page, orderId: string) {
  const response = await page.request.get('/api/notifications?limit=50');
  expect(response.status(), await response.text()).toBe(200);
  const { items } = (await response.json()) as NotificationPage;
  return items.find((item) => item.orderId === orderId);
}

test.describe('my orders', () => {
  test('a customer follows an order live: pending in My orders, accepted and ready without a reload; on the list a toast whose View Order opens their own order page', async ({
    page,
    request,
    browser,
    baseURL,
  }, testInfo) => {
    test.slow();
    const owner = await ownerClient(request, baseURL!);
    const dishes = await buildDishes(owner);
    const staffContext = await browser.newContext({
      baseURL,
      extraHTTPHeaders: { 'x-forwarded-for': `198.19.${Math.floor(Math.random() * 250)}.21` },
    });
    await signIn(staffContext.request, baseURL!, E2E_USERS.staff);
    const staff = staffContext.request;

    await page.setViewportSize(PHONE);
    const customer = await signUpCustomer(page, baseURL!, 'Nora');
    // Nothing yet: the empty list leads to the menu.
    await page.goto('/');
    const header = page.getByRole('banner');
    await header.getByRole('link', { name: 'My orders' }).click();
    await expect(page).toHaveURL(/\/account\/orders$/);
    await expect(page.getByRole('heading', { name: 'My orders', level: 1 })).toBeVisible();
    await expect(page.getByText('No orders yet')).toBeVisible();
    await expect(page.getByRole('link', { name: 'See the menu' })).toHaveAttribute('href', '/');
    await saveScreenshot(page, testInfo, 'my-orders-empty');

    // The phone header keeps the account and Sign out behind the account button.
    await header.getByRole('button', { name: 'Account' }).click();
    await expect(header.getByText(`Signed in as ${customer.name}`)).toBeVisible();
    await expect(header.getByRole('link', { name: 'My account' })).toHaveAttribute('href', '/account');
    await expect(header.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await saveScreenshot(page, testInfo, 'my-orders-phone-menu', { viewportOnly: true });
    await page.keyboard.press('Escape');
    await expect(header.getByRole('link', { name: 'My account' })).toBeHidden();
    await expect(header.getByRole('button', { name: 'Account' })).toBeFocused();
    // A tap outside closes it too.
    await header.getByRole('button', { name: 'Account' }).click();
    await expect(header.getByRole('link', { name: 'My account' })).toBeVisible();
    await page.getByText('What you order from the menu shows here.').click();
    await expect(header.getByRole('link', { name: 'My account' })).toBeHidden();

    const order = await placeAsCustomer(page, baseURL!, orderInput(dishes));
    // The list shows it by itself (my-orders topic), as pending, with what it holds and its total.
    const row = myOrder(page, order);
    await expect(row).toBeVisible({ timeout: 5000 });
    await expect(row.getByTestId('order-status')).toHaveText('Pending');
    await expect(row).toContainText(`2× ${dishes.soup.name}, 1× ${dishes.latte.name}`);
    await expect(row).toContainText('Takeaway · As soon as possible');
    await saveScreenshot(page, testInfo, 'my-orders-list');
    await expectNoAxeViolations(page);

    await row.click();
    await expect(page).toHaveURL(`/account/orders/${order.id}`);
    await expect(page.getByRole('heading', { name: `Order #${order.number}`, level: 1 })).toBeVisible();
    await expect(page.getByTestId('status-sentence')).toHaveText(
      'Waiting for the restaurant to accept your order.',
    );
    await expect(step(page, 'Pending')).toHaveAttribute('data-state', 'current');
    await expect(step(page, 'Confirmed')).toHaveAttribute('data-state', 'upcoming');
    const lines = page.getByRole('list', { name: 'Order lines' });
    await expect(lines.getByRole('listitem', { name: dishes.soup.name })).toContainText('No croutons');
    await expect(lines.getByRole('listitem', { name: dishes.latte.name })).toContainText('Oat milk');
    await expect(page.getByText('Please use a paper bag')).toBeVisible();
    await expect(page.getByTestId('order-totals')).toContainText('Total');
    await expect(page.getByRole('button', { name: 'Cancel order' })).toBeVisible();
    await saveScreenshot(page, testInfo, 'my-order-pending');
    await expectNoAxeViolations(page);
    await markDocument(page);

    // Staff accept it on another device: the page shows it within 2 s (the page is the news: no toast).
    await moveByStaff(staff, baseURL!, order.id, 'confirmed');
    await expect(step(page, 'Confirmed')).toHaveAttribute('data-state', 'current', { timeout: 2000 });
    await expect(step(page, 'Pending')).toHaveAttribute('data-state', 'done');
    await expect(step(page, 'Confirmed').locator('time')).toBeVisible();
    await expect(page.getByTestId('status-sentence')).toHaveText('Accepted: the kitchen is on it.');
    await expect(page.getByRole('button', { name: 'Cancel order' })).toBeHidden();
    await expectNotReloaded(page);
    await saveScreenshot(page, testInfo, 'my-order-accepted', { viewportOnly: true });

    // Back on the list, the badge follows: preparing (no toast), then ready (a toast).
    await page.getByRole('link', { name: 'My orders' }).first().click();
    await expect(myOrder(page, order).getByTestId('order-status')).toHaveText('Confirmed');
    await moveByStaff(staff, baseURL!, order.id, 'preparing');
    await expect(myOrder(page, order).getByTestId('order-status')).toHaveText('Preparing', { timeout: 2000 });
    await moveByStaff(staff, baseURL!, order.id, 'ready');
    await expect(myOrder(page, order).getByTestId('order-status')).toHaveText('Ready', { timeout: 2000 });
    const ready = page
      .getByTestId('notification-toast')
      .filter({ hasText: `Order #${order.number} is ready` });
    await expect(ready).toBeVisible({ timeout: 2000 });
    await expect(ready).toContainText('Ready for pickup.');
    await expect(page.getByTestId('notification-toast').filter({ hasText: 'accepted' })).toHaveCount(0);
    await expectNotReloaded(page);
    await saveScreenshot(page, testInfo, 'my-orders-ready-toast', { viewportOnly: true });

    await ready.getByRole('button', { name: 'View Order' }).click();
    await expect(page).toHaveURL(`/account/orders/${order.id}`);
    await expect(step(page, 'Ready')).toHaveAttribute('data-state', 'current');
    await expect(page.getByTestId('status-sentence')).toHaveText('Ready for pickup.');
    await expectNotReloaded(page);

    // Desktop: the header shows the account's name and My orders side by side.
    await page.setViewportSize(DESKTOP);
    await expect(header.getByRole('link', { name: customer.name })).toBeVisible();
    await expect(header.getByRole('link', { name: 'My orders' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Account' })).toBeHidden();
    await saveScreenshot(page, testInfo, 'my-order-ready');
    await page.getByRole('link', { name: 'My orders' }).first().click();
    await expect(myOrder(page, order)).toBeVisible();
    await saveScreenshot(page, testInfo, 'my-orders-list');
    await staffContext.close();
  });

  test('a pending order can be cancelled; once staff accepted it the server refusal is shown and Cancel is gone', async ({
    page,
    request,
    browser,
    baseURL,
  }, testInfo) => {
    const owner = await ownerClient(request, baseURL!);
    const dishes = await buildDishes(owner);
    const staffContext = await browser.newContext({
      baseURL,
      extraHTTPHeaders: { 'x-forwarded-for': `198.19.${Math.floor(Math.random() * 250)}.21` },
    });
    await signIn(staffContext.request, baseURL!, E2E_USERS.staff);

    await page.setViewportSize(PHONE);
    await signUpCustomer(page, baseURL!, 'Omar');
    const first = await placeAsCustomer(page, baseURL!, orderInput(dishes));
    await page.goto(`/account/orders/${first.id}`);
    await page.getByRole('button', { name: 'Cancel order' }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel order #${first.number}?` });
    await expect(dialog.getByRole('button', { name: 'Keep my order' })).toBeVisible();
    await saveScreenshot(page, testInfo, 'my-order-cancel-question', { viewportOnly: true });
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('order-status').first()).toHaveText('Cancelled');
    await expect(step(page, 'Cancelled')).toHaveAttribute('data-state', 'stopped');
    await expect(page.getByTestId('progress-step')).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Cancel order' })).toBeHidden();
    await saveScreenshot(page, testInfo, 'my-order-cancelled');

    // The question is open when staff accept the order: confirming shows the server's refusal.
    const second = await placeAsCustomer(page, baseURL!, orderInput(dishes));
    await page.goto(`/account/orders/${second.id}`);
    await page.getByRole('button', { name: 'Cancel order' }).click();
    await moveByStaff(staffContext.request, baseURL!, second.id, 'confirmed');
    await expect(step(page, 'Confirmed')).toHaveAttribute('data-state', 'current', { timeout: 5000 });
    const question = page.getByRole('dialog', { name: `Cancel order #${second.number}?` });
    await question.getByRole('button', { name: 'Cancel order' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'only a pending order can be cancelled' }),
    ).toBeVisible();
    await expect(question).toBeHidden();
    await expect(page.getByRole('button', { name: 'Cancel order' })).toBeHidden();
    await expect(page.getByTestId('order-status').first()).toHaveText('Confirmed');
    await saveScreenshot(page, testInfo, 'my-order-cancel-refused');

    // A rejection says why, on the page (which shows it: no toast over it).
    const third = await placeAsCustomer(page, baseURL!, orderInput(dishes));
    // The notifications' first read is what the page knew on opening: the rejection comes after it, as
    // it would for a guest watching, once the event stream follows the customer's notifications.
    const seen: string[] = [];
    const noteResponse = (response: Response) => {
      if (/\/api\/events\?topics=.*notifications/.test(response.url())) seen.push('stream');
      else if (/\/api\/notifications\?limit=/.test(response.url()) && response.status() < 400) {
        seen.push('notifications');
      }
    };
    page.on('response', noteResponse);
    await page.goto(`/account/orders/${third.id}`);
    await expect.poll(() => seen.sort().join(' ')).toMatch(/notifications.*stream/);
    page.off('response', noteResponse);
    await expect(step(page, 'Pending')).toHaveAttribute('data-state', 'current');
    await moveByStaff(staffContext.request, baseURL!, third.id, 'rejected', 'The kitchen closes early today');
    await expect(page.getByTestId('stop-reason')).toHaveText('Rejected: The kitchen closes early today');
    await expect(step(page, 'Rejected')).toHaveAttribute('data-state', 'stopped');
    await expect(page.getByTestId('status-card')).toHaveAttribute('data-changed', 'true');
    // Its notification arrived and was read here, untoasted: the bell counts neither it nor the second
    // order's acceptance, which that order's own page showed.
    await expect
      .poll(async () => (await notificationAbout(page, third.id))?.readAt ?? null, { timeout: 3000 })
      .not.toBeNull();
    await expect(
      page.getByRole('banner').getByRole('button', { name: 'Notifications', exact: true }),
    ).toBeVisible();
    expect(await page.getByTestId('notification-toast').count()).toBe(0);
    await saveScreenshot(page, testInfo, 'my-order-rejected');
    await staffContext.close();
  });

  test("reorder puts the lines into the cart at today's prices, naming an item switched off since and leaving it out", async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    const owner = await ownerClient(request, baseURL!);
    const dishes = await buildDishes(owner);
    await page.setViewportSize(PHONE);
    await signUpCustomer(page, baseURL!, 'Pia');
    const order = await placeAsCustomer(page, baseURL!, orderInput(dishes));

    // Since then the soup is sold out today and the latte costs more.
    const soldOut = await owner.send('PATCH', `/api/menu/items/${dishes.soup.id}`, {
      availableToday: false,
      version: dishes.soup.version,
    });
    expect(soldOut.status, JSON.stringify(soldOut.body)).toBe(200);
    const dearer = await owner.send('PATCH', `/api/menu/items/${dishes.latte.id}`, {
      price: 475,
      version: dishes.latte.version,
    });
    expect(dearer.status, JSON.stringify(dearer.body)).toBe(200);

    await page.goto(`/account/orders/${order.id}`);
    await page.getByRole('button', { name: 'Reorder' }).click();
    const dialog = page.getByRole('dialog', { name: 'Added to your cart' });
    await expect(dialog).toContainText(
      `1 item from order #${order.number} is in your cart at today's prices.`,
    );
    await expect(dialog.getByTestId('reorder-unavailable')).toHaveText(`${dishes.soup.name}: sold out today`);
    await expect(dialog.getByTestId('reorder-prices')).toContainText(dishes.latte.name);
    const { restaurant } = (await (await page.request.get('/api/menu/public')).json()) as PublicMenu;
    const money = (minor: number) => formatMoney(minor, restaurant.currency, restaurant.locale);
    await expect(dialog.getByTestId('reorder-prices')).toContainText(`${money(510)} → ${money(535)}`);
    await saveScreenshot(page, testInfo, 'my-order-reorder', { viewportOnly: true });

    const cart = await page.evaluate(() => JSON.parse(window.localStorage.getItem('brigade.cart') ?? 'null'));
    expect(cart.lines).toEqual([
      expect.objectContaining({
        menuItemId: dishes.latte.id,
        unitPrice: 535,
        optionIds: [oatMilk(dishes.latte)],
        quantity: 1,
      }),
    ]);
    await dialog.getByRole('link', { name: 'Go to the menu and cart' }).click();
    await expect(page).toHaveURL('/');
  });

  test('another customer opening the order sees that it does not exist, as for a wrong id', async ({
    page,
    request,
    browser,
    baseURL,
  }, testInfo) => {
    const owner = await ownerClient(request, baseURL!);
    const dishes = await buildDishes(owner);
    await signUpCustomer(page, baseURL!, 'Quinn');
    const order = await placeAsCustomer(page, baseURL!, orderInput(dishes));

    const other = await browser.newContext({
      baseURL,
      viewport: PHONE,
      extraHTTPHeaders: { 'x-forwarded-for': `198.19.${Math.floor(Math.random() * 250)}.31` },
    });
    const otherPage = await other.newPage();
    await signUpCustomer(otherPage, baseURL!, 'Rita');
    for (const id of [order.id, randomUUID(), 'not-an-id']) {
      await otherPage.goto(`/account/orders/${id}`);
      await expect(otherPage.getByRole('heading', { name: 'This order does not exist' })).toBeVisible();
      await expect(otherPage.getByText(`#${order.number}`)).toHaveCount(0);
    }
    await expect(otherPage.getByRole('link', { name: 'See my orders' })).toHaveAttribute(
      'href',
      '/account/orders',
    );
    await saveScreenshot(otherPage, testInfo, 'my-order-not-found');
    await otherPage.goto('/account/orders');
    await expect(otherPage.getByText('No orders yet')).toBeVisible();
    await other.close();
  });

  test('on the order’s own page a status change shows on the page, never as a toast over Pay or Rate your order; another order’s toast opens that order, and offers no link once its page is on screen', async ({
    page,
    request,
    browser,
    baseURL,
  }, testInfo) => {
    test.slow();
    const owner = await ownerClient(request, baseURL!);
    const dishes = await buildDishes(owner);
    const staffContext = await browser.newContext({
      baseURL,
      extraHTTPHeaders: { 'x-forwarded-for': `198.19.${Math.floor(Math.random() * 250)}.22` },
    });
    await signIn(staffContext.request, baseURL!, E2E_USERS.staff);
    const staff = staffContext.request;

    await page.setViewportSize(PHONE);
    await signUpCustomer(page, baseURL!, 'Tess');
    const userId = await userIdOf(page.request);
    const mine = await placeAsCustomer(page, baseURL!, orderInput(dishes));
    const other = await placeAsCustomer(page, baseURL!, orderInput(dishes));
    const toasts = page.getByTestId('notification-toast');

    // The guest follows their order on its page; staff accept it.
    await openWatching(page, `/account/orders/${mine.id}`, userId);
    await expect(step(page, 'Pending')).toHaveAttribute('data-state', 'current');
    await moveByStaff(staff, baseURL!, mine.id, 'confirmed');
    // The page shows it: the step, the sentence (a live region), the card marked for a moment.
    await expect(step(page, 'Confirmed')).toHaveAttribute('data-state', 'current', { timeout: 2000 });
    await expect(
      page.getByRole('status').filter({ hasText: 'Accepted: the kitchen is on it.' }),
    ).toBeVisible();
    await expect(page.getByTestId('status-card')).toHaveAttribute('data-changed', 'true');
    // The notification reached this page and was read there: the page showed it, so the bell does not
    // count it; and no toast covers the page for it: counted once, not waited for (a toast leaves
    // after 5 s).
    await expect
      .poll(async () => (await notificationAbout(page, mine.id))?.readAt ?? null, { timeout: 3000 })
      .not.toBeNull();
    await expect(
      page.getByRole('banner').getByRole('button', { name: 'Notifications', exact: true }),
    ).toBeVisible();
    expect(await toasts.count()).toBe(0);
    await expectUncovered(page.getByRole('link', { name: /^Pay / }));
    await saveScreenshot(page, testInfo, 'my-order-accepted-on-page', { viewportOnly: true });
    await page.setViewportSize(DESKTOP);
    await saveScreenshot(page, testInfo, 'my-order-accepted-on-page', { viewportOnly: true });
    await page.setViewportSize(PHONE);

    // Another order of theirs is accepted meanwhile: that one is news here, with View Order to it.
    await moveByStaff(staff, baseURL!, other.id, 'confirmed');
    const otherAccepted = toasts.filter({ hasText: `Order #${other.number} accepted` });
    await expect(otherAccepted).toBeVisible({ timeout: 2000 });
    await expect(otherAccepted.getByRole('button', { name: 'View Order' })).toBeVisible();
    await saveScreenshot(page, testInfo, 'my-order-other-order-toast', { viewportOnly: true });
    await otherAccepted.getByRole('button', { name: 'View Order' }).click();
    await expect(page).toHaveURL(`/account/orders/${other.id}`);
    await expect(page.getByRole('heading', { name: `Order #${other.number}`, level: 1 })).toBeVisible();

    // On that page the first order is ready: a toast with View Order to it. Going back to its page
    // while the toast is up, the toast no longer offers the page it is on.
    await moveByStaff(staff, baseURL!, mine.id, 'preparing');
    await moveByStaff(staff, baseURL!, mine.id, 'ready');
    const mineReady = toasts.filter({ hasText: `Order #${mine.number} is ready` });
    await expect(mineReady.getByRole('button', { name: 'View Order' })).toBeVisible({ timeout: 2000 });
    await page.goBack();
    await expect(page).toHaveURL(`/account/orders/${mine.id}`);
    // The same toast, still up, now without View Order (only Close).
    const withoutLink = mineReady.filter({ hasNot: page.getByRole('button', { name: 'View Order' }) });
    await expect(withoutLink).toBeVisible();
    await expect(withoutLink.getByRole('button', { name: 'Close' })).toBeVisible();
    await saveScreenshot(page, testInfo, 'my-order-own-toast-no-link', { viewportOnly: true });
    await withoutLink.getByRole('button', { name: 'Close' }).click();
    await expect(toasts).toHaveCount(0);

    // Completed: Rate your order is there, uncovered, and nothing toasts over it.
    await moveByStaff(staff, baseURL!, mine.id, 'completed');
    const rate = page.getByRole('link', { name: 'Rate your order' });
    await expect(rate).toBeVisible({ timeout: 2000 });
    expect(await toasts.count()).toBe(0);
    await expectUncovered(rate);
    await saveScreenshot(page, testInfo, 'my-order-completed-on-page', { viewportOnly: true });
    await page.setViewportSize(DESKTOP);
    await expectUncovered(rate);
    await saveScreenshot(page, testInfo, 'my-order-completed-on-page', { viewportOnly: true });
    await staffContext.close();
  });
});

import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import type { NotificationPage } from '../../src/shared/contracts/notifications';
import type { Order } from '../../src/shared/contracts/orders';
import type { OrderStatus } from '../../src/shared/order-status';
import { buildMenuItem, uniqueName } from '../support/factories';
import { expect, test } from './fixtures';
import { newCustomer, ownerClient, signIn } from './guests';
import { DESKTOP, openWatching, PHONE, saveScreenshot, signInByApi, userIdOf } from './helpers';
import { E2E_USERS } from './users';

/**
 * The in-app notifications: a customer's order request reaches an open staff page as the
 * notification toast and one more on the bell within 2 s; the bell's panel lists it newest first, a click
 * marks it read and opens the order, "Mark all as read" clears the count; a customer's bell and toast
 * follow their order being accepted.
 */

/** The bell the screen shows (the sidebar's on a desktop, the top bar's or the header's on a phone). */
function bell(page: Page): Locator {
  return page.getByRole('button', { name: /^Notifications/ }).and(page.getByTestId('notification-bell'));
}

/** The unread count the bell says ("Notifications (3 unread)"), 0 without one. */
async function bellCount(page: Page): Promise<number> {
  const name = (await bell(page).getAttribute('aria-label')) ?? '';
  return Number(/\((\d+) unread\)/.exec(name)?.[1] ?? 0);
}

function panel(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Notifications' });
}

function item(page: Page, order: Order): Locator {
  return panel(page)
    .getByTestId('notification-item')
    .filter({ hasText: `#${order.number}` });
}

/** A new customer signed in on another device (their own request context), who orders through the API. */
async function customerDevice(browser: Browser, baseURL: string) {
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': `198.19.${Math.floor(Math.random() * 250)}.41` },
  });
  const user = await newCustomer(context.request, baseURL, 'Noor');
  await signIn(context.request, baseURL, user);
  return { context, user };
}

async function placeOrder(request: APIRequestContext, baseURL: string, menuItemId: string): Promise<Order> {
  const response = await request.post('/api/orders', {
    data: { type: 'takeaway', lines: [{ menuItemId, quantity: 2 }] },
    headers: { origin: baseURL, 'Idempotency-Key': randomUUID() },
  });
  expect(response.status(), await response.text()).toBe(201);
  const order = (await response.json()) as Order;
  expect(order.status).toBe('pending');
  return order;
}

async function moveOrder(request: APIRequestContext, baseURL: string, orderId: string, status: OrderStatus) {
  const current = (await (await request.get(`/api/orders/${orderId}`)).json()) as Order;
  const response = await request.post(`/api/orders/${orderId}/status`, {
    data: { status, version: current.version },
    headers: { origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function readNotifications(request: APIRequestContext): Promise<NotificationPage> {
  const response = await request.get('/api/notifications?limit=50');
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as NotificationPage;
}

/**
 * Hides the notification toasts until the returned function shows them again (other tests' requests
 * keep arriving for staff, and their toasts would cover the panel).
 */
async function hideToasts(page: Page): Promise<() => Promise<void>> {
  const style = await page.addStyleTag({
    content: '[data-testid="notification-toast"] { display: none !important; }',
  });
  return () => style.evaluate((element) => (element as HTMLElement).remove());
}

test.describe('notifications', () => {
  test('a customer’s order request reaches an open staff page as a toast and on the bell within 2 s; the panel opens it and marks it read; Mark all as read clears the count', async ({
    page,
    request,
    browser,
    baseURL,
  }, testInfo) => {
    test.slow();
    const owner = await ownerClient(request, baseURL!);
    const soup = await buildMenuItem(owner, {
      name: uniqueName('Bell Soup'),
      price: 600,
      station: 'kitchen',
    });
    const customer = await customerDevice(browser, baseURL!);

    await page.setViewportSize(DESKTOP);
    await signInByApi(page, baseURL!, E2E_USERS.staff);
    const staffId = await userIdOf(page.request);
    // Start from nothing unread (other tests' requests reach this staff member too).
    expect(
      (await page.request.post('/api/notifications/read-all', { headers: { origin: baseURL! } })).status(),
    ).toBe(200);
    await openWatching(page, '/orders', staffId);
    await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
    await expect(bell(page)).toBeVisible();
    const before = await bellCount(page);

    const order = await placeOrder(customer.context.request, baseURL!, soup.id);
    // Measured from the API's answer: the toast and the bell within 2 s.
    const toast = page.getByTestId('notification-toast').filter({ hasText: `#${order.number}` });
    await expect(toast).toBeVisible({ timeout: 2_000 });
    await expect(toast).toContainText('New order request');
    await expect(toast).toContainText(`#${order.number} · Takeaway · 2 items`);
    await expect.poll(() => bellCount(page), { timeout: 2_000 }).toBeGreaterThanOrEqual(before + 1);
    await expect(page.getByTestId('notification-count').first()).toBeVisible();
    await expect(toast).toHaveCount(1);
    await saveScreenshot(page, testInfo, 'notifications-staff-bell', { viewportOnly: true });

    // The panel: the request unread, with its words and its time. Other tests' customers order at the
    // same time and their requests reach this staff member too: while the panel is used their toasts
    // are hidden, so they cover nothing, and nothing counts on this test's requests being the only ones.
    await toast.getByRole('button', { name: 'Close' }).click();
    const showToasts = await hideToasts(page);
    await bell(page).click();
    await expect(panel(page)).toBeVisible();
    const row = item(page, order);
    await expect(row).toHaveAttribute('data-unread', 'true');
    await expect(row).toContainText('New order request');
    await expect(row).toContainText('Just now');
    await saveScreenshot(page, testInfo, 'notifications-staff-panel', { viewportOnly: true });

    // A click marks it read and opens the order.
    await row.click();
    await expect(page).toHaveURL(new RegExp(`/orders/${order.id}$`));
    await expect(panel(page)).toBeHidden();
    await expect
      .poll(
        async () => (await readNotifications(page.request)).items.find((n) => n.orderId === order.id)?.readAt,
      )
      .toBeTruthy();
    await bell(page).click();
    await expect(item(page, order)).not.toHaveAttribute('data-unread', 'true');
    await page.keyboard.press('Escape');
    await expect(panel(page)).toBeHidden();
    await expect(bell(page)).toBeFocused();

    // Two more requests, each a toast again; Mark all as read clears them.
    await showToasts();
    const second = await placeOrder(customer.context.request, baseURL!, soup.id);
    const third = await placeOrder(customer.context.request, baseURL!, soup.id);
    await expect(page.getByTestId('notification-toast').filter({ hasText: `#${third.number}` })).toBeVisible({
      timeout: 2_000,
    });
    await expect(
      page.getByTestId('notification-toast').filter({ hasText: `#${second.number}` }),
    ).toBeVisible();
    await expect.poll(() => bellCount(page), { timeout: 2_000 }).toBeGreaterThanOrEqual(2);
    await hideToasts(page);

    // The phone's top bar carries the same bell.
    await page.setViewportSize(PHONE);
    await expect(bell(page)).toBeVisible();
    await saveScreenshot(page, testInfo, 'notifications-staff-bell', { viewportOnly: true });
    await bell(page).click();
    // Newest first.
    const rows = panel(page).getByTestId('notification-item');
    const numbers = (await rows.allTextContents()).map((text) => /#(\d+)/.exec(text)?.[1]);
    expect(numbers.indexOf(String(third.number))).toBeLessThan(numbers.indexOf(String(second.number)));
    await expect(item(page, third)).toHaveAttribute('data-unread', 'true');
    await saveScreenshot(page, testInfo, 'notifications-staff-panel', { viewportOnly: true });
    await panel(page).getByRole('button', { name: 'Mark all as read' }).click();
    await expect(item(page, third)).not.toHaveAttribute('data-unread', 'true');
    await expect(item(page, second)).not.toHaveAttribute('data-unread', 'true');
    const after = await readNotifications(page.request);
    for (const placed of [order, second, third]) {
      expect(after.items.find((n) => n.orderId === placed.id)?.readAt).toBeTruthy();
    }
    await customer.context.close();
  });

  test('a customer sees their bell and the toast when staff accept their order, and the panel opens their own order page', async ({
    page,
    request,
    browser,
    baseURL,
  }, testInfo) => {
    test.slow();
    const owner = await ownerClient(request, baseURL!);
    const soup = await buildMenuItem(owner, {
      name: uniqueName('Bell Stew'),
      price: 700,
      station: 'kitchen',
    });
    const staff = await browser.newContext({
      baseURL,
      extraHTTPHeaders: { 'x-forwarded-for': `198.19.${Math.floor(Math.random() * 250)}.42` },
    });
    await signIn(staff.request, baseURL!, E2E_USERS.staff);

    await page.setViewportSize(PHONE);
    const customer = await newCustomer(page.request, baseURL!, 'Bell');
    await signIn(page.request, baseURL!, customer);
    const customerId = await userIdOf(page.request);
    const order = await placeOrder(page.request, baseURL!, soup.id);
    await openWatching(page, '/account/orders', customerId);
    await expect(page.getByRole('heading', { name: 'My orders', level: 1 })).toBeVisible();
    const header = page.getByRole('banner');
    await expect(header.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
    await bell(page).click();
    await expect(panel(page).getByText('No notifications yet')).toBeVisible();
    await saveScreenshot(page, testInfo, 'notifications-customer-empty', { viewportOnly: true });
    await page.keyboard.press('Escape');

    await moveOrder(staff.request, baseURL!, order.id, 'confirmed');
    const toast = page
      .getByTestId('notification-toast')
      .filter({ hasText: `Order #${order.number} accepted` });
    await expect(toast).toBeVisible({ timeout: 2_000 });
    await expect(toast).toContainText('The kitchen is on it.');
    await expect(header.getByRole('button', { name: 'Notifications (1 unread)' })).toBeVisible({
      timeout: 2_000,
    });
    await expect(toast).toHaveCount(1);
    await saveScreenshot(page, testInfo, 'notifications-customer-bell', { viewportOnly: true });

    await toast.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByTestId('notification-toast')).toHaveCount(0);
    await bell(page).click();
    await expect(item(page, order)).toHaveAttribute('data-unread', 'true');
    await expect(item(page, order)).toContainText('The kitchen is on it.');
    await saveScreenshot(page, testInfo, 'notifications-customer-panel', { viewportOnly: true });

    // Desktop: the bell sits in the header beside My orders.
    await page.setViewportSize(DESKTOP);
    await expect(panel(page)).toBeVisible();
    await saveScreenshot(page, testInfo, 'notifications-customer-panel', { viewportOnly: true });
    await page.keyboard.press('Escape');
    await saveScreenshot(page, testInfo, 'notifications-customer-bell', { viewportOnly: true });

    await bell(page).click();
    await item(page, order).click();
    await expect(page).toHaveURL(`/account/orders/${order.id}`);
    await expect(header.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
    await staff.close();
  });
});

import { expect, test } from './fixtures';
import { DESKTOP, PHONE, saveScreenshot, signInByApi, signInByForm } from './helpers';
import { E2E_USERS } from './users';

// "Order Requests" carries the count of pending requests when there are any (other tests place them).
const STAFF_LABELS = ['Orders', 'Add Order', 'Order Monitor', /^Order Requests(\s*\d+\+?\s*\(\d+ new\))?$/];
const ADMIN_LABELS = [
  'Expense Management',
  'Financial Statement',
  'Budget Allocations',
  'Purchase Orders',
  'Master Data',
  'Inventory Management',
  'Menu Management',
  'Coupons',
  'User Management',
  'Backup & Restore',
  'Analytics',
  'Customer Feedback',
  'Audit Log',
];

test.describe('side navigation', () => {
  test('shows an admin every item in order, the active item and the footer', async ({ page, baseURL }) => {
    await signInByApi(page, baseURL!, E2E_USERS.admin);
    await page.goto('/orders');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText([...STAFF_LABELS, ...ADMIN_LABELS]);
    await expect(nav.getByRole('link', { name: 'Orders', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await nav.getByRole('link', { name: 'Expense Management' }).click();
    await expect(page).toHaveURL('/expenses');
    await expect(nav.getByRole('link', { name: 'Expense Management' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(nav.getByRole('link', { name: 'Orders', exact: true })).not.toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByRole('heading', { name: 'Expense Management', level: 1 })).toBeVisible();
    await nav.getByRole('link', { name: 'Analytics' }).click();
    await expect(page).toHaveURL('/admin/dashboard');
    await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
    await expect(page.getByText('Administrator', { exact: true })).toBeVisible();
    await expect(page.getByText('Owner', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Brigade' }).click();
    await expect(page).toHaveURL('/orders');
  });

  test('shows a staff member the staff items only, labelled Staff Member', async ({ page, baseURL }) => {
    await signInByApi(page, baseURL!, E2E_USERS.staff);
    await page.goto('/orders/requests');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText(STAFF_LABELS);
    await expect(page.getByText('Staff Member', { exact: true })).toBeVisible();
    await expect(page.getByText('Sam Server', { exact: true })).toBeVisible();
  });

  test('labels a manager Manager, with the staff items', async ({ page, baseURL }) => {
    await signInByApi(page, baseURL!, E2E_USERS.manager);
    await page.goto('/orders');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText(STAFF_LABELS);
    await expect(page.getByText(E2E_USERS.manager.name, { exact: true })).toBeVisible();
    await expect(page.getByText('Manager', { exact: true })).toBeVisible();
    await expect(page.getByText('Staff Member', { exact: true })).toHaveCount(0);
  });

  test('fits an admin’s whole navigation on a 1280×800 screen, without scrolling', async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInByApi(page, baseURL!, E2E_USERS.admin);
    await page.goto('/orders');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText([...STAFF_LABELS, ...ADMIN_LABELS]);
    // The last item and the footer are on the screen as it opens, and the list has nothing to scroll.
    await expect(nav.getByRole('link').last()).toHaveText('Audit Log');
    await expect(nav.getByRole('link').last()).toBeInViewport({ ratio: 1 });
    await expect(nav.getByRole('link', { name: 'Customer Feedback' })).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeInViewport({ ratio: 1 });
    expect(await nav.evaluate((element) => element.scrollHeight <= element.clientHeight)).toBe(true);
    // Every item stays a comfortable target.
    for (const box of await nav
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getBoundingClientRect().height))) {
      expect(box).toBeGreaterThanOrEqual(28);
    }
  });

  test('is hidden on public routes, also for staff', async ({ page, baseURL }) => {
    await signInByApi(page, baseURL!, E2E_USERS.admin);
    for (const path of ['/', '/terms', '/contact']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    }
    await page.goto('/test-notifications');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  });

  test('on a phone, opens a full-screen menu from the top bar that closes when an item is chosen', async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize(PHONE);
    await signInByApi(page, baseURL!, E2E_USERS.admin);
    await page.goto('/orders');
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeVisible();
    const box = await page.locator('#mobile-menu').boundingBox();
    expect(box?.width).toBe(PHONE.width);
    expect((box?.height ?? 0) + (box?.y ?? 0)).toBe(PHONE.height);
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await nav.getByRole('link', { name: 'Coupons' }).click();
    await expect(page).toHaveURL('/coupons');
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Coupons' })).toBeVisible();
  });
});

test.describe('sign-out', () => {
  test('shows "Signing out...", then goes to /login signed out', async ({ page, baseURL }) => {
    await signInByApi(page, baseURL!, E2E_USERS.staff);
    await page.goto('/orders');
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/auth/sign-out', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('button', { name: 'Signing out...' })).toBeDisabled();
    release();
    await expect(page).toHaveURL('/login');
    await expect(page.getByText('Signed out successfully!')).toBeVisible();
    await page.goto('/orders');
    await expect(page).toHaveURL('/login?callbackUrl=%2Forders');
  });

  test('enables the button again when signing out fails', async ({ page, baseURL }) => {
    await signInByApi(page, baseURL!, E2E_USERS.staff);
    await page.goto('/orders/add');
    await page.route('**/api/auth/sign-out', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'unavailable', message: 'The server is busy.' } }),
      }),
    );
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByText('The server is busy.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeEnabled();
    await expect(page).toHaveURL('/orders/add');
  });
});

test.describe('sign-up and sign-in', () => {
  test('a new guest signs up as a customer and lands on the home page', async ({ page }) => {
    await page.goto('/auth/signup');
    await page.getByLabel('Name').fill('Nina New');
    await page.getByLabel('Email').fill(`nina-${Date.now()}@e2e.brigade`);
    await page.getByLabel('Password').fill('12345');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL('/auth/signup');
    await page.getByLabel('Password').fill('nina-secret');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Account created successfully!')).toBeVisible();
    await expect(page).toHaveURL('/');
    await page.goto('/orders');
    await expect(page).toHaveURL('/');
  });

  test('a wrong password shows the server’s message once, as a toast', async ({ page }) => {
    await page.goto('/auth/signin');
    await signInByForm(page, { ...E2E_USERS.staff, password: 'wrong-password' });
    // Sign-in errors are the provider's message in a toast, and the form does not repeat it.
    await expect(page.getByRole('status').filter({ hasText: 'Invalid email or password' })).toBeVisible();
    expect(await page.getByText('Invalid email or password').count()).toBe(1);
    await expect(page.getByLabel('Password')).not.toHaveAccessibleDescription('Invalid email or password');
    await expect(page).toHaveURL('/auth/signin');
  });
});

test.describe('screenshots', () => {
  for (const viewport of [PHONE, { width: 1280, height: 800 }]) {
    test(`of the side navigation of an admin and of a manager at ${viewport.width}×${viewport.height}`, async ({
      page,
      baseURL,
    }, testInfo) => {
      await page.setViewportSize(viewport);
      for (const [name, user] of [
        ['side-nav-admin', E2E_USERS.admin],
        ['side-nav-manager', E2E_USERS.manager],
      ] as const) {
        await signInByApi(page, baseURL!, user);
        await page.goto('/orders');
        await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
        if (viewport === PHONE) await page.getByRole('button', { name: 'Open menu' }).click();
        await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
        await saveScreenshot(page, testInfo, name, { viewportOnly: true });
      }
    });
  }

  for (const viewport of [PHONE, DESKTOP]) {
    test(`of the shell and the public pages at ${viewport.width}×${viewport.height}`, async ({
      page,
      baseURL,
    }, testInfo) => {
      await page.setViewportSize(viewport);
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await saveScreenshot(page, testInfo, 'home');
      await page.goto('/login');
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
      await saveScreenshot(page, testInfo, 'login');
      await page.goto('/auth/signup');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await saveScreenshot(page, testInfo, 'signup');
      await page.goto('/no/such/page');
      await saveScreenshot(page, testInfo, 'not-found');

      await signInByApi(page, baseURL!, E2E_USERS.admin);
      await page.goto('/orders');
      await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
      await saveScreenshot(page, testInfo, 'shell-admin');
      if (viewport === PHONE) {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
        await saveScreenshot(page, testInfo, 'shell-admin-menu');
      }
    });
  }
});

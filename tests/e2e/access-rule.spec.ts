import { expect, test } from './fixtures';
import { holdSessionCheck, signInByApi, signInByForm } from './helpers';
import { E2E_USERS } from './users';

test.describe('the access rule', () => {
  test('shows a full-screen spinner while the session loads', async ({ page }) => {
    const release = await holdSessionCheck(page);
    await page.goto('/orders');
    await expect(page.getByRole('status', { name: 'Loading' })).toBeVisible();
    release();
    await expect(page.getByRole('status', { name: 'Loading' })).toBeHidden();
    await expect(page).toHaveURL(/\/login\?callbackUrl=/);
  });

  test('sends a signed-out visitor to /login with the full requested path, and back there after sign-in', async ({
    page,
  }) => {
    await page.goto('/orders/monitor?station=bar#late');
    await expect(page).toHaveURL('/login?callbackUrl=%2Forders%2Fmonitor%3Fstation%3Dbar%23late');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await signInByForm(page, E2E_USERS.staff);
    await expect(page.getByText('Signed in successfully!')).toBeVisible();
    await expect(page).toHaveURL('/orders/monitor?station=bar#late');
    await expect(page.getByRole('heading', { name: 'Order Monitor' })).toBeVisible();
  });

  test('ignores a callbackUrl that leaves the site', async ({ page }) => {
    await page.goto('/login?callbackUrl=https%3A%2F%2Fevil.example%2Fsteal');
    await signInByForm(page, E2E_USERS.staff);
    await expect(page).toHaveURL('/orders');
    await page.goto('/login?callbackUrl=%2F%2Fevil.example%2Fsteal');
    await expect(page).toHaveURL(/\/login/);
  });

  test('sends a signed-in customer from a staff route to /', async ({ page, baseURL }) => {
    await signInByApi(page, baseURL!, E2E_USERS.customer);
    await page.goto('/orders/add');
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  });

  test('sends a staff member who is not an admin from an admin route to /orders/add', async ({
    page,
    baseURL,
  }) => {
    await signInByApi(page, baseURL!, E2E_USERS.staff);
    await page.goto('/menu/items?x=1');
    await expect(page).toHaveURL('/orders/add');
    await expect(page.getByRole('heading', { name: 'Add Order' })).toBeVisible();
  });

  test('sends a customer from an admin route to /', async ({ page, baseURL }) => {
    await signInByApi(page, baseURL!, E2E_USERS.customer);
    await page.goto('/admin/users');
    await expect(page).toHaveURL('/');
  });

  test('lets an admin into admin routes and their sub-paths', async ({ page, baseURL }) => {
    await signInByApi(page, baseURL!, E2E_USERS.admin);
    await page.goto('/admin/backup/history');
    await expect(page).toHaveURL('/admin/backup/history');
    await expect(page.getByRole('link', { name: 'Backup & Restore' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('shows a real 404 page for an unknown path', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});

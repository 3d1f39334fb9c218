import { randomBytes } from 'node:crypto';
import { humanCheckFor } from '../support/human-check';
import { expect, test } from './fixtures';
import { PHONE, saveScreenshot, signInByForm } from './helpers';
import { outboxLink, withE2EDatabase } from './outbox';

/** A fresh customer account, made through the API as the sign-up form would. */
async function signUpCustomer(baseURL: string) {
  const user = {
    name: 'Rita Reset',
    email: `rita-${randomBytes(3).toString('hex')}@e2e.brigade`,
    password: 'old-password-1',
  };
  const response = await fetch(`${baseURL}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: baseURL,
      'x-human-check': await humanCheckFor(baseURL),
    },
    body: JSON.stringify(user),
  });
  expect(response.status, await response.text()).toBe(200);
  return user;
}

test.describe('forgot password', () => {
  test('a customer resets their password through the e-mailed link, and only the new one works', async ({
    page,
    baseURL,
  }) => {
    const user = await signUpCustomer(baseURL!);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL('/auth/forgot-password');
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();

    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('Password reset email sent!')).toBeVisible({ timeout: 25_000 });
    await expect(page.getByText(`If an account exists for ${user.email}`)).toBeVisible();

    const link = await outboxLink({ recipient: user.email, purpose: 'reset-password' });
    expect(link.pathname).toBe('/auth/reset-password');
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();

    // The policy hints follow the typing, and mismatched passwords are caught before sending.
    const newPassword = page.getByLabel('New password', { exact: true });
    await newPassword.fill('abc');
    await expect(page.getByText('At least 6 characters (not yet)')).toBeAttached();
    await newPassword.fill('new-password-2');
    await expect(page.getByText('At least 6 characters (done)')).toBeAttached();
    await page.getByLabel('Confirm new password').fill('new-password-3');
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect(page.getByText('The passwords do not match.')).toBeVisible();
    await page.getByLabel('Confirm new password').fill('new-password-2');
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect(page.getByText('Password updated successfully!')).toBeVisible();
    await expect(page).toHaveURL('/login');

    await signInByForm(page, { email: user.email, password: user.password });
    await expect(page.getByRole('status').filter({ hasText: /invalid email or password/i })).toBeVisible();
    await expect(page).toHaveURL('/login');

    await page.getByLabel('Password', { exact: true }).fill('new-password-2');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Signed in successfully!')).toBeVisible();
    await expect(page).toHaveURL('/');
  });

  test('says the same for an address with no account and sends nothing', async ({ page }) => {
    const email = `nobody-${randomBytes(3).toString('hex')}@e2e.brigade`;
    await page.goto('/auth/forgot-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText(`If an account exists for ${email}`)).toBeVisible({ timeout: 25_000 });
    const sent = await withE2EDatabase(
      async (client) =>
        (await client.query('select 1 from dev_outbox where recipient = $1', [email])).rowCount ?? 0,
    );
    expect(sent).toBe(0);
  });

  test('a link without a token, or a used one, says so and offers a new one', async ({ page }, testInfo) => {
    await page.setViewportSize(PHONE);
    await page.goto('/auth/reset-password');
    await expect(page.getByText('This link is no longer valid. Please ask for a new one.')).toBeVisible();
    await saveScreenshot(page, testInfo, 'reset-password-invalid');
    await page.getByRole('link', { name: 'Ask for a new link' }).click();
    await expect(page).toHaveURL('/auth/forgot-password');
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
    await saveScreenshot(page, testInfo, 'forgot-password');

    await page.goto('/auth/reset-password?token=not-a-real-token');
    await page.getByLabel('New password', { exact: true }).fill('whatever-1');
    await page.getByLabel('Confirm new password').fill('whatever-1');
    await saveScreenshot(page, testInfo, 'reset-password');
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect(page.getByText('This link is no longer valid. Please ask for a new one.')).toBeVisible();
  });
});

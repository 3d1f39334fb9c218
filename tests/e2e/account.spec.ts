import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { humanCheckFor } from '../support/human-check';
import { expect, test } from './fixtures';
import { DESKTOP, PHONE, saveScreenshot } from './helpers';
import { latestOutboxBody, outboxCode } from './outbox';

/** A new customer, signed up and signed in through the API with the page's own cookie jar. */
async function signUpNewCustomer(page: Page, baseURL: string, name: string) {
  const user = {
    name,
    email: `${name.split(' ')[0]!.toLowerCase()}-${Date.now()}@e2e.brigade`,
    password: 'first-password-1',
  };
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: user,
    headers: { origin: baseURL, 'x-human-check': await humanCheckFor(baseURL) },
  });
  expect(response.status(), await response.text()).toBe(200);
  // Sign-up does not sign in (its answer must not tell whether the address was taken): sign in, as the form does.
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email: user.email, password: user.password },
    headers: { origin: baseURL },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  return user;
}

/**
 * `text` is on the page exactly once: it shows, and a moment later (a toast of the same error would
 * be in the page by then) there is still one copy of it.
 */
async function expectShownOnce(page: Page, text: string) {
  await expect(page.getByText(text).first()).toBeVisible();
  await page.waitForTimeout(500);
  // Counted now, not retried: a toast goes away by itself after a few seconds.
  expect(await page.getByText(text).count()).toBe(1);
}

async function photoPng(): Promise<Buffer> {
  // A picture with some detail, wider than the 512 px a profile photo keeps.
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200">
      <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="#f59e0b"/><stop offset="1" stop-color="#b91c1c"/>
      </linearGradient></defs>
      <rect width="1600" height="1200" fill="url(#g)"/>
      <circle cx="800" cy="520" r="260" fill="#fde68a"/>
    </svg>`,
  );
  return sharp(gradient).png().toBuffer();
}

test.describe('the account page', () => {
  test('updates the name, the photo, the password and the e-mail address', async ({
    page,
    baseURL,
  }, testInfo) => {
    test.slow();
    const user = await signUpNewCustomer(page, baseURL!, 'Ada Account');
    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();

    // Name
    const name = page.getByLabel('Display name');
    await expect(name).toHaveValue('Ada Account');
    await expect(page.getByRole('button', { name: 'Save name' })).toBeDisabled();
    await name.fill('Ada Lovelace');
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect(page.getByText('Profile updated successfully!')).toBeVisible();
    await expect(page.getByRole('banner').getByText('Ada Lovelace')).toBeVisible();

    // Photo: choose, preview, save
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload photo' }).click();
    await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: await photoPng() });
    await expect(page.getByText('Preview: not saved yet')).toBeVisible();
    await expect(page.getByTestId('avatar-photo')).toHaveAttribute('src', /^blob:/);
    await page.getByRole('button', { name: 'Save photo' }).click();
    await expect(page.getByText('Profile updated successfully!').first()).toBeVisible();
    const photo = page.getByTestId('avatar-photo');
    await expect(photo).toHaveAttribute('src', /^\/api\/images\/[0-9a-f-]{36}$/);
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(512);
    await expect(page.getByRole('button', { name: 'Change photo' })).toBeVisible();

    // A file that is not a picture is refused before upload.
    const chooser2 = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Change photo' }).click();
    await (await chooser2).setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
    await expect(
      page.getByRole('alert').filter({ hasText: 'Choose a JPEG, PNG or WebP picture.' }),
    ).toBeVisible();

    // Password: a wrong current password, then the right one
    await page.getByLabel('Current password').fill('not-my-password');
    await page.getByLabel('New password', { exact: true }).fill('second-password-2');
    await page.getByLabel('Confirm new password').fill('second-password-2');
    await page.getByRole('button', { name: 'Update password' }).click();
    // The provider's refusal is a toast (an update's errors are), and the form does not repeat it.
    await expect(
      page.getByRole('status').filter({ hasText: 'The current password is not correct.' }),
    ).toBeVisible();
    await expectShownOnce(page, 'The current password is not correct.');
    await expect(page.getByLabel('Current password')).not.toHaveAccessibleDescription(
      'The current password is not correct.',
    );
    for (const viewport of [PHONE, { width: 1280, height: 800 }]) {
      await page.setViewportSize(viewport);
      await page.getByLabel('Current password').scrollIntoViewIfNeeded();
      await saveScreenshot(page, testInfo, 'account-password-wrong', { viewportOnly: true });
    }
    await page.setViewportSize(DESKTOP);
    await page.getByLabel('Current password').fill(user.password);
    await page.getByRole('button', { name: 'Update password' }).click();
    await expect(page.getByText('Password updated successfully!')).toBeVisible();
    await expect(page.getByLabel('Current password')).toHaveValue('');

    // This device stays signed in (the others are signed out).
    expect((await page.request.get('/api/me')).status()).toBe(200);

    // E-mail: confirm the address with the link, then change it
    const section = page.getByRole('region', { name: 'Email' });
    await expect(section.getByText(user.email)).toBeVisible();
    await expect(section.getByText('Not verified')).toBeVisible();

    const since = new Date(Date.now() - 1000);
    await section.getByRole('button', { name: 'Send confirmation link again' }).click();
    await expect(section.getByText(`We sent a link to ${user.email}.`)).toBeVisible();
    const mail = await latestOutboxBody({ channel: 'email', recipient: user.email, since });
    const link = mail.match(/https?:\/\/\S+/)?.[0];
    expect(link).toBeTruthy();
    await page.goto(link!);
    await expect(page.getByText('Email address confirmed!')).toBeVisible();
    await expect(page).toHaveURL('/account');
    await expect(section.getByText('Verified', { exact: true })).toBeVisible();

    const newEmail = `eve-new-${Date.now()}@e2e.brigade`;
    await section.getByRole('button', { name: 'Change email' }).click();
    await expect(section.getByLabel('New email address')).toBeFocused();
    await section.getByLabel('New email address').fill(newEmail);
    await section.getByRole('button', { name: 'Send link' }).click();
    await expect(section.getByRole('status')).toHaveText(
      `We sent a link to ${newEmail}. Open it to confirm the address.`,
    );
    const change = await latestOutboxBody({ channel: 'email', recipient: newEmail, since });
    await page.goto(change.match(/https?:\/\/\S+/)![0]);
    await expect(page.getByText('Email address confirmed!')).toBeVisible();
    await expect(section.getByText(newEmail)).toBeVisible();
  });

  test('a phone-only customer adds an e-mail and changes the phone number with a code', async ({ page }) => {
    const first = `+1555${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
    const second = `+1555${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
    await page.goto(`/login?method=phone&callbackUrl=${encodeURIComponent('/account')}`);
    let since = new Date(Date.now() - 1000);
    await page.getByLabel('Phone number').fill(first);
    await page.getByRole('button', { name: 'Send code' }).click();
    const code = await outboxCode({ recipient: first, since });
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Confirm code' }).click();
    await expect(page).toHaveURL('/account');

    const email = page.getByRole('region', { name: 'Email' });
    await expect(email.getByText('You have no email address yet.')).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Password' }).getByText('You sign in with your phone'),
    ).toBeVisible();
    await email.getByRole('button', { name: 'Add email' }).click();
    const address = `phone-${Date.now()}@e2e.brigade`;
    await email.getByLabel('Email address').fill(address);
    await email.getByRole('button', { name: 'Send link' }).click();
    await expect(email.getByRole('status')).toContainText(`We sent a link to ${address}.`);

    // The number is shown grouped as people write it, not as the stored +E.164 text.
    const shown = (e164: string) => `+1 ${e164.slice(2, 5)} ${e164.slice(5, 8)} ${e164.slice(8)}`;
    const phone = page.getByRole('region', { name: 'Phone number' });
    await expect(phone.getByText(shown(first), { exact: true })).toBeVisible();
    await expect(phone.getByText(first)).toHaveCount(0);
    await phone.getByRole('button', { name: 'Change number' }).click();
    await expect(phone.getByLabel('Phone number')).toBeFocused();
    since = new Date(Date.now() - 1000);
    await phone.getByLabel('Phone number').fill(second);
    await phone.getByRole('button', { name: 'Send code' }).click();
    const secondCode = await outboxCode({ recipient: second, since });
    await phone.getByLabel('Verification code').fill(secondCode);
    await phone.getByRole('button', { name: 'Confirm code' }).click();
    await expect(page.getByText('Phone verified successfully!').last()).toBeVisible();
    await expect(phone.getByText(shown(second), { exact: true })).toBeVisible();
  });

  test('signs out of all devices after a confirmation', async ({ page, browser, baseURL }) => {
    const user = await signUpNewCustomer(page, baseURL!, 'Otto Everywhere');
    // A second device with its own session.
    const other = await browser.newContext({ baseURL });
    const signIn = await other.request.post('/api/auth/sign-in/email', {
      data: { email: user.email, password: user.password },
      headers: { origin: baseURL! },
    });
    expect(signIn.status()).toBe(200);

    await page.goto('/account');
    await page.getByRole('button', { name: 'Sign out of all devices' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign out of all devices?' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Sign out of all devices' }).click();
    await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(page).toHaveURL('/login');
    await expect(page.getByText('Signed out successfully!')).toBeVisible();
    expect((await page.request.get('/api/me')).status()).toBe(401);
    expect((await other.request.get('/api/me')).status()).toBe(401);
    await other.close();
  });

  test('sends a signed-out visitor to /login first', async ({ page }) => {
    await page.goto('/account');
    await expect(page).toHaveURL(`/login?callbackUrl=${encodeURIComponent('/account')}`);
  });
});

test('screenshots of the account page at 390×844 and 1440×900', async ({ page, baseURL }, testInfo) => {
  await signUpNewCustomer(page, baseURL!, 'Sasha Screens');
  const upload = await page.request.post('/api/account/photo', {
    multipart: { photo: { name: 'me.png', mimeType: 'image/png', buffer: await photoPng() } },
    headers: { origin: baseURL! },
  });
  expect(upload.status()).toBe(200);
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
    await expect(page.getByLabel('Current password')).toBeVisible();
    await expect
      .poll(() => page.getByTestId('avatar-photo').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await saveScreenshot(page, testInfo, 'account');
  }
});

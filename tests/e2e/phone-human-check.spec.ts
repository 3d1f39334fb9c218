import { randomInt } from 'node:crypto';
import { expect, test } from './fixtures';
import { holdHumanCheckedRequests } from './helpers';
import { outboxCode } from './outbox';

test.describe('phone sign-in after many wrong codes', () => {
  test('the code step asks for the human check, which solves itself, and the guest is signed in', async ({
    page,
    baseURL,
  }) => {
    // A number of its own: its failures must not slow down anybody else's sign-in.
    const phoneNumber = `+1555${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;

    // Someone guesses: 10 wrong codes for the number (from this test's own client address).
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const wrong = await page.request.post('/api/auth/phone-number/verify', {
        data: { phoneNumber, code: String(100_000 + attempt) },
        headers: { origin: baseURL! },
      });
      expect(wrong.status(), await wrong.text()).toBeGreaterThanOrEqual(400);
      expect(wrong.status()).not.toBe(429);
    }
    // From now on even the right code needs a solved check.
    const unchecked = await page.request.post('/api/auth/phone-number/verify', {
      data: { phoneNumber, code: '123456' },
      headers: { origin: baseURL! },
    });
    expect(unchecked.status()).toBe(429);
    expect(await unchecked.json()).toMatchObject({ error: { details: { reason: 'HUMAN_CHECK_REQUIRED' } } });

    // The form's second confirmation (the one with the solved check) waits until the test has seen
    // the check on the page; otherwise a fast solve would leave the page before it could be seen.
    const { sentChecks, release } = await holdHumanCheckedRequests(page, '**/api/auth/phone-number/verify');

    await page.goto(`/login?method=phone&callbackUrl=${encodeURIComponent('/account')}`);
    const since = new Date(Date.now() - 1000);
    await page.getByLabel('Phone number').fill(phoneNumber);
    await page.getByRole('button', { name: 'Send code' }).click();
    const code = await outboxCode({ recipient: phoneNumber, since });
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Confirm code' }).click();
    await expect(
      page.getByText('There were many wrong codes for this number, so we check that you are human first.'),
    ).toBeVisible();
    await expect(page.locator('[data-testid="human-check"] [data-state="verified"]')).toBeVisible({
      timeout: 20_000,
    });
    // No error toast: the refusal only asked for the check, which the form ran by itself.
    await expect(page.getByText('too many failed sign-ins', { exact: false })).toHaveCount(0);
    release();

    await expect(page).toHaveURL('/account');
    await expect(page.getByText('Phone verified successfully!').first()).toBeVisible();
    const me = await page.request.get('/api/me');
    expect(await me.json()).toMatchObject({ phoneNumber });
    // The first try went without a check and was asked for one; the retry carried the solved check.
    expect(sentChecks).toHaveLength(2);
    expect(sentChecks[0]).toBeNull();
    expect(sentChecks[1]).toBeTruthy();
  });
});

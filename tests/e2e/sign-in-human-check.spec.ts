import { randomBytes } from 'node:crypto';
import { humanCheckFor } from '../support/human-check';
import { expect, test } from './fixtures';
import { holdHumanCheckedRequests, signInByForm } from './helpers';

test.describe('sign-in after many failures', () => {
  test('the form asks for the human check, which solves itself, and the owner is signed in', async ({
    page,
    baseURL,
  }) => {
    // A fresh account of its own: its failures must not slow down anybody else's sign-in.
    const user = {
      name: 'Hana Human',
      email: `hana-${randomBytes(3).toString('hex')}@e2e.brigade`,
      password: 'right-password-1',
    };
    const signUp = await page.request.post('/api/auth/sign-up/email', {
      data: user,
      headers: { origin: baseURL!, 'x-human-check': await humanCheckFor(baseURL!) },
    });
    expect(signUp.status(), await signUp.text()).toBe(200);

    // Someone guesses: 10 wrong passwords for the account (from this test's own client address).
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const wrong = await page.request.post('/api/auth/sign-in/email', {
        data: { email: user.email, password: `wrong-password-${attempt}` },
        headers: { origin: baseURL! },
      });
      expect(wrong.status()).toBe(401);
    }
    // From now on even the right password needs a solved check, and is not locked out.
    const unchecked = await page.request.post('/api/auth/sign-in/email', {
      data: user,
      headers: { origin: baseURL! },
    });
    expect(unchecked.status()).toBe(429);
    expect(await unchecked.json()).toMatchObject({ error: { details: { reason: 'HUMAN_CHECK_REQUIRED' } } });

    // The form's second sign-in (the one with the solved check) waits until the test has seen the
    // check solved on the page; otherwise a fast solve would leave the page before it could be seen.
    const { sentChecks, release } = await holdHumanCheckedRequests(page, '**/api/auth/sign-in/email');

    await page.goto('/login');
    await signInByForm(page, user);
    await expect(
      page.getByText(
        'There were many failed sign-ins for this account, so we check that you are human first.',
      ),
    ).toBeVisible();
    await expect(page.locator('[data-testid="human-check"] [data-state="verified"]')).toBeVisible({
      timeout: 20_000,
    });
    release();

    await expect(page).toHaveURL('/');
    await expect(page.getByRole('banner').getByText(user.name)).toBeVisible();
    const me = await page.request.get('/api/me');
    expect(await me.json()).toMatchObject({ email: user.email, displayName: user.name });
    // The first try went without a check and was asked for one; the retry carried the solved check.
    expect(sentChecks).toHaveLength(2);
    expect(sentChecks[0]).toBeNull();
    expect(sentChecks[1]).toBeTruthy();
  });
});

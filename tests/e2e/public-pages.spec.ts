import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DESKTOP, PHONE, saveScreenshot, signInByApi } from './helpers';
import { E2E_USERS } from './users';

/** What the page keeps in local storage about the cookie choice. */
async function storedConsent(page: Page) {
  return page.evaluate(() => ({
    consent: window.localStorage.getItem('cookieConsent'),
    date: window.localStorage.getItem('cookieConsentDate'),
  }));
}

function expectRecentIsoDate(value: string | null) {
  expect(value).not.toBeNull();
  const date = new Date(value!);
  expect(date.toISOString()).toBe(value);
  expect(Math.abs(Date.now() - date.getTime())).toBeLessThan(5 * 60 * 1000);
}

/** Sets the restaurant's contact details as the admin would in the settings. */
async function setContactDetails(request: APIRequestContext, baseURL: string) {
  const signIn = await request.post('/api/auth/sign-in/email', {
    data: { email: E2E_USERS.admin.email, password: E2E_USERS.admin.password },
    headers: { origin: baseURL },
  });
  expect(signIn.status()).toBe(200);
  const { version } = (await (await request.get('/api/settings')).json()) as { version: number };
  const response = await request.patch('/api/settings', {
    data: {
      address: '12 Harbour Street\nPortside 4021',
      phone: '+1 555 010 2000',
      email: 'hello@cafe.example',
      version,
    },
    headers: { origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test.describe('cookie banner', () => {
  // These tests start with nothing stored, unlike the rest of the suite (playwright.config.ts).
  test.use({ storageState: { cookies: [], origins: [] } });

  test('Reject All stores "rejected" with the time and hides the banner for good', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('link', { name: 'About cookies' })).toHaveAttribute(
      'href',
      '/privacy-policy#cookies',
    );
    expect(await storedConsent(page)).toEqual({ consent: null, date: null });

    await banner.getByRole('button', { name: 'Reject All' }).click();
    await expect(banner).toBeHidden();
    const stored = await storedConsent(page);
    expect(stored.consent).toBe('rejected');
    expectRecentIsoDate(stored.date);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);
  });

  test('Accept All stores "accepted" with the time, also from the back office', async ({ page, baseURL }) => {
    await signInByApi(page, baseURL!, E2E_USERS.staff);
    await page.goto('/orders');
    await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: 'Accept All' }).click();
    await expect(banner).toBeHidden();
    const stored = await storedConsent(page);
    expect(stored.consent).toBe('accepted');
    expectRecentIsoDate(stored.date);

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);
  });

  test('links to the privacy policy’s cookies section', async ({ page }) => {
    await page.goto('/terms');
    await page
      .getByRole('region', { name: 'Cookie consent' })
      .getByRole('link', { name: 'About cookies' })
      .click();
    await expect(page).toHaveURL('/privacy-policy#cookies');
    const section = page.locator('#cookies');
    await expect(section).toHaveText('Cookies and browser storage');
    await expect(section).toBeInViewport();
    // Still unanswered: the banner stays until a choice is made.
    await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
  });

  for (const viewport of [PHONE, DESKTOP]) {
    test(`sits at the bottom without covering the page at ${viewport.width}×${viewport.height}`, async ({
      page,
    }, testInfo) => {
      await page.setViewportSize(viewport);
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const banner = page.getByRole('region', { name: 'Cookie consent' });
      await expect(banner).toBeVisible();
      const box = (await banner.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
      expect(box.y + box.height).toBeGreaterThan(viewport.height - 40);
      expect(box.height).toBeLessThan(viewport.height / 3);
      // Both buttons fit side by side and are large enough to tap.
      for (const name of ['Reject All', 'Accept All']) {
        const button = (await banner.getByRole('button', { name }).boundingBox())!;
        expect(button.height).toBeGreaterThanOrEqual(40);
        expect(button.x + button.width).toBeLessThanOrEqual(viewport.width);
      }
      // The page can be scrolled out from under the banner: at the very bottom its footer ends above
      // it. (Scrolled again on each try: the menu may still be growing the page when first scrolled.)
      await expect
        .poll(async () => {
          await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
          const footer = (await page.locator('footer').boundingBox())!;
          const bannerAfterScroll = (await banner.boundingBox())!;
          return footer.y + footer.height - bannerAfterScroll.y;
        })
        .toBeLessThanOrEqual(1);
      await page.evaluate(() => window.scrollTo(0, 0));
      await saveScreenshot(page, testInfo, 'cookie-banner');
    });
  }
});

const LEGAL_PAGES = [
  { path: '/terms', title: 'Terms of Service' },
  { path: '/privacy-policy', title: 'Privacy Policy' },
  { path: '/refund-policy', title: 'Refund Policy' },
  { path: '/delivery-policy', title: 'Delivery Policy' },
];

test.describe('legal pages', () => {
  test('render their titles, dates and sections', async ({ page }) => {
    for (const { path, title } of LEGAL_PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(page).toHaveTitle(`${title} | Brigade`);
      await expect(page.getByText(/^Last updated /)).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Contact us' })).toBeVisible();
      expect(await page.getByRole('heading', { level: 2 }).count()).toBeGreaterThan(2);
    }
  });

  test('opens the privacy policy at its cookies section from /privacy-policy#cookies', async ({ page }) => {
    await page.goto('/privacy-policy#cookies');
    const section = page.getByRole('heading', { level: 2, name: 'Cookies and browser storage' });
    await expect(section).toHaveAttribute('id', 'cookies');
    await expect(section).toBeInViewport();
    await expect(page.getByText('brigade.session_token', { exact: false })).toBeVisible();
    await expect(page.getByText(/"cookieConsent" and "cookieConsentDate"/)).toBeVisible();
  });

  test('are reached from the footer', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('navigation', { name: 'Legal' });
    // `/` arrives as server-rendered HTML: a click the moment the page hydrates can be lost, as it
    // would be for a person, who clicks again.
    await expect(async () => {
      if (new URL(page.url()).pathname !== '/refund-policy') {
        await footer.getByRole('link', { name: 'Refunds' }).click();
      }
      await expect(page).toHaveURL('/refund-policy', { timeout: 3000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Refund Policy');
  });
});

test.describe('contact page', () => {
  test('shows the restaurant’s details and sends a message as a person would', async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    await setContactDetails(request, baseURL!);
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
    await expect(page.getByRole('link', { name: '+1 555 010 2000' })).toHaveAttribute(
      'href',
      'tel:+15550102000',
    );
    await expect(page.getByRole('link', { name: 'hello@cafe.example' })).toHaveAttribute(
      'href',
      'mailto:hello@cafe.example',
    );
    await expect(page.getByText('12 Harbour Street')).toBeVisible();

    // Inline validation first: nothing is sent.
    let posted = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/contact')) posted += 1;
    });
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Enter your name.')).toBeVisible();
    await expect(page.getByText('Enter a subject.')).toBeVisible();
    await expect(page.getByText('Write your message.')).toBeVisible();
    await expect(page.getByLabel('Name')).toBeFocused();

    await page.getByLabel('Name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill('ada@example');
    await page.getByLabel('Phone (optional)').fill('+1 555 123 4567');
    await page.getByLabel('Subject').fill('Table for twelve');
    await page.getByLabel('Message').fill('Hello!\nCould we book the terrace on Friday evening?');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Enter an email address such as name@example.com.')).toBeVisible();
    await page.getByLabel('Email').fill('ada@example.com');
    expect(posted).toBe(0);

    // The human check solves itself in the background.
    await expect(page.getByTestId('human-check').locator('[data-state="verified"]')).toBeVisible({
      timeout: 20_000,
    });
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Your message has been sent!')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Thank you, Ada Lovelace!' })).toBeVisible();
    await expect(page.getByText('ada@example.com')).toBeVisible();
    expect(posted).toBe(1);
    await saveScreenshot(page, testInfo, 'contact-sent');

    // A fresh form for another message.
    await page.getByRole('button', { name: 'Send another message' }).click();
    await expect(page.getByLabel('Subject')).toHaveValue('');
  });

  test('shows the server’s message when sending fails', async ({ page }) => {
    await page.route('**/api/contact', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({
          error: {
            code: 'resource-exhausted',
            message: 'Too many attempts. Please try again in 59 minutes.',
          },
        }),
      }),
    );
    await page.goto('/contact');
    await page.getByLabel('Name').fill('Ada');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Subject').fill('Hello');
    await page.getByLabel('Message').fill('Hello there');
    await expect(page.getByTestId('human-check').locator('[data-state="verified"]')).toBeVisible({
      timeout: 20_000,
    });
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Too many attempts. Please try again in 59 minutes.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send message' })).toBeEnabled();
    await expect(page.getByLabel('Message')).toHaveValue('Hello there');
  });
});

test.describe('notification toast', () => {
  test('shows the default title and body for 5 seconds and closes with its button', async ({ page }) => {
    await page.goto('/test-notifications');
    await expect(page.getByRole('heading', { level: 1, name: 'Test Notifications' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Notifications on this device' })).toBeVisible();

    await page.getByRole('button', { name: 'Show a sample notification', exact: true }).click();
    const toast = page.getByTestId('notification-toast');
    await expect(toast).toBeVisible();
    await expect(toast.getByText('New Notification', { exact: true })).toBeVisible();
    await expect(toast.getByText('You have a new notification', { exact: true })).toBeVisible();
    await expect(toast.getByRole('button', { name: 'View Order' })).toHaveCount(0);
    // Top right.
    const box = (await toast.boundingBox())!;
    expect(box.y).toBeLessThan(100);
    expect(box.x + box.width).toBeGreaterThan(DESKTOP.width - 100);
    await page.waitForTimeout(4000);
    await expect(toast).toBeVisible();
    await expect(toast).toBeHidden({ timeout: 3000 });

    await page.getByRole('button', { name: 'Show a sample notification', exact: true }).click();
    await expect(toast).toBeVisible();
    await toast.getByRole('button', { name: 'Close' }).click();
    await expect(toast).toBeHidden();
  });

  test('goes to the order with View Order', async ({ page, baseURL }, testInfo) => {
    await signInByApi(page, baseURL!, E2E_USERS.staff);
    await page.goto('/test-notifications');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await page.getByRole('button', { name: 'Show a sample notification with an order' }).click();
    const toast = page.getByTestId('notification-toast');
    await expect(toast.getByRole('button', { name: 'View Order' })).toBeVisible();
    // Both buttons are touch targets of at least 44 px.
    for (const name of ['View Order', 'Close']) {
      const box = (await toast.getByRole('button', { name }).boundingBox())!;
      expect(Math.min(box.width, box.height), name).toBeGreaterThanOrEqual(44);
    }
    await saveScreenshot(page, testInfo, 'notification-toast');
    for (const viewport of [PHONE, { width: 1280, height: 800 }]) {
      await page.setViewportSize(viewport);
      await saveScreenshot(page, testInfo, 'notification-toast-buttons', { viewportOnly: true });
    }
    await page.setViewportSize(DESKTOP);
    await toast.getByRole('button', { name: 'View Order' }).click();
    await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
    // The sample order is made up (the page says so): its page says that it does not exist.
    await expect(page.getByRole('heading', { name: 'This order does not exist' })).toBeVisible();
    await expect(toast).toBeHidden();
  });
});

test.describe('screenshots', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    test(`of /contact and /terms at ${viewport.width}×${viewport.height}`, async ({ page }, testInfo) => {
      await page.setViewportSize(viewport);
      await page.goto('/contact');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByTestId('human-check').locator('[data-state="verified"]')).toBeVisible({
        timeout: 20_000,
      });
      await saveScreenshot(page, testInfo, 'contact');
      await page.goto('/terms');
      await expect(page.getByText(/^Last updated /)).toBeVisible();
      await saveScreenshot(page, testInfo, 'terms');
      await page.goto('/test-notifications');
      await page.getByRole('button', { name: 'Show a sample notification with an order' }).click();
      await expect(page.getByTestId('notification-toast')).toBeVisible();
      await saveScreenshot(page, testInfo, 'test-notifications');
    });
  }
});

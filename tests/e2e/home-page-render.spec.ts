import type { Page } from '@playwright/test';
import type { PublicMenu } from '../../src/shared/contracts/menu';
import { formatMoney } from '../../src/shared/money';
import { expect, test } from './fixtures';
import { PHONE, saveScreenshot } from './helpers';

/**
 * `/` is rendered on the server: without JavaScript the page already has the restaurant's
 * name in its title and the menu's names and prices, and the browser hydrates that HTML without
 * drawing it again (a mismatch would be reported on the console).
 */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

test('curl / returns the restaurant in the title and the menu as HTML', async ({ request }) => {
  await expect
    .poll(
      async () => {
        const answer = await request.get('/', { headers: { accept: 'text/html' } });
        const html = await answer.text();
        const menu = (await (await request.get('/api/menu/public')).json()) as PublicMenu;
        const { name, currency, locale } = menu.restaurant;
        const items = menu.categories.flatMap((category) => category.items).slice(0, 8);
        const missing = items
          .map((item) => [item.name, formatMoney(item.price, currency, locale)])
          .filter(([itemName, price]) => !html.includes(escapeHtml(itemName!)) || !html.includes(price!));
        return {
          status: answer.status(),
          title: html.match(/<title>([^<]*)<\/title>/)?.[1],
          expected: escapeHtml(name),
          items: items.length,
          missing,
          description:
            /<meta name="description" content="[^"]+"/.test(html) &&
            !html.includes('restaurant and cafe management'),
        };
      },
      // Another test may change the menu between the two reads: asked again, both agree.
      { timeout: 15_000 },
    )
    .toMatchObject({ status: 200, missing: [], description: true });
  const html = await (await request.get('/')).text();
  const menu = (await (await request.get('/api/menu/public')).json()) as PublicMenu;
  expect(html).toContain(`<title>${escapeHtml(menu.restaurant.name)}</title>`);
  expect(html).toContain(`<meta property="og:title" content="${escapeHtml(menu.restaurant.name)}" />`);

  const atTable = await (await request.get('/?table=T5')).text();
  expect(atTable).toContain('Ordering for table');
  expect(atTable).toContain('T5');
  // A page of the back office is the plain app page, rendered in the browser.
  const orders = await (await request.get('/login')).text();
  expect(orders).toContain('<div id="root"></div>');
});

test('a phone without JavaScript sees the menu; with it, the page hydrates without a mismatch', async ({
  browser,
}, testInfo) => {
  const noScript = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
  const still = await noScript.newPage();
  await still.goto('/');
  await expect(still.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(still.getByRole('searchbox').or(still.getByPlaceholder('Search the menu'))).toBeVisible();
  const firstItem = still.locator('article h3').first();
  await expect(firstItem).toBeVisible();
  await saveScreenshot(still, testInfo, 'home-without-javascript-phone');
  await noScript.close();

  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto('/');
  const heading = page.getByRole('heading', { level: 1 });
  const name = await heading.textContent();
  // The search filters the menu: the page is interactive once hydrated.
  const search = page.getByPlaceholder('Search the menu');
  const item = (await page.locator('article h3').first().textContent()) ?? '';
  await search.fill(item.slice(0, 6));
  await expect(page.getByText(/dish(es)? found/)).toBeVisible();
  await expect(heading).toHaveText(name ?? '');
  expect(problems).toEqual([]);
  await context.close();
});

/**
 * The cookie banner on the rendered `/` (shown when no consent is stored; Reject All stores
 * `rejected`, Accept All `accepted`): it is in the server's HTML, so a first visitor sees it in the first
 * paint and can answer it before the app's JavaScript has run; a visitor who has chosen never sees it.
 */
test.describe('the cookie banner without waiting for the app', () => {
  const FIRST_VISIT = { storageState: { cookies: [], origins: [] } };
  const CHOSE = (consent: 'accepted' | 'rejected', baseURL: string) => ({
    storageState: {
      cookies: [],
      origins: [
        {
          origin: baseURL,
          localStorage: [
            { name: 'cookieConsent', value: consent },
            { name: 'cookieConsentDate', value: '2026-01-01T00:00:00.000Z' },
          ],
        },
      ],
    },
  });

  const bannerOf = (page: Page) => page.getByRole('region', { name: 'Cookie consent' });

  /** The page as it is before (or without) the app: its scripts are refused, the HTML, CSS and inline script stay. */
  async function withoutTheApp(page: Page) {
    await page.route('**/assets/*.js', (route) => route.abort());
  }

  /** Console errors and page errors (a hydration mismatch, a script the CSP refuses). */
  function problemsOf(page: Page): string[] {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().includes('net::ERR_FAILED'))
        problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    return problems;
  }

  async function storedConsent(page: Page) {
    return page.evaluate(() => ({
      consent: window.localStorage.getItem('cookieConsent'),
      date: window.localStorage.getItem('cookieConsentDate'),
    }));
  }

  function expectRecentIsoDate(value: string | null) {
    expect(value).not.toBeNull();
    expect(new Date(value!).toISOString()).toBe(value);
    expect(Math.abs(Date.now() - new Date(value!).getTime())).toBeLessThan(5 * 60 * 1000);
  }

  /** Hydrated, with the session answered: the guest's own sign-in link shows. */
  async function appRunning(page: Page) {
    await expect(page.getByRole('main').getByRole('link', { name: 'Sign in' })).toBeVisible();
  }

  test('a first visitor without JavaScript finds the banner in the page', async ({ browser, request }) => {
    // Early in the HTML, so it is parsed and painted with the first screen rather than after the menu.
    const html = await (await request.get('/')).text();
    expect(html.indexOf('aria-label="Cookie consent"')).toBeGreaterThan(0);
    expect(html.indexOf('aria-label="Cookie consent"')).toBeLessThan(html.indexOf('<main'));

    const context = await browser.newContext({ ...FIRST_VISIT, javaScriptEnabled: false, viewport: PHONE });
    const page = await context.newPage();
    await page.goto('/');
    const banner = bannerOf(page);
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('No advertising or tracking.');
    await expect(banner.getByRole('button', { name: 'Reject All' })).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Accept All' })).toBeVisible();
    await expect(banner.getByRole('link', { name: 'About cookies' })).toHaveAttribute(
      'href',
      '/privacy-policy#cookies',
    );
    await context.close();
  });

  test('Accept All and Reject All store the choice and hide the banner, before the app has run and after', async ({
    browser,
  }) => {
    for (const [before, after] of [
      ['Accept All', 'Reject All'],
      ['Reject All', 'Accept All'],
    ] as const) {
      const stored = (name: string) => (name === 'Accept All' ? 'accepted' : 'rejected');
      // Before: the app's scripts never arrive; the page's own inline script answers the button.
      const context = await browser.newContext({ ...FIRST_VISIT, viewport: PHONE });
      const page = await context.newPage();
      const problems = problemsOf(page);
      await withoutTheApp(page);
      await page.goto('/');
      await bannerOf(page).getByRole('button', { name: before }).click();
      await expect(bannerOf(page)).toBeHidden();
      const early = await storedConsent(page);
      expect(early.consent).toBe(stored(before));
      expectRecentIsoDate(early.date);
      // The app, when it comes, keeps the choice: no banner, no mismatch.
      await page.unroute('**/assets/*.js');
      await page.reload();
      await appRunning(page);
      await expect(bannerOf(page)).toHaveCount(0);
      expect(await storedConsent(page)).toEqual(early);
      expect(problems).toEqual([]);
      await context.close();

      // After: hydrated from the same HTML, the app's own handler answers.
      const later = await browser.newContext({ ...FIRST_VISIT, viewport: PHONE });
      const hydrated = await later.newPage();
      const laterProblems = problemsOf(hydrated);
      await hydrated.goto('/');
      await appRunning(hydrated);
      await bannerOf(hydrated).getByRole('button', { name: after }).click();
      await expect(bannerOf(hydrated)).toHaveCount(0);
      const chosen = await storedConsent(hydrated);
      expect(chosen.consent).toBe(stored(after));
      expectRecentIsoDate(chosen.date);
      expect(laterProblems).toEqual([]);
      await later.close();
    }
  });

  test('a visitor who has chosen never sees the banner: hidden in the first paint, gone once the app runs', async ({
    browser,
    baseURL,
  }) => {
    // Without the app: the HTML (the same for every visitor) has the banner, and the page's inline
    // script hides it before anything is painted.
    const before = await browser.newContext({ ...CHOSE('rejected', baseURL!), viewport: PHONE });
    const still = await before.newPage();
    await withoutTheApp(still);
    await still.goto('/');
    await expect(still.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(still.locator('section[aria-label="Cookie consent"]')).toHaveCount(1);
    await expect(bannerOf(still)).toBeHidden();
    await before.close();

    // With it: not one frame shows the banner (checked before every frame is painted).
    const context = await browser.newContext({ ...CHOSE('accepted', baseURL!), viewport: PHONE });
    const page = await context.newPage();
    const problems = problemsOf(page);
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { bannerFrames: string[] }).bannerFrames = seen;
      const look = () => {
        const banner = document.querySelector('section[aria-label="Cookie consent"]');
        if (banner && banner.getClientRects().length > 0)
          seen.push(`frame at ${Math.round(performance.now())} ms`);
        if (performance.now() < 15_000) requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    await page.goto('/');
    await appRunning(page);
    await expect(bannerOf(page)).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { bannerFrames: string[] }).bannerFrames)).toEqual(
      [],
    );
    expect(problems).toEqual([]);
    await context.close();
  });

  test('the menu stays where it was first painted when a guest’s sign-in links appear', async ({
    browser,
  }) => {
    const firstHeadingTop = async (page: Page) => (await page.locator('main h2').first().boundingBox())!.y;
    const before = await browser.newContext({ ...FIRST_VISIT, viewport: PHONE });
    const still = await before.newPage();
    await withoutTheApp(still);
    await still.goto('/');
    const painted = await firstHeadingTop(still);
    await before.close();

    const context = await browser.newContext({ ...FIRST_VISIT, viewport: PHONE });
    const page = await context.newPage();
    await page.goto('/');
    await appRunning(page);
    expect(await firstHeadingTop(page)).toBe(painted);
    await context.close();
  });

  test('what a first visitor sees, first painted and once the app runs, on a phone and a laptop', async ({
    browser,
  }, testInfo) => {
    for (const viewport of [PHONE, { width: 1280, height: 800 }]) {
      const before = await browser.newContext({ ...FIRST_VISIT, viewport });
      const still = await before.newPage();
      await withoutTheApp(still);
      await still.goto('/');
      await expect(bannerOf(still)).toBeVisible();
      await saveScreenshot(still, testInfo, 'home-first-paint', { viewportOnly: true });
      await before.close();

      const context = await browser.newContext({ ...FIRST_VISIT, viewport });
      const page = await context.newPage();
      await page.goto('/');
      await appRunning(page);
      await expect(bannerOf(page)).toBeVisible();
      await saveScreenshot(page, testInfo, 'home-first-visit', { viewportOnly: true });
      await context.close();
    }
  });
});

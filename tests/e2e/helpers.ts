import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, type TestInfo } from '@playwright/test';
import type { FactoryClient } from '../support/factories';
import type { E2E_USERS } from './users';

export type E2EUser = (typeof E2E_USERS)[keyof typeof E2E_USERS];

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1440, height: 900 };

/** Signs in through the API with the page's own cookie jar (fast set-up for tests about other things). */
export async function signInByApi(page: Page, baseURL: string, user: E2EUser): Promise<void> {
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email: user.email, password: user.password },
    headers: { origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * The test factories' client (tests/support/factories.ts: `buildMenuItem(apiClient(page.request,
 * baseURL))`) for a request context already signed in as an administrator: set-up through the API for
 * tests about a screen, with the same defaults as the API tests.
 */
export function apiClient(request: APIRequestContext, baseURL: string): FactoryClient {
  return {
    async send(method, path, body, headers) {
      const response = await request.fetch(path, {
        method,
        data: body,
        headers: { origin: baseURL, ...headers },
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        // Not JSON: the factory shows the text in its error.
      }
      return { status: response.status(), body: parsed };
    },
  };
}

/** Signs in through the form, as a person would. */
export async function signInByForm(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Saves a screenshot as a test artifact, under test-results/screenshots and attached to the report,
 * named `<name>-<width>x<height>.png`: the whole page, or with `viewportOnly` what the screen shows
 * (a full-height panel or a sticky bar, which a full-page capture would misplace).
 */
export async function saveScreenshot(
  page: Page,
  testInfo: TestInfo,
  name: string,
  { viewportOnly = false } = {},
): Promise<void> {
  const size = page.viewportSize();
  const file = path.resolve('test-results', 'screenshots', `${name}-${size?.width}x${size?.height}.png`);
  mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file, fullPage: !viewportOnly });
  await testInfo.attach(path.basename(file), { path: file, contentType: 'image/png' });
}

/**
 * Holds every `get-session` request of the page until the returned function is called, so a test can
 * see what the page shows while the session is still loading.
 */
export async function holdSessionCheck(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/auth/get-session', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Watches the page's requests to `urlGlob` and records the `x-human-check` header each carried (null
 * when none). A request that carries a solved check is held until `release()`, so a test can see the
 * solved check on the page before the page moves on (a fast solve would otherwise leave it unseen).
 */
export async function holdHumanCheckedRequests(
  page: Page,
  urlGlob: string,
): Promise<{ sentChecks: (string | null)[]; release: () => void }> {
  const sentChecks: (string | null)[] = [];
  let release: () => void = () => {};
  const checkSeen = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(urlGlob, async (route) => {
    const check = route.request().headers()['x-human-check'] ?? null;
    sentChecks.push(check);
    if (check) await checkSeen;
    await route.continue();
  });
  return { sentChecks, release };
}

/** axe's WCAG 2 A/AA findings on the screen as it is (as tests/e2e/accessibility.spec.ts checks). */
export async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ rules: { 'heading-order': { enabled: true }, region: { enabled: true } } })
    .analyze();
  return results.violations.map((violation) => ({
    rule: violation.id,
    targets: violation.nodes.slice(0, 5).map((node) => `${node.target.join(' ')}: ${node.failureSummary}`),
  }));
}

/**
 * Headless Chromium has no print dialog: from now on the page's prints are counted instead. Answers a
 * function that reads the count.
 */
export async function countPrints(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  return () => page.evaluate(() => (window as unknown as { printed: number }).printed);
}

/** Opens the page and waits for the first read of the notifications and the live stream following them. */
export async function openWatching(page: Page, path: string, userId: string): Promise<void> {
  const firstRead = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/notifications' && response.request().method() === 'GET',
  );
  const streamOpened = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return (
      url.pathname === '/api/events' &&
      (url.searchParams.get('topics') ?? '').includes(`notifications:${userId}`)
    );
  });
  await page.goto(path);
  expect((await firstRead).status()).toBe(200);
  expect((await streamOpened).status()).toBe(200);
}

/** The signed-in user's id, as the session says. */
export async function userIdOf(request: APIRequestContext): Promise<string> {
  const session = (await (await request.get('/api/auth/get-session')).json()) as { user: { id: string } };
  return session.user.id;
}

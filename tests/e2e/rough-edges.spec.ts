import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ownerClient } from './guests';
import { DESKTOP, holdSessionCheck, PHONE, saveScreenshot, signInByApi, signInByForm } from './helpers';
import { outboxCode } from './outbox';
import { E2E_USERS } from './users';

/**
 * Rough edges of the first screens that an outside review found: the session while loading, 404s, the
 * red Delete, toasts on a phone, tables in natural order and their printed QR codes.
 */

test.describe('public pages and the session', () => {
  test('/ paints its menu while the session is still loading; a protected page waits for it', async ({
    page,
  }) => {
    const release = await holdSessionCheck(page);
    await page.goto('/');
    await expect(page.getByRole('article', { name: 'Americano' })).toBeVisible();
    await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
    release();
  });

  test('the built index.html preloads the home page module', async ({ request }) => {
    const html = await (await request.get('/')).text();
    expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/home-page-[\w-]+\.js">/);
  });
});

test.describe('404 pages', () => {
  test('an unknown back-office address shows the 404 inside the staff frame with the navigation', async ({
    page,
    baseURL,
  }, testInfo) => {
    await signInByApi(page, baseURL!, E2E_USERS.admin);
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      for (const path of ['/admin/nope', '/menu/nope', '/orders/a/b']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
        if (viewport === DESKTOP) {
          await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
        } else {
          await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
        }
        await expect(page.getByRole('link', { name: 'Go to Orders' })).toBeVisible();
      }
      await saveScreenshot(page, testInfo, 'not-found-back-office');
    }
  });

  test('a public unknown address, or a back-office one for a guest, keeps the public 404', async ({
    page,
    baseURL,
  }) => {
    await page.goto('/admin/nope');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to the home page' })).toBeVisible();
    await signInByApi(page, baseURL!, E2E_USERS.customer);
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Legal' })).toBeVisible();
  });
});

test('the Delete confirmation button is red', async ({ page, baseURL }, testInfo) => {
  await signInByApi(page, baseURL!, E2E_USERS.admin);
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.goto('/master-data/units');
    await page
      .getByRole('button', { name: /^Delete / })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    const confirm = dialog.getByRole('button', { name: 'Delete', exact: true });
    await expect(confirm).toBeVisible();
    const background = await confirm.evaluate((element) => getComputedStyle(element).backgroundColor);
    // Tailwind's red-700 (oklch 50.5% 0.213 27.518): a red hue, not the black of a primary button.
    expect(background).toMatch(/oklch\(0\.50\d* 0\.21\d* 27\.\d+\)/);
    await saveScreenshot(page, testInfo, 'delete-confirmation', { viewportOnly: true });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  }
});

test('on a phone, toasts sit below the top bar and its menu button still works', async ({
  page,
}, testInfo) => {
  await page.setViewportSize(PHONE);
  await page.goto('/login');
  await signInByForm(page, E2E_USERS.admin);
  const toast = page.getByText('Signed in successfully!');
  await expect(toast).toBeVisible();
  // The staff top bar is 3.5 rem (56 px) high; measured once the toast has slid into place.
  await expect.poll(async () => (await toast.boundingBox())?.y ?? 0).toBeGreaterThanOrEqual(56);
  await saveScreenshot(page, testInfo, 'toast-below-top-bar', { viewportOnly: true });
  await page.getByRole('button', { name: 'Open menu' }).click({ trial: false });
  await expect(page.getByRole('button', { name: 'Close menu' })).toBeVisible();
});

test.describe('tables', () => {
  test('are listed in natural order (T2 before T10)', async ({ page, baseURL }) => {
    await signInByApi(page, baseURL!, E2E_USERS.admin);
    await page.goto('/master-data/tables');
    const names = page.getByRole('table').getByRole('row').locator('td:first-child, th[scope="row"]');
    await expect(names.first()).toBeVisible();
    const texts = (await names.allInnerTexts())
      .map((text) => text.trim())
      .filter((text) => /^T\d+$/.test(text));
    expect(texts.length).toBeGreaterThanOrEqual(10);
    const numbers = texts.map((text) => Number(text.slice(1)));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
  });

  test('"Print all QR codes" prints one card per table, in natural order, with their codes loaded', async ({
    page,
    baseURL,
  }, testInfo) => {
    await page.addInitScript(() => {
      // Headless Chromium has no print dialog: record what the printer would get instead.
      (window as unknown as { printed: unknown[] }).printed = [];
      window.print = () => {
        const sheet = document.querySelector('[data-testid="qr-print-sheet"]');
        const images = [...(sheet?.querySelectorAll('img') ?? [])];
        (window as unknown as { printed: unknown[] }).printed.push({
          tables: [...(sheet?.querySelectorAll('p') ?? [])]
            .map((p) => p.textContent ?? '')
            .filter((text) => text.startsWith('Table ')),
          loaded: images.every((image) => image.complete && image.naturalWidth > 0),
        });
      };
    });
    await signInByApi(page, baseURL!, E2E_USERS.admin);
    await page.goto('/master-data/tables');
    await page.getByRole('button', { name: 'Print all QR codes' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { printed: unknown[] }).printed.length))
      .toBe(1);
    const [printed] = (await page.evaluate(() => (window as unknown as { printed: unknown[] }).printed)) as {
      tables: string[];
      loaded: boolean;
    }[];
    expect(printed!.loaded).toBe(true);
    const numbers = printed!.tables.filter((t) => /^Table T\d+$/.test(t)).map((t) => Number(t.slice(7)));
    expect(numbers.slice(0, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // The sheet is gone again once printed.
    await expect(page.getByTestId('qr-print-sheet')).toHaveCount(0);
    await saveScreenshot(page, testInfo, 'tables-list');
    await page.setViewportSize(PHONE);
    await expect(page.getByRole('button', { name: 'Print all QR codes' })).toBeVisible();
    await saveScreenshot(page, testInfo, 'tables-list', { viewportOnly: true });
  });
});

/** Whether the select shows its chosen option's words whole (the arrow and padding take 3 rem). */
async function selectShowsWholeText(page: Page, label: string): Promise<boolean> {
  return page.getByLabel(label).evaluate((element) => {
    const select = element as HTMLSelectElement;
    const style = getComputedStyle(select);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = select.options[select.selectedIndex]?.text ?? '';
    const room =
      select.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    return context.measureText(text).width <= room;
  });
}

/** A unit with a long real name; the units other tests made carry run suffixes no kitchen would type. */
const LONG_UNIT = { name: 'Tablespoon', symbol: 'tbsp' };

test('the "Base unit" select shows its whole text on a phone and a desktop', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  await signInByApi(page, baseURL!, E2E_USERS.admin);
  const owner = await ownerClient(request, baseURL!);
  const units = (await (await request.get('/api/units?limit=500')).json()) as { items: { symbol: string }[] };
  if (!units.items.some((unit) => unit.symbol === LONG_UNIT.symbol)) {
    const created = await owner.send('POST', '/api/units', LONG_UNIT);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
  }
  const longest = `${LONG_UNIT.name} (${LONG_UNIT.symbol})`;
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.goto('/master-data/units');
    await page.getByRole('button', { name: 'Add unit' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add unit' });
    await expect(dialog.getByLabel('Base unit')).toBeEnabled();
    expect(await selectShowsWholeText(page, 'Base unit')).toBe(true);
    // With a base chosen, the factor sits beside it and the select still fits "Tablespoon (tbsp)".
    await dialog.getByLabel('Base unit').selectOption({ label: longest });
    await expect(dialog.getByLabel('Factor')).toBeVisible();
    expect(await selectShowsWholeText(page, 'Base unit')).toBe(true);
    await saveScreenshot(page, testInfo, 'unit-form', { viewportOnly: true });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  }
});

test('a wrong password is said once, as the provider’s message in a toast', async ({ page }, testInfo) => {
  await page.goto('/login');
  await signInByForm(page, { email: E2E_USERS.staff.email, password: 'not-the-password' });
  // Sign-in errors are the provider's message in a toast; the form does not say it a second time.
  await expect(page.getByRole('status').filter({ hasText: /invalid email or password/i })).toBeVisible();
  expect(await page.getByText(/invalid email or password/i).count()).toBe(1);
  await expect(page.getByLabel('Password')).not.toHaveAttribute('aria-invalid', 'true');
  await saveScreenshot(page, testInfo, 'sign-in-wrong-password');
  await page.setViewportSize(PHONE);
  await saveScreenshot(page, testInfo, 'sign-in-wrong-password', { viewportOnly: true });
  await page.setViewportSize(DESKTOP);
});

test('robots.txt and the web app manifest are served with their types', async ({ request }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
  const rules = await robots.text();
  expect(rules).toContain('Allow: /\n');
  for (const path of ['/api/', '/admin/', '/orders', '/master-data', '/menu']) {
    expect(rules).toContain(`Disallow: ${path}`);
  }

  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.status()).toBe(200);
  expect(manifest.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const body = (await manifest.json()) as { name: string; theme_color: string; icons: { src: string }[] };
  expect(body).toMatchObject({ name: 'Brigade', theme_color: '#000000', start_url: '/' });
  for (const icon of body.icons.filter((entry) => entry.src.endsWith('.png'))) {
    const file = await request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()['content-type']).toBe('image/png');
  }
  const html = await (await request.get('/')).text();
  expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
});

test('every layout starts with a skip-to-content link', async ({ page, baseURL }, testInfo) => {
  for (const path of ['/', '/login', '/menu']) {
    if (path === '/menu') await signInByApi(page, baseURL!, E2E_USERS.admin);
    await page.goto(path);
    // The page has rendered (its heading is there) before the first key press.
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    if (path === '/' || path === '/menu') {
      await saveScreenshot(page, testInfo, `skip-link-${path === '/' ? 'home' : 'menu'}`, {
        viewportOnly: true,
      });
    }
    await page.keyboard.press('Enter');
    await expect(page.locator('main#main')).toBeFocused();
  }
});

test('a phone number of the restaurant’s country is taken without +1; a phone-only customer gets a person icon', async ({
  page,
}, testInfo) => {
  await page.setViewportSize(PHONE);
  const national = `555 ${String(randomInt(0, 1000)).padStart(3, '0')} ${String(randomInt(0, 10_000)).padStart(4, '0')}`;
  const e164 = `+1${national.replace(/\s/g, '')}`;
  await page.goto(`/login?method=phone&callbackUrl=${encodeURIComponent('/account')}`);
  await expect(page.getByText('Numbers without a country code are read as +1.')).toBeVisible();
  const since = new Date(Date.now() - 1000);
  await page.getByLabel('Phone number').fill(national);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(`We sent a 6-digit code to ${e164}`)).toBeVisible();
  const code = await outboxCode({ recipient: e164, since });
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Confirm code' }).click();
  await expect(page).toHaveURL('/account');
  const profile = page.getByRole('region', { name: 'Profile' });
  await expect(profile.getByTestId('person-icon')).toBeVisible();
  await expect(profile.getByText('+', { exact: true })).toHaveCount(0);
  await saveScreenshot(page, testInfo, 'account-phone-only');
});

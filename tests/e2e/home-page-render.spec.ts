import type { PublicMenu } from '../../src/shared/contracts/menu';
import { formatMoney } from '../../src/shared/money';
import { expect, test } from './fixtures';
import { PHONE, saveScreenshot } from './helpers';

/**
 * `/` is rendered on the server (issue 12): without JavaScript the page already has the restaurant's
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

import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import type { PublicMenu } from '../../src/shared/contracts/menu';
import { formatMoney } from '../../src/shared/money';
import { expect, test } from './fixtures';
import { DESKTOP, PHONE, saveScreenshot } from './helpers';
import { E2E_USERS } from './users';

/** A made-up dish photo: a plate on a coloured table with a few round "ingredients". */
async function dishPhoto(table: string, colours: string[]): Promise<Buffer> {
  const blobs = colours
    .map((colour, index) => {
      const angle = (index / colours.length) * Math.PI * 2;
      const x = 300 + Math.cos(angle) * 70;
      const y = 310 + Math.sin(angle) * 70;
      return `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${72 - index * 6}" fill="${colour}"/>`;
    })
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600">
    <defs><radialGradient id="t" cx="50%" cy="40%" r="75%"><stop offset="0" stop-color="${table}"/>
    <stop offset="1" stop-color="#3b2a1e"/></radialGradient></defs>
    <rect width="600" height="600" fill="url(#t)"/>
    <circle cx="306" cy="322" r="232" fill="#000" opacity="0.18"/>
    <circle cx="300" cy="310" r="228" fill="#fbf8f3"/><circle cx="300" cy="310" r="176" fill="#f1ebe1"/>
    ${blobs}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}

interface TestMenu {
  breakfast: string;
  drinks: string;
  bowl: string;
  toast: string;
  flatWhite: string;
  hidden: string;
  archived: string;
}

/**
 * Creates two categories and their items through the API as the admin, with names of their own (the
 * database may hold other menus): a vegan bowl, toast that is sold out today, a flat white with sizes,
 * an item hidden online and an archived one.
 */
async function createTestMenu(
  request: APIRequestContext,
  baseURL: string,
  { photos }: { photos: boolean },
): Promise<TestMenu> {
  const run = randomBytes(3).toString('hex');
  const headers = { origin: baseURL };
  const signIn = await request.post('/api/auth/sign-in/email', {
    data: { email: E2E_USERS.admin.email, password: E2E_USERS.admin.password },
    headers,
  });
  expect(signIn.status(), await signIn.text()).toBe(200);

  async function send<T>(method: 'POST' | 'PATCH', url: string, data: unknown): Promise<T> {
    const response = await request.fetch(url, { method, data, headers });
    expect(response.status(), `${method} ${url}: ${await response.text()}`).toBeLessThan(300);
    return (await response.json()) as T;
  }
  async function addPhoto(itemId: string, table: string, colours: string[]) {
    if (!photos) return;
    const response = await request.post(`/api/menu/items/${itemId}/photo`, {
      multipart: {
        photo: { name: 'dish.jpg', mimeType: 'image/jpeg', buffer: await dishPhoto(table, colours) },
      },
      headers,
    });
    expect(response.status(), await response.text()).toBe(200);
  }

  const names: TestMenu = {
    breakfast: `Breakfast ${run}`,
    drinks: `Coffee & Drinks ${run}`,
    bowl: `Green Garden Bowl ${run}`,
    toast: `Smashed Avocado Toast ${run}`,
    flatWhite: `Flat White ${run}`,
    hidden: `Staff Soup ${run}`,
    archived: `Retired Muffin ${run}`,
  };
  const breakfast = await send<{ id: string }>('POST', '/api/food-categories', {
    name: names.breakfast,
    description: 'Served every day until 11:30.',
  });
  const drinks = await send<{ id: string }>('POST', '/api/food-categories', { name: names.drinks });

  const bowl = await send<{ id: string }>('POST', '/api/menu/items', {
    name: names.bowl,
    description: 'Quinoa, roasted sweet potato, kale, avocado and a lemon tahini dressing.',
    categoryId: breakfast.id,
    price: 1250,
    tags: ['vegan', 'gluten-free', 'popular'],
    allergens: ['sesame'],
  });
  await addPhoto(bowl.id, '#7a5c3e', ['#6a9a3b', '#e59a3a', '#9bc45a', '#f3d27a']);
  const toast = await send<{ id: string }>('POST', '/api/menu/items', {
    name: names.toast,
    description: 'Sourdough, smashed avocado, chilli flakes and a poached egg.',
    categoryId: breakfast.id,
    price: 1150,
    availableToday: false,
    tags: ['vegetarian', 'spicy'],
    allergens: ['gluten', 'eggs'],
  });
  await addPhoto(toast.id, '#8a6a4a', ['#c89b5e', '#7fae4a', '#f6e7b0']);
  await send('POST', '/api/menu/items', {
    name: `Buttermilk Pancakes ${run}`,
    description: 'Three fluffy pancakes, maple syrup and seasonal berries.',
    categoryId: breakfast.id,
    price: 980,
    tags: ['vegetarian', 'new'],
    allergens: ['gluten', 'milk', 'eggs'],
  });
  const flatWhite = await send<{ id: string }>('POST', '/api/menu/items', {
    name: names.flatWhite,
    description: 'A double ristretto with silky steamed milk.',
    categoryId: drinks.id,
    price: 450,
    tags: ['popular'],
    allergens: ['milk'],
    station: 'bar',
    modifierGroups: [
      {
        name: 'Size',
        minChoices: 1,
        maxChoices: 1,
        options: [
          { name: 'Small', priceDelta: 0 },
          { name: 'Regular', priceDelta: 50 },
          { name: 'Large', priceDelta: 100 },
        ],
      },
      {
        name: 'Milk',
        minChoices: 0,
        maxChoices: 1,
        options: [
          { name: 'Oat', priceDelta: 60 },
          { name: 'Almond', priceDelta: 60 },
        ],
      },
    ],
  });
  await addPhoto(flatWhite.id, '#5b4636', ['#b98556', '#e8d3b5']);
  await send('POST', '/api/menu/items', {
    name: names.hidden,
    categoryId: breakfast.id,
    price: 300,
    shownOnline: false,
  });
  const archived = await send<{ id: string; version: number }>('POST', '/api/menu/items', {
    name: names.archived,
    categoryId: breakfast.id,
    price: 350,
  });
  await send('PATCH', `/api/menu/items/${archived.id}`, { active: false, version: archived.version });
  return names;
}

/** The restaurant's currency and locale, as the public menu gives them. */
async function restaurantMoney(page: Page) {
  const response = await page.request.get('/api/menu/public');
  expect(response.status()).toBe(200);
  const { restaurant } = (await response.json()) as PublicMenu;
  return (minor: number) => formatMoney(minor, restaurant.currency, restaurant.locale);
}

/** Scrolls through the page so that every lazy photo loads, then waits for them. */
async function loadAllPhotos(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    window.scrollTo(0, 0);
  });
  await expect
    .poll(() => page.evaluate(() => [...document.images].every((image) => image.complete)))
    .toBe(true);
}

test.describe('public menu on /', () => {
  test('shows only the dishes shown online, with prices, tags and the sold-out state', async ({
    page,
    request,
    baseURL,
  }) => {
    const menu = await createTestMenu(request, baseURL!, { photos: false });
    const money = await restaurantMoney(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    const breakfast = page.getByRole('region', { name: menu.breakfast });
    await expect(breakfast.getByRole('heading', { level: 2 })).toHaveText(menu.breakfast);
    await expect(breakfast.getByText('Served every day until 11:30.')).toBeVisible();

    const flatWhite = page.getByRole('article', { name: menu.flatWhite });
    await expect(flatWhite).toContainText(money(450));
    expect(money(450)).toBe('$4.50');
    await expect(flatWhite).toContainText('Size: Small, Regular, Large');
    await expect(flatWhite).toContainText('Milk: Oat, Almond');
    await expect(flatWhite).toContainText('Allergens: Milk');
    await expect(flatWhite).not.toContainText('Not available today');

    const bowl = page.getByRole('article', { name: menu.bowl });
    await expect(bowl).toContainText(money(1250));
    await expect(bowl.getByRole('list', { name: 'Tags' })).toHaveText(/Vegan.*Gluten-free.*Popular/);

    const toast = page.getByRole('article', { name: menu.toast });
    await expect(toast).toBeVisible();
    await expect(toast.getByText('Not available today')).toBeVisible();

    // Hidden online and archived items never reach the page (nor the public API).
    await expect(page.getByText(menu.hidden)).toHaveCount(0);
    await expect(page.getByText(menu.archived)).toHaveCount(0);
    const publicMenu = await (await page.request.get('/api/menu/public')).text();
    expect(publicMenu).not.toContain(menu.hidden);
    expect(publicMenu).not.toContain(menu.archived);

    // The category bar jumps to a section and marks it. The bar slides sideways to keep the current
    // category's link in sight, so a click aimed at a link's position can land on its neighbour while
    // it slides (tests share one database: the bar holds many categories); the link is chosen with the
    // keyboard instead, which activates exactly that link.
    const categoryBar = page.getByRole('navigation', { name: 'Menu categories' });
    await categoryBar.getByRole('link', { name: menu.drinks }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 2, name: menu.drinks })).toBeInViewport();
    await expect(categoryBar.getByRole('link', { name: menu.drinks })).toHaveAttribute(
      'aria-current',
      'location',
    );
  });

  test('search and dietary filters narrow the menu, and say so when nothing matches', async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    const menu = await createTestMenu(request, baseURL!, { photos: false });
    await page.goto('/');
    const search = page.getByRole('searchbox', { name: 'Search the menu' });
    await expect(page.getByRole('article', { name: menu.bowl })).toBeVisible();

    await search.fill(menu.flatWhite.toLowerCase());
    await expect(page.getByRole('article', { name: menu.flatWhite })).toBeVisible();
    await expect(page.getByRole('article', { name: menu.bowl })).toHaveCount(0);
    await expect(page.getByRole('article', { name: menu.toast })).toHaveCount(0);
    await expect(page.getByText('1 dish found')).toBeVisible();
    await expect(page.getByRole('region', { name: menu.breakfast })).toHaveCount(0);

    await search.fill(`no such dish ${menu.flatWhite}`);
    await expect(
      page.getByRole('heading', { name: `No dishes match “no such dish ${menu.flatWhite}”` }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(search).toHaveValue('');
    await expect(page.getByRole('article', { name: menu.toast })).toBeVisible();

    const vegan = page.getByRole('button', { name: 'Vegan', exact: true });
    // Every dietary chip is a touch target of at least 44 px, on a phone too.
    const chips = page.getByRole('group', { name: 'Dietary filters' }).getByRole('button');
    for (const viewport of [PHONE, { width: 1280, height: 800 }]) {
      await page.setViewportSize(viewport);
      for (const height of await chips.evaluateAll((buttons) =>
        buttons.map((button) => button.getBoundingClientRect().height),
      )) {
        expect(height).toBeGreaterThanOrEqual(44);
      }
      await saveScreenshot(page, testInfo, 'public-menu-chips', { viewportOnly: true });
    }
    await page.setViewportSize(DESKTOP);
    await vegan.click();
    await expect(vegan).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('article', { name: menu.bowl })).toBeVisible();
    await expect(page.getByRole('article', { name: menu.flatWhite })).toHaveCount(0);
    await expect(page.getByRole('article', { name: menu.toast })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Menu categories' })).not.toContainText(menu.drinks);

    await vegan.click();
    await expect(vegan).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByRole('article', { name: menu.flatWhite })).toBeVisible();
  });

  test('a table QR link says which table the guest orders for, and the tab remembers it', async ({
    page,
  }) => {
    await page.goto('/?table=T5');
    await expect(page.getByText('Ordering for table T5')).toBeVisible();
    // The server's HTML says it at once; the tab remembers it once the page has hydrated.
    await expect.poll(() => page.evaluate(() => window.sessionStorage.getItem('brigade.table'))).toBe('T5');
    await page.goto('/');
    await expect(page.getByText('Ordering for table T5')).toBeVisible();
    await page.goto('/?table=T12');
    await expect(page.getByText('Ordering for table T12')).toBeVisible();
  });

  test('a guest sees the opening hours of the week and the sign-in links', async ({ page }) => {
    await page.goto('/');
    const hours = page.locator('summary', { hasText: /^(Open today \d\d:\d\d–\d\d:\d\d|Closed today)/ });
    await expect(hours).toBeVisible();
    await hours.click();
    await expect(page.getByRole('row', { name: /^Monday/ })).toBeVisible();
    await expect(page.getByRole('row', { name: /^Sunday/ })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/login',
    );
    await expect(page.getByRole('main').getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/auth/signup',
    );
  });

  for (const viewport of [PHONE, DESKTOP]) {
    test(`screenshots at ${viewport.width}×${viewport.height}, with only the home page's code`, async ({
      page,
      request,
      baseURL,
    }, testInfo) => {
      // Photos, full-page pictures and other helpers' load make this the slowest test of the file.
      test.setTimeout(90_000);
      const menu = await createTestMenu(request, baseURL!, { photos: true });
      const scripts: string[] = [];
      page.on('request', (req) => {
        if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
      });
      await page.setViewportSize(viewport);
      await page.goto('/?table=T5');
      await expect(page.getByRole('article', { name: menu.flatWhite })).toBeVisible();
      await loadAllPhotos(page);
      // Back at the top, the category bar shows the first category again.
      const firstCategory = page
        .getByRole('navigation', { name: 'Menu categories' })
        .getByRole('link')
        .first();
      await expect(firstCategory).toHaveAttribute('aria-current', 'location');
      await expect(firstCategory).toBeInViewport({ ratio: 1 });
      // Photos load lazily with their size set, so nothing shifts as they arrive.
      const photo = page.getByRole('article', { name: menu.bowl }).locator('img');
      await expect(photo).toHaveAttribute('loading', 'lazy');
      await expect(photo).toHaveAttribute('width', /\d+/);
      await expect(photo).toHaveAttribute('height', /\d+/);
      await saveScreenshot(page, testInfo, 'public-menu');

      // Scrolled into the menu, the search, the filters and the categories stay on top.
      await page
        .getByRole('navigation', { name: 'Menu categories' })
        .getByRole('link', { name: menu.breakfast })
        .click();
      await expect(page.getByRole('heading', { level: 2, name: menu.breakfast })).toBeInViewport();
      await page.waitForTimeout(600);
      await expect(page.getByRole('searchbox', { name: 'Search the menu' })).toBeInViewport();
      await saveScreenshot(page, testInfo, 'public-menu-scrolled', { viewportOnly: true });

      // The page loads no other page's module (no back office).
      const pageModules = scripts.filter((script) => /-page-[\w-]+\.js$/.test(script));
      expect(
        pageModules.every((script) => /\/home-page-[\w-]+\.js$/.test(script)),
        pageModules.join(),
      ).toBe(true);
    });
  }
});

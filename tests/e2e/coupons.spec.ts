import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import type { PublicConfig } from '../../src/shared/contracts/config';
import type { Coupon, CouponInput } from '../../src/shared/contracts/coupons';
import type { PublicMenu } from '../../src/shared/contracts/menu';
import type { Order } from '../../src/shared/contracts/orders';
import { couponRefusalMessage } from '../../src/shared/coupon-rules';
import { formatMoney } from '../../src/shared/money';
import { type PricingDiscount, priceOrder } from '../../src/shared/pricing';
import { buildCategory, buildMenuItem, type FactoryClient } from '../support/factories';
import { expect, test } from './fixtures';
import { buildDishes, cartButton, newCustomer, openDish, ownerClient, signIn } from './guests';
import { axeViolations, PHONE, saveScreenshot } from './helpers';
import { E2E_USERS } from './users';

/**
 * Coupons: an admin makes a 10% coupon with a minimum in `/coupons` (its code typed in lower case,
 * kept and shown in capitals); a cashier applies it at the point of sale and the live totals change
 * (below the minimum the screen says why and gives nothing); an expired code is refused with its
 * reason; a guest applies a coupon at checkout (a labelled field, no example code in it) and the
 * placed order carries the discount.
 */

const DESKTOP = { width: 1280, height: 800 };
const unique = () => randomBytes(3).toString('hex').toUpperCase();

async function restaurantMoney(request: APIRequestContext) {
  const config = (await (await request.get('/api/config')).json()) as PublicConfig;
  return {
    currency: config.currency,
    locale: config.locale,
    format: (minor: number) => formatMoney(minor, config.currency, config.locale),
  };
}

async function createCoupon(owner: FactoryClient, input: CouponInput): Promise<Coupon> {
  const created = await owner.send('POST', '/api/coupons', input);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as Coupon;
}

/** A soup ($6.95) and a main ($12.50) in a category of their own, for the till. */
async function tillMenu(owner: FactoryClient) {
  const run = unique();
  const category = await buildCategory(owner, { name: `Coupons ${run}` });
  const soup = await buildMenuItem(owner, {
    categoryId: category.id,
    name: `Lentil soup ${run}`,
    price: 695,
  });
  const main = await buildMenuItem(owner, {
    categoryId: category.id,
    name: `Roast chicken ${run}`,
    price: 1250,
  });
  return { soup, main };
}

async function openPointOfSale(page: Page) {
  await page.goto('/orders/add');
  await expect(page.getByRole('heading', { name: 'Add Order', level: 1 })).toBeVisible();
}

async function addToOrder(page: Page, name: string) {
  const search = page.getByRole('searchbox', { name: 'Search the menu' });
  await search.fill(name);
  await page
    .getByRole('list', { name: 'Menu items' })
    .getByRole('button', { name: new RegExp(name) })
    .click();
  await search.fill('');
}

function cartLine(page: Page, name: string) {
  return page.getByRole('list', { name: 'Items in the order' }).getByRole('listitem', { name, exact: true });
}

test.describe('coupons', () => {
  test('an admin creates a 10% coupon with a minimum; a cashier applies it and the totals change, below the minimum it gives nothing and says why', async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    test.slow();
    const owner = await ownerClient(request, baseURL!);
    const menu = await tillMenu(owner);
    const money = await restaurantMoney(request);
    const code = `TEN${unique()}`;

    // 1. The admin makes the coupon in /coupons, the form checked as it is typed.
    await page.setViewportSize(DESKTOP);
    await signIn(page.request, baseURL!, E2E_USERS.admin);
    await page.goto('/coupons');
    await expect(page.getByRole('heading', { name: 'Coupons', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Add coupon' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add coupon' });
    // Typed in lower case, kept and shown in capitals.
    await dialog.getByLabel('Code').fill(code.toLowerCase());
    await dialog.getByLabel('Description (optional)').fill('Ten percent off a proper meal');
    await dialog.getByLabel('Percent off').fill('150');
    await expect(dialog.getByText('A percentage must be at most 100.')).toBeVisible();
    await dialog.getByLabel('Percent off').fill('10');
    await expect(dialog.getByText('A percentage must be at most 100.')).toHaveCount(0);
    await dialog.getByLabel('Minimum order (optional)').fill('15');
    await saveScreenshot(page, testInfo, 'coupons-dialog', { viewportOnly: true });
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Create coupon' }).click();
    await expect(dialog).toBeHidden();

    const row = page.getByRole('list', { name: 'Coupons' }).getByRole('listitem', { name: code });
    await expect(row.getByRole('button', { name: code, exact: true })).toBeVisible();
    await expect(row).toContainText('10% off');
    await expect(row).toContainText(money.format(1500));
    await expect(row.getByTestId('coupon-status')).toHaveText('Active');
    await expect(row.getByTestId('coupon-uses')).toHaveText('0 (no limit)');
    await page.getByRole('searchbox', { name: 'Search coupons' }).fill(code);
    await expect(page.getByRole('list', { name: 'Coupons' }).getByRole('listitem')).toHaveCount(1);
    await saveScreenshot(page, testInfo, 'coupons-list');
    expect(await axeViolations(page)).toEqual([]);
    // The same on a phone: the list, and the form.
    await page.setViewportSize(PHONE);
    await saveScreenshot(page, testInfo, 'coupons-list');
    await row.getByRole('button', { name: `Edit ${code}` }).click();
    const editing = page.getByRole('dialog', { name: `Edit coupon ${code}` });
    await expect(editing.getByLabel('Minimum order (optional)')).toHaveValue('15.00');
    await saveScreenshot(page, testInfo, 'coupons-dialog', { viewportOnly: true });
    expect(await axeViolations(page)).toEqual([]);
    await editing.getByRole('button', { name: 'Cancel' }).click();
    await page.setViewportSize(DESKTOP);
    // A code is unique whatever its case: the form says so on the field.
    await page.getByRole('button', { name: 'Add coupon' }).first().click();
    await dialog.getByLabel('Code').fill(code.toLowerCase());
    await dialog.getByLabel('Percent off').fill('5');
    await dialog.getByRole('button', { name: 'Create coupon' }).click();
    await expect(dialog.getByText(/already a coupon|taken/i)).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    // Not among the expired ones.
    await page.getByRole('button', { name: 'Expired', exact: true }).click();
    await expect(page.getByRole('listitem', { name: code })).toHaveCount(0);
    await page.getByRole('button', { name: 'All', exact: true }).click();
    await expect(row).toBeVisible();

    // 2. A cashier at the point of sale: a soup alone is below the minimum.
    await signIn(page.request, baseURL!, E2E_USERS.staff);
    await openPointOfSale(page);
    await page.getByRole('button', { name: 'Takeaway', exact: true }).click();
    await addToOrder(page, menu.soup.name);
    await expect(cartLine(page, menu.soup.name)).toBeVisible();
    const couponField = page.getByRole('textbox', { name: 'Coupon code' });
    await expect(couponField).not.toHaveAttribute('placeholder');
    await couponField.fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Apply' }).click();
    const belowMinimum = couponRefusalMessage('coupon-below-minimum', {
      code,
      currency: money.currency,
      locale: money.locale,
      minOrder: 1500,
    });
    await expect(page.getByRole('alert').filter({ hasText: belowMinimum })).toBeVisible();
    await expect(page.getByTestId('pos-discount')).toHaveCount(0);

    // With the chicken the order passes the minimum: 10 % of $19.45 is $1.95 (rounded half up).
    await addToOrder(page, menu.main.name);
    await page.getByRole('button', { name: 'Apply' }).click();
    const applied = page.getByTestId('applied-coupon');
    await expect(applied).toContainText(code);
    await expect(applied).toContainText('Ten percent off a proper meal');
    await expect(page.getByTestId('pos-subtotal')).toHaveText(money.format(1945));
    await expect(page.getByTestId('pos-discount')).toHaveText(`−${money.format(195)}`);
    await expect(page.getByLabel('Totals').getByText(`Coupon ${code}`, { exact: true })).toBeVisible();
    await saveScreenshot(page, testInfo, 'coupons-pos-applied', { viewportOnly: true });
    expect(await axeViolations(page)).toEqual([]);

    // The chicken taken out: below the minimum again, the reason shows and the discount goes.
    await cartLine(page, menu.main.name)
      .getByRole('button', { name: `Remove ${menu.main.name}` })
      .click();
    await expect(applied).toContainText(belowMinimum);
    await expect(page.getByTestId('pos-discount')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Place order/ })).toBeDisabled();
    await saveScreenshot(page, testInfo, 'coupons-pos-below-minimum', { viewportOnly: true });

    // Back above it, the order is placed with the coupon.
    await addToOrder(page, menu.main.name);
    await expect(page.getByTestId('pos-discount')).toHaveText(`−${money.format(195)}`);
    const answer = page.waitForResponse(
      (response) => response.url().endsWith('/api/orders') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: /^Place order/ }).click();
    const response = await answer;
    expect(response.status(), await response.text()).toBe(201);
    const order = (await response.json()) as Order;
    expect(order).toMatchObject({ couponCode: code, discount: 195, subtotal: 1945 });
    await expect(page.getByTestId('applied-coupon')).toHaveCount(0);

    // The admin's list counts the use and the discount given.
    const listed = (await (await request.get(`/api/coupons?search=${code}`)).json()) as { items: Coupon[] };
    expect(listed.items[0]).toMatchObject({ uses: 1, discountTotal: 195 });

    // The phone's cart with a coupon.
    await page.setViewportSize(PHONE);
    await addToOrder(page, menu.main.name);
    await addToOrder(page, menu.soup.name);
    await couponField.fill(code);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByTestId('pos-discount')).toHaveText(`−${money.format(195)}`);
    await page.getByTestId('applied-coupon').scrollIntoViewIfNeeded();
    await saveScreenshot(page, testInfo, 'coupons-pos-applied', { viewportOnly: true });
  });

  test('an expired code is refused at the point of sale with its reason', async ({
    page,
    request,
    baseURL,
  }) => {
    const owner = await ownerClient(request, baseURL!);
    const menu = await tillMenu(owner);
    const money = await restaurantMoney(request);
    const code = `OLD${unique()}`;
    await createCoupon(owner, {
      code,
      kind: 'amount',
      value: 300,
      validFrom: '2024-01-01',
      validUntil: '2024-01-31',
      channels: ['pos', 'online'],
    });
    await page.setViewportSize(DESKTOP);
    await signIn(page.request, baseURL!, E2E_USERS.staff);
    await openPointOfSale(page);
    await addToOrder(page, menu.soup.name);
    await page.getByRole('textbox', { name: 'Coupon code' }).fill(code);
    await page.getByRole('button', { name: 'Apply' }).click();
    const expired = couponRefusalMessage('coupon-expired', {
      code,
      currency: money.currency,
      locale: money.locale,
      validUntil: '2024-01-31',
    });
    await expect(page.getByRole('alert').filter({ hasText: expired })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Coupon code' })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('pos-discount')).toHaveCount(0);

    // The admin sees it as expired.
    await signIn(page.request, baseURL!, E2E_USERS.admin);
    await page.goto('/coupons?status=expired');
    const row = page.getByRole('listitem', { name: code });
    await expect(row.getByTestId('coupon-status')).toHaveText('Expired');
    await expect(row).toContainText('2024');
  });

  test('editing a coupon sends only what changed; a refused save puts the focus on the first field with a problem', async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    const owner = await ownerClient(request, baseURL!);
    const code = `EDIT${unique()}`;
    const coupon = await createCoupon(owner, {
      code,
      kind: 'percent',
      value: 10,
      channels: ['pos', 'online'],
    });
    const other = await createCoupon(owner, {
      code: `TAKEN${unique()}`,
      kind: 'amount',
      value: 100,
      channels: ['pos'],
    });
    await page.setViewportSize(DESKTOP);
    await signIn(page.request, baseURL!, E2E_USERS.admin);
    await page.goto('/coupons');
    await page.getByRole('searchbox', { name: 'Search coupons' }).fill(code);
    const row = page.getByRole('list', { name: 'Coupons' }).getByRole('listitem', { name: code });
    const dialog = page.getByRole('dialog', { name: `Edit coupon ${code}` });

    // One field changed: the PATCH carries that field and the version it is based on, nothing else.
    await row.getByRole('button', { name: `Edit ${code}` }).click();
    await dialog.getByLabel('Minimum order (optional)').fill('20');
    const patch = page.waitForRequest(
      (sent) => sent.method() === 'PATCH' && sent.url().endsWith(`/api/coupons/${coupon.id}`),
    );
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    expect((await patch).postDataJSON()).toEqual({ minOrder: 2000, version: coupon.version });
    await expect(dialog).toBeHidden();
    await expect(row).toContainText((await restaurantMoney(request)).format(2000));

    // No channel left: the save is refused and the focus goes to the channels, the first (and only)
    // field with a problem, though the button was pressed last.
    await row.getByRole('button', { name: `Edit ${code}` }).click();
    const channels = dialog.getByRole('group', { name: 'Where it can be used' });
    await channels.getByRole('button', { name: 'Point of sale' }).click();
    await channels.getByRole('button', { name: 'Online' }).click();
    await dialog.getByLabel('Percent off').fill('');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    // Two problems: the one earlier in the form gets the focus.
    await expect(dialog.getByLabel('Percent off')).toBeFocused();
    await dialog.getByLabel('Percent off').fill('10');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(channels.getByRole('button', { name: 'Point of sale' })).toBeFocused();
    await channels.getByRole('button', { name: 'Online' }).click();

    // Refused by the server (another coupon has the code): its message goes under Code, and so
    // does the focus.
    await dialog.getByLabel('Code').fill(other.code.toLowerCase());
    const refused = page.waitForResponse(
      (answer) => answer.request().method() === 'PATCH' && answer.url().endsWith(`/api/coupons/${coupon.id}`),
    );
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    expect((await refused).status()).toBe(409);
    await expect(dialog.getByText(/already a coupon|taken/i)).toBeVisible();
    await expect(dialog.getByLabel('Code')).toBeFocused();
    await expect(dialog.getByLabel('Code')).toHaveAttribute('aria-invalid', 'true');
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, testInfo, 'coupons-edit-refused', { viewportOnly: true });
    await page.setViewportSize(PHONE);
    await dialog.getByLabel('Code').scrollIntoViewIfNeeded();
    await saveScreenshot(page, testInfo, 'coupons-edit-refused', { viewportOnly: true });
  });

  for (const viewport of [PHONE, DESKTOP]) {
    test(`a guest applies a coupon at checkout and the placed order shows the discount (${viewport.width}x${viewport.height})`, async ({
      page,
      request,
      baseURL,
    }, testInfo) => {
      test.slow();
      const owner = await ownerClient(request, baseURL!);
      const dishes = await buildDishes(owner);
      const money = await restaurantMoney(request);
      const code = `WEB${unique()}`;
      await createCoupon(owner, {
        code,
        description: 'Two off your first online order',
        kind: 'amount',
        value: 200,
        channels: ['online'],
      });
      const posOnly = `TILL${unique()}`;
      await createCoupon(owner, { code: posOnly, kind: 'percent', value: 5, channels: ['pos'] });
      const customer = await newCustomer(page.request, baseURL!, 'Cora');
      await signIn(page.request, baseURL!, customer);
      await page.setViewportSize(viewport);
      const { pricing } = ((await (await page.request.get('/api/menu/public')).json()) as PublicMenu)
        .restaurant;
      const total = (discount: PricingDiscount | null) =>
        priceOrder({
          type: 'takeaway',
          lines: [{ unitPrice: dishes.soup.price, quantity: 1 }],
          discount,
          serviceChargePercent: pricing.serviceChargePercent,
          taxPercent: pricing.taxPercent,
          taxInclusive: pricing.taxInclusive,
          deliveryFee: pricing.deliveryFee,
        }).total;

      await page.goto('/');
      const dish = await openDish(page, dishes.soup.name);
      await dish.getByRole('button', { name: /^Add to cart/ }).click();
      await cartButton(page).click();
      await page.getByRole('dialog', { name: 'Your cart' }).getByRole('button', { name: 'Checkout' }).click();
      const checkout = page.getByRole('dialog', { name: 'Checkout' });
      await checkout.getByRole('radio', { name: 'Takeaway' }).check();
      const place = checkout.getByRole('button', { name: /^Place order/ });
      await expect(place).toHaveText(`Place order · ${money.format(total(null))}`);

      // The field has its label and no example code that could pass for a real one.
      const field = checkout.getByRole('textbox', { name: 'Coupon code' });
      await expect(field).toBeEmpty();
      await expect(field).not.toHaveAttribute('placeholder');
      await field.scrollIntoViewIfNeeded();
      await saveScreenshot(page, testInfo, 'coupons-checkout-field', { viewportOnly: true });

      // A counter-only code is refused online, in the server's words.
      await field.fill(posOnly);
      await checkout.getByRole('button', { name: 'Apply' }).click();
      await expect(checkout.getByRole('alert')).toHaveText(
        couponRefusalMessage('coupon-wrong-channel', {
          code: posOnly,
          currency: money.currency,
          channel: 'online',
        }),
      );

      await field.fill(code);
      await checkout.getByRole('button', { name: 'Apply' }).click();
      const applied = checkout.getByTestId('applied-coupon');
      await expect(applied).toContainText('Two off your first online order');
      await expect(checkout.getByText(`Coupon ${code}`, { exact: true }).last()).toBeVisible();
      await expect(place).toHaveText(`Place order · ${money.format(total({ kind: 'amount', amount: 200 }))}`);
      await applied.scrollIntoViewIfNeeded();
      await saveScreenshot(page, testInfo, 'coupons-checkout-applied', { viewportOnly: true });
      expect(await axeViolations(page)).toEqual([]);

      const answer = page.waitForResponse(
        (response) => response.url().endsWith('/api/orders') && response.request().method() === 'POST',
      );
      await place.click();
      const response = await answer;
      expect(response.status(), await response.text()).toBe(201);
      expect(await response.json()).toMatchObject({
        couponCode: code,
        discount: 200,
        total: total({ kind: 'amount', amount: 200 }),
      });
      await expect(page).toHaveURL(/\/account\/orders\/[0-9a-f-]{36}$/, { timeout: 15_000 });
      const totals = page.getByTestId('order-totals');
      await expect(totals).toContainText(`Coupon ${code}`);
      await expect(totals).toContainText(`−${money.format(200)}`);
      await saveScreenshot(page, testInfo, 'coupons-guest-order');
    });
  }
});

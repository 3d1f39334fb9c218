import type { PublicMenu } from '../../src/shared/contracts/menu';
import type { Order, OrderPage } from '../../src/shared/contracts/orders';
import { restaurantClock } from '../../src/shared/opening-hours';
import { buildTable, uniqueName } from '../support/factories';
import { ALWAYS_OPEN_HOURS, hoursFromNow } from '../support/opening-hours';
import { expect, test } from './fixtures';
import {
  buildDishes,
  cartButton,
  newCustomer,
  openDish,
  ownerClient,
  patchSettings,
  signIn,
  staffRequest,
} from './guests';
import { axeViolations, PHONE, saveScreenshot } from './helpers';

/**
 * Closed now and online ordering off: the guests' page says so plainly and nothing can be
 * placed, except a takeaway ordered ahead for a pickup time in the next opening within the window. These switches are the whole restaurant's, so this file runs alone, after every other
 * browser test (its own Playwright project, `dependencies` in playwright.config.ts): a customer's
 * order placed by another test at that moment would be refused.
 */

test.use({ viewport: PHONE });

test('closed now and online ordering off are said plainly, and nothing can be placed', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const owner = await ownerClient(request, baseURL!);
  const dishes = await buildDishes(owner);
  try {
    await page.goto('/');
    const dialog = await openDish(page, dishes.soup.name);
    await dialog.getByRole('button', { name: /^Add to cart/ }).click();
    await expect(cartButton(page)).toContainText('1 item');

    // Closed every day: the cart says so and checkout cannot start.
    const closed = Object.fromEntries(Object.keys(ALWAYS_OPEN_HOURS).map((day) => [day, []]));
    await patchSettings(request, baseURL!, { openingHours: closed });
    await page.reload();
    await cartButton(page).click();
    const cart = page.getByRole('dialog', { name: 'Your cart' });
    await expect(cart.getByRole('status')).toHaveText('We are closed now.');
    await expect(cart.getByRole('button', { name: 'Checkout' })).toBeDisabled();
    await saveScreenshot(page, testInfo, 'guest-cart-closed', { viewportOnly: true });
    await page.keyboard.press('Escape');

    // Online ordering off: dishes can be read, not added.
    await patchSettings(request, baseURL!, { openingHours: ALWAYS_OPEN_HOURS, onlineOrdering: false });
    await page.reload();
    const soup = await openDish(page, dishes.soup.name);
    await expect(soup.getByText('Online ordering is not available right now.')).toBeVisible();
    await expect(soup.getByRole('button', { name: /^Add to cart/ })).toHaveCount(0);
    await saveScreenshot(page, testInfo, 'guest-item-ordering-off', { viewportOnly: true });
    await page.keyboard.press('Escape');
    await cartButton(page).click();
    await expect(page.getByRole('dialog', { name: 'Your cart' }).getByRole('status')).toHaveText(
      'Online ordering is not available right now.',
    );
  } finally {
    await patchSettings(request, baseURL!, { openingHours: ALWAYS_OPEN_HOURS, onlineOrdering: true });
  }
});

const DESKTOP = { width: 1280, height: 800 };
const hhmm = (minutes: number) => {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};
/** "at 09:40" or "tomorrow at 09:40", for a minute counted from today's midnight on. */
const dayAndTime = (minutes: number, word: 'at' | 'from') =>
  `${minutes >= 1440 ? 'tomorrow ' : ''}${word} ${hhmm(minutes)}`;

test('closed now: the menu says when it opens, and a takeaway is ordered ahead for the next opening', async ({
  page,
  request,
  baseURL,
  playwright,
}, testInfo) => {
  test.setTimeout(120_000);
  const owner = await ownerClient(request, baseURL!);
  const dishes = await buildDishes(owner);
  const table = await buildTable(owner, { name: uniqueName('T') });
  const customer = await newCustomer(page.request, baseURL!, 'Early');
  await signIn(page.request, baseURL!, customer);
  const { timeZone } = ((await (await page.request.get('/api/menu/public')).json()) as PublicMenu).restaurant;
  try {
    // Closed now; open from two to six hours from now, every day, on the restaurant's own clock.
    const clock = restaurantClock(timeZone, new Date());
    await patchSettings(request, baseURL!, { openingHours: hoursFromNow(clock, 120, 360) });
    const opens = clock.minutes + 120;
    // The first pickup time: the first quarter hour of the opening.
    const first = Math.ceil(opens / 15) * 15;

    await page.goto(`/?table=${encodeURIComponent(table.name)}`);
    const notice = page.getByRole('status').filter({ hasText: 'Closed now' });
    await expect(notice.locator('p')).toHaveText([
      `Closed now · opens ${dayAndTime(opens, 'at')}`,
      `You can order a takeaway now for pickup ${dayAndTime(first, 'from')}.`,
    ]);
    // It is in the page as the server sent it, so it is painted before the app runs and nothing moves
    // when it does: a browser that runs no script shows it too.
    const withoutScripts = await page.context().browser()!.newContext({ baseURL, javaScriptEnabled: false });
    const plain = await withoutScripts.newPage();
    await plain.goto(`/?table=${encodeURIComponent(table.name)}`);
    await expect(plain.getByRole('status').filter({ hasText: 'Closed now' }).locator('p')).toHaveText([
      `Closed now · opens ${dayAndTime(opens, 'at')}`,
      `You can order a takeaway now for pickup ${dayAndTime(first, 'from')}.`,
    ]);
    await withoutScripts.close();
    // It stands with the restaurant's hours, above the menu.
    const noticeBox = await notice.boundingBox();
    const menuBox = await page.getByRole('article', { name: dishes.soup.name }).boundingBox();
    expect(noticeBox!.y + noticeBox!.height).toBeLessThan(menuBox!.y);
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, testInfo, 'guest-menu-closed-order-ahead', { viewportOnly: true });
    await page.setViewportSize(DESKTOP);
    await saveScreenshot(page, testInfo, 'guest-menu-closed-order-ahead', { viewportOnly: true });
    await page.setViewportSize(PHONE);

    // The cart says the same and lets the guest go on to checkout.
    const dialog = await openDish(page, dishes.soup.name);
    await dialog.getByRole('button', { name: /^Add to cart/ }).click();
    await cartButton(page).click();
    const cart = page.getByRole('dialog', { name: 'Your cart' });
    await expect(cart.getByRole('status')).toHaveText(
      `We are closed now and open again ${dayAndTime(opens, 'at')}. You can order a takeaway now for pickup ${dayAndTime(first, 'from')}.`,
    );
    await cart.getByRole('button', { name: 'Checkout' }).click();

    // Checkout: takeaway (not the table's dine-in) at the first pickup time; as soon as possible waits.
    const form = page.getByRole('dialog', { name: 'Checkout' });
    const type = form.getByRole('group', { name: 'How would you like your order?' });
    await expect(type.getByRole('radio', { name: 'Takeaway' })).toBeChecked();
    await expect(form.getByRole('radio', { name: /^As soon as possible/ })).toBeDisabled();
    await expect(
      form.getByText(`Not while we are closed: we open ${dayAndTime(opens, 'at')}.`),
    ).toBeVisible();
    await expect(form.getByRole('radio', { name: /^At a later time/ })).toBeChecked();
    const time = form.getByRole('combobox', { name: 'Pickup time' });
    await expect(time.locator('option:checked')).toHaveText(hhmm(first));
    // Only times in the opening, up to 12 hours from now: 2 to 6 hours from now.
    const offered = await time.locator('option:not([disabled])').allTextContents();
    expect(offered).toHaveLength(16);
    expect(offered[0]).toBe(hhmm(first));
    expect(offered.at(-1)).toBe(hhmm(first + 15 * 15));
    const place = form.getByRole('button', { name: /^Place order/ });
    await expect(place).toBeEnabled();
    await saveScreenshot(page, testInfo, 'guest-checkout-order-ahead', { viewportOnly: true });
    await page.setViewportSize(DESKTOP);
    await saveScreenshot(page, testInfo, 'guest-checkout-order-ahead', { viewportOnly: true });
    await page.setViewportSize(PHONE);

    // Dine-in at the table is not taken while closed; the reason is said by the Place button.
    await type.getByRole('radio', { name: 'Dine-in' }).check();
    await expect(
      form.getByText(
        `We are closed now: dine-in orders are taken again ${dayAndTime(opens, 'at')}. Choose takeaway to order ahead.`,
      ),
    ).toBeVisible();
    await expect(place).toBeDisabled();
    await type.getByRole('radio', { name: 'Takeaway' }).check();
    const pickupAt = await time.locator('option:checked').getAttribute('value');
    await place.click();
    await expect(page).toHaveURL(/\/account\/orders\/[0-9a-f-]{36}$/);
    const orderId = new URL(page.url()).pathname.split('/').at(-1)!;

    // The restaurant has the order request with the pickup time the guest saw.
    const staff = await staffRequest(playwright.request, baseURL!, '198.18.250.7');
    const response = await staff.get('/api/orders?source=online&limit=200');
    const order = ((await response.json()) as OrderPage).items.find((item: Order) => item.id === orderId);
    expect(order).toMatchObject({ type: 'takeaway', status: 'pending', pickupAt });
    await staff.dispose();

    // The next opening more than 12 hours away: the menu says when ordering ahead opens, and the cart
    // cannot go on to checkout.
    const later = restaurantClock(timeZone, new Date());
    await patchSettings(request, baseURL!, { openingHours: hoursFromNow(later, 13 * 60, 15 * 60) });
    const aheadFrom = Math.ceil((later.minutes + 13 * 60) / 15) * 15 - 12 * 60;
    await page.goto('/');
    await expect(page.getByRole('status').filter({ hasText: 'Closed now' })).toContainText(
      `Ordering ahead for takeaway opens ${dayAndTime(aheadFrom, 'at')}.`,
    );
    // (The menu comes back where the guest left it: the notice is at the top.)
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, testInfo, 'guest-menu-closed-ahead-later', { viewportOnly: true });
    const soup = await openDish(page, dishes.soup.name);
    await soup.getByRole('button', { name: /^Add to cart/ }).click();
    await cartButton(page).click();
    await expect(
      page.getByRole('dialog', { name: 'Your cart' }).getByRole('button', { name: 'Checkout' }),
    ).toBeDisabled();
  } finally {
    await patchSettings(request, baseURL!, { openingHours: ALWAYS_OPEN_HOURS, onlineOrdering: true });
  }
});

import { ALWAYS_OPEN_HOURS } from '../support/opening-hours';
import { expect, test } from './fixtures';
import { buildDishes, cartButton, openDish, ownerClient, patchSettings } from './guests';
import { PHONE, saveScreenshot } from './helpers';

/**
 * Closed now and online ordering off: the guests' page says so plainly and nothing can be
 * placed. These switches are the whole restaurant's, so this file runs alone, after every other
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

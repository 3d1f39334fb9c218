import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signInByApi } from './helpers';
import { E2E_USERS } from './users';

/**
 * Stale writes on the screens: two people edit the same record; the second to
 * save is told that someone else changed it, and the form shows the saved values to edit again.
 */
const unique = () => randomBytes(3).toString('hex');
const STALE = /^Someone else changed .+ while you were editing it\. The form now shows the saved version/;

async function post<T>(page: Page, baseURL: string, url: string, data: unknown): Promise<T> {
  const response = await page.request.post(url, { data, headers: { origin: baseURL } });
  expect(response.status(), `POST ${url}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

test.describe('two people edit one record', () => {
  test('menu item: the second to save sees that it changed and the form reloads it', async ({
    page,
    browser,
    baseURL,
  }) => {
    const run = unique();
    await signInByApi(page, baseURL!, E2E_USERS.admin);
    const category = await post<{ id: string }>(page, baseURL!, '/api/food-categories', {
      name: `Teas ${run}`,
    });
    const itemName = `Sencha ${run}`;
    await post(page, baseURL!, '/api/menu/items', { name: itemName, categoryId: category.id, price: 300 });

    const otherContext = await browser.newContext({ baseURL });
    const other = await otherContext.newPage();
    await signInByApi(other, baseURL!, E2E_USERS.admin);

    // Both open the same item.
    const panels = [];
    for (const each of [page, other]) {
      await each.goto(`/menu?category=${category.id}`);
      await each
        .getByRole('listitem', { name: itemName, exact: true })
        .getByRole('button', { name: `Edit ${itemName}` })
        .click();
      const panel = each.getByRole('dialog', { name: 'Edit menu item' });
      await expect(panel.getByLabel('Price', { exact: true })).toHaveValue('3.00');
      panels.push(panel);
    }
    const [mine, theirs] = panels as [(typeof panels)[0], (typeof panels)[0]];

    // They save first.
    await theirs.getByLabel('Price', { exact: true }).fill('3.50');
    await theirs.getByRole('button', { name: 'Save changes' }).click();
    await expect(other.getByText('Menu item updated')).toBeVisible();

    // Then I save my change, made on what I opened: refused, told why, shown their price.
    await mine.getByLabel('Description').fill('Steamed green tea');
    await mine.getByRole('button', { name: 'Save changes' }).click();
    await expect(mine.getByRole('alert')).toHaveText(STALE);
    await expect(mine.getByLabel('Price', { exact: true })).toHaveValue('3.50');
    await expect(mine.getByLabel('Description')).toHaveValue('');

    // Made again on the saved version, it goes through and keeps their price.
    await mine.getByLabel('Description').fill('Steamed green tea');
    await mine.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Menu item updated')).toBeVisible();
    const saved = await page.request.get(`/api/menu/items?categoryId=${category.id}`);
    const [item] = (
      (await saved.json()) as { items: { price: number; description: string; version: number }[] }
    ).items;
    expect(item).toMatchObject({ price: 350, description: 'Steamed green tea', version: 3 });
    await otherContext.close();
  });

  test('master data (the shared form dialog): the second to save sees the message and the saved values', async ({
    page,
    browser,
    baseURL,
  }) => {
    const name = `Dairy ${unique()}`;
    await signInByApi(page, baseURL!, E2E_USERS.admin);
    await post(page, baseURL!, '/api/suppliers', { name });
    const otherContext = await browser.newContext({ baseURL });
    const other = await otherContext.newPage();
    await signInByApi(other, baseURL!, E2E_USERS.admin);

    const dialogs = [];
    for (const each of [page, other]) {
      await each.goto('/master-data');
      await each.getByRole('searchbox', { name: 'Search suppliers' }).fill(name);
      await each.getByRole('button', { name: `Edit ${name}` }).click();
      const dialog = each.getByRole('dialog', { name: 'Edit supplier' });
      await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue(name);
      dialogs.push(dialog);
    }
    const [mine, theirs] = dialogs as [(typeof dialogs)[0], (typeof dialogs)[0]];
    await theirs.getByLabel('Phone').fill('+1 555 0101');
    await theirs.getByRole('button', { name: 'Save changes' }).click();
    await expect(other.getByText('Supplier updated')).toBeVisible();

    await mine.getByLabel('Notes').fill('Delivers on Mondays');
    await mine.getByRole('button', { name: 'Save changes' }).click();
    await expect(mine.getByRole('alert')).toHaveText(STALE);
    await expect(mine.getByLabel('Phone')).toHaveValue('+1 555 0101');
    await expect(mine.getByLabel('Notes')).toHaveValue('');
    await otherContext.close();
  });

  test('settings: a save based on settings someone else changed is refused and the form shows theirs', async ({
    page,
    baseURL,
  }) => {
    await signInByApi(page, baseURL!, E2E_USERS.admin);
    await page.goto('/master-data/settings');
    const phone = page.getByLabel('Phone');
    await expect(phone).toBeVisible();

    // Someone else saves the settings while this form is open.
    const theirPhone = `+1 555 ${1000 + (randomBytes(2).readUInt16BE() % 9000)}`;
    const current = (await (await page.request.get('/api/settings')).json()) as { version: number };
    const changed = await page.request.patch('/api/settings', {
      data: { phone: theirPhone, version: current.version },
      headers: { origin: baseURL! },
    });
    expect(changed.status(), await changed.text()).toBe(200);

    await page.getByLabel('Email').fill('stale@cafe.example');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByRole('alert').filter({ hasText: STALE })).toBeVisible();
    await expect(phone).toHaveValue(theirPhone);
    await expect(page.getByLabel('Email')).not.toHaveValue('stale@cafe.example');
  });
});

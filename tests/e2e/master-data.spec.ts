import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures';
import { DESKTOP, PHONE, saveScreenshot, signInByApi } from './helpers';
import { E2E_USERS } from './users';

/** The database may hold demo data and earlier runs: every record here gets a fresh name. */
function unique(prefix: string): string {
  return `${prefix} ${randomBytes(3).toString('hex')}`;
}

async function openTab(page: Page, baseURL: string, path: string) {
  await signInByApi(page, baseURL, E2E_USERS.admin);
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Master Data', level: 1 })).toBeVisible();
}

function rowOf(page: Page, name: string): Locator {
  return page.getByRole('row').filter({ has: page.getByText(name, { exact: true }) });
}

async function logoPng(): Promise<Buffer> {
  const svg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><circle cx="200" cy="200" r="180" fill="#b91c1c"/></svg>',
  );
  return sharp(svg).png().toBuffer();
}

/** Opens "Add …", lets `fill` type the record, saves, and waits for the toast and the row. */
async function addRecord(page: Page, noun: string, name: string, fill: (dialog: Locator) => Promise<void>) {
  await page
    .getByRole('button', { name: `Add ${noun}` })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: `Add ${noun}` });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await fill(dialog);
  await dialog.getByRole('button', { name: `Add ${noun}` }).click();
  await expect(
    page.getByText(`${noun.charAt(0).toUpperCase()}${noun.slice(1)} created`).first(),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(rowOf(page, name)).toBeVisible();
}

/** Opens Edit on the record's row, lets `change` edit it, saves, and waits for the toast. */
async function editRecord(
  page: Page,
  noun: string,
  name: string,
  change: (dialog: Locator) => Promise<void>,
) {
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${noun}` });
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue(name);
  await change(dialog);
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(
    page.getByText(`${noun.charAt(0).toUpperCase()}${noun.slice(1)} updated`).first(),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
}

test.describe('Master Data', () => {
  // Each test walks a whole screen: many requests and dialogs.
  test.describe.configure({ timeout: 120_000 });

  test('suppliers: live validation, create, duplicate name, edit, archive, restore, delete', async ({
    page,
    baseURL,
  }) => {
    await openTab(page, baseURL!, '/master-data');
    await expect(page.getByRole('link', { name: 'Suppliers' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { name: 'Suppliers', level: 2 })).toBeVisible();

    // The shared schema speaks while typing.
    const name = unique('Acme Produce');
    await page.getByRole('button', { name: 'Add supplier' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add supplier' });
    const nameInput = dialog.getByLabel('Name', { exact: true });
    await expect(nameInput).toBeFocused();
    await nameInput.fill('x');
    await nameInput.fill('');
    await expect(dialog.getByText('Enter a name.')).toBeVisible();
    await expect(nameInput).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByLabel('Email').fill('not-an-address');
    await expect(dialog.getByText('Enter an email address such as name@example.com.')).toBeVisible();
    await nameInput.fill(name);
    await expect(dialog.getByText('Enter a name.')).toBeHidden();
    await dialog.getByLabel('Email').fill('orders@acme.example');
    await dialog.getByLabel('Contact person').fill('Ada Green');
    await dialog.getByLabel('Phone').fill('+1 555 0101');
    await dialog.getByRole('button', { name: 'Add supplier' }).click();
    await expect(page.getByText('Supplier created')).toBeVisible();
    await expect(rowOf(page, name)).toContainText('Ada Green');
    await expect(rowOf(page, name)).toContainText('orders@acme.example');

    // The server's 409 lands under Name.
    await page.getByRole('button', { name: 'Add supplier' }).first().click();
    await dialog.getByLabel('Name', { exact: true }).fill(name);
    await dialog.getByRole('button', { name: 'Add supplier' }).click();
    await expect(dialog.getByText(`A supplier named “${name}” already exists.`)).toBeVisible();
    await expect(dialog.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    // Edit, then find it by searching.
    const renamed = `${name} Ltd`;
    await editRecord(page, 'supplier', name, async (edit) => {
      await edit.getByLabel('Name', { exact: true }).fill(renamed);
    });
    await page.getByRole('searchbox', { name: 'Search suppliers' }).fill(renamed);
    await expect(page.getByRole('row')).toHaveCount(2);
    await expect(rowOf(page, renamed)).toBeVisible();

    // Archive: gone from Active, there under Archived, and back after Restore.
    await page.getByRole('button', { name: `Archive ${renamed}` }).click();
    await expect(page.getByText('Supplier archived')).toBeVisible();
    await expect(page.getByText(`No suppliers match “${renamed}”.`)).toBeVisible();
    await page.getByRole('button', { name: 'Archived', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Archived', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(rowOf(page, renamed).getByText('Archived', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: `Restore ${renamed}` }).click();
    await expect(page.getByText('Supplier restored')).toBeVisible();
    await expect(page.getByText(`No archived suppliers match “${renamed}”.`)).toBeVisible();
    await page.getByRole('button', { name: 'Active', exact: true }).click();

    // Delete asks first; nothing refers to this supplier, so it goes.
    await page.getByRole('button', { name: `Delete ${renamed}` }).click();
    const confirm = page.getByRole('dialog', { name: `Delete supplier “${renamed}”?` });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Supplier deleted')).toBeVisible();
    await expect(page.getByText(`No suppliers match “${renamed}”.`)).toBeVisible();
  });

  test('partners, expense categories and food categories: create and edit', async ({ page, baseURL }) => {
    await openTab(page, baseURL!, '/master-data/partners');
    const partner = unique('Speedy Eats');
    await addRecord(page, 'partner', partner, async (dialog) => {
      await dialog.getByLabel('Kind').selectOption({ label: 'Marketplace' });
      await dialog.getByLabel('Commission (%)').fill('12.555');
      await expect(dialog.getByText('Must have at most two decimals.')).toBeVisible();
      await dialog.getByLabel('Commission (%)').fill('12.5');
    });
    await expect(rowOf(page, partner)).toContainText('Marketplace');
    await expect(rowOf(page, partner)).toContainText('12.5%');
    await editRecord(page, 'partner', partner, async (dialog) => {
      await expect(dialog.getByLabel('Commission (%)')).toHaveValue('12.5');
      await dialog.getByLabel('Commission (%)').fill('15');
    });
    await expect(rowOf(page, partner)).toContainText('15%');

    await page.getByRole('link', { name: 'Expense categories' }).click();
    await expect(page).toHaveURL(/\/master-data\/expense-categories$/);
    const category = unique('Utilities');
    await addRecord(page, 'expense category', category, async (dialog) => {
      await dialog.getByLabel('Description').fill('Power and water');
    });
    await editRecord(page, 'expense category', category, async (dialog) => {
      await dialog.getByLabel('Description').fill('Power, water and gas');
    });
    await expect(rowOf(page, category)).toContainText('Power, water and gas');

    await page.getByRole('link', { name: 'Food categories' }).click();
    const food = unique('Desserts');
    await addRecord(page, 'food category', food, async (dialog) => {
      await dialog.getByLabel('Position').fill('-1');
      await expect(dialog.getByText('Must not be negative.')).toBeVisible();
      await dialog.getByLabel('Position').fill('');
    });
    await editRecord(page, 'food category', food, async (dialog) => {
      await dialog.getByLabel('Position').fill('0');
    });
    await expect(rowOf(page, food).getByRole('cell').first()).toHaveText('0');
  });

  test('units convert to a base unit, and a base in use cannot be deleted', async ({ page, baseURL }) => {
    await openTab(page, baseURL!, '/master-data/units');
    const suffix = randomBytes(2).toString('hex');
    const base = `Kilogram ${suffix}`;
    const baseSymbol = `kg${suffix}`;
    await addRecord(page, 'unit', base, async (dialog) => {
      await dialog.getByLabel('Symbol').fill(baseSymbol);
      await expect(dialog.getByLabel('Factor')).toBeHidden();
    });
    await expect(rowOf(page, base)).toContainText('Base unit');

    const gram = `Gram ${suffix}`;
    await addRecord(page, 'unit', gram, async (dialog) => {
      await dialog.getByLabel('Symbol').fill(`g${suffix}`);
      await dialog.getByLabel('Base unit').selectOption({ label: `${base} (${baseSymbol})` });
      await dialog.getByLabel('Factor').fill('0.001');
      await expect(dialog.getByText(`1 g${suffix} = 0.001 ${baseSymbol}`)).toBeVisible();
    });
    await expect(rowOf(page, gram)).toContainText(`1 g${suffix} = 0.001 ${baseSymbol}`);
    await editRecord(page, 'unit', gram, async (dialog) => {
      await expect(dialog.getByLabel('Factor')).toHaveValue('0.001');
      await dialog.getByLabel('Factor').fill('0.0010001');
      await expect(dialog.getByText('Must have at most six decimals.')).toBeVisible();
      await dialog.getByLabel('Factor').fill('0.002');
    });
    await expect(rowOf(page, gram)).toContainText('= 0.002');

    // The server refuses, says why, and nothing changes.
    await page.getByRole('button', { name: `Delete ${base}` }).click();
    await page
      .getByRole('dialog', { name: `Delete unit “${base}”?` })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(
      page.getByText(`Unit “${base}” is the base of 1 other unit. Archive it instead.`),
    ).toBeVisible();
    await expect(rowOf(page, base)).toBeVisible();
  });

  test('bank accounts show a masked number in the list and the whole number in the form', async ({
    page,
    baseURL,
  }) => {
    await openTab(page, baseURL!, '/master-data/bank-accounts');
    const account = unique('Main account');
    await addRecord(page, 'bank account', account, async (dialog) => {
      await dialog.getByLabel('Bank or provider').fill('First Bank');
      await dialog.getByLabel('Account number').fill('1234 5678 9012');
      await dialog.getByLabel('Opening balance').fill('12.345');
      await expect(dialog.getByText('Enter an amount such as 4.50.')).toBeVisible();
      await dialog.getByLabel('Opening balance').fill('1250.50');
      await dialog.getByLabel('Opening date').fill('2026-01-15');
    });
    const row = rowOf(page, account);
    await expect(row).toContainText('•••• 9012');
    await expect(row).not.toContainText('1234 5678');
    await expect(row).toContainText('$1,250.50');
    await expect(row).toContainText('Jan 15, 2026');
    await editRecord(page, 'bank account', account, async (dialog) => {
      await expect(dialog.getByLabel('Account number')).toHaveValue('1234 5678 9012');
      await expect(dialog.getByLabel('Opening balance')).toHaveValue('1250.50');
      await dialog.getByLabel('Type').selectOption({ label: 'Cash' });
    });
    await expect(row).toContainText('Cash');
  });

  test('tables: create, edit, and a printable QR code', async ({ page, baseURL }, testInfo) => {
    await openTab(page, baseURL!, '/master-data/tables');
    const table = unique('Patio');
    await addRecord(page, 'table', table, async (dialog) => {
      await dialog.getByLabel('Seats').fill('0');
      await expect(dialog.getByText('Must be at least 1.')).toBeVisible();
      await dialog.getByLabel('Seats').fill('6');
      await dialog.getByLabel('Area').fill('Terrace');
    });
    await editRecord(page, 'table', table, async (dialog) => {
      await dialog.getByLabel('Seats').fill('8');
    });
    await expect(rowOf(page, table)).toContainText('8');

    await page.getByRole('button', { name: `QR code of ${table}` }).click();
    const dialog = page.getByRole('dialog', { name: `QR code of table ${table}` });
    const image = dialog.getByRole('img', { name: `QR code for table ${table}` });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const url = `${baseURL}/?table=${encodeURIComponent(table)}`;
    await expect(dialog.getByRole('link', { name: url })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Print' })).toBeVisible();
    await saveScreenshot(page, testInfo, 'master-data-qr-code');

    // Printed, the page is the card alone.
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('#main')).toBeHidden();
    await expect(page.locator('.print-only-card').getByText(`Table ${table}`)).toBeVisible();
    await expect(page.locator('.print-only-card').getByRole('img')).toBeVisible();
    await saveScreenshot(page, testInfo, 'master-data-qr-code-print');
    await page.emulateMedia({ media: 'screen' });
    await expect(page.locator('.print-only-card')).toBeHidden();
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect(dialog).toBeHidden();
  });

  test('settings offer to remove the demo cafe, asking first', async ({ page, baseURL }) => {
    // Removing it is tested through the API (tests/api/demo-removal.test.ts): the browser tests share
    // one database, and the other specs keep the demo menu.
    await openTab(page, baseURL!, '/master-data/settings');
    const card = page.getByRole('heading', { name: 'Demo data', level: 2 }).locator('xpath=../..');
    await expect(card).toContainText(/\d+ menu items, \d+ inventory items, \d+ food categories, 1\d tables/);
    await card.getByRole('button', { name: 'Remove demo data' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove the demo data?' });
    await expect(dialog).toContainText('Anything your own records use stays.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(card).toBeVisible();
  });

  test('settings: a saved change survives a reload, and wrong values are named while typing', async ({
    page,
    baseURL,
  }) => {
    await openTab(page, baseURL!, '/master-data/settings');
    await expect(page.getByRole('heading', { name: 'Restaurant', level: 2 })).toBeVisible();
    for (const heading of [
      'Opening hours',
      'Money & ordering',
      'Order monitor',
      'Payments',
      'Password policy',
      'Legal pages',
    ]) {
      await expect(page.getByRole('heading', { name: heading, level: 2 })).toBeVisible();
    }

    const red = page.getByLabel('Red after (minutes)');
    const amber = page.getByLabel('Amber after (minutes)');
    await red.fill('1');
    await amber.fill('5');
    await expect(page.getByText('Must be more than the amber threshold.')).toBeVisible();
    await page.getByRole('button', { name: 'Discard changes' }).click();
    await expect(page.getByText('Must be more than the amber threshold.')).toBeHidden();

    const phone = `+1 555 ${randomBytes(2).readUInt16BE() % 10_000}`;
    await page.getByLabel('Phone').fill(phone);
    await expect(page.getByText('You have unsaved changes.')).toBeVisible();
    const patch = page.waitForRequest(
      (sent) => sent.method() === 'PATCH' && new URL(sent.url()).pathname === '/api/settings',
    );
    await page.getByRole('button', { name: 'Save settings' }).click();
    // Only the setting that changed, with the version it is based on: not the rest of its section.
    expect((await patch).postDataJSON()).toEqual({ phone, version: expect.any(Number) });
    await expect(page.getByText('Settings saved')).toBeVisible();
    await expect(page.getByText('All changes saved.')).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('Phone')).toHaveValue(phone);

    // The logo is saved at once, and removed again.
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: /^(Upload|Change) logo$/ }).click();
    await (await chooser).setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await logoPng() });
    await expect(page.getByText('Logo updated')).toBeVisible();
    const logo = page.getByRole('img', { name: 'The restaurant’s logo' });
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Remove logo' }).click();
    await expect(page.getByText('Logo removed')).toBeVisible();
    await expect(logo).toBeHidden();
    // The contact page reads the same settings.
    await page.goto('/contact');
    await expect(page.getByText(phone)).toBeVisible();
  });

  test('settings: leaving with unsaved changes asks first (tab, link, closing the page)', async ({
    page,
    baseURL,
  }) => {
    await openTab(page, baseURL!, '/master-data/settings');
    const phone = page.getByLabel('Phone');
    await expect(phone).toBeVisible();
    const saved = await phone.inputValue();

    // Nothing changed: leaving just leaves.
    await page.getByRole('link', { name: 'Suppliers' }).click();
    await expect(page).toHaveURL('/master-data/suppliers');
    await page.getByRole('link', { name: 'Settings' }).click();

    await phone.fill(`${saved} ext. 9`);
    await page.getByRole('link', { name: 'Suppliers' }).click();
    const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
    await expect(ask).toContainText('If you leave now, they are lost.');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(ask).toBeHidden();
    await expect(page).toHaveURL('/master-data/settings');
    await expect(phone).toHaveValue(`${saved} ext. 9`);

    // A link of the side navigation asks too; this time the admin leaves.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Menu Management' })
      .click();
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'Leave without saving' }).click();
    await expect(page).toHaveURL('/menu');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Master Data' }).click();
    await page.getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByLabel('Phone')).toHaveValue(saved);

    // Closing or reloading the page: the browser's own question.
    await page.getByLabel('Phone').fill(`${saved} ext. 7`);
    const question = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    const dialog = await question;
    expect(dialog.type()).toBe('beforeunload');
    await dialog.accept();
  });

  test('settings: locale and time zone are chosen from lists, and the demo cafe keeps Portland time', async ({
    page,
    baseURL,
  }) => {
    await openTab(page, baseURL!, '/master-data/settings');
    const locale = page.getByRole('combobox', { name: 'Locale' });
    await expect(locale).toHaveValue('en-US');
    await expect(locale.locator('option:checked')).toHaveText('English (United States) · en-US');
    await expect(locale.locator('option')).toContainText([
      'German (Germany) · de-DE',
      'French (France) · fr-FR',
    ]);
    await expect(page.getByText('Dates, numbers and prices: $1,234.50.')).toBeVisible();
    await locale.selectOption('de-DE');
    await expect(page.getByText(/Dates, numbers and prices: 1\.234,50\s\$\./)).toBeVisible();
    await page.getByRole('button', { name: 'Discard changes' }).click();
    await expect(locale).toHaveValue('en-US');

    const timeZone = page.getByRole('combobox', { name: 'Time zone' });
    await expect(timeZone).toHaveValue('America/Los_Angeles');
    await expect(timeZone.locator('option:checked')).toHaveText('America/Los Angeles');

    // The server refuses a locale that is not on the list, naming the field.
    const { version } = (await (await page.request.get('/api/settings')).json()) as { version: number };
    const refused = await page.request.patch('/api/settings', {
      data: { locale: 'german', version },
      headers: { origin: baseURL! },
    });
    expect(refused.status()).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain('"path":"locale"');
  });

  for (const viewport of [PHONE, DESKTOP]) {
    test(`screenshots at ${viewport.width}×${viewport.height}`, async ({ page, baseURL }, testInfo) => {
      await page.setViewportSize(viewport);
      await openTab(page, baseURL!, '/master-data/bank-accounts');
      const account = unique('Cash drawer');
      const created = await page.request.post('/api/bank-accounts', {
        data: { name: account, type: 'cash', accountNumber: 'DRAWER-0001', openingBalance: 20_000 },
      });
      expect(created.status(), await created.text()).toBe(201);
      await page.reload();
      await expect(page.getByText(account, { exact: true }).filter({ visible: true })).toBeVisible();
      await saveScreenshot(page, testInfo, 'master-data-list');
      await page.getByRole('button', { name: 'Add bank account' }).first().click();
      await saveScreenshot(page, testInfo, 'master-data-form');
      await page.keyboard.press('Escape');
      await page.getByRole('link', { name: 'Settings' }).click();
      await expect(page.getByRole('heading', { name: 'Opening hours', level: 2 })).toBeVisible();
      await saveScreenshot(page, testInfo, 'master-data-settings');
    });
  }
});

import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import type { PublicConfig } from '../../src/shared/contracts/config';
import type { Expense, RecurringExpense } from '../../src/shared/contracts/expenses';
import type { AccountBalance } from '../../src/shared/contracts/ledger';
import type { ExpenseCategory } from '../../src/shared/contracts/master-data';
import { restaurantToday } from '../../src/shared/coupon-rules';
import { formatMoney } from '../../src/shared/money';
import { nextOccurrence } from '../../src/shared/recurrence';
import { WEEKDAY_LABELS, WEEKDAYS } from '../../src/shared/weekdays';
import { buildBankAccount, buildSupplier, type FactoryClient } from '../support/factories';
import { expect, test } from './fixtures';
import { ownerClient } from './guests';
import { axeViolations, PHONE, saveScreenshot, signInByApi } from './helpers';
import { E2E_USERS } from './users';

/**
 * Expense Management as an owner works it on a phone: record an expense with a photo of its receipt
 * taken with the camera, find it in the list with its receipt, correct its amount, and void it with a
 * reason; the account's ledger shows the withdrawal, its correction and its reversal. On a wide
 * screen: the table, the totals by category, and the CSV export of the same filters.
 */

const DESKTOP = { width: 1280, height: 800 };
const run = randomBytes(3).toString('hex');

async function created<T>(client: FactoryClient, path: string, body: unknown): Promise<T> {
  const answer = await client.send('POST', path, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as T;
}

/** A small made-up photo of a till receipt, as PNG bytes. */
async function receiptPhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="400">
    <rect width="240" height="400" fill="#d9d4c7"/><rect x="30" y="20" width="180" height="360" fill="#fffdf7"/>
    <rect x="50" y="50" width="140" height="10" fill="#333"/><rect x="50" y="80" width="100" height="6" fill="#777"/>
    <rect x="50" y="100" width="120" height="6" fill="#777"/><rect x="50" y="320" width="140" height="12" fill="#333"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The account's balance, read with the owner's session (the request context `ownerClient` signed in). */
async function balanceOf(request: APIRequestContext, id: string): Promise<number> {
  const response = await request.get('/api/bank-account-balances');
  const { items } = (await response.json()) as { items: AccountBalance[] };
  return (items.find((item) => item.id === id) as AccountBalance).balance;
}

test('an owner records an expense with a receipt photo on a phone, corrects it and voids it', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  test.slow();
  const owner = await ownerClient(request, baseURL!);
  const config = (await (await request.get('/api/config')).json()) as PublicConfig;
  const money = (minor: number) => formatMoney(minor, config.currency, config.locale);
  const today = restaurantToday(config.timeZone);

  const repairs = await created<ExpenseCategory>(owner, '/api/expense-categories', {
    name: `Repairs ${run}`,
  });
  const rent = await created<ExpenseCategory>(owner, '/api/expense-categories', { name: `Rent ${run}` });
  const till = await buildBankAccount(owner, { name: `Till ${run}`, type: 'cash', openingBalance: 500_000 });
  const plumber = await buildSupplier(owner, { name: `Plumber ${run}` });
  // Another expense of the account, in another category, recorded through the API.
  await created<Expense>(owner, '/api/expenses', {
    date: today,
    categoryId: rent.id,
    amount: 120_000,
    description: `Back room rent ${run}`,
    accountId: till.id,
  });
  const description = `Leaking tap ${run}`;

  // On a phone, the list of this account's expenses (the filter is in the address).
  await page.setViewportSize(PHONE);
  await signInByApi(page, baseURL!, E2E_USERS.admin);
  await page.goto(`/expenses?accountId=${till.id}`);
  await expect(page.getByRole('heading', { name: 'Expense Management', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('Expense Management | Brigade');
  const totals = page.getByRole('region', { name: 'Totals' });
  await expect(totals.getByTestId('expenses-total')).toHaveText(money(120_000));
  await expect(totals.getByTestId('expenses-count')).toHaveText('1 expense');
  await expect(page.getByLabel('Paid from')).toHaveValue(till.id);

  // Record one: today by default; the receipt's photo from the camera (a wrong file is refused first).
  await page.getByRole('button', { name: 'Record expense' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record expense' });
  await expect(dialog.getByLabel('Date')).toHaveValue(today);
  await dialog.getByLabel('Category').selectOption({ label: repairs.name });
  await dialog.getByLabel('Amount').fill('42.50');
  await dialog.getByLabel('Description').fill(description);
  await dialog.getByLabel('Paid from').selectOption({ label: till.name });
  await dialog.getByLabel('Supplier (optional)').selectOption({ label: plumber.name });
  await dialog.getByLabel('Reference (optional)').fill('INV-77');
  const camera = dialog.getByTestId('receipt-camera-input');
  await expect(camera).toHaveAttribute('capture', 'environment');
  await expect(camera).toHaveAttribute('accept', 'image/*,application/pdf');
  await camera.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a receipt'),
  });
  await expect(dialog.getByRole('alert')).toHaveText(
    'The receipt must be a JPEG, PNG or WebP photo, or a PDF.',
  );
  await camera.setInputFiles({
    name: 'tap-receipt.png',
    mimeType: 'image/png',
    buffer: await receiptPhoto(),
  });
  await expect(dialog.getByText('tap-receipt.png')).toBeVisible();
  await expect(dialog.getByText('It is attached when you save.')).toBeVisible();
  await saveScreenshot(page, testInfo, 'expenses-record-phone', { viewportOnly: true });

  const recorded = page.waitForResponse(
    (response) => response.url().endsWith('/api/expenses') && response.request().method() === 'POST',
  );
  const attached = page.waitForResponse(
    (response) => response.url().endsWith('/receipt') && response.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Record expense' }).click();
  expect((await recorded).status()).toBe(201);
  expect((await attached).status()).toBe(200);
  await expect(dialog).toBeHidden();

  // In the list, as a card, with its supplier, reference and receipt.
  const cards = page.getByRole('list', { name: 'Expenses' });
  const card = cards.getByRole('listitem').filter({ hasText: description });
  await expect(card).toContainText(money(4_250));
  await expect(card).toContainText(`Plumber ${run} · Ref. INV-77`);
  await expect(card).toContainText(repairs.name);
  const receiptLink = card.getByRole('link', { name: `Receipt of ${description}` });
  await expect(receiptLink).toHaveAttribute('target', '_blank');
  const receiptUrl = (await receiptLink.getAttribute('href')) ?? '';
  expect(receiptUrl).toMatch(/^\/api\/expenses\/[0-9a-f-]+\/receipt$/);
  const receipt = await page.request.get(receiptUrl);
  expect(receipt.status()).toBe(200);
  expect(receipt.headers()['content-type']).toMatch(/^image\//);
  await expect(totals.getByTestId('expenses-total')).toHaveText(money(124_250));
  await expect(totals.getByTestId('expenses-count')).toHaveText('2 expenses');
  await saveScreenshot(page, testInfo, 'expenses-list-phone');
  expect(await axeViolations(page)).toEqual([]);

  // Correct its amount: the form opens from the card, as saved.
  await card.getByRole('button', { name: description }).click();
  const edit = page.getByRole('dialog', { name: 'Edit expense' });
  await expect(edit.getByLabel('Amount')).toHaveValue('42.50');
  await expect(edit.getByRole('link', { name: /Open the receipt/ })).toBeVisible();
  await saveScreenshot(page, testInfo, 'expenses-edit-phone', { viewportOnly: true });
  await edit.getByLabel('Amount').fill('45');
  const changed = page.waitForResponse(
    (response) => /\/api\/expenses\/[^/]+$/.test(response.url()) && response.request().method() === 'PATCH',
  );
  await edit.getByRole('button', { name: 'Save changes' }).click();
  const patch = await changed;
  expect(patch.status()).toBe(200);
  expect(Object.keys(patch.request().postDataJSON() as object).sort()).toEqual(['amount', 'version']);
  await expect(edit).toBeHidden();
  await expect(card).toContainText(money(4_500));
  await expect(totals.getByTestId('expenses-total')).toHaveText(money(124_500));

  // Void it, with a reason: struck through, out of the totals, and read only.
  await card.getByRole('button', { name: description }).click();
  await edit.getByRole('button', { name: 'Void expense' }).click();
  const voiding = page.getByRole('dialog', { name: 'Void this expense?' });
  await voiding.getByRole('button', { name: 'Void expense' }).click();
  await expect(voiding.getByText('Enter a reason.')).toBeVisible();
  await voiding.getByLabel('Reason').fill('Paid by the landlord');
  await voiding.getByRole('button', { name: 'Void expense' }).click();
  await expect(voiding).toBeHidden();
  await expect(card).toContainText('Voided: Paid by the landlord');
  await expect(totals.getByTestId('expenses-total')).toHaveText(money(120_000));
  await expect(totals.getByTestId('expenses-count')).toHaveText('1 expense');
  await card.getByRole('button', { name: description }).click();
  const voided = page.getByRole('dialog', { name: 'Voided expense' });
  await expect(voided).toContainText('Paid by the landlord');
  await expect(voided.getByRole('button', { name: 'Save changes' })).toHaveCount(0);
  await expect(voided.getByLabel('Amount')).toHaveCount(0);
  // The dialog's own button (the ✕ in its corner has the same name).
  await voided.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(voided).toBeHidden();
  await expect.poll(() => balanceOf(request, till.id)).toBe(500_000 - 120_000);

  // The account's ledger: the withdrawal, its correction, and the reversal of the void.
  await page.goto(`/master-data/bank-accounts/${till.id}`);
  const entries = page.getByRole('region', { name: 'Entries' });
  await expect(entries.getByText(`Expense voided: Paid by the landlord`)).toBeVisible();
  await expect(entries.getByText(`Expense changed: ${description}`)).toBeVisible();
  await expect(entries.getByText(`Expense · ${repairs.name}: ${description}`)).toHaveCount(2);
  await expect(entries.getByText(`Expense · ${rent.name}: Back room rent ${run}`)).toBeVisible();
  await entries.getByText(`Expense voided: Paid by the landlord`).scrollIntoViewIfNeeded();
  await saveScreenshot(page, testInfo, 'expenses-ledger-phone', { viewportOnly: true });
});

test('an owner reads the totals by category and exports the filtered expenses as CSV', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  test.slow();
  const owner = await ownerClient(request, baseURL!);
  const config = (await (await request.get('/api/config')).json()) as PublicConfig;
  const money = (minor: number) => formatMoney(minor, config.currency, config.locale);
  const today = restaurantToday(config.timeZone);
  const own = randomBytes(2).toString('hex');

  const supplies = await created<ExpenseCategory>(owner, '/api/expense-categories', {
    name: `Supplies ${run}${own}`,
  });
  const wages = await created<ExpenseCategory>(owner, '/api/expense-categories', {
    name: `Wages ${run}${own}`,
  });
  const bank = await buildBankAccount(owner, {
    name: `Bank ${run}${own}`,
    type: 'bank',
    openingBalance: 900_000,
  });
  const record = (categoryId: string, amount: number, description: string, reference = '') =>
    created<Expense>(owner, '/api/expenses', {
      date: today,
      categoryId,
      amount,
      description,
      accountId: bank.id,
      reference,
    });
  await record(supplies.id, 1_999, `Napkins ${run}`, 'N-1');
  await record(supplies.id, 2_001, `Dish soap ${run}`);
  await record(wages.id, 250_000, `Weekend shift ${run}`);
  const dropped = await record(supplies.id, 5_000, `Mops ${run}`);
  const voided = await owner.send('POST', `/api/expenses/${dropped.id}/void`, {
    version: dropped.version,
    reason: 'Returned',
  });
  expect(voided.status, JSON.stringify(voided.body)).toBe(200);

  await page.setViewportSize(DESKTOP);
  await signInByApi(page, baseURL!, E2E_USERS.admin);
  const streamOpened = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return (
      url.pathname === '/api/events' && (url.searchParams.get('topics') ?? '').split(',').includes('expenses')
    );
  });
  await page.goto(`/expenses?accountId=${bank.id}`);
  await expect(page.getByRole('heading', { name: 'Expense Management', level: 1 })).toBeVisible();
  expect((await streamOpened).status()).toBe(200);

  // The totals leave the voided one out; by category, largest first.
  const totals = page.getByRole('region', { name: 'Totals' });
  await expect(totals.getByTestId('expenses-total')).toHaveText(money(254_000));
  await expect(totals.getByTestId('expenses-count')).toHaveText('3 expenses');
  const categories = totals.getByRole('table', { name: 'By category' }).getByRole('row');
  await expect(categories).toHaveCount(3);
  await expect(categories.nth(1)).toContainText(wages.name);
  await expect(categories.nth(1)).toContainText(money(250_000));
  await expect(categories.nth(2)).toContainText(supplies.name);
  await expect(categories.nth(2)).toContainText('2 expenses');
  await expect(categories.nth(2)).toContainText(money(4_000));

  // The table: newest first, the voided one struck through with its reason.
  const table = page.getByRole('table', { name: 'Expenses' });
  await expect(table.getByRole('row')).toHaveCount(5);
  await expect(table.getByRole('row').filter({ hasText: `Mops ${run}` })).toContainText('Voided: Returned');
  await expect(table.getByRole('row').filter({ hasText: `Napkins ${run}` })).toContainText('Ref. N-1');

  // The filters narrow the list and stay in the address.
  await page
    .getByRole('region', { name: 'Filters' })
    .getByLabel('Category')
    .selectOption({ label: supplies.name });
  await expect(page).toHaveURL(new RegExp(`categoryId=${supplies.id}`));
  await expect(totals.getByTestId('expenses-total')).toHaveText(money(4_000));
  await page.getByRole('searchbox', { name: 'Search expenses' }).fill(`Napkins ${run}`);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(totals.getByTestId('expenses-total')).toHaveText(money(1_999));
  await page.getByRole('searchbox', { name: 'Search expenses' }).fill('');
  await page.getByRole('region', { name: 'Filters' }).getByLabel('Category').selectOption('');
  await page.getByRole('button', { name: 'Last month' }).click();
  await expect(page.getByText('No expense matches these filters.')).toBeVisible();
  await expect(totals.getByTestId('expenses-total')).toHaveText(money(0));
  await page.getByRole('button', { name: 'This month' }).click();
  await expect(table.getByRole('row')).toHaveCount(5);
  await saveScreenshot(page, testInfo, 'expenses-desktop');
  expect(await axeViolations(page)).toEqual([]);

  // An expense recorded elsewhere shows without a reload (the live topic `expenses`).
  await record(wages.id, 10_000, `Late bonus ${run}`);
  await expect(table.getByRole('row').filter({ hasText: `Late bonus ${run}` })).toBeVisible();
  await expect(totals.getByTestId('expenses-total')).toHaveText(money(264_000));

  // The CSV file of the same filters.
  const href = (await totals.getByRole('link', { name: 'Export CSV' }).getAttribute('href')) ?? '';
  expect(href).toContain('/api/expenses/export?');
  expect(href).toContain(`accountId=${bank.id}`);
  const file = await page.request.get(href);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toContain('text/csv');
  const csv = await file.text();
  expect(csv.split(/\r?\n/)[0]).toContain('Date,Category,Description');
  expect(csv).toContain(`Weekend shift ${run}`);
  expect(csv).toContain(`Napkins ${run}`);
  expect(csv).toContain(`Mops ${run}`);
  expect(csv).toContain(`Late bonus ${run}`);
});

test('a refused receipt leaves the expense recorded, and the receipt is attached again and removed', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  test.slow();
  const owner = await ownerClient(request, baseURL!);
  const own = randomBytes(2).toString('hex');
  const category = await created<ExpenseCategory>(owner, '/api/expense-categories', {
    name: `Laundry ${run}${own}`,
  });
  const account = await buildBankAccount(owner, { name: `Petty cash ${run}${own}`, openingBalance: 10_000 });
  const description = `Aprons washed ${run}${own}`;

  await page.setViewportSize(DESKTOP);
  await signInByApi(page, baseURL!, E2E_USERS.admin);
  await page.goto(`/expenses?accountId=${account.id}`);
  await page.getByRole('button', { name: 'Record expense' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record expense' });
  // No camera on a desktop: a file is chosen.
  await expect(dialog.getByTestId('receipt-camera-input')).toHaveCount(0);
  await dialog.getByLabel('Category').selectOption({ label: category.name });
  await dialog.getByLabel('Amount').fill('12');
  await dialog.getByLabel('Description').fill(description);
  await dialog.getByLabel('Paid from').selectOption({ label: account.name });
  // Named a PNG, but not a picture: the browser lets it go, the server refuses it.
  await dialog
    .getByTestId('receipt-file-input')
    .setInputFiles({ name: 'scan.png', mimeType: 'image/png', buffer: Buffer.from('not a picture at all') });
  await dialog.getByRole('button', { name: 'Record expense' }).click();

  // The expense is kept; the form goes on with it and says what happened to the receipt.
  const edit = page.getByRole('dialog', { name: 'Edit expense' });
  await expect(edit.getByRole('alert')).toContainText(
    'The expense is recorded, but its receipt was not attached',
  );
  await saveScreenshot(page, testInfo, 'expenses-receipt-refused-desktop', { viewportOnly: true });
  const row = page.getByRole('table', { name: 'Expenses' }).getByRole('row').filter({ hasText: description });
  await expect(row).toBeVisible();
  await expect(row.getByRole('link', { name: `Receipt of ${description}` })).toHaveCount(0);

  // Attach it again from the same form, then remove it.
  await edit
    .getByTestId('receipt-file-input')
    .setInputFiles({ name: 'apron-receipt.png', mimeType: 'image/png', buffer: await receiptPhoto() });
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(row.getByRole('link', { name: `Receipt of ${description}` })).toBeVisible();

  // A refused file on its own (nothing else changed) is said next to the receipt; the saved one stays.
  await row.getByRole('button', { name: description }).click();
  await edit
    .getByTestId('receipt-file-input')
    .setInputFiles({ name: 'blank.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a pdf') });
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit.getByRole('alert')).toContainText('The receipt was not attached');
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toBeHidden();
  await expect(row.getByRole('link', { name: `Receipt of ${description}` })).toBeVisible();

  await row.getByRole('button', { name: description }).click();
  // Stored as the server reduced it (a WebP photo of the same name).
  await expect(edit.getByText(/^apron-receipt\./)).toBeVisible();
  await edit.getByRole('button', { name: 'Remove receipt' }).click();
  await expect(edit.getByText('The receipt is removed when you save.')).toBeVisible();
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(row.getByRole('link', { name: `Receipt of ${description}` })).toHaveCount(0);
});

/**
 * Waits a while for the toasts to go (they cover the top of a screenshot). Other tests running at the
 * same time can keep sending this owner notifications, so it goes on after 10 s whatever is shown.
 */
async function toastsGone(page: Page): Promise<void> {
  await page
    .locator('[data-rht-toaster] [role="status"]')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
}

/** `day` moved by `days` (ISO calendar days). */
function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

test('an owner sets up a monthly rent on a phone, changes and stops it, and a weekly one on a desktop', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  test.slow();
  const owner = await ownerClient(request, baseURL!);
  const config = (await (await request.get('/api/config')).json()) as PublicConfig;
  const money = (minor: number) => formatMoney(minor, config.currency, config.locale);
  const day = (iso: string) =>
    new Intl.DateTimeFormat(config.locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(`${iso}T00:00:00Z`),
    );
  const dayWithWeekday = (iso: string) =>
    new Intl.DateTimeFormat(config.locale, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${iso}T00:00:00Z`));
  const today = restaurantToday(config.timeZone);
  // The rent starts tomorrow and the weekly one falls on tomorrow's weekday: the app's scheduler
  // (every five minutes) has nothing to record while the test runs, so their next days stay put.
  const tomorrow = addDays(today, 1);
  const tomorrowWeekday = ((new Date(`${tomorrow}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
  const weekdayName = WEEKDAY_LABELS[WEEKDAYS[tomorrowWeekday - 1] as (typeof WEEKDAYS)[number]];
  const leaseEnds = addDays(today, 90);
  const own = randomBytes(2).toString('hex');

  const premises = await created<ExpenseCategory>(owner, '/api/expense-categories', {
    name: `Premises ${run}${own}`,
  });
  const subscriptions = await created<ExpenseCategory>(owner, '/api/expense-categories', {
    name: `Subscriptions ${run}${own}`,
  });
  const bank = await buildBankAccount(owner, {
    name: `Main bank ${run}${own}`,
    type: 'bank',
    openingBalance: 900_000,
  });
  const landlord = await buildSupplier(owner, { name: `Landlord ${run}${own}` });
  const rentName = `Shop rent ${run}${own}`;
  const leaseName = `Coffee machine lease ${run}${own}`;

  // On a phone, the Recurring view (kept in the address).
  await page.setViewportSize(PHONE);
  await signInByApi(page, baseURL!, E2E_USERS.admin);
  await page.goto('/expenses?view=recurring');
  await expect(page.getByRole('heading', { name: 'Expense Management', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Recurring' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('region', { name: 'Totals' })).toHaveCount(0);

  // A monthly rent on the 31st: the form says when it first records.
  await page.getByRole('button', { name: 'New recurring expense' }).click();
  const dialog = page.getByRole('dialog', { name: 'New recurring expense' });
  await expect(dialog.getByLabel('Starts on')).toHaveValue(today);
  await expect(dialog.getByRole('button', { name: 'Monthly' })).toHaveAttribute('aria-pressed', 'true');
  await dialog.getByLabel('Description').fill(rentName);
  await dialog.getByLabel('Amount').fill('1850');
  await dialog.getByLabel('Category').selectOption({ label: premises.name });
  await dialog.getByLabel('Paid from').selectOption({ label: bank.name });
  await dialog.getByLabel('Supplier (optional)').selectOption({ label: landlord.name });
  await dialog.getByLabel('Reference (optional)').fill('LEASE-4');
  await dialog.getByRole('button', { name: 'Save recurring expense' }).click();
  await expect(dialog.getByText('Choose the day of the month.')).toBeVisible();
  await expect(dialog.getByLabel('Day of the month')).toBeFocused();
  await dialog.getByLabel('Day of the month').selectOption({ label: '31st' });
  await expect(dialog.getByText('Months without a 31st record it on their last day.')).toBeVisible();
  const note = dialog.getByTestId('recurring-schedule-note');
  const rule = { frequency: 'monthly', dayOfMonth: 31 } as const;
  await expect(note).toHaveText(`First on ${dayWithWeekday(nextOccurrence(rule, today))}.`);
  await dialog.getByLabel('Starts on').fill(addDays(today, -1));
  await expect(
    dialog.getByText('Must not be before today: days already past are not recorded.'),
  ).toBeVisible();
  await dialog.getByLabel('Starts on').fill(tomorrow);
  const rentFirst = nextOccurrence(rule, tomorrow);
  await expect(note).toHaveText(`First on ${dayWithWeekday(rentFirst)}.`);
  await saveScreenshot(page, testInfo, 'expenses-recurring-form-phone', { viewportOnly: true });
  const posted = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/recurring-expenses') && response.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Save recurring expense' }).click();
  expect((await posted).status()).toBe(201);
  await expect(dialog).toBeHidden();

  // Its card: how often, the amount, the account, the next day.
  const cards = page.getByRole('list', { name: 'Recurring expenses' });
  const rentCard = cards.getByRole('listitem').filter({ hasText: rentName });
  await expect(rentCard).toContainText("Monthly on the 31st (or the month's last day)");
  await expect(rentCard).toContainText(money(185_000));
  await expect(rentCard).toContainText(premises.name);
  await expect(rentCard).toContainText(`From ${bank.name}`);
  await expect(rentCard).toContainText(`${landlord.name} · Ref. LEASE-4`);
  await expect(rentCard).toContainText(`Next: ${day(rentFirst)}`);
  await expect(rentCard).toContainText('Nothing recorded yet');
  await toastsGone(page);
  await saveScreenshot(page, testInfo, 'expenses-recurring-phone');
  expect(await axeViolations(page)).toEqual([]);

  // A new amount: only it is sent, with the version.
  await rentCard.getByRole('button', { name: rentName }).click();
  const edit = page.getByRole('dialog', { name: 'Edit recurring expense' });
  await expect(edit.getByLabel('Amount')).toHaveValue('1850.00');
  await expect(edit.getByLabel('Day of the month')).toHaveValue('31');
  await expect(edit.getByLabel('Starts on')).toHaveValue(tomorrow);
  await expect(edit.getByTestId('recurring-schedule-note')).toHaveText(
    `Next on ${dayWithWeekday(rentFirst)}.`,
  );
  await saveScreenshot(page, testInfo, 'expenses-recurring-edit-phone', { viewportOnly: true });
  await edit.getByLabel('Amount').fill('1900');
  const changed = page.waitForResponse(
    (response) =>
      /\/api\/recurring-expenses\/[^/]+$/.test(response.url()) && response.request().method() === 'PATCH',
  );
  await edit.getByRole('button', { name: 'Save changes' }).click();
  const patch = await changed;
  expect(patch.status()).toBe(200);
  expect(Object.keys(patch.request().postDataJSON() as object).sort()).toEqual(['amount', 'version']);
  await expect(edit).toBeHidden();
  await expect(rentCard).toContainText(money(190_000));

  // Stop it: "Off", no next day; opened again it offers "Start again".
  await rentCard.getByRole('button', { name: rentName }).click();
  const stopped = page.waitForResponse(
    (response) =>
      /\/api\/recurring-expenses\/[^/]+$/.test(response.url()) && response.request().method() === 'PATCH',
  );
  await edit.getByRole('button', { name: 'Stop' }).click();
  const stop = await stopped;
  expect(stop.status()).toBe(200);
  expect(stop.request().postDataJSON()).toEqual({ version: expect.any(Number), active: false });
  await expect(edit).toBeHidden();
  await expect(rentCard.getByText('Off', { exact: true })).toBeVisible();
  await expect(rentCard).not.toContainText('Next:');
  await rentCard.getByRole('button', { name: rentName }).click();
  await expect(edit.getByRole('button', { name: 'Start again' })).toBeVisible();
  await expect(edit.getByTestId('recurring-schedule-note')).toHaveText(
    'Off: it records nothing until you start it again.',
  );
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toBeHidden();
  await toastsGone(page);
  await saveScreenshot(page, testInfo, 'expenses-recurring-stopped-phone');

  // On a desktop: a weekly lease until a day in three months.
  await page.setViewportSize(DESKTOP);
  await page.getByRole('button', { name: 'New recurring expense' }).click();
  await dialog.getByLabel('Description').fill(leaseName);
  await dialog.getByLabel('Amount').fill('45.90');
  await dialog.getByLabel('Category').selectOption({ label: subscriptions.name });
  await dialog.getByLabel('Paid from').selectOption({ label: bank.name });
  await dialog.getByRole('button', { name: 'Weekly' }).click();
  await expect(dialog.getByLabel('Day of the month')).toHaveCount(0);
  await dialog.getByLabel('Weekday').selectOption({ label: weekdayName });
  await dialog.getByLabel('Ends on (optional)').fill(leaseEnds);
  await expect(dialog.getByTestId('recurring-schedule-note')).toHaveText(
    `First on ${dayWithWeekday(tomorrow)}.`,
  );
  await saveScreenshot(page, testInfo, 'expenses-recurring-form-desktop', { viewportOnly: true });
  await dialog.getByRole('button', { name: 'Save recurring expense' }).click();
  await expect(dialog).toBeHidden();

  const table = page.getByRole('table', { name: 'Recurring expenses' });
  const leaseRow = table.getByRole('row').filter({ hasText: leaseName });
  const rentRow = table.getByRole('row').filter({ hasText: rentName });
  await expect(leaseRow).toContainText(`Weekly on ${weekdayName}`);
  await expect(leaseRow).toContainText(`Next: ${day(tomorrow)}`);
  await expect(leaseRow).toContainText(money(4_590));
  await expect(leaseRow).toContainText(subscriptions.name);
  await expect(rentRow.getByText('Off', { exact: true })).toBeVisible();
  // Active ones first.
  const rows = await table.getByRole('row').allInnerTexts();
  const at = (name: string) => rows.findIndex((text) => text.includes(name));
  expect(at(leaseName)).toBeLessThan(at(rentName));
  await toastsGone(page);
  await saveScreenshot(page, testInfo, 'expenses-recurring-desktop');
  expect(await axeViolations(page)).toEqual([]);

  // Someone else changes the lease while its form is open: the form reloads it and says so.
  await leaseRow.getByRole('button', { name: leaseName }).click();
  await expect(edit.getByLabel('Weekday')).toHaveValue(String(tomorrowWeekday));
  const { items: before } = (await (await request.get('/api/recurring-expenses')).json()) as {
    items: RecurringExpense[];
  };
  const leaseBefore = before.find((item) => item.description === leaseName) as RecurringExpense;
  const elsewhere = await owner.send('PATCH', `/api/recurring-expenses/${leaseBefore.id}`, {
    version: leaseBefore.version,
    reference: 'MACHINE-9',
  });
  expect(elsewhere.status, JSON.stringify(elsewhere.body)).toBe(200);
  await edit.getByLabel('Amount').fill('49.90');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit.getByRole('alert')).toContainText('Someone else changed this recurring expense');
  await expect(edit.getByLabel('Reference (optional)')).toHaveValue('MACHINE-9');
  await expect(edit.getByLabel('Amount')).toHaveValue('45.90');
  await edit.getByLabel('Amount').fill('49.90');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(leaseRow).toContainText(money(4_990));

  // The other view is one tap away, and the address follows.
  await page.getByRole('tab', { name: 'Expenses' }).click();
  await expect(page).not.toHaveURL(/view=recurring/);
  await expect(page.getByRole('region', { name: 'Totals' })).toBeVisible();

  // The API holds what the forms set.
  const { items } = (await (await request.get('/api/recurring-expenses')).json()) as {
    items: RecurringExpense[];
  };
  expect(items.find((item) => item.description === rentName)).toMatchObject({
    categoryId: premises.id,
    amount: 190_000,
    accountId: bank.id,
    supplierId: landlord.id,
    reference: 'LEASE-4',
    frequency: 'monthly',
    dayOfMonth: 31,
    weekday: null,
    startsOn: tomorrow,
    endsOn: null,
    nextDue: null,
    lastRecordedOn: null,
    active: false,
    version: 3,
  });
  expect(items.find((item) => item.description === leaseName)).toMatchObject({
    categoryId: subscriptions.id,
    amount: 4_990,
    accountId: bank.id,
    supplierId: null,
    reference: 'MACHINE-9',
    frequency: 'weekly',
    dayOfMonth: null,
    weekday: tomorrowWeekday,
    startsOn: today,
    endsOn: leaseEnds,
    nextDue: tomorrow,
    lastRecordedOn: null,
    active: true,
  });
});

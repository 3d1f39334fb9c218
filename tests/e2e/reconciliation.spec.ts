import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { PublicConfig } from '../../src/shared/contracts/config';
import type { BankTransaction, Reconciliation } from '../../src/shared/contracts/ledger';
import type { BankAccount } from '../../src/shared/contracts/master-data';
import { restaurantToday } from '../../src/shared/coupon-rules';
import { formatMoney } from '../../src/shared/money';
import type { FactoryClient } from '../support/factories';
import { expect, test } from './fixtures';
import { apiClient, axeViolations, PHONE, saveScreenshot, signInByApi } from './helpers';
import { E2E_USERS } from './users';

/**
 * Reconciling a bank account to its statement, as an owner does it on the account's page: the
 * statement's day and closing balance, the bank's CSV export ticking the two rows it shows (the third
 * row, not on the statement, stays open; the line the bank file has and the ledger does not is
 * listed), the difference reaching zero, the close; then the rows marked reconciled without a Void
 * button, and the statement in the history. A tick made stale by a reconciliation closed elsewhere is
 * refused with the server's words.
 */

const DESKTOP = { width: 1280, height: 800 };
const run = randomBytes(3).toString('hex');

async function created<T>(client: FactoryClient, path: string, body: unknown): Promise<T> {
  const answer = await client.send('POST', path, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as T;
}

/** `YYYY-MM-DD` `offset` days from `day`. */
function shift(day: string, offset: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
}

/** Signs the page in as the owner (its requests share the cookies) and reads the restaurant's calendar. */
async function setUp(page: Page, baseURL: string) {
  await signInByApi(page, baseURL, E2E_USERS.admin);
  const owner = apiClient(page.request, baseURL);
  const config = (await (await page.request.get('/api/config')).json()) as PublicConfig;
  const today = restaurantToday(config.timeZone);
  return {
    owner,
    today,
    money: (minor: number) => formatMoney(minor, config.currency, config.locale),
    day: (value: string) =>
      new Intl.DateTimeFormat(config.locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
        new Date(`${value}T00:00:00Z`),
      ),
  };
}

async function entry(
  owner: FactoryClient,
  accountId: string,
  kind: 'deposit' | 'withdrawal' | 'fee',
  amount: number,
  date: string,
  description: string,
) {
  return created<BankTransaction>(owner, '/api/bank-transactions', {
    accountId,
    kind,
    amount,
    date,
    description,
  });
}

/** Opens the account's page with its entries from `from` on (the default period starts on the 1st). */
async function openAccount(page: Page, account: BankAccount, from: string) {
  await page.goto(`/master-data/bank-accounts/${account.id}`);
  await expect(page.getByRole('heading', { name: account.name, level: 1 })).toBeVisible();
  const entries = page.getByRole('region', { name: 'Entries' });
  await entries.getByLabel('From').fill(from);
  return entries;
}

test('an owner reconciles a bank account to its statement, the bank’s CSV ticking its rows', async ({
  page,
  baseURL,
}, testInfo) => {
  test.slow();
  const { owner, today, money, day } = await setUp(page, baseURL!);
  const account = await created<BankAccount>(owner, '/api/bank-accounts', {
    name: `Current ${run}`,
    type: 'bank',
    openingBalance: 100_000,
    openingDate: shift(today, -10),
  });
  // Two rows the statement shows, and a fee it does not (yet).
  await entry(owner, account.id, 'deposit', 25_000, shift(today, -3), `Catering ${run} invoice 12`);
  await entry(owner, account.id, 'withdrawal', 4_000, shift(today, -2), 'Linen service');
  await entry(owner, account.id, 'fee', 500, shift(today, -1), 'Card terminal rent');
  const csv = [
    'Date,Description,Amount',
    `${shift(today, -2)},"CATERING ${run.toUpperCase()} INV 12","250.00"`,
    `${shift(today, -2)},LINEN SERVICE LTD,-40.00`,
    'Pending,CARD PAYMENT,-12.00',
  ].join('\n');

  await page.setViewportSize(DESKTOP);
  const entries = await openAccount(page, account, shift(today, -10));
  const history = page.getByRole('region', { name: 'Reconciliations' });
  await expect(history.getByText('No statement reconciled yet.')).toBeVisible();
  await expect(entries.getByText('Card terminal rent')).toBeVisible();

  await page.getByRole('button', { name: 'Reconcile' }).click();
  const dialog = page.getByRole('dialog', { name: `Reconcile Current ${run}` });
  await expect(dialog.getByText('Never reconciled: it starts from the opening balance.')).toBeVisible();
  await expect(dialog.getByLabel('Statement date')).toHaveValue(today);
  await dialog.getByLabel('Statement date').fill(today);
  await dialog.getByLabel('Statement closing balance').fill('1210.00');
  const rows = dialog.getByRole('list', { name: 'Rows to tick' });
  await expect(rows.getByRole('checkbox')).toHaveCount(3);
  const summary = dialog.getByRole('definition');
  await expect(summary.filter({ hasText: money(100_000) }).first()).toBeVisible();
  await expect(dialog.getByText(`Difference ${money(21_000)}`)).toBeVisible();
  const close = dialog.getByRole('button', { name: 'Close reconciliation' });
  await expect(close).toBeDisabled();

  // The bank's export ticks the two rows it shows; the line it cannot read is listed.
  await dialog.getByLabel('Import bank CSV').setInputFiles({
    name: 'statement.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await expect(dialog.getByText('2 of 3 lines matched and ticked.')).toBeVisible();
  const unmatched = dialog.getByRole('list', { name: 'Not in the ledger (1)' });
  await expect(unmatched.getByRole('listitem')).toHaveCount(1);
  await expect(unmatched).toContainText('Row 4');
  await expect(unmatched).toContainText('CARD PAYMENT');
  await expect(unmatched).toContainText('The date “Pending” is not a day.');
  await expect(rows.getByRole('checkbox', { name: /Catering/ })).toBeChecked();
  await expect(rows.getByRole('checkbox', { name: /Linen service/ })).toBeChecked();
  await expect(rows.getByRole('checkbox', { name: /Card terminal rent/ })).not.toBeChecked();
  await expect(dialog.getByText(`Difference ${money(0)} — ready to close`)).toBeVisible();
  await expect(close).toBeEnabled();

  // The fee ticked by hand breaks the balance; cleared again, it is ready.
  await rows.getByRole('checkbox', { name: /Card terminal rent/ }).check();
  await expect(dialog.getByText(`Difference ${money(500)}`)).toBeVisible();
  await expect(close).toBeDisabled();
  await rows.getByRole('checkbox', { name: /Card terminal rent/ }).uncheck();
  await expect(dialog.getByText(`Difference ${money(0)} — ready to close`)).toBeVisible();
  await saveScreenshot(page, testInfo, 'reconciliation-desktop', { viewportOnly: true });
  expect(await axeViolations(page)).toEqual([]);

  await page.setViewportSize(PHONE);
  await expect(close).toBeInViewport();
  await saveScreenshot(page, testInfo, 'reconciliation-phone', { viewportOnly: true });
  await rows.scrollIntoViewIfNeeded();
  await saveScreenshot(page, testInfo, 'reconciliation-phone-rows', { viewportOnly: true });
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize(DESKTOP);

  await close.click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByText(`Current ${run} reconciled to the statement of ${day(today)}: 2 rows.`),
  ).toBeVisible();

  // The two rows are reconciled and can no longer be voided; the fee still can.
  for (const name of [`Catering ${run} invoice 12`, 'Linen service']) {
    const row = entries.getByRole('listitem').filter({ hasText: name });
    await expect(row).toContainText('Reconciled');
    await expect(row.getByRole('button', { name: /^Void/ })).toHaveCount(0);
  }
  const fee = entries.getByRole('listitem').filter({ hasText: 'Card terminal rent' });
  await expect(fee).not.toContainText('Reconciled');
  await expect(fee.getByRole('button', { name: 'Void Card terminal rent' })).toBeVisible();

  const kept = history.getByRole('listitem').filter({ hasText: `Statement of ${day(today)}` });
  await expect(kept).toContainText('2 rows');
  await expect(kept).toContainText(E2E_USERS.admin.name);
  await expect(kept).toContainText(money(121_000));
  await saveScreenshot(page, testInfo, 'reconciliation-account-desktop');
  await page.setViewportSize(PHONE);
  await saveScreenshot(page, testInfo, 'reconciliation-account-phone');
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize(DESKTOP);

  // The next statement starts where this one ended; an older one is refused before it is sent.
  await page.getByRole('button', { name: 'Reconcile' }).click();
  await expect(
    dialog.getByText(`Last reconciled to the statement of ${day(today)} (${money(121_000)}).`),
  ).toBeVisible();
  await expect(rows.getByRole('checkbox')).toHaveCount(1);
  await dialog.getByLabel('Statement date').fill(shift(today, -1));
  await expect(dialog.getByText(/this one must not be older/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('a tick made stale by a reconciliation closed elsewhere is refused with the server’s words', async ({
  page,
  baseURL,
}) => {
  const { owner, today, money } = await setUp(page, baseURL!);
  const account = await created<BankAccount>(owner, '/api/bank-accounts', {
    name: `Savings ${run}`,
    type: 'bank',
    openingBalance: 0,
    openingDate: shift(today, -5),
  });
  const row = await entry(owner, account.id, 'deposit', 7_000, shift(today, -1), 'Cash banked');

  await page.setViewportSize(DESKTOP);
  await openAccount(page, account, shift(today, -5));
  await page.getByRole('button', { name: 'Reconcile' }).click();
  const dialog = page.getByRole('dialog', { name: `Reconcile Savings ${run}` });
  await dialog.getByLabel('Statement closing balance').fill('70');
  await dialog.getByRole('button', { name: 'Tick all' }).click();
  await expect(dialog.getByText(`Difference ${money(0)} — ready to close`)).toBeVisible();

  // Someone else closes the same statement first.
  await created<Reconciliation>(owner, `/api/bank-accounts/${account.id}/reconciliations`, {
    statementDate: today,
    statementBalance: 7_000,
    transactionIds: [row.id],
  });
  await dialog.getByRole('button', { name: 'Close reconciliation' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('A row ticked is already reconciled.');
  // The rows are read again: nothing is left to tick.
  await expect(dialog.getByText('No rows to reconcile on or before this day.')).toBeVisible();
  await expect(dialog).toBeVisible();
});

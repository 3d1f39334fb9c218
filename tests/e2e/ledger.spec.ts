import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import type { AccountBalance } from '../../src/shared/contracts/ledger';
import type { BankAccount } from '../../src/shared/contracts/master-data';
import type { FactoryClient } from '../support/factories';
import { expect, test } from './fixtures';
import { ownerClient } from './guests';
import { axeViolations, PHONE, saveScreenshot, signInByApi } from './helpers';
import { E2E_USERS } from './users';

/**
 * A bank or cash account's page as an owner works it: open it from Master Data's accounts, record a
 * bank fee, move the day's cash to the bank, see both balances move and the running balance after each
 * entry, and void the transfer, which takes both its rows back.
 */

const DESKTOP = { width: 1280, height: 800 };
const run = randomBytes(3).toString('hex');

async function account(owner: FactoryClient, body: Record<string, unknown>): Promise<BankAccount> {
  const answer = await owner.send('POST', '/api/bank-accounts', body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as BankAccount;
}

/** The account's balance, read with the owner's session (the request context `ownerClient` signed in). */
async function balanceOf(request: APIRequestContext, id: string): Promise<number> {
  const response = await request.get('/api/bank-account-balances');
  const { items } = (await response.json()) as { items: AccountBalance[] };
  return (items.find((item) => item.id === id) as AccountBalance).balance;
}

test('an owner records a fee, moves cash to the bank, and voids the transfer', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  test.slow();
  const owner = await ownerClient(request, baseURL!);
  const drawer = await account(owner, { name: `Drawer ${run}`, type: 'cash', openingBalance: 30_000 });
  const bank = await account(owner, { name: `Savings ${run}`, type: 'bank', openingBalance: 100_000 });

  await page.setViewportSize(DESKTOP);
  await signInByApi(page, baseURL!, E2E_USERS.admin);
  await page.goto('/master-data/bank-accounts');
  await page.getByPlaceholder('Search accounts').fill(`Drawer ${run}`);
  await page.getByRole('link', { name: `Drawer ${run}` }).click();
  await expect(page.getByRole('heading', { name: `Drawer ${run}`, level: 1 })).toBeVisible();
  await expect(page.getByText('No entries in this period.')).toBeVisible();

  // A fee: the balance and the entry's running balance follow.
  const form = page.getByRole('region', { name: 'Record money in or out' });
  await form.getByLabel('What to record').selectOption('fee');
  await form.getByLabel('Amount').fill('2.50');
  await form.getByLabel('Description').fill('Coin bags');
  await form.getByRole('button', { name: 'Record bank fee' }).click();
  const entries = page.getByRole('region', { name: 'Entries' });
  await expect(entries.getByText('Coin bags')).toBeVisible();
  await expect.poll(() => balanceOf(request, drawer.id)).toBe(29_750);

  // The day's cash to the bank.
  await form.getByLabel('What to record').selectOption('transfer');
  await form.getByLabel('To account').selectOption(bank.id);
  await form.getByLabel('Amount').fill('200');
  await form.getByLabel('Description').fill('End of day');
  await form.getByRole('button', { name: 'Move money' }).click();
  await expect(entries.getByText(`To Savings ${run}: End of day`)).toBeVisible();
  await expect.poll(() => balanceOf(request, drawer.id)).toBe(9_750);
  expect(await balanceOf(request, bank.id)).toBe(120_000);
  await saveScreenshot(page, testInfo, 'ledger-account-desktop');
  expect(await axeViolations(page)).toEqual([]);

  // Void the transfer: both accounts are back, the row struck through with its reversal above it.
  await entries.getByRole('button', { name: `Void To Savings ${run}: End of day` }).click();
  const dialog = page.getByRole('dialog', { name: 'Void this entry?' });
  await dialog.getByRole('button', { name: 'Void entry' }).click();
  await expect(dialog.getByText('Enter a reason.')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Counted wrong');
  await dialog.getByRole('button', { name: 'Void entry' }).click();
  await expect(dialog).toBeHidden();
  await expect(entries.getByText('Voided: Counted wrong')).toBeVisible();
  await expect.poll(() => balanceOf(request, drawer.id)).toBe(29_750);
  expect(await balanceOf(request, bank.id)).toBe(100_000);
  await expect(entries.getByRole('button', { name: `Void To Savings ${run}: End of day` })).toHaveCount(0);

  // Only the fees.
  await entries.getByLabel('Kind').selectOption('fee');
  await expect(entries.getByText('Coin bags')).toBeVisible();
  await expect(entries.getByText('Voided: Counted wrong')).toHaveCount(0);

  await page.setViewportSize(PHONE);
  await entries.getByLabel('Kind').selectOption('');
  await expect(entries.getByText('Voided: Counted wrong')).toBeVisible();
  await saveScreenshot(page, testInfo, 'ledger-account-phone');
  expect(await axeViolations(page)).toEqual([]);
});

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { moneyRecorded } from '../../src/server/db/money-records';
import { bankAccounts } from '../../src/server/modules/master-data/master-data.schema';
import { paymentMethodAccounts } from '../../src/server/modules/settings/settings.schema';
import type { BankAccount } from '../../src/shared/contracts/master-data';
import type { RestaurantSettings } from '../../src/shared/contracts/settings';
import { buildBankAccount } from '../support/factories';
import { createTestApp, expectErrorBody, type TestApp, type TestUser } from '../support/test-app';
import { databaseUrl, dropDatabase } from '../support/test-server';

/**
 * Money is recorded with its currency: a bank account's opening balance keeps the
 * currency it was set in, the currency setting cannot move away from recorded money, and the
 * payment-method → account mapping is rows with a foreign key.
 */
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.buildUser({ role: 'admin' });
});
afterAll(() => t.close());

async function settings(): Promise<RestaurantSettings> {
  const response = await t.get('/api/settings', { as: admin });
  expect(response.status).toBe(200);
  return (await response.json()) as RestaurantSettings;
}

async function readAccount(id: string): Promise<BankAccount> {
  const response = await t.get(`/api/bank-accounts/${id}`, { as: admin });
  expect(response.status).toBe(200);
  return (await response.json()) as BankAccount;
}

const setCurrency = (currency: string) => t.patchLatest('/api/settings', { currency }, { as: admin });

/** Every account with money must be in today's currency; leaves the database with none. */
async function clearBalances() {
  await t.db.update(bankAccounts).set({ openingBalance: 0 });
}

describe('the currency of recorded money', () => {
  it('an opening balance is stored with the settings’ currency, and shown with it', async () => {
    const before = await settings();
    const account = await buildBankAccount(t, { openingBalance: 150_000 }, { as: admin });
    expect(account.currency).toBe(before.currency);
    const [row] = await t.db.select().from(bankAccounts).where(eq(bankAccounts.id, account.id));
    expect(row?.currency).toBe(before.currency);
    await clearBalances();
  });

  it('refuses a currency change with 409 while any opening balance is recorded, saying why and what to do', async () => {
    const start = await settings();
    const account = await buildBankAccount(t, { name: 'Safe', openingBalance: 2_500 }, { as: admin });
    const target = start.currency === 'EUR' ? 'GBP' : 'EUR';
    const error = await expectErrorBody(await setCurrency(target), 409, 'aborted');
    expect(error.message).toBe(
      `The currency cannot change from ${start.currency} to ${target}: money is already recorded in ${start.currency} (1 bank or cash account with an opening balance), and those amounts would then read as ${target}. To change it, first set those opening balances to 0 (master data, bank accounts).`,
    );
    expect(error.details).toMatchObject({
      reason: 'money-recorded',
      issues: [{ path: 'currency' }],
      recorded: [{ table: 'bank_accounts', count: 1, currencies: [start.currency] }],
    });
    const after = await settings();
    expect([after.currency, after.version]).toEqual([start.currency, start.version]);
    // The same currency is no change, and other settings still change.
    expect((await setCurrency(start.currency)).status).toBe(200);
    expect((await t.patchLatest('/api/settings', { phone: '555-0100' }, { as: admin })).status).toBe(200);

    // Once no money is recorded, the currency changes; a balance set afterwards is in the new one.
    const zeroed = await t.patchLatest(
      `/api/bank-accounts/${account.id}`,
      { openingBalance: 0 },
      { as: admin },
    );
    expect(zeroed.status).toBe(200);
    expect((await setCurrency(target)).status).toBe(200);
    const refilled = await t.patchLatest(
      `/api/bank-accounts/${account.id}`,
      { openingBalance: 9_900 },
      { as: admin },
    );
    expect(((await refilled.json()) as BankAccount).currency).toBe(target);
    await expectErrorBody(await setCurrency(start.currency), 409, 'aborted');
    await clearBalances();
    expect((await setCurrency(start.currency)).status).toBe(200);
  });

  it('an account opened with no balance records no money and does not hold the currency', async () => {
    await buildBankAccount(t, { openingBalance: 0 }, { as: admin });
    expect(await moneyRecorded(t.db)).toEqual([]);
    const start = await settings();
    expect((await setCurrency('JPY')).status).toBe(200);
    expect((await setCurrency(start.currency)).status).toBe(200);
  });

  it('a currency change racing an account opened with a balance: the balance is always in the currency that holds', async () => {
    for (const [round, target] of ['EUR', 'GBP', 'JPY', 'CHF', 'SEK'].entries()) {
      await clearBalances();
      const version = (await settings()).version;
      const [change, created] = await Promise.all([
        t.patch('/api/settings', { currency: target, version }, { as: admin }),
        t.post(
          '/api/bank-accounts',
          { name: `Race ${round}`, type: 'cash', openingBalance: 100 },
          { as: admin },
        ),
      ]);
      expect(created.status).toBe(201);
      expect([200, 409]).toContain(change.status);
      const account = await readAccount(((await created.json()) as BankAccount).id);
      const now = await settings();
      // Either the change went first (the balance is in the new currency) or it was refused.
      expect(account.currency).toBe(now.currency);
      expect(now.currency === target).toBe(change.status === 200);
    }
    await clearBalances();
    expect((await setCurrency('USD')).status).toBe(200);
  });
});

describe('payment method → account rows', () => {
  it('the settings’ mapping is rows: set, answered in the settings, replaced and cleared through PATCH', async () => {
    const till = await buildBankAccount(t, { type: 'cash' }, { as: admin });
    const bank = await buildBankAccount(t, { type: 'bank' }, { as: admin });
    const set = await t.patchLatest(
      '/api/settings',
      { paymentAccounts: { cash: till.id, card: bank.id } },
      { as: admin },
    );
    expect(set.status).toBe(200);
    expect(((await set.json()) as RestaurantSettings).paymentAccounts).toMatchObject({
      cash: till.id,
      card: bank.id,
      qr: null,
    });
    const rows = await t.db.select().from(paymentMethodAccounts).orderBy(paymentMethodAccounts.method);
    expect(rows.map((row) => [row.method, row.accountId])).toEqual([
      ['card', bank.id],
      ['cash', till.id],
    ]);
    // Methods not named keep their account; null removes one.
    await t.patchLatest('/api/settings', { paymentAccounts: { card: till.id, cash: null } }, { as: admin });
    expect((await settings()).paymentAccounts).toMatchObject({ cash: null, card: till.id });
    expect(await t.db.select().from(paymentMethodAccounts)).toHaveLength(1);
    await t.patchLatest('/api/settings', { paymentAccounts: { card: null } }, { as: admin });
    expect(await t.db.select().from(paymentMethodAccounts)).toHaveLength(0);
  });

  it('the database refuses to delete an account a method sends money into (foreign key), and the API says why', async () => {
    const account = await buildBankAccount(t, { name: 'Terminal' }, { as: admin });
    await t.patchLatest('/api/settings', { paymentAccounts: { qr: account.id } }, { as: admin });
    await expect(t.db.delete(bankAccounts).where(eq(bankAccounts.id, account.id))).rejects.toMatchObject({
      cause: { code: '23503' },
    });
    const refused = await expectErrorBody(
      await t.del(`/api/bank-accounts/${account.id}`, { as: admin }),
      409,
      'aborted',
    );
    expect(refused.message).toBe(
      'Bank account “Terminal” receives qr or e-wallet payments in the restaurant settings. Choose another account there first.',
    );
    await t.patchLatest('/api/settings', { paymentAccounts: { qr: null } }, { as: admin });
    expect((await t.del(`/api/bank-accounts/${account.id}`, { as: admin })).status).toBe(204);
  });

  it('a method outside the settings’ list cannot be stored', async () => {
    const account = await buildBankAccount(t, {}, { as: admin });
    await expect(
      t.db.insert(paymentMethodAccounts).values({ method: 'cheque', accountId: account.id }),
    ).rejects.toMatchObject({ cause: { code: '23514' } });
  });
});

describe('migration 0007', () => {
  it('copies the JSON mapping into rows (known methods, existing accounts) and gives balances the settings’ currency', async () => {
    const { adminUrl } = inject('testDatabase');
    const name = `brigade_migration_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const client = new pg.Client({ connectionString: databaseUrl(adminUrl, name) });
    await client.connect();
    try {
      const folder = path.resolve('drizzle');
      const files = readdirSync(folder)
        .filter((file) => /^\d{4}_.*\.sql$/.test(file))
        .sort();
      const run = async (file: string) => {
        for (const statement of readFileSync(path.join(folder, file), 'utf8').split(
          '--> statement-breakpoint',
        )) {
          if (statement.trim()) await client.query(statement);
        }
      };
      const before = files.filter((file) => file < '0007');
      for (const file of before) await run(file);

      await client.query(
        `insert into restaurant_settings (name, currency, locale, time_zone) values ('Cafe', 'EUR', 'de-DE', 'UTC')`,
      );
      const accounts = await client.query<{ id: string }>(
        `insert into bank_accounts (name, type, opening_balance) values ('Till', 'cash', 5000), ('Bank', 'bank', 0) returning id`,
      );
      const [till, bank] = accounts.rows.map((row) => row.id);
      const gone = '00000000-0000-4000-8000-000000000000';
      await client.query(`update restaurant_settings set payment_accounts = $1`, [
        JSON.stringify({ cash: till, card: bank, online: gone, qr: null, cheque: till }),
      ]);

      await run(files.find((file) => file.startsWith('0007_')) as string);

      const rows = await client.query(
        `select method, account_id from payment_method_accounts order by method`,
      );
      expect(rows.rows).toEqual([
        { method: 'card', account_id: bank },
        { method: 'cash', account_id: till },
      ]);
      const currencies = await client.query(`select distinct currency from bank_accounts`);
      expect(currencies.rows).toEqual([{ currency: 'EUR' }]);
      const column = await client.query(
        `select 1 from information_schema.columns where table_name = 'restaurant_settings' and column_name = 'payment_accounts'`,
      );
      expect(column.rowCount).toBe(0);
    } finally {
      await client.end();
      await dropDatabase(adminUrl, name);
    }
  });
});

describe('moneyRecorded', () => {
  it('names each kind of recorded money with its count and currencies', async () => {
    await clearBalances();
    expect(await moneyRecorded(t.db)).toEqual([]);
    await buildBankAccount(t, { openingBalance: -300 }, { as: admin });
    await buildBankAccount(t, { openingBalance: 700 }, { as: admin });
    const found = await moneyRecorded(t.db);
    expect(found).toMatchObject([
      { table: 'bank_accounts', count: 2, currencies: [(await settings()).currency] },
    ]);
    await clearBalances();
  });
});

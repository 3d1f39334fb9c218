import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BankTransaction,
  LEDGER_API,
  type Reconciliation,
  type ReconciliationDraft,
  type ReconciliationList,
  type StatementMatch,
} from '../../src/shared/contracts/ledger';
import type { BankAccount } from '../../src/shared/contracts/master-data';
import { restaurantToday } from '../../src/shared/coupon-rules';
import { buildBankAccount } from '../support/factories';
import { settingsForPayments } from '../support/payments';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app';

/**
 * Reconciliation: an account's rows ticked off against a bank statement, closed only when they add
 * up to its balance; reconciled rows cannot be voided; a bank's CSV matched to the rows.
 */
let t: TestApp;
let admin: TestUser;
let manager: TestUser;

const today = () => restaurantToday('UTC');
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  [admin, manager] = (await Promise.all([
    t.buildUser({ role: 'admin' }),
    t.buildUser({ role: 'manager' }),
  ])) as [TestUser, TestUser];
  await settingsForPayments(t, admin, { timeZone: 'UTC' });
});
afterAll(() => t.close());

async function entry(
  account: BankAccount,
  kind: 'deposit' | 'withdrawal' | 'fee',
  amount: number,
  date: string,
  description = 'Entry',
): Promise<BankTransaction> {
  const response = await t.post(
    LEDGER_API.transactions,
    { accountId: account.id, kind, amount, date, description },
    { as: admin },
  );
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as BankTransaction;
}

async function draft(account: BankAccount, statementDate?: string): Promise<ReconciliationDraft> {
  const query = statementDate ? `?statementDate=${statementDate}` : '';
  const response = await t.get(`${LEDGER_API.reconciliationDraft(account.id)}${query}`, { as: admin });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as ReconciliationDraft;
}

function reconcile(account: BankAccount, body: Record<string, unknown>, as: TestUser = admin) {
  return t.post(LEDGER_API.reconciliations(account.id), body, { as });
}

describe('closing a reconciliation', () => {
  it('needs the ticked rows to add up to the statement; then they are reconciled and cannot be voided', async () => {
    const account = await buildBankAccount(t, { type: 'bank', openingBalance: 100_000 }, { as: admin });
    const deposit = await entry(account, 'deposit', 25_000, daysAgo(6), 'Cash banked');
    const fee = await entry(account, 'fee', 450, daysAgo(5), 'Card fees');
    const late = await entry(account, 'withdrawal', 3_000, today(), 'Not on the statement yet');
    const voided = await entry(account, 'deposit', 999, daysAgo(5), 'Typed by mistake');
    expect(
      (await t.post(LEDGER_API.voidTransaction(voided.id), { reason: 'Mistake' }, { as: admin })).status,
    ).toBe(200);

    const start = await draft(account, daysAgo(1));
    expect(start.reconciledBalance).toBe(100_000);
    expect(start.lastReconciliation).toBeNull();
    // The voided row and its reversal, and the row after the statement's day, are not offered.
    expect(start.rows.map((row) => row.id)).toEqual([deposit.id, fee.id]);

    const short = await reconcile(account, {
      statementDate: daysAgo(1),
      statementBalance: 124_550,
      transactionIds: [deposit.id],
    });
    expect(short.status).toBe(409);
    expect(await short.json()).toMatchObject({
      error: { details: { reason: 'not-balanced', difference: -450 } },
    });

    const closed = await reconcile(account, {
      statementDate: daysAgo(1),
      statementBalance: 124_550,
      transactionIds: [deposit.id, fee.id],
    });
    expect(closed.status, await closed.clone().text()).toBe(201);
    expect(await closed.json()).toMatchObject({ statementBalance: 124_550, rowCount: 2 });

    const after = await draft(account);
    expect(after.reconciledBalance).toBe(124_550);
    expect(after.lastReconciliation).toEqual({ statementDate: daysAgo(1), statementBalance: 124_550 });
    expect(after.rows.map((row) => row.id)).toEqual([late.id]);
    const refused = await t.post(LEDGER_API.voidTransaction(fee.id), { reason: 'x' }, { as: admin });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: { details: { reason: 'reconciled' } } });

    const list = (await (
      await t.get(LEDGER_API.reconciliations(account.id), { as: admin })
    ).json()) as ReconciliationList;
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({ rowCount: 2, createdByName: expect.stringMatching(/admin/i) });
    const audit = (await (await t.get('/api/admin/audit?area=finance&limit=100', { as: admin })).json()) as {
      items: { action: string; targetId: string }[];
    };
    expect(
      audit.items.some((item) => item.action === 'ledger.reconciled' && item.targetId === list.items[0]?.id),
    ).toBe(true);

    // A row twice, an older statement, a row already reconciled, another account's row.
    expect(
      (
        await reconcile(account, {
          statementDate: today(),
          statementBalance: 0,
          transactionIds: [late.id, late.id],
        })
      ).status,
    ).toBe(400);
    const older = await reconcile(account, {
      statementDate: daysAgo(3),
      statementBalance: 124_550,
      transactionIds: [],
    });
    expect(older.status).toBe(409);
    expect(await older.json()).toMatchObject({ error: { details: { reason: 'before-last-statement' } } });
    const again = await reconcile(account, {
      statementDate: today(),
      statementBalance: 124_550,
      transactionIds: [fee.id],
    });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: { details: { reason: 'reconciled' } } });
    const other = await buildBankAccount(t, { type: 'bank' }, { as: admin });
    const foreign = await entry(other, 'deposit', 10, today());
    const wrong = await reconcile(account, {
      statementDate: today(),
      statementBalance: 124_560,
      transactionIds: [foreign.id],
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('transactionIds.0');
    const future = await reconcile(account, {
      statementDate: daysAgo(-2),
      statementBalance: 121_550,
      transactionIds: [late.id],
    });
    expect(future.status).toBe(400);
    // Nothing of these changed the reconciled rows.
    const [count] = (
      await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from bank_transactions where account_id = ${account.id} and reconciled`,
      )
    ).rows;
    expect(count?.n).toBe(2);
  });

  it('two reconciliations of one account at once: one closes, the other finds its rows taken', async () => {
    const account = await buildBankAccount(t, { type: 'bank', openingBalance: 0 }, { as: admin });
    const row = await entry(account, 'deposit', 5_000, daysAgo(2));
    const body = { statementDate: daysAgo(1), statementBalance: 5_000, transactionIds: [row.id] };
    const answers = await Promise.all([reconcile(account, body), reconcile(account, body)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const list = (await (
      await t.get(LEDGER_API.reconciliations(account.id), { as: admin })
    ).json()) as ReconciliationList;
    expect(list.items).toHaveLength(1);
  });

  it('is for admins only', async () => {
    const account = await buildBankAccount(t, { type: 'bank' }, { as: admin });
    const body = { statementDate: today(), statementBalance: 0, transactionIds: [] };
    expect((await reconcile(account, body, manager)).status).toBe(403);
    expect((await t.get(LEDGER_API.reconciliationDraft(account.id), { as: manager })).status).toBe(403);
    expect(
      (await t.post(LEDGER_API.statementMatch(account.id), { csv: 'Date,Amount' }, { as: manager })).status,
    ).toBe(403);
    expect((await t.get(LEDGER_API.reconciliations(account.id), { as: null })).status).toBe(401);
    expect((await t.get(LEDGER_API.reconciliationDraft(crypto.randomUUID()), { as: admin })).status).toBe(
      404,
    );
    // An empty statement against an empty account closes at zero.
    const empty = await reconcile(account, body);
    expect(empty.status).toBe(201);
    expect(((await empty.json()) as Reconciliation).rowCount).toBe(0);
  });
});

describe('matching a bank’s CSV export', () => {
  it('ticks the rows of the same amount within a few days, each once, and lists what it could not match', async () => {
    const account = await buildBankAccount(t, { type: 'bank', openingBalance: 0 }, { as: admin });
    const fee = await entry(account, 'fee', 450, daysAgo(4), 'Card fees November');
    const other = await entry(account, 'withdrawal', 450, daysAgo(3), 'Window cleaner');
    const cash = await entry(account, 'deposit', 25_000, daysAgo(10), 'Cash banked');
    const [year, month, day] = daysAgo(3).split('-');
    const csv = [
      'Date,Description,Amount,Balance',
      `${daysAgo(3)},CARD FEES NOV,-4.50,`,
      `${day}/${month}/${year},W CLEANER,-4.50,`,
      `${daysAgo(2)},CASH DEPOSIT,250.00,`,
      `${daysAgo(1)},BANK CHARGE,-1.00,`,
      'not a date,???,-2.00,',
    ].join('\r\n');
    const response = await t.post(LEDGER_API.statementMatch(account.id), { csv }, { as: admin });
    expect(response.status, await response.clone().text()).toBe(200);
    const result = (await response.json()) as StatementMatch;
    expect(result.lines.map((line) => line.transactionId)).toEqual([fee.id, other.id, null, null, null]);
    // The cash was banked 8 days before the statement's line: too far apart to be the same.
    expect(cash.bookedOn).toBe(daysAgo(10));
    expect(result.lines[4]?.problem).toContain('not a day');
    expect(result).toMatchObject({ matched: 2, unmatched: 3 });

    for (const csvText of ['When,How much\r\n2026-01-01,1', '']) {
      const bad = await t.post(LEDGER_API.statementMatch(account.id), { csv: csvText }, { as: admin });
      expect(bad.status).toBe(400);
    }
  });
});

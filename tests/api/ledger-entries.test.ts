import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountBalance } from '../../src/server/modules/ledger';
import type { AuditEntry } from '../../src/shared/contracts/audit';
import {
  type AccountBalance,
  type AccountLedger,
  type BankTransaction,
  LEDGER_API,
  type Transfer,
  type VoidResult,
} from '../../src/shared/contracts/ledger';
import type { BankAccount } from '../../src/shared/contracts/master-data';
import type { PaymentRecorded } from '../../src/shared/contracts/payments';
import { restaurantToday } from '../../src/shared/coupon-rules';
import { buildBankAccount, buildMenuItem } from '../support/factories';
import { placedOrder } from '../support/orders';
import { mapPaymentAccounts, pay, settingsForPayments } from '../support/payments';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app';

/**
 * The bank and cash ledger's own entries: deposits, withdrawals and fees by hand, transfers between
 * accounts, voids by reversing rows, the lock date of the books, and an account's page with its
 * running balance. And what the database itself refuses: a row changed or deleted, a row naming a
 * source that does not exist, a transfer that does not sum to zero, a reversal that does not mirror.
 */
let t: TestApp;
let admin: TestUser;
let manager: TestUser;
let staff: TestUser;
let drawer: BankAccount;
let bank: BankAccount;

beforeAll(async () => {
  t = await createTestApp();
  [admin, manager, staff] = (await Promise.all([
    t.buildUser({ role: 'admin' }),
    t.buildUser({ role: 'manager' }),
    t.buildUser({ role: 'staff' }),
  ])) as [TestUser, TestUser, TestUser];
  await settingsForPayments(t, admin, { timeZone: 'UTC' });
  drawer = await buildBankAccount(
    t,
    { name: 'Till drawer', type: 'cash', openingBalance: 20_000 },
    { as: admin },
  );
  bank = await buildBankAccount(
    t,
    { name: 'High Street Bank', type: 'bank', openingBalance: 500_000 },
    { as: admin },
  );
});
afterAll(() => t.close());

const today = () => restaurantToday('UTC');
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

async function entry(body: Record<string, unknown>, as: TestUser = admin): Promise<Response> {
  return t.post(LEDGER_API.transactions, body, { as });
}

async function recorded(body: Record<string, unknown>): Promise<BankTransaction> {
  const response = await entry(body);
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as BankTransaction;
}

async function ledgerOf(accountId: string, query = ''): Promise<AccountLedger> {
  const response = await t.get(`${LEDGER_API.accountTransactions(accountId)}${query}`, { as: admin });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as AccountLedger;
}

async function lockBooks(until: string | null): Promise<Response> {
  return t.patchLatest('/api/settings', { booksLockedUntil: until }, { as: admin });
}

async function financeAudit(targetId: string): Promise<AuditEntry[]> {
  const response = await t.get('/api/admin/audit?area=finance&limit=500', { as: admin });
  const { items } = (await response.json()) as { items: AuditEntry[] };
  return items.filter((item) => item.targetId === targetId);
}

describe('entries by hand', () => {
  it('records a deposit, a withdrawal and a fee with the sign of their kind, each audited', async () => {
    const account = await buildBankAccount(t, { type: 'bank', openingBalance: 1_000 }, { as: admin });
    const deposit = await recorded({
      accountId: account.id,
      kind: 'deposit',
      amount: 5_000,
      date: today(),
      description: 'Owner’s capital',
    });
    const withdrawal = await recorded({
      accountId: account.id,
      kind: 'withdrawal',
      amount: 1_200,
      date: today(),
      description: 'Window cleaner',
    });
    const fee = await recorded({
      accountId: account.id,
      kind: 'fee',
      amount: 35,
      date: today(),
      description: 'Card terminal',
    });
    expect([deposit.amount, withdrawal.amount, fee.amount]).toEqual([5_000, -1_200, -35]);
    expect(deposit).toMatchObject({
      source: { kind: 'manual', id: null },
      bookedOn: today(),
      reversesId: null,
    });
    expect(await accountBalance(t.db, account.id)).toBe(1_000 + 5_000 - 1_200 - 35);
    const [audit] = await financeAudit(withdrawal.id);
    expect(audit).toMatchObject({ action: 'ledger.recorded' });
    expect(audit?.summary).toContain('Window cleaner');
  });

  it('refuses a bad amount, kind or date, an unknown account, and an archived one, changing nothing', async () => {
    const before = await accountBalance(t.db, drawer.id);
    const base = { accountId: drawer.id, kind: 'deposit', amount: 100, date: today(), description: 'Float' };
    for (const bad of [
      { amount: 0 },
      { amount: -5 },
      { amount: 1.5 },
      { kind: 'transfer' },
      { date: '2026-02-30' },
      { description: '  ' },
      { accountId: 'not-an-id' },
      { extra: true },
    ]) {
      const response = await entry({ ...base, ...bad });
      expect(response.status, JSON.stringify(bad)).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('invalid-argument');
    }
    expect((await entry({ ...base, accountId: randomUUID() })).status).toBe(404);
    const archived = await buildBankAccount(t, { type: 'cash' }, { as: admin });
    const archive = await t.patchLatest(
      `/api/bank-accounts/${archived.id}`,
      { active: false },
      { as: admin },
    );
    expect(archive.status, await archive.clone().text()).toBe(200);
    const refused = await entry({ ...base, accountId: archived.id });
    expect(refused.status).toBe(409);
    expect(await accountBalance(t.db, drawer.id)).toBe(before);
  });

  it('is the admin’s: a manager, staff and a guest are refused', async () => {
    const body = { accountId: drawer.id, kind: 'deposit', amount: 100, date: today(), description: 'Float' };
    expect((await entry(body, manager)).status).toBe(403);
    expect((await entry(body, staff)).status).toBe(403);
    expect((await t.post(LEDGER_API.transactions, body)).status).toBe(401);
    expect((await t.get(LEDGER_API.accountTransactions(drawer.id), { as: manager })).status).toBe(403);
  });
});

describe('transfers', () => {
  it('moves money as two rows tied by one transfer id that sum to zero', async () => {
    const cashBefore = await accountBalance(t.db, drawer.id);
    const bankBefore = await accountBalance(t.db, bank.id);
    const response = await t.post(
      LEDGER_API.transfers,
      {
        fromAccountId: drawer.id,
        toAccountId: bank.id,
        amount: 7_500,
        date: today(),
        description: 'End of day',
      },
      { as: admin },
    );
    expect(response.status, await response.clone().text()).toBe(201);
    const transfer = (await response.json()) as Transfer;
    const [out, into] = transfer.rows;
    expect(out).toMatchObject({
      accountId: drawer.id,
      amount: -7_500,
      kind: 'transfer',
      transferId: transfer.transferId,
    });
    expect(into).toMatchObject({
      accountId: bank.id,
      amount: 7_500,
      kind: 'transfer',
      transferId: transfer.transferId,
    });
    expect(await accountBalance(t.db, drawer.id)).toBe(cashBefore - 7_500);
    expect(await accountBalance(t.db, bank.id)).toBe(bankBefore + 7_500);
    expect((await financeAudit(transfer.transferId))[0]).toMatchObject({ action: 'ledger.transferred' });
  });

  it('refuses a transfer to the same account, and one from an unknown account', async () => {
    const same = await t.post(
      LEDGER_API.transfers,
      { fromAccountId: bank.id, toAccountId: bank.id, amount: 100, date: today(), description: 'Loop' },
      { as: admin },
    );
    expect(same.status).toBe(400);
    const unknown = await t.post(
      LEDGER_API.transfers,
      { fromAccountId: randomUUID(), toAccountId: bank.id, amount: 100, date: today(), description: 'Ghost' },
      { as: admin },
    );
    expect(unknown.status).toBe(404);
  });
});

describe('voids', () => {
  it('takes an entry back with a reversing row on its day, once; a reversal itself cannot be voided', async () => {
    const before = await accountBalance(t.db, bank.id);
    const wrong = await recorded({
      accountId: bank.id,
      kind: 'withdrawal',
      amount: 9_999,
      date: daysAgo(3),
      description: 'Typed twice',
    });
    const response = await t.post(
      LEDGER_API.voidTransaction(wrong.id),
      { reason: 'Entered twice' },
      { as: admin },
    );
    expect(response.status, await response.clone().text()).toBe(200);
    const { reversals } = (await response.json()) as VoidResult;
    expect(reversals).toHaveLength(1);
    expect(reversals[0]).toMatchObject({
      kind: 'reversal',
      amount: 9_999,
      reversesId: wrong.id,
      bookedOn: daysAgo(3),
      source: { kind: 'manual', id: null },
    });
    expect(await accountBalance(t.db, bank.id)).toBe(before);
    const again = await t.post(LEDGER_API.voidTransaction(wrong.id), { reason: 'Again' }, { as: admin });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: { details: { reason: 'already-voided' } } });
    const ofReversal = await t.post(
      LEDGER_API.voidTransaction(reversals[0]?.id as string),
      { reason: 'Undo the undo' },
      { as: admin },
    );
    expect(await ofReversal.json()).toMatchObject({ error: { details: { reason: 'is-reversal' } } });
    expect((await financeAudit(wrong.id))[0]).toMatchObject({ action: 'ledger.voided' });
  });

  it('voids both rows of a transfer from either of them', async () => {
    const cashBefore = await accountBalance(t.db, drawer.id);
    const bankBefore = await accountBalance(t.db, bank.id);
    const response = await t.post(
      LEDGER_API.transfers,
      {
        fromAccountId: bank.id,
        toAccountId: drawer.id,
        amount: 2_000,
        date: today(),
        description: 'Change float',
      },
      { as: admin },
    );
    const transfer = (await response.json()) as Transfer;
    const voided = await t.post(
      LEDGER_API.voidTransaction(transfer.rows[1].id),
      { reason: 'Wrong day' },
      { as: admin },
    );
    expect(voided.status, await voided.clone().text()).toBe(200);
    const { reversals } = (await voided.json()) as VoidResult;
    expect(reversals.map((row) => row.amount).sort((a, b) => a - b)).toEqual([-2_000, 2_000]);
    expect(reversals.every((row) => row.transferId === transfer.transferId)).toBe(true);
    expect(await accountBalance(t.db, drawer.id)).toBe(cashBefore);
    expect(await accountBalance(t.db, bank.id)).toBe(bankBefore);
  });

  it('voids once when two admins void the same entry, or both rows of one transfer, at the same time', async () => {
    const before = await accountBalance(t.db, bank.id);
    const row = await recorded({
      accountId: bank.id,
      kind: 'deposit',
      amount: 4_000,
      date: today(),
      description: 'Twice',
    });
    const transfer = (await (
      await t.post(
        LEDGER_API.transfers,
        { fromAccountId: bank.id, toAccountId: drawer.id, amount: 1_000, date: today(), description: 'Race' },
        { as: admin },
      )
    ).json()) as Transfer;
    const answers = await Promise.all(
      [row.id, row.id, transfer.rows[0].id, transfer.rows[1].id].map((id) =>
        t.post(LEDGER_API.voidTransaction(id), { reason: 'Race' }, { as: admin }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 409, 409]);
    expect(await accountBalance(t.db, bank.id)).toBe(before);
  });

  it('leaves a payment’s row to its refund: voiding it by hand is a 409', async () => {
    const item = await buildMenuItem(t, { price: 450 }, { as: admin });
    await mapPaymentAccounts(t, admin, { card: bank.id });
    const order = await placedOrder(
      t,
      { type: 'takeaway', lines: [{ menuItemId: item.id, quantity: 1 }] },
      staff,
    );
    const paid = await pay(t, order.id, { method: 'card', amount: order.total }, staff);
    expect(paid.status).toBe(201);
    const payment = (await paid.json()) as PaymentRecorded;
    const page = await ledgerOf(bank.id, `?from=${today()}&kind=deposit`);
    const row = page.items.find((item) => item.source.kind === 'payment' && item.source.id === payment.id);
    expect(row).toBeDefined();
    const response = await t.post(
      LEDGER_API.voidTransaction(row?.id as string),
      { reason: 'No' },
      { as: admin },
    );
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ error: { details: { reason: 'not-manual' } } });
  });
});

describe('the lock date', () => {
  it('refuses to record or void anything on or before it, naming it; today cannot be locked', async () => {
    const old = await recorded({
      accountId: drawer.id,
      kind: 'deposit',
      amount: 300,
      date: daysAgo(10),
      description: 'Found in the safe',
    });
    expect((await lockBooks(today())).status).toBe(400);
    const lock = daysAgo(5);
    expect((await lockBooks(lock)).status).toBe(200);
    try {
      const before = await accountBalance(t.db, drawer.id);
      const late = await entry({
        accountId: drawer.id,
        kind: 'deposit',
        amount: 100,
        date: lock,
        description: 'Late',
      });
      expect(late.status).toBe(409);
      const body = (await late.json()) as {
        error: { message: string; details: { reason: string; lockedUntil: string } };
      };
      expect(body.error.details).toEqual({ reason: 'books-locked', lockedUntil: lock });
      expect(body.error.message).toContain(lock);
      const transfer = await t.post(
        LEDGER_API.transfers,
        { fromAccountId: drawer.id, toAccountId: bank.id, amount: 100, date: daysAgo(6), description: 'Old' },
        { as: admin },
      );
      expect(transfer.status).toBe(409);
      const voided = await t.post(
        LEDGER_API.voidTransaction(old.id),
        { reason: 'Closed month' },
        { as: admin },
      );
      expect(voided.status).toBe(409);
      expect(await accountBalance(t.db, drawer.id)).toBe(before);
      // The day after the lock is open.
      await recorded({
        accountId: drawer.id,
        kind: 'fee',
        amount: 1,
        date: daysAgo(4),
        description: 'Open day',
      });
    } finally {
      expect((await lockBooks(null)).status).toBe(200);
    }
    const reopened = await t.post(
      LEDGER_API.voidTransaction(old.id),
      { reason: 'Open again' },
      { as: admin },
    );
    expect(reopened.status).toBe(200);
  });
});

describe('an account’s page', () => {
  it('lists a period’s rows newest first with the balance after each, the totals, and pages that join up', async () => {
    const account = await buildBankAccount(t, { type: 'bank', openingBalance: 10_000 }, { as: admin });
    const amounts = [500, -200, 1_000, -50, 700, -300, 40];
    for (const [index, amount] of amounts.entries()) {
      await recorded({
        accountId: account.id,
        kind: amount > 0 ? 'deposit' : 'withdrawal',
        amount: Math.abs(amount),
        date: daysAgo(7 - index),
        description: `Row ${index}`,
      });
    }
    const whole = await ledgerOf(account.id);
    expect(whole.account.balance).toBe(10_000 + amounts.reduce((sum, value) => sum + value, 0));
    expect(whole.items.map((row) => row.amount)).toEqual([...amounts].reverse());
    // Newest first: the first row's running balance is the balance; each row's is the next one's plus it.
    expect(whole.items[0]?.runningBalance).toBe(whole.account.balance);
    for (let index = 0; index + 1 < whole.items.length; index++) {
      const row = whole.items[index];
      const older = whole.items[index + 1];
      expect(row?.runningBalance).toBe((older?.runningBalance ?? 0) + (row?.amount ?? 0));
    }
    // A period: the balance before its first day, and after its last.
    const period = await ledgerOf(account.id, `?from=${daysAgo(5)}&to=${daysAgo(3)}`);
    expect(period.items.map((row) => row.amount)).toEqual([700, -50, 1_000]);
    expect(period.balanceBefore).toBe(10_000 + 500 - 200);
    expect(period.balanceAfter).toBe(10_300 + 1_000 - 50 + 700);
    expect([period.totalIn, period.totalOut]).toEqual([1_700, -50]);
    // Only withdrawals, still with the balance of the whole account after each.
    const out = await ledgerOf(account.id, '?kind=withdrawal');
    expect(out.items.map((row) => row.amount)).toEqual([-300, -50, -200]);
    expect(out.items[0]?.runningBalance).toBe(whole.items[1]?.runningBalance);
    const balanceOf = new Map(whole.items.map((row) => [row.id, row.runningBalance]));
    for (const row of out.items) expect(row.runningBalance, row.description).toBe(balanceOf.get(row.id));
    // Pages of two join up to the whole list, each row with the same balance after it; so do pages of
    // one kind in a period.
    for (const filter of ['', `&kind=withdrawal&from=${daysAgo(6)}&to=${daysAgo(2)}`]) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: AccountLedger = await ledgerOf(
          account.id,
          `?limit=2${filter}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        for (const row of page.items) expect(row.runningBalance, row.description).toBe(balanceOf.get(row.id));
        seen.push(...page.items.map((row) => row.id));
        cursor = page.nextCursor;
      } while (cursor);
      const expected = filter
        ? whole.items.filter((row) => row.amount < 0).map((row) => row.id)
        : whole.items.map((row) => row.id);
      expect(seen).toEqual(expected);
    }
    expect(
      (await t.get(`${LEDGER_API.accountTransactions(account.id)}?cursor=nonsense`, { as: admin })).status,
    ).toBe(400);
    expect(
      (
        await t.get(`${LEDGER_API.accountTransactions(account.id)}?from=${today()}&to=${daysAgo(1)}`, {
          as: admin,
        })
      ).status,
    ).toBe(400);
    expect((await t.get(LEDGER_API.accountTransactions(randomUUID()), { as: admin })).status).toBe(404);
  });

  it('lists every account with its balance', async () => {
    const response = await t.get(LEDGER_API.balances, { as: admin });
    expect(response.status).toBe(200);
    const { items } = (await response.json()) as { items: AccountBalance[] };
    for (const account of [drawer, bank]) {
      expect(items.find((item) => item.id === account.id)?.balance).toBe(
        await accountBalance(t.db, account.id),
      );
    }
  });
});

describe('what the database refuses', () => {
  const refused = async (statement: ReturnType<typeof sql>) => {
    await expect(t.db.transaction(async (tx) => tx.execute(statement))).rejects.toThrow();
  };

  it('never changes or deletes a row, but marks it reconciled, after which it cannot be voided', async () => {
    const row = await recorded({
      accountId: bank.id,
      kind: 'deposit',
      amount: 10,
      date: today(),
      description: 'Fixed',
    });
    await refused(sql`update bank_transactions set amount = 11 where id = ${row.id}`);
    await refused(sql`update bank_transactions set booked_on = booked_on - 1 where id = ${row.id}`);
    await refused(sql`delete from bank_transactions where id = ${row.id}`);
    await t.db.execute(sql`update bank_transactions set reconciled = true where id = ${row.id}`);
    // Ticked off against a statement, it can no longer be voided.
    const voided = await t.post(LEDGER_API.voidTransaction(row.id), { reason: 'Reconciled' }, { as: admin });
    expect(voided.status).toBe(409);
    expect(await voided.json()).toMatchObject({ error: { details: { reason: 'reconciled' } } });
    const [kept] = (
      await t.db.execute<{ amount: string; reconciled: boolean }>(
        sql`select amount, reconciled from bank_transactions where id = ${row.id}`,
      )
    ).rows;
    expect(kept).toEqual({ amount: '10', reconciled: true });
  });

  it('checks at commit that a source exists, a transfer sums to zero and a reversal mirrors its row', async () => {
    const insert = (values: ReturnType<typeof sql>) =>
      sql`insert into bank_transactions (account_id, kind, amount, currency, description, source_kind, source_id, transfer_id, reverses_id, booked_on)
          values ${values}`;
    await refused(
      insert(
        sql`(${bank.id}, 'deposit', 100, 'USD', 'x', 'payment', ${randomUUID()}, null, null, current_date)`,
      ),
    );
    await refused(
      insert(
        sql`(${bank.id}, 'deposit', 100, 'USD', 'x', 'manual', ${randomUUID()}, null, null, current_date)`,
      ),
    );
    await refused(
      insert(sql`(${bank.id}, 'deposit', 100, 'USD', 'x', 'cheque', null, null, null, current_date)`),
    );
    const transferId = randomUUID();
    await refused(
      insert(
        sql`(${bank.id}, 'transfer', -100, 'USD', 'x', 'transfer', null, ${transferId}, null, current_date)`,
      ),
    );
    await refused(
      insert(
        sql`(${bank.id}, 'transfer', -100, 'USD', 'x', 'transfer', null, ${transferId}, null, current_date),
            (${drawer.id}, 'transfer', 99, 'USD', 'x', 'transfer', null, ${transferId}, null, current_date)`,
      ),
    );
    await refused(
      insert(
        sql`(${bank.id}, 'transfer', -100, 'USD', 'x', 'transfer', null, ${transferId}, null, current_date),
            (${bank.id}, 'transfer', 100, 'USD', 'x', 'transfer', null, ${transferId}, null, current_date)`,
      ),
    );
    const row = await recorded({
      accountId: bank.id,
      kind: 'fee',
      amount: 25,
      date: today(),
      description: 'Fee',
    });
    await refused(
      insert(sql`(${bank.id}, 'reversal', 24, 'USD', 'x', 'manual', null, null, ${row.id}, current_date)`),
    );
    await refused(
      insert(sql`(${drawer.id}, 'reversal', 25, 'USD', 'x', 'manual', null, null, ${row.id}, current_date)`),
    );
    // The same reversal twice: the second is refused by the unique index.
    await refused(
      insert(
        sql`(${bank.id}, 'reversal', 25, 'USD', 'x', 'manual', null, null, ${row.id}, current_date),
            (${bank.id}, 'reversal', 25, 'USD', 'x', 'manual', null, null, ${row.id}, current_date)`,
      ),
    );
    // A payment with a ledger row cannot be deleted from under it.
    const [payment] = (
      await t.db.execute<{ id: string }>(
        sql`select source_id as id from bank_transactions where source_kind = 'payment' limit 1`,
      )
    ).rows;
    expect(payment).toBeDefined();
    await refused(sql`delete from payments where id = ${payment?.id}`);
  });
});

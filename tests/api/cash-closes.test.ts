import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountBalance } from '../../src/server/modules/ledger';
import {
  CASH_CLOSES_API,
  type CashClose,
  type CashClosePage,
  type CashCloseReport,
} from '../../src/shared/contracts/cash-closes';
import { EXPENSES_API } from '../../src/shared/contracts/expenses';
import { LEDGER_API } from '../../src/shared/contracts/ledger';
import type { MenuItem } from '../../src/shared/contracts/menu';
import { restaurantToday } from '../../src/shared/coupon-rules';
import { buildBankAccount, buildMenuItem } from '../support/factories';
import { placedOrder } from '../support/orders';
import { accountFor, paid, refunded, settingsForPayments } from '../support/payments';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app';

/**
 * Closing the day: what the drawer should hold is its cash account's ledger balance, taken apart since
 * the last close; a count that differs needs a reason and books the over or short in the account, so
 * the ledger then holds what was counted; the next close starts from there; two managers closing one
 * drawer at once never book a shortage twice. Managers and admins only.
 */
let t: TestApp;
let admin: TestUser;
let manager: TestUser;
let staff: TestUser;
let item: MenuItem;
let drawer: { id: string; openingBalance: number };

beforeAll(async () => {
  t = await createTestApp();
  [admin, manager, staff] = (await Promise.all([
    t.buildUser({ role: 'admin' }),
    t.buildUser({ role: 'manager' }),
    t.buildUser({ role: 'staff' }),
  ])) as [TestUser, TestUser, TestUser];
  await settingsForPayments(t, admin, { timeZone: 'UTC' });
  item = await buildMenuItem(t, { price: 2_500 }, { as: admin });
  drawer = await accountFor(t, admin, ['cash'], { type: 'cash', openingBalance: 10_000 });
});
afterAll(() => t.close());

async function expectStatus<T>(response: Response, status: number): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

const preview = (accountId: string, as: TestUser = manager) =>
  t.get(`${CASH_CLOSES_API.preview}?accountId=${accountId}`, { as });
const close = (body: Record<string, unknown>, as: TestUser = manager) =>
  t.post(CASH_CLOSES_API.closes, body, { as });

async function closeRows(accountId: string): Promise<number[]> {
  const rows = await t.db.execute<{ amount: string }>(
    sql`select amount from bank_transactions where account_id = ${accountId} and source_kind = 'cash-close'
        order by occurred_at`,
  );
  return rows.rows.map((row) => Number(row.amount));
}

describe('closing the day', () => {
  it('expects the ledger’s balance, taken apart by what moved the drawer since the day began', async () => {
    const start = await expectStatus<CashCloseReport>(await preview(drawer.id), 200);
    expect(start.drawer).toMatchObject({ opening: 10_000, cashTaken: 0, expected: 10_000 });

    const order = await placedOrder(
      t,
      { type: 'takeaway', lines: [{ menuItemId: item.id, quantity: 1 }] },
      staff,
    );
    const payment = await paid(t, order.id, { method: 'cash', amount: 2_500, tendered: 3_000 }, staff);
    await refunded(t, payment.id, { amount: 500, reason: 'Cold coffee' }, manager);
    const bank = await buildBankAccount(t, { type: 'bank' }, { as: admin });
    const category = (await (
      await t.post('/api/expense-categories', { name: 'Till costs' }, { as: admin })
    ).json()) as {
      id: string;
    };
    await expectStatus(
      await t.post(
        EXPENSES_API.expenses,
        {
          date: restaurantToday('UTC'),
          categoryId: category.id,
          amount: 1_000,
          description: 'Milk',
          accountId: drawer.id,
        },
        { as: admin },
      ),
      201,
    );
    await expectStatus(
      await t.post(
        LEDGER_API.transfers,
        {
          fromAccountId: drawer.id,
          toAccountId: bank.id,
          amount: 3_000,
          date: restaurantToday('UTC'),
          description: 'Banked',
        },
        { as: admin },
      ),
      201,
    );

    const report = await expectStatus<CashCloseReport>(await preview(drawer.id), 200);
    expect(report.drawer).toEqual({
      accountId: drawer.id,
      accountName: expect.any(String),
      opening: 10_000,
      cashTaken: 2_500,
      cashRefunds: 500,
      paidOut: 1_000,
      transfers: -3_000,
      otherIn: 0,
      expected: 8_000,
    });
    expect(report.drawer.expected).toBe(await accountBalance(t.db, drawer.id));
    expect(report.sales.byMethod).toContainEqual({ method: 'cash', count: 1, amount: 2_500 });
    expect(report.refunds.byMethod).toContainEqual({ method: 'cash', count: 1, amount: 500 });
    expect(report.orders.placed).toBeGreaterThanOrEqual(1);
  });

  it('needs a reason for a count that differs, and books the short in the drawer’s account', async () => {
    const expected = await accountBalance(t.db, drawer.id);
    const refused = await close({ accountId: drawer.id, counted: expected - 100 });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error: { details: { reason: 'reason-required', expected, issues: [{ path: 'reason' }] } },
    });
    expect(await closeRows(drawer.id)).toEqual([]);
    expect(
      (await expectStatus<CashClosePage>(await t.get(CASH_CLOSES_API.closes, { as: manager }), 200)).items,
    ).toEqual([]);

    const closed = await expectStatus<CashClose>(
      await close({ accountId: drawer.id, counted: expected - 100, reason: 'A 1.00 coin under the tray' }),
      201,
    );
    expect(closed).toMatchObject({
      accountId: drawer.id,
      expected,
      counted: expected - 100,
      difference: -100,
      reason: 'A 1.00 coin under the tray',
      closedByName: expect.any(String),
    });
    expect(closed.report.drawer.expected).toBe(expected);
    expect(await closeRows(drawer.id)).toEqual([-100]);
    expect(await accountBalance(t.db, drawer.id)).toBe(expected - 100);
    const audit = await t.db.execute<{ action: string }>(
      sql`select action from audit_log where target_id = ${closed.id}`,
    );
    expect(audit.rows.map((row) => row.action)).toEqual(['cash-close.recorded']);

    // The next period starts at this close, from what was counted.
    const next = await expectStatus<CashCloseReport>(await preview(drawer.id), 200);
    expect(next.from).toBe(closed.closedAt);
    expect(next.drawer).toMatchObject({
      opening: expected - 100,
      cashTaken: 0,
      otherIn: 0,
      expected: expected - 100,
    });
    // An exact count needs no reason and books nothing; the list has both, newest first.
    const exact = await expectStatus<CashClose>(
      await close({ accountId: drawer.id, counted: expected - 100 }, admin),
      201,
    );
    expect(exact.difference).toBe(0);
    expect(await closeRows(drawer.id)).toEqual([-100]);
    const list = await expectStatus<CashClosePage>(
      await t.get(`${CASH_CLOSES_API.closes}?accountId=${drawer.id}`, { as: manager }),
      200,
    );
    expect(list.items.map((item) => item.id)).toEqual([exact.id, closed.id]);
    const one = await expectStatus<CashClose>(
      await t.get(CASH_CLOSES_API.close(closed.id), { as: admin }),
      200,
    );
    expect(one).toEqual(closed);
  });

  it('books a shortage once when two managers close one drawer at once', async () => {
    const manager2 = await t.buildUser({ role: 'manager' });
    for (let round = 0; round < 3; round++) {
      const till = await buildBankAccount(t, { type: 'cash', openingBalance: 5_000 }, { as: admin });
      const answers = await Promise.all([
        close({ accountId: till.id, counted: 4_800, reason: 'Short' }, manager),
        close({ accountId: till.id, counted: 4_800, reason: 'Short' }, manager2),
      ]);
      const closes = await Promise.all(answers.map((answer) => expectStatus<CashClose>(answer, 201)));
      expect(closes.map((row) => row.difference).sort()).toEqual([-200, 0]);
      expect(await closeRows(till.id)).toEqual([-200]);
      expect(await accountBalance(t.db, till.id)).toBe(4_800);
    }
  });

  it('tells a close-the-day screen that the drawer moved, except for payments and refunds', async () => {
    const announced = async () =>
      Number(
        (
          await t.db.execute<{ n: number }>(
            sql`select count(*)::int as n from events where topic = 'cash-closes'`,
          )
        ).rows[0]?.n,
      );
    const till = await buildBankAccount(t, { type: 'cash', openingBalance: 5_000 }, { as: admin });
    const bank = await buildBankAccount(t, { type: 'bank' }, { as: admin });
    const before = await announced();
    const order = await placedOrder(
      t,
      { type: 'takeaway', lines: [{ menuItemId: item.id, quantity: 1 }] },
      staff,
    );
    await paid(t, order.id, { method: 'cash', amount: 2_500 }, staff);
    expect(await announced()).toBe(before);
    await expectStatus(
      await t.post(
        LEDGER_API.transfers,
        {
          fromAccountId: till.id,
          toAccountId: bank.id,
          amount: 1_000,
          date: restaurantToday('UTC'),
          description: 'Banked',
        },
        { as: admin },
      ),
      201,
    );
    expect(await announced()).toBe(before + 1);
    await expectStatus(
      await t.post(
        LEDGER_API.transactions,
        {
          accountId: till.id,
          kind: 'withdrawal',
          amount: 300,
          date: restaurantToday('UTC'),
          description: 'Window cleaner',
        },
        { as: admin },
      ),
      201,
    );
    expect(await announced()).toBe(before + 2);
  });

  it('is a manager’s: staff get 403; a bank account is not a drawer (400 on accountId)', async () => {
    expect((await preview(drawer.id, staff)).status).toBe(403);
    expect((await close({ accountId: drawer.id, counted: 0, reason: 'x' }, staff)).status).toBe(403);
    expect((await t.get(CASH_CLOSES_API.closes, { as: staff })).status).toBe(403);
    const bank = await buildBankAccount(t, { type: 'bank' }, { as: admin });
    const refused = await close({ accountId: bank.id, counted: 0 });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error: { details: { reason: 'not-cash', issues: [{ path: 'accountId' }] } },
    });
    const drawers = await expectStatus<{ items: { id: string }[] }>(
      await t.get(`${CASH_CLOSES_API.closes}/drawers`, { as: manager }),
      200,
    );
    expect(drawers.items.map((row) => row.id)).toContain(drawer.id);
    expect(drawers.items.map((row) => row.id)).not.toContain(bank.id);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordDueRecurringExpenses } from '../../src/server/modules/expenses';
import { accountBalance } from '../../src/server/modules/ledger';
import {
  EXPENSES_API,
  type ExpensePage,
  type RecurringExpense,
  type RecurringExpenseList,
} from '../../src/shared/contracts/expenses';
import type { BankAccount, ExpenseCategory } from '../../src/shared/contracts/master-data';
import { restaurantToday } from '../../src/shared/coupon-rules';
import { occurrenceAfter } from '../../src/shared/recurrence';
import { buildBankAccount } from '../support/factories';
import { settingsForPayments } from '../support/payments';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app';

/**
 * Recurring expenses: each of their days becomes one expense with its withdrawal, recorded by the app
 * itself; days missed while it was stopped are caught up, each on its own date; two processes looking
 * at once record each day once; a closed day is skipped and audited.
 */
let t: TestApp;
let admin: TestUser;
let manager: TestUser;
let rentCategory: ExpenseCategory;

const today = () => restaurantToday('UTC');
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  [admin, manager] = (await Promise.all([
    t.buildUser({ role: 'admin' }),
    t.buildUser({ role: 'manager' }),
  ])) as [TestUser, TestUser];
  await settingsForPayments(t, admin, { timeZone: 'UTC' });
  const response = await t.post('/api/expense-categories', { name: 'Rent and wages' }, { as: admin });
  rentCategory = (await response.json()) as ExpenseCategory;
});
afterAll(() => t.close());

async function account(): Promise<BankAccount> {
  return buildBankAccount(t, { type: 'bank', openingBalance: 1_000_000 }, { as: admin });
}

async function template(body: Record<string, unknown>): Promise<RecurringExpense> {
  const response = await t.post(
    EXPENSES_API.recurring,
    {
      description: 'Rent',
      categoryId: rentCategory.id,
      amount: 150_000,
      frequency: 'monthly',
      dayOfMonth: 1,
      startsOn: today(),
      ...body,
    },
    { as: admin },
  );
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as RecurringExpense;
}

/** Pretends the app was stopped since `day`: the template's next day is set back to it. */
async function missedSince(id: string, day: string) {
  await t.db.execute(sql`update recurring_expenses set next_on = ${day}::date where id = ${id}`);
}

async function expensesOf(accountId: string): Promise<ExpensePage> {
  const response = await t.get(`${EXPENSES_API.expenses}?accountId=${accountId}&limit=500`, { as: admin });
  return (await response.json()) as ExpensePage;
}

describe('setting one up', () => {
  it('finds the next day from today on, never recording days already past', async () => {
    const bank = await account();
    const weekly = await template({
      accountId: bank.id,
      frequency: 'weekly',
      weekday: 1,
      dayOfMonth: null,
      startsOn: daysAgo(60),
    });
    expect(weekly.nextDue! >= today()).toBe(true);
    expect(weekly.nextDue! <= daysAgo(-6)).toBe(true);
    expect(await recordDueRecurringExpenses(t.db)).toBeGreaterThanOrEqual(0);
    // Nothing before today was recorded.
    expect((await expensesOf(bank.id)).items.every((item) => item.date >= today())).toBe(true);
  });

  it('refuses a rule without its day, an end before the start, and managers', async () => {
    const bank = await account();
    const base = {
      description: 'x',
      categoryId: rentCategory.id,
      amount: 1,
      accountId: bank.id,
      startsOn: today(),
    };
    for (const [body, field] of [
      [{ ...base, frequency: 'monthly' }, 'dayOfMonth'],
      [{ ...base, frequency: 'weekly', dayOfMonth: 3 }, 'weekday'],
      [{ ...base, frequency: 'monthly', dayOfMonth: 32 }, 'dayOfMonth'],
      [{ ...base, frequency: 'weekly', weekday: 1, endsOn: daysAgo(1) }, 'endsOn'],
      [{ ...base, frequency: 'yearly', dayOfMonth: 1 }, 'frequency'],
    ] as const) {
      const response = await t.post(EXPENSES_API.recurring, body, { as: admin });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.text()).toContain(field);
    }
    expect(
      (await t.post(EXPENSES_API.recurring, { ...base, frequency: 'weekly', weekday: 1 }, { as: manager }))
        .status,
    ).toBe(403);
    expect((await t.get(EXPENSES_API.recurring, { as: manager })).status).toBe(403);
  });
});

describe('recording on its days', () => {
  it('catches up the days missed while the app was stopped, each on its own date, once', async () => {
    const bank = await account();
    const weekly = await template({
      accountId: bank.id,
      frequency: 'weekly',
      weekday: 3,
      dayOfMonth: null,
      amount: 8_000,
      description: 'Wages',
    });
    // Stopped for three weeks and a bit: the first missed Wednesday on or after 22 days ago.
    await missedSince(weekly.id, daysAgo(22));
    const [{ next_on: first }] = (
      await t.db.execute<{ next_on: string }>(
        sql`select next_on::text from recurring_expenses where id = ${weekly.id}`,
      )
    ).rows as [{ next_on: string }];
    const expected: string[] = [];
    for (let day = first; day <= today(); day = occurrenceAfter({ frequency: 'weekly', weekday: 3 }, day)) {
      if (day >= daysAgo(22)) expected.push(day);
    }
    const before = await accountBalance(t.db, bank.id);
    // Two processes look at once: each day is recorded once.
    const [a, b] = await Promise.all([recordDueRecurringExpenses(t.db), recordDueRecurringExpenses(t.db)]);
    const recorded = (await expensesOf(bank.id)).items.filter((item) => item.description === 'Wages');
    expect(a + b).toBeGreaterThanOrEqual(expected.length);
    expect(recorded.map((item) => item.date).sort()).toEqual(expected.sort());
    expect(await accountBalance(t.db, bank.id)).toBe(before - 8_000 * expected.length);
    // Looked at again: nothing more.
    expect((await expensesOf(bank.id)).items).toHaveLength(expected.length);
    await recordDueRecurringExpenses(t.db);
    expect((await expensesOf(bank.id)).items).toHaveLength(expected.length);
    const list = (await (await t.get(EXPENSES_API.recurring, { as: admin })).json()) as RecurringExpenseList;
    const after = list.items.find((item) => item.id === weekly.id)!;
    expect(after.nextDue! > today()).toBe(true);
    expect(after.lastRecordedOn).toBe(expected.sort().at(-1) ?? null);
  });

  it('stops at its end, and when turned off; turned on again it starts from today', async () => {
    const bank = await account();
    const monthly = await template({ accountId: bank.id, dayOfMonth: 31, endsOn: daysAgo(-400) });
    await missedSince(monthly.id, daysAgo(70));
    await t.db.execute(
      sql`update recurring_expenses set starts_on = ${daysAgo(80)}::date, ends_on = ${daysAgo(35)}::date where id = ${monthly.id}`,
    );
    await recordDueRecurringExpenses(t.db);
    const recorded = (await expensesOf(bank.id)).items;
    expect(recorded.every((item) => item.date >= daysAgo(70) && item.date <= daysAgo(35))).toBe(true);
    expect(recorded.length).toBeGreaterThanOrEqual(1);
    const ended = (await (await t.get(EXPENSES_API.recurring, { as: admin })).json()) as RecurringExpenseList;
    expect(ended.items.find((item) => item.id === monthly.id)?.nextDue).toBeNull();

    const weekly = await template({ accountId: bank.id, frequency: 'weekly', weekday: 5, dayOfMonth: null });
    const off = await t.patch(
      EXPENSES_API.recurringOne(weekly.id),
      { version: weekly.version, active: false },
      { as: admin },
    );
    expect(off.status).toBe(200);
    expect(await off.json()).toMatchObject({ active: false, nextDue: null });
    await missedSince(weekly.id, daysAgo(20));
    await t.db.execute(sql`update recurring_expenses set next_on = null where id = ${weekly.id}`);
    expect(await recordDueRecurringExpenses(t.db)).toBe(0);
    const on = await t.patch(
      EXPENSES_API.recurringOne(weekly.id),
      { version: 2, active: true },
      { as: admin },
    );
    const turnedOn = (await on.json()) as RecurringExpense;
    expect(turnedOn.nextDue! >= today()).toBe(true);
    const stale = await t.patch(
      EXPENSES_API.recurringOne(weekly.id),
      { version: 2, amount: 5 },
      { as: admin },
    );
    expect(stale.status).toBe(409);
  });

  it('skips a day the books are closed on, and says so in the audit log', async () => {
    const bank = await account();
    const weekly = await template({
      accountId: bank.id,
      frequency: 'weekly',
      weekday: 2,
      dayOfMonth: null,
      description: 'Window cleaner',
    });
    await missedSince(weekly.id, daysAgo(13));
    expect(
      (await t.patchLatest('/api/settings', { booksLockedUntil: daysAgo(7) }, { as: admin })).status,
    ).toBe(200);
    try {
      await recordDueRecurringExpenses(t.db);
    } finally {
      expect((await t.patchLatest('/api/settings', { booksLockedUntil: null }, { as: admin })).status).toBe(
        200,
      );
    }
    const recorded = (await expensesOf(bank.id)).items;
    expect(recorded.every((item) => item.date > daysAgo(7))).toBe(true);
    const audit = (await (await t.get('/api/admin/audit?area=finance&limit=500', { as: admin })).json()) as {
      items: { action: string; targetId: string | null; summary: string }[];
    };
    const skipped = audit.items.filter(
      (item) => item.targetId === weekly.id && item.action === 'recurring-expense.skipped',
    );
    expect(skipped.length).toBeGreaterThanOrEqual(1);
    expect(skipped[0]?.summary).toContain('closed');
  });
});

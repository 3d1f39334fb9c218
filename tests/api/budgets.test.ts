import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUDGETS_API,
  type BudgetMonth,
  EXPENSES_API,
  type Expense,
} from '../../src/shared/contracts/expenses';
import type { BankAccount, ExpenseCategory } from '../../src/shared/contracts/master-data';
import { restaurantToday } from '../../src/shared/coupon-rules';
import { buildBankAccount } from '../support/factories';
import { settingsForPayments } from '../support/payments';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app';

/**
 * Budget allocations: a month's lines against what its recorded expenses add up to, the states at
 * 80 % and 100 %, copying a month, and the admins told once per threshold, also when two expenses
 * pass it at once.
 */
let t: TestApp;
let admin: TestUser;
let manager: TestUser;
let bank: BankAccount;

const month = () => restaurantToday('UTC').slice(0, 7);
const dayOf = (of: string, day = 10) => `${of}-${String(day).padStart(2, '0')}`;
function shift(of: string, offset: number): string {
  const [year, number] = of.split('-').map(Number) as [number, number];
  const index = year * 12 + number - 1 + offset;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

beforeAll(async () => {
  t = await createTestApp();
  [admin, manager] = (await Promise.all([
    t.buildUser({ role: 'admin' }),
    t.buildUser({ role: 'manager' }),
  ])) as [TestUser, TestUser];
  await settingsForPayments(t, admin, { timeZone: 'UTC' });
  bank = await buildBankAccount(t, { type: 'bank', openingBalance: 10_000_000 }, { as: admin });
});
afterAll(() => t.close());

let categoryCount = 0;
async function category(): Promise<ExpenseCategory> {
  categoryCount += 1;
  const response = await t.post(
    '/api/expense-categories',
    { name: `Budgeted ${categoryCount} ${Date.now()}` },
    { as: admin },
  );
  return (await response.json()) as ExpenseCategory;
}

async function spend(categoryId: string, amount: number, date = dayOf(month(), 1)): Promise<Expense> {
  const response = await t.post(
    EXPENSES_API.expenses,
    {
      date: date <= restaurantToday('UTC') ? date : restaurantToday('UTC'),
      categoryId,
      amount,
      description: 'Spent',
      accountId: bank.id,
    },
    { as: admin },
  );
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as Expense;
}

async function allocate(of: string, lines: { categoryId: string; amount: number }[]): Promise<BudgetMonth> {
  const response = await t.request(
    BUDGETS_API.allocations,
    {
      method: 'PUT',
      body: JSON.stringify({ month: of, lines }),
      headers: { 'content-type': 'application/json' },
    },
    { as: admin },
  );
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as BudgetMonth;
}

async function read(of: string): Promise<BudgetMonth> {
  const response = await t.get(`${BUDGETS_API.allocations}?month=${of}`, { as: admin });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as BudgetMonth;
}

/** The budget notifications the admin got about one category, oldest first. */
async function toldAbout(name: string): Promise<string[]> {
  const response = await t.get('/api/notifications?limit=100', { as: admin });
  const { items } = (await response.json()) as { items: { kind: string; title: string; body: string }[] };
  return items
    .filter((item) => item.kind === 'budget-threshold' && item.body.startsWith(name))
    .map((item) => item.title)
    .reverse();
}

describe('a month’s budget', () => {
  it('shows allocated, spent, remaining, percent and state per category, with totals and six months', async () => {
    const [food, fuel, idle] = [await category(), await category(), await category()];
    const now = month();
    await allocate(now, [
      { categoryId: food.id, amount: 10_000 },
      { categoryId: fuel.id, amount: 5_000 },
    ]);
    await spend(food.id, 7_900);
    await spend(fuel.id, 4_000);
    const voided = await spend(fuel.id, 3_000);
    await t.post(EXPENSES_API.voidExpense(voided.id), { version: 1, reason: 'Wrong' }, { as: admin });
    const view = await read(now);
    const line = (id: string) => view.lines.find((item) => item.categoryId === id);
    expect(line(food.id)).toMatchObject({
      allocated: 10_000,
      spent: 7_900,
      remaining: 2_100,
      percentUsed: 79,
      state: 'ok',
    });
    expect(line(fuel.id)).toMatchObject({
      allocated: 5_000,
      spent: 4_000,
      percentUsed: 80,
      state: 'warning',
    });
    expect(line(idle.id)).toMatchObject({ allocated: 0, spent: 0, percentUsed: null, state: 'ok' });
    const mine = view.lines.filter((item) => [food.id, fuel.id, idle.id].includes(item.categoryId));
    expect(mine.reduce((sum, item) => sum + item.spent, 0)).toBe(11_900);
    expect(view.totals.allocated).toBe(view.lines.reduce((sum, item) => sum + item.allocated, 0));
    expect(view.totals.spent).toBe(view.lines.reduce((sum, item) => sum + item.spent, 0));
    expect(view.history.months).toEqual([-5, -4, -3, -2, -1, 0].map((offset) => shift(now, offset)));
    expect(view.history.lines.find((item) => item.categoryId === food.id)?.months.at(-1)).toEqual({
      allocated: 10_000,
      spent: 7_900,
    });

    // All of it used is a warning; a cent more is over.
    await spend(food.id, 2_100);
    expect((await read(now)).lines.find((item) => item.categoryId === food.id)).toMatchObject({
      percentUsed: 100,
      remaining: 0,
      state: 'warning',
    });
    await spend(food.id, 1);
    expect((await read(now)).lines.find((item) => item.categoryId === food.id)).toMatchObject({
      remaining: -1,
      state: 'over',
    });
    // Removing an allocation (0) and spending without one is over.
    const removed = await allocate(now, [{ categoryId: fuel.id, amount: 0 }]);
    expect(removed.lines.find((item) => item.categoryId === fuel.id)).toMatchObject({
      allocated: 0,
      state: 'over',
    });
  });

  it('copies last month’s allocations into this month, keeping what this month already has', async () => {
    const [rent, wages] = [await category(), await category()];
    const now = month();
    const last = shift(now, -1);
    await allocate(last, [
      { categoryId: rent.id, amount: 90_000 },
      { categoryId: wages.id, amount: 40_000 },
    ]);
    await allocate(now, [{ categoryId: wages.id, amount: 45_000 }]);
    const response = await t.post(BUDGETS_API.copy, { from: last, to: now }, { as: admin });
    expect(response.status, await response.clone().text()).toBe(200);
    const view = (await response.json()) as BudgetMonth;
    expect(view.lines.find((line) => line.categoryId === rent.id)?.allocated).toBe(90_000);
    expect(view.lines.find((line) => line.categoryId === wages.id)?.allocated).toBe(45_000);
    const empty = await t.post(BUDGETS_API.copy, { from: shift(now, -30), to: now }, { as: admin });
    expect(empty.status).toBe(409);
    expect(await empty.json()).toMatchObject({ error: { details: { reason: 'nothing-to-copy' } } });
  });

  it('refuses a bad month, an unknown or repeated category, and anyone but an admin', async () => {
    for (const query of ['month=2026-13', 'month=26-01', 'month=2026-1', 'other=1']) {
      expect((await t.get(`${BUDGETS_API.allocations}?${query}`, { as: admin })).status, query).toBe(400);
    }
    const food = await category();
    for (const lines of [
      [{ categoryId: crypto.randomUUID(), amount: 1 }],
      [
        { categoryId: food.id, amount: 1 },
        { categoryId: food.id, amount: 2 },
      ],
      [{ categoryId: food.id, amount: -1 }],
    ]) {
      const response = await t.request(
        BUDGETS_API.allocations,
        {
          method: 'PUT',
          body: JSON.stringify({ month: month(), lines }),
          headers: { 'content-type': 'application/json' },
        },
        { as: admin },
      );
      expect(response.status, JSON.stringify(lines)).toBe(400);
    }
    expect((await t.get(BUDGETS_API.allocations, { as: manager })).status).toBe(403);
    expect(
      (await t.post(BUDGETS_API.copy, { from: month(), to: shift(month(), 1) }, { as: manager })).status,
    ).toBe(403);
    expect((await t.get(BUDGETS_API.allocations, { as: null })).status).toBe(401);
  });
});

describe('the admins are told', () => {
  it('once at 80 % and once at 100 %, and again after the allocation is raised', async () => {
    const food = await category();
    await allocate(month(), [{ categoryId: food.id, amount: 10_000 }]);
    await spend(food.id, 7_000);
    expect(await toldAbout(food.name)).toEqual([]);
    await spend(food.id, 1_000);
    expect(await toldAbout(food.name)).toEqual([`${food.name} has used 80 % of its budget`]);
    await spend(food.id, 1_000);
    expect(await toldAbout(food.name)).toHaveLength(1);
    await spend(food.id, 1_500);
    expect(await toldAbout(food.name)).toEqual([
      `${food.name} has used 80 % of its budget`,
      `Over budget: ${food.name}`,
    ]);
    await spend(food.id, 1_500);
    expect(await toldAbout(food.name)).toHaveLength(2);
    // Raised to well above what was spent: passing 80 % again tells them again.
    await allocate(month(), [{ categoryId: food.id, amount: 100_000 }]);
    await spend(food.id, 70_000);
    expect(await toldAbout(food.name)).toHaveLength(3);
  });

  it('once when one expense jumps past both, and once when two pass 80 % at the same moment', async () => {
    const [jump, race] = [await category(), await category()];
    await allocate(month(), [
      { categoryId: jump.id, amount: 1_000 },
      { categoryId: race.id, amount: 10_000 },
    ]);
    await spend(jump.id, 5_000);
    expect(await toldAbout(jump.name)).toEqual([`Over budget: ${jump.name}`]);
    await spend(jump.id, 1);
    expect(await toldAbout(jump.name)).toHaveLength(1);

    await spend(race.id, 7_500);
    await Promise.all([spend(race.id, 600), spend(race.id, 600)]);
    expect(await toldAbout(race.name)).toEqual([`${race.name} has used 80 % of its budget`]);
  });

  it('when an expense is moved into a category that then passes its budget', async () => {
    const [from, into] = [await category(), await category()];
    await allocate(month(), [{ categoryId: into.id, amount: 1_000 }]);
    const expense = await spend(from.id, 900);
    expect(await toldAbout(into.name)).toEqual([]);
    const moved = await t.patch(
      EXPENSES_API.expense(expense.id),
      { version: 1, categoryId: into.id },
      { as: admin },
    );
    expect(moved.status).toBe(200);
    expect(await toldAbout(into.name)).toEqual([`${into.name} has used 80 % of its budget`]);
  });
});

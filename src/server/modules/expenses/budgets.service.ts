import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import {
  BUDGET_OVER_PERCENT,
  BUDGET_WARNING_PERCENT,
  type BudgetAllocationsInput,
  type BudgetCopyInput,
  type BudgetMonth,
  budgetState,
  budgetThresholdsPassed,
  percentUsed,
} from '../../../shared/contracts/expenses';
import { restaurantToday } from '../../../shared/coupon-rules';
import { formatMoney } from '../../../shared/money';
import type { Database } from '../../db/client';
import { type Queryable, type Tx, withTransaction } from '../../db/transaction';
import type { Actor } from '../../lib/context';
import { badRequest, conflict } from '../../lib/errors';
import { authorize } from '../../policies';
import { recordAudit } from '../audit';
import { publishChange } from '../events';
import { allExpenseCategories, findExpenseCategories } from '../master-data';
import { notify } from '../notifications';
import { bookkeeping, orderingSettings } from '../settings';
import { budgetAllocations, budgetNotices, expenses } from './expenses.schema';

/**
 * Budget allocations (docs/PRODUCT-RULES.md, Budgets): what each expense category may spend in a
 * month, against what its recorded expenses of that month add up to. An expense that takes a category
 * to 80 % of its month, or past its allocation, tells the admins, once per threshold (a row of `budget_notices`,
 * written in the expense's transaction, so two expenses passing it at once tell them once).
 */

const TOPIC = 'expenses';
const HISTORY_MONTHS = 6;

/** `2026-11` → `2026-11-01`. */
const firstDay = (month: string) => `${month}-01`;

/** The month `offset` months from `month` (`2026-01`, -1 → `2025-12`). */
function shiftMonth(month: string, offset: number): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (number - 1) + offset;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

const monthOf = (day: string) => day.slice(0, 7);

const MONTH_NAMES = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const monthName = (month: string) => MONTH_NAMES.format(new Date(`${firstDay(month)}T00:00:00Z`));

/** Spent per category and month, over the months `from`..`to` (inclusive), recorded expenses only. */
async function spending(db: Queryable, from: string, to: string, categoryIds?: readonly string[]) {
  const rows = await db
    .select({
      categoryId: expenses.categoryId,
      month: sql<string>`to_char(${expenses.date}, 'YYYY-MM')`,
      spent: sql<string>`sum(${expenses.amount})`,
    })
    .from(expenses)
    .where(
      and(
        eq(expenses.status, 'recorded'),
        gte(expenses.date, firstDay(from)),
        lt(expenses.date, firstDay(shiftMonth(to, 1))),
        categoryIds ? inArray(expenses.categoryId, [...categoryIds]) : undefined,
      ),
    )
    .groupBy(expenses.categoryId, sql`to_char(${expenses.date}, 'YYYY-MM')`);
  return new Map(rows.map((row) => [`${row.categoryId}|${row.month}`, Number(row.spent)]));
}

async function allocations(db: Queryable, from: string, to: string, categoryIds?: readonly string[]) {
  const rows = await db
    .select({
      categoryId: budgetAllocations.categoryId,
      month: sql<string>`to_char(${budgetAllocations.month}, 'YYYY-MM')`,
      amount: budgetAllocations.amount,
    })
    .from(budgetAllocations)
    .where(
      and(
        gte(budgetAllocations.month, firstDay(from)),
        lt(budgetAllocations.month, firstDay(shiftMonth(to, 1))),
        categoryIds ? inArray(budgetAllocations.categoryId, [...categoryIds]) : undefined,
      ),
    );
  return new Map(rows.map((row) => [`${row.categoryId}|${row.month}`, row.amount]));
}

async function currentMonth(db: Queryable): Promise<string> {
  const { timeZone } = await bookkeeping(db);
  return monthOf(restaurantToday(timeZone));
}

/** One month's budget read in one snapshot: every line, the totals, and the six months to it. */
async function readMonth(db: Queryable, month: string): Promise<BudgetMonth> {
  const first = shiftMonth(month, -(HISTORY_MONTHS - 1));
  const [categories, spent, allocated] = await Promise.all([
    allExpenseCategories(db),
    spending(db, first, month),
    allocations(db, first, month),
  ]);
  const months = Array.from({ length: HISTORY_MONTHS }, (_, index) => shiftMonth(first, index));
  const key = (categoryId: string, of: string) => `${categoryId}|${of}`;
  const lines = categories
    .map((category) => {
      const allocatedNow = allocated.get(key(category.id, month)) ?? 0;
      const spentNow = spent.get(key(category.id, month)) ?? 0;
      return {
        categoryId: category.id,
        categoryName: category.name,
        categoryActive: category.active,
        allocated: allocatedNow,
        spent: spentNow,
        remaining: allocatedNow - spentNow,
        percentUsed: percentUsed(allocatedNow, spentNow),
        state: budgetState(allocatedNow, spentNow),
      };
    })
    .filter((line) => line.categoryActive || line.allocated > 0 || line.spent > 0);
  const total = lines.reduce(
    (sum, line) => ({ allocated: sum.allocated + line.allocated, spent: sum.spent + line.spent }),
    { allocated: 0, spent: 0 },
  );
  const history = categories
    .map((category) => ({
      categoryId: category.id,
      categoryName: category.name,
      active: category.active,
      months: months.map((of) => ({
        allocated: allocated.get(key(category.id, of)) ?? 0,
        spent: spent.get(key(category.id, of)) ?? 0,
      })),
    }))
    .filter((line) => line.active || line.months.some((cell) => cell.allocated > 0 || cell.spent > 0))
    .map(({ active: _active, ...line }) => line);
  return {
    month,
    lines,
    totals: {
      allocated: total.allocated,
      spent: total.spent,
      remaining: total.allocated - total.spent,
      percentUsed: percentUsed(total.allocated, total.spent),
      state: budgetState(total.allocated, total.spent),
    },
    history: { months, lines: history },
  };
}

/** A month's budget (this month in the restaurant's calendar when none is given). */
export async function budgetMonth(db: Database, actor: Actor, month?: string): Promise<BudgetMonth> {
  authorize(actor, 'budget.read');
  return withTransaction(db, async (tx) => readMonth(tx, month ?? (await currentMonth(tx))), {
    isolation: 'repeatable read',
  });
}

/**
 * Forgets the notices of thresholds a category's month is no longer past (its allocation was raised),
 * so passing them again tells the admins again.
 */
async function forgetPassedNotices(tx: Tx, categoryIds: readonly string[], month: string) {
  if (categoryIds.length === 0) return;
  const spent = await spending(tx, month, month, categoryIds);
  const allocated = await allocations(tx, month, month, categoryIds);
  for (const categoryId of categoryIds) {
    const key = `${categoryId}|${month}`;
    const amount = allocated.get(key) ?? 0;
    const used = spent.get(key) ?? 0;
    const stillPast = budgetThresholdsPassed(amount, used);
    await tx
      .delete(budgetNotices)
      .where(
        and(
          eq(budgetNotices.categoryId, categoryId),
          eq(budgetNotices.month, firstDay(month)),
          stillPast.length > 0
            ? sql`${budgetNotices.threshold} <> all(${`{${stillPast.join(',')}}`}::int[])`
            : undefined,
        ),
      );
  }
}

/** Sets the month's allocations of the categories named (0 removes one); the others keep theirs. */
export async function setBudgetAllocations(
  db: Database,
  actor: Actor,
  input: BudgetAllocationsInput,
): Promise<BudgetMonth> {
  authorize(actor, 'budget.write');
  return withTransaction(db, (tx) => writeBudgetAllocations(tx, actor, input));
}

/** Sets allocations in the caller's transaction (`actor` null: the demo cafe's budgets), audited. */
export async function writeBudgetAllocations(
  tx: Tx,
  actor: Actor | null,
  input: BudgetAllocationsInput,
): Promise<BudgetMonth> {
  const ids = input.lines.map((line) => line.categoryId);
  const repeated = ids.find((id, index) => ids.indexOf(id) !== index);
  if (repeated) {
    const message = 'names a category twice';
    throw badRequest(`Invalid request body: lines: ${message}`, { issues: [{ path: 'lines', message }] });
  }
  const known = await findExpenseCategories(tx, ids);
  const unknown = input.lines.findIndex((line) => !known.has(line.categoryId));
  if (unknown >= 0) {
    const path = `lines.${unknown}.categoryId`;
    throw badRequest(`Invalid request body: ${path}: is not an expense category`, {
      issues: [{ path, message: 'is not an expense category' }],
    });
  }
  const before = await allocations(tx, input.month, input.month, ids);
  const month = firstDay(input.month);
  for (const line of input.lines) {
    if (line.amount === 0) {
      await tx
        .delete(budgetAllocations)
        .where(and(eq(budgetAllocations.categoryId, line.categoryId), eq(budgetAllocations.month, month)));
    } else {
      await tx
        .insert(budgetAllocations)
        .values({ categoryId: line.categoryId, month, amount: line.amount, updatedBy: actor?.id ?? null })
        .onConflictDoUpdate({
          target: [budgetAllocations.categoryId, budgetAllocations.month],
          set: { amount: line.amount, updatedBy: actor?.id ?? null, updatedAt: new Date() },
        });
    }
  }
  await forgetPassedNotices(tx, ids, input.month);
  const changed = input.lines.filter(
    (line) => (before.get(`${line.categoryId}|${input.month}`) ?? 0) !== line.amount,
  );
  if (changed.length > 0) {
    await recordAudit(tx, actor, {
      area: 'finance',
      action: 'budget.allocated',
      summary: `Set the budget of ${monthName(input.month)} for ${changed
        .map((line) => known.get(line.categoryId)?.name)
        .join(', ')}`,
      targetType: 'budget-month',
      before: Object.fromEntries(
        changed.map((line) => [line.categoryId, before.get(`${line.categoryId}|${input.month}`) ?? 0]),
      ),
      after: {
        month: input.month,
        ...Object.fromEntries(changed.map((line) => [line.categoryId, line.amount])),
      },
    });
    await publishChange(tx, TOPIC);
  }
  return readMonth(tx, input.month);
}

/** Copies one month's allocations into another, for the categories the other has none for. */
export async function copyBudgetAllocations(
  db: Database,
  actor: Actor,
  input: BudgetCopyInput,
): Promise<BudgetMonth> {
  authorize(actor, 'budget.write');
  if (input.from === input.to) {
    const message = 'must be another month than from';
    throw badRequest(`Invalid request body: to: ${message}`, { issues: [{ path: 'to', message }] });
  }
  return withTransaction(db, async (tx) => {
    const copied = await tx.execute<{ category_id: string }>(sql`
      insert into budget_allocations (category_id, month, amount, updated_by)
      select category_id, ${firstDay(input.to)}::date, amount, ${actor.id}::uuid
        from budget_allocations where month = ${firstDay(input.from)}::date
      on conflict (category_id, month) do nothing
      returning category_id`);
    const [had] = (
      await tx.execute<{ n: number }>(
        sql`select count(*)::int as n from budget_allocations where month = ${firstDay(input.from)}::date`,
      )
    ).rows;
    if (!had || had.n === 0) {
      throw conflict(`${monthName(input.from)} has no budget to copy.`, { reason: 'nothing-to-copy' });
    }
    if (copied.rows.length > 0) {
      await forgetPassedNotices(
        tx,
        copied.rows.map((row) => row.category_id),
        input.to,
      );
      await recordAudit(tx, actor, {
        area: 'finance',
        action: 'budget.copied',
        summary: `Copied ${copied.rows.length} budget line${copied.rows.length === 1 ? '' : 's'} of ${monthName(input.from)} to ${monthName(input.to)}`,
        targetType: 'budget-month',
        after: { from: input.from, to: input.to, categories: copied.rows.map((row) => row.category_id) },
      });
      await publishChange(tx, TOPIC);
    }
    return readMonth(tx, input.to);
  });
}

/**
 * Tells the admins when a category's month reaches 80 % of its allocation or passes it, each once: in
 * the transaction of the expense that moved it (`day`: a day of that month).
 */
export async function checkBudgetThresholds(tx: Tx, categoryId: string, day: string): Promise<void> {
  const month = monthOf(day);
  const allocated = (await allocations(tx, month, month, [categoryId])).get(`${categoryId}|${month}`) ?? 0;
  if (allocated <= 0) return;
  const spent = (await spending(tx, month, month, [categoryId])).get(`${categoryId}|${month}`) ?? 0;
  const passed = budgetThresholdsPassed(allocated, spent);
  if (passed.length === 0) return;
  // Each threshold passed is noted; the admins hear of the highest one newly passed.
  const noted = await tx
    .insert(budgetNotices)
    .values(passed.map((threshold) => ({ categoryId, month: firstDay(month), threshold })))
    .onConflictDoNothing()
    .returning({ threshold: budgetNotices.threshold });
  if (noted.length === 0) return;
  const newest = Math.max(...noted.map((row) => row.threshold));
  const [category] = [...(await findExpenseCategories(tx, [categoryId])).values()];
  const { currency } = await orderingSettings(tx, { lock: false });
  const name = category?.name ?? 'A category';
  const used = percentUsed(allocated, spent);
  const amounts = `${formatMoney(spent, currency, 'en')} of ${formatMoney(allocated, currency, 'en')}`;
  await notify(
    tx,
    { roles: ['admin'] },
    {
      kind: 'budget-threshold',
      title:
        newest >= BUDGET_OVER_PERCENT
          ? `Over budget: ${name}`
          : `${name} has used ${BUDGET_WARNING_PERCENT} % of its budget`,
      body: `${name} has spent ${amounts} (${used} %) in ${monthName(month)}.`,
      link: `/budget-allocations?month=${month}`,
    },
  );
}

/** Deletes the demo's budget allocations (with the notices of their categories' months). */
export async function deleteDemoBudgetAllocations(tx: Tx, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const deleted = await tx
    .delete(budgetAllocations)
    .where(inArray(budgetAllocations.id, [...ids]))
    .returning({ categoryId: budgetAllocations.categoryId, month: budgetAllocations.month });
  for (const row of deleted) {
    await tx
      .delete(budgetNotices)
      .where(and(eq(budgetNotices.categoryId, row.categoryId), eq(budgetNotices.month, row.month)));
  }
  return deleted.length;
}

export async function countBudgetAllocationsIn(db: Queryable, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  return (
    await db
      .select({ id: budgetAllocations.id })
      .from(budgetAllocations)
      .where(inArray(budgetAllocations.id, [...ids]))
  ).length;
}

/** The allocation ids of these categories and months (`YYYY-MM`). */
export async function budgetAllocationIds(
  db: Queryable,
  categoryIds: readonly string[],
  months: readonly string[],
): Promise<string[]> {
  if (categoryIds.length === 0 || months.length === 0) return [];
  const rows = await db
    .select({ id: budgetAllocations.id })
    .from(budgetAllocations)
    .where(
      and(
        inArray(budgetAllocations.categoryId, [...categoryIds]),
        inArray(
          budgetAllocations.month,
          months.map((month) => firstDay(month)),
        ),
      ),
    );
  return rows.map((row) => row.id);
}

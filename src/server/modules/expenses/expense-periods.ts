import { and, gte, lte, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/transaction';
import { findExpenseCategories } from '../master-data';
import { expenses } from './expenses.schema';

export interface CategorySpend {
  categoryId: string;
  name: string;
  count: number;
  amount: number;
}

/**
 * The expenses dated `fromDay` .. `toDay` (both included) and not voided, summed by category, largest
 * first (an expense counts on its date, whenever it was recorded).
 */
export async function expensesByCategory(
  db: Queryable,
  fromDay: string,
  toDay: string,
): Promise<CategorySpend[]> {
  const rows = await db
    .select({
      categoryId: expenses.categoryId,
      count: sql<number>`count(*)::int`,
      amount: sql<string>`sum(${expenses.amount})`,
    })
    .from(expenses)
    .where(and(gte(expenses.date, fromDay), lte(expenses.date, toDay), sql`${expenses.status} <> 'voided'`))
    .groupBy(expenses.categoryId);
  const names = await findExpenseCategories(
    db,
    rows.map((row) => row.categoryId),
  );
  return rows
    .map((row) => ({
      categoryId: row.categoryId,
      name: names.get(row.categoryId)?.name ?? '',
      count: row.count,
      amount: Number(row.amount),
    }))
    .sort((a, b) => b.amount - a.amount || a.name.localeCompare(b.name));
}

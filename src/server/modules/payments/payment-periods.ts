import { and, gt, inArray, lte, sql } from 'drizzle-orm';
import type { PaymentMethod } from '../../../shared/payment-methods';
import type { Queryable } from '../../db/transaction';
import { payments, refunds } from './payments.schema';

/** What the payments and refunds of a period add up to, for the modules that report on them. */

export interface MethodTotal {
  method: PaymentMethod;
  count: number;
  amount: number;
}

/** Payments taken in `from` (exclusive) .. `to` (inclusive), by method, largest first. */
export async function paymentsByMethod(db: Queryable, from: Date, to: Date): Promise<MethodTotal[]> {
  const rows = await db
    .select({
      method: payments.method,
      count: sql<number>`count(*)::int`,
      amount: sql<string>`sum(${payments.amount})`,
    })
    .from(payments)
    .where(and(gt(payments.createdAt, from), lte(payments.createdAt, to)))
    .groupBy(payments.method);
  return rows
    .map((row) => ({ method: row.method as PaymentMethod, count: row.count, amount: Number(row.amount) }))
    .sort((a, b) => b.amount - a.amount);
}

/** Refunds made in `from` (exclusive) .. `to` (inclusive), by the method of the payment refunded. */
export async function refundsByMethod(db: Queryable, from: Date, to: Date): Promise<MethodTotal[]> {
  const rows = await db
    .select({
      method: payments.method,
      count: sql<number>`count(*)::int`,
      amount: sql<string>`sum(${refunds.amount})`,
    })
    .from(refunds)
    .innerJoin(payments, sql`${payments.id} = ${refunds.paymentId}`)
    .where(and(gt(refunds.createdAt, from), lte(refunds.createdAt, to)))
    .groupBy(payments.method);
  return rows
    .map((row) => ({ method: row.method as PaymentMethod, count: row.count, amount: Number(row.amount) }))
    .sort((a, b) => b.amount - a.amount);
}

/**
 * What the partner collected for these orders and has not given back: their `partner` payments less
 * what was refunded of them, by the account each landed in. Settling the orders clears it.
 */
export async function partnerCollected(
  db: Queryable,
  orderIds: readonly string[],
): Promise<{ accountId: string; amount: number }[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select({
      accountId: payments.accountId,
      amount: sql<string>`sum(${payments.amount} - ${payments.refunded})`,
    })
    .from(payments)
    .where(and(inArray(payments.orderId, [...orderIds]), sql`${payments.method} = 'partner'`))
    .groupBy(payments.accountId);
  return rows
    .map((row) => ({ accountId: row.accountId, amount: Number(row.amount) }))
    .filter((row) => row.amount > 0);
}

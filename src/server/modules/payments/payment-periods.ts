import { and, desc, gt, gte, inArray, lt, lte, sql } from 'drizzle-orm';
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

/** Refunds made in `from` (inclusive) .. `to` (exclusive), summed per order refunded. */
export async function refundsByOrder(
  db: Queryable,
  from: Date,
  to: Date,
): Promise<{ orderId: string; count: number; amount: number }[]> {
  const rows = await db
    .select({
      orderId: payments.orderId,
      count: sql<number>`count(*)::int`,
      amount: sql<string>`sum(${refunds.amount})`,
    })
    .from(refunds)
    .innerJoin(payments, sql`${payments.id} = ${refunds.paymentId}`)
    .where(and(gte(refunds.createdAt, from), lt(refunds.createdAt, to)))
    .groupBy(payments.orderId);
  return rows.map((row) => ({ orderId: row.orderId, count: row.count, amount: Number(row.amount) }));
}

export interface PeriodRefund {
  id: string;
  orderId: string;
  method: PaymentMethod;
  amount: number;
  reason: string;
  refundedBy: string | null;
  createdAt: Date;
}

/** The refunds made in `from` (inclusive) .. `to` (exclusive), newest first, at most `limit`. */
export async function refundsBetween(
  db: Queryable,
  from: Date,
  to: Date,
  limit: number,
): Promise<PeriodRefund[]> {
  const rows = await db
    .select({
      id: refunds.id,
      orderId: payments.orderId,
      method: payments.method,
      amount: refunds.amount,
      reason: refunds.reason,
      refundedBy: refunds.refundedBy,
      createdAt: refunds.createdAt,
    })
    .from(refunds)
    .innerJoin(payments, sql`${payments.id} = ${refunds.paymentId}`)
    .where(and(gte(refunds.createdAt, from), lt(refunds.createdAt, to)))
    .orderBy(desc(refunds.createdAt), desc(refunds.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, method: row.method as PaymentMethod }));
}

import { and, asc, eq, sql } from 'drizzle-orm';
import type { CustomerPayment, Payment, PaymentMethod, Refund } from '../../../shared/contracts/payments';
import type { PaymentTotals } from '../../../shared/payment-math';
import type { Queryable, Tx } from '../../db/transaction';
import { inIds } from '../../lib/resource';
import { users } from '../auth';
import { bankAccountResource } from '../master-data';
import { payments, refunds } from './payments.schema';

/**
 * The payments module (docs/PRODUCT-RULES.md, Payments and refunds): the payment and refund records, their
 * sums and how the API shows them. Taking a payment or a refund spans modules (the order's lock and status,
 * the account mapping, the ledger, the audit log), so it is the use cases `use-cases/record-payment.ts` and
 * `use-cases/refund-payment.ts`, which write through these functions inside their transaction.
 */

export type PaymentRow = typeof payments.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;

/** A payment as the use case has checked it. */
export interface NewPayment {
  orderId: string;
  method: PaymentMethod;
  amount: number;
  /** Cash handed over (cash only), or null. */
  tendered: number | null;
  change: number;
  reference: string;
  accountId: string;
  currency: string;
  /** An online payment: the provider and its payment's id (unique together). */
  provider: string | null;
  providerPaymentId: string | null;
  takenBy: string | null;
}

/**
 * Writes a payment; answers null when an online payment with the same provider and provider payment
 * id exists already (webhooks and the guest's return may both report one payment: it is recorded once).
 */
export async function insertPayment(tx: Tx, payment: NewPayment): Promise<PaymentRow | null> {
  const [row] = await tx
    .insert(payments)
    .values(payment)
    .onConflictDoNothing({ target: [payments.provider, payments.providerPaymentId] })
    .returning();
  return row ?? null;
}

/** The payment a provider reported under `providerPaymentId`, if recorded. */
export async function findProviderPayment(
  db: Queryable,
  provider: string,
  providerPaymentId: string,
): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, providerPaymentId)));
  return row ?? null;
}

/** One payment (no lock), or null. */
export async function findPayment(db: Queryable, id: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row ?? null;
}

/**
 * One payment locked `for update` in the caller's transaction: a refund counts `refunded` up with it
 * locked, so two refunds at once never take back more than the payment left. Callers lock the order
 * first (lock order: order → payment).
 */
export async function lockPayment(tx: Tx, id: string): Promise<PaymentRow | null> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
  return row ?? null;
}

/** The order's payments locked `for update`, oldest first (refunding all of them). */
export async function lockOrderPayments(tx: Tx, orderId: string): Promise<PaymentRow[]> {
  return tx
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(asc(payments.createdAt), asc(payments.id))
    .for('update');
}

/** What an order's payments add up to: taken and refunded. */
export async function orderPaymentTotals(db: Queryable, orderId: string): Promise<PaymentTotals> {
  const [row] = await db
    .select({
      paid: sql<string>`coalesce(sum(${payments.amount}), 0)`,
      refunded: sql<string>`coalesce(sum(${payments.refunded}), 0)`,
    })
    .from(payments)
    .where(eq(payments.orderId, orderId));
  return { paid: Number(row?.paid ?? 0), refunded: Number(row?.refunded ?? 0) };
}

export interface NewRefund {
  paymentId: string;
  amount: number;
  reason: string;
  currency: string;
  providerRefundId: string | null;
  refundedBy: string | null;
}

/**
 * Writes a refund and counts it into its payment's `refunded`, with the payment locked by
 * `lockPayment` (the table's check refuses more than the payment's amount as a net under the
 * use case's own check). Answers the refund and the payment after it.
 */
export async function insertRefund(
  tx: Tx,
  refund: NewRefund,
): Promise<{ refund: RefundRow; payment: PaymentRow }> {
  const [row] = await tx.insert(refunds).values(refund).returning();
  const [payment] = await tx
    .update(payments)
    .set({ refunded: sql`${payments.refunded} + ${refund.amount}` })
    .where(eq(payments.id, refund.paymentId))
    .returning();
  if (!row || !payment) throw new Error('refund not written');
  return { refund: row, payment };
}

/** Names of people and accounts a payment's answer shows, by id. */
export interface PaymentNames {
  people: Map<string, string>;
  accounts: Map<string, string>;
}

const iso = (value: Date) => value.toISOString();

function person(names: PaymentNames, id: string | null) {
  return id ? { id, name: names.people.get(id) ?? 'Former user' } : null;
}

export function presentRefund(row: RefundRow, names: PaymentNames): Refund {
  return {
    id: row.id,
    amount: row.amount,
    reason: row.reason,
    refundedBy: person(names, row.refundedBy),
    createdAt: iso(row.createdAt),
  };
}

/** One payment as the API answers it, with its refunds (oldest first). */
export function presentPayment(row: PaymentRow, refundRows: RefundRow[], names: PaymentNames): Payment {
  return {
    id: row.id,
    orderId: row.orderId,
    method: row.method as PaymentMethod,
    amount: row.amount,
    tendered: row.tendered,
    change: row.change,
    reference: row.reference,
    account: { id: row.accountId, name: names.accounts.get(row.accountId) ?? '' },
    currency: row.currency.trim(),
    refunded: row.refunded,
    refundable: row.amount - row.refunded,
    online: row.provider !== null,
    takenBy: person(names, row.takenBy),
    refunds: [...refundRows]
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .map((refund) => presentRefund(refund, names)),
    createdAt: iso(row.createdAt),
  };
}

/** The names of the people and accounts these payments and refunds mention. */
export async function paymentNames(
  db: Queryable,
  paymentRows: PaymentRow[],
  refundRows: RefundRow[],
): Promise<PaymentNames> {
  const people = new Set<string>();
  for (const row of paymentRows) if (row.takenBy) people.add(row.takenBy);
  for (const row of refundRows) if (row.refundedBy) people.add(row.refundedBy);
  const names: PaymentNames = { people: new Map(), accounts: new Map() };
  if (people.size > 0) {
    const found = await db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(inIds(users.id, [...people]));
    for (const row of found) names.people.set(row.id, row.name);
  }
  // A handful of accounts at most (one per payment method): read through master data, which owns
  // them, one after the other (`db` may be a transaction, whose queries share one connection).
  for (const id of new Set(paymentRows.map((row) => row.accountId))) {
    names.accounts.set(id, (await bankAccountResource.get(db, null, id)).name);
  }
  return names;
}

/** Payments with their refunds and names, as the API answers them. */
export async function presentPayments(db: Queryable, paymentRows: PaymentRow[]): Promise<Payment[]> {
  if (paymentRows.length === 0) return [];
  const refundRows = await db
    .select()
    .from(refunds)
    .where(
      inIds(
        refunds.paymentId,
        paymentRows.map((row) => row.id),
      ),
    );
  const names = await paymentNames(db, paymentRows, refundRows);
  return paymentRows.map((row) =>
    presentPayment(
      row,
      refundRows.filter((refund) => refund.paymentId === row.id),
      names,
    ),
  );
}

/** An order's payments, oldest first, with their refunds, account and who took them. */
export async function orderPayments(db: Queryable, orderId: string): Promise<Payment[]> {
  const rows = await db
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(asc(payments.createdAt), asc(payments.id));
  return presentPayments(db, rows);
}

/**
 * An order's payments, oldest first, as its customer sees them (`CustomerPaymentSchema`): method,
 * amount, what was refunded and when. Only those columns are read, so nothing staff-only (the
 * account, the reference, cash tendered and change, who took or refunded it, refund reasons) can
 * reach a customer's answer.
 */
export async function customerPayments(db: Queryable, orderId: string): Promise<CustomerPayment[]> {
  const rows = await db
    .select({
      method: payments.method,
      amount: payments.amount,
      refunded: payments.refunded,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(asc(payments.createdAt), asc(payments.id));
  return rows.map((row) => ({
    method: row.method as PaymentMethod,
    amount: row.amount,
    refunded: row.refunded,
    createdAt: iso(row.createdAt),
  }));
}

/** The ids of the payments taken for some orders (the demo's removal takes them with its orders). */
export async function paymentIdsOfOrders(tx: Tx, orderIds: readonly string[]): Promise<string[]> {
  if (orderIds.length === 0) return [];
  const rows = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(inIds(payments.orderId, [...orderIds]));
  return rows.map((row) => row.id);
}

/** The refunds of the given payments. */
export async function refundIdsOfPayments(tx: Tx, paymentIds: readonly string[]): Promise<string[]> {
  if (paymentIds.length === 0) return [];
  const rows = await tx
    .select({ id: refunds.id })
    .from(refunds)
    .where(inIds(refunds.paymentId, [...paymentIds]));
  return rows.map((row) => row.id);
}

/**
 * Deletes payments with their refunds (the demo's removal: what the owner tried out on the demo's
 * orders goes with them). Their ledger rows refer to them and are the ledger's to delete first.
 */
export async function deletePayments(tx: Tx, paymentIds: readonly string[]): Promise<number> {
  if (paymentIds.length === 0) return 0;
  await tx.delete(refunds).where(inIds(refunds.paymentId, [...paymentIds]));
  const deleted = await tx
    .delete(payments)
    .where(inIds(payments.id, [...paymentIds]))
    .returning({ id: payments.id });
  return deleted.length;
}

import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  type PurchaseOrderPayment,
  type PurchaseOrderPaymentInput,
  type PurchaseOrderStatus,
  purchaseOrderNumber,
  purchaseOrderPayable,
  purchaseOrderPaymentStatus,
  type SupplierBalance,
} from '../../../shared/contracts/purchase-orders';
import { formatMoney } from '../../../shared/money';
import type { Database } from '../../db/client';
import { type Queryable, type Tx, withTransaction } from '../../db/transaction';
import type { Actor } from '../../lib/context';
import { conflict, notFound } from '../../lib/errors';
import { authorize } from '../../policies';
import { recordAudit } from '../audit';
import { users } from '../auth';
import { publishChange } from '../events';
import {
  deleteDemoLedgerRows,
  liveAccountField,
  liveRowsOf,
  recordBankTransaction,
  reverseTransactions,
} from '../ledger';
import { findBankAccountNames, findSuppliers } from '../master-data';
import { purchaseOrderPayments, purchaseOrders } from './purchase-orders.schema';

/**
 * Paying suppliers (docs/PRODUCT-RULES.md, Purchase orders): a purchase order is paid in one or more
 * payments from a bank or cash account, each with its withdrawal in the ledger (source
 * `supplier-payment`) written in the same transaction, the order's row locked so that two payments
 * never pay more than it owes. A payment is never deleted: voiding it reverses its withdrawal.
 */

const TOPIC = 'purchase-orders';
const missing = () => notFound('There is no purchase order with this id.');

/** An order's payments, oldest first (voided ones too, marked). */
export async function paymentsOf(db: Queryable, orderId: string): Promise<PurchaseOrderPayment[]> {
  const rows = await db
    .select({ payment: purchaseOrderPayments, createdByName: users.name })
    .from(purchaseOrderPayments)
    .leftJoin(users, eq(users.id, purchaseOrderPayments.createdBy))
    .where(eq(purchaseOrderPayments.purchaseOrderId, orderId))
    .orderBy(asc(purchaseOrderPayments.paidOn), asc(purchaseOrderPayments.createdAt));
  const accounts = await findBankAccountNames(
    db,
    rows.map((row) => row.payment.accountId),
  );
  return rows.map(({ payment, createdByName }) => ({
    id: payment.id,
    accountId: payment.accountId,
    accountName: accounts.get(payment.accountId) ?? '',
    amount: payment.amount,
    paidOn: payment.paidOn,
    reference: payment.reference,
    createdByName,
    createdAt: payment.createdAt.toISOString(),
    voidedAt: payment.voidedAt?.toISOString() ?? null,
    voidReason: payment.voidReason,
  }));
}

async function lockOrder(tx: Tx, id: string) {
  const [row] = await tx.select().from(purchaseOrders).where(eq(purchaseOrders.id, id)).for('update');
  if (!row) throw missing();
  return row;
}

/**
 * Pays the supplier for an order: at most what it still owes (409 `over-payment` naming it); a draft
 * owes nothing yet (409 `wrong-status`). Returns the payment's id.
 */
export async function paySupplier(
  db: Database,
  actor: Actor,
  orderId: string,
  input: PurchaseOrderPaymentInput,
): Promise<string> {
  authorize(actor, 'purchase-order.pay');
  return withTransaction(db, (tx) => insertSupplierPayment(tx, actor, orderId, input));
}

/** A payment in the caller's transaction (`actor` null: the demo cafe's history); its id. */
export async function insertSupplierPayment(
  tx: Tx,
  actor: Actor | null,
  orderId: string,
  input: PurchaseOrderPaymentInput,
): Promise<string> {
  const order = await lockOrder(tx, orderId);
  const number = purchaseOrderNumber(order.number);
  const status = order.status as PurchaseOrderStatus;
  if (status === 'draft') {
    throw conflict(`${number} is a draft: send it before paying for it.`, { reason: 'wrong-status' });
  }
  const owed = purchaseOrderPayable({ ...order, status }) - order.paidTotal;
  if (input.amount > owed) {
    throw conflict(
      `${number} owes ${formatMoney(Math.max(owed, 0), order.currency.trim(), 'en')}: a payment cannot be more.`,
      { reason: 'over-payment', owed: Math.max(owed, 0) },
    );
  }
  const account = await liveAccountField(tx, input.accountId);
  const [payment] = await tx
    .insert(purchaseOrderPayments)
    .values({
      purchaseOrderId: orderId,
      accountId: account.id,
      amount: input.amount,
      paidOn: input.date,
      reference: input.reference ?? '',
      createdBy: actor?.id ?? null,
    })
    .returning();
  if (!payment) throw new Error('supplier payment not written');
  const supplier = (await findSuppliers(tx, [order.supplierId])).get(order.supplierId);
  await recordBankTransaction(tx, {
    accountId: account.id,
    kind: 'withdrawal',
    amount: input.amount,
    currency: payment.currency.trim(),
    description: `${number} to ${supplier?.name ?? 'the supplier'}${input.reference ? ` (${input.reference})` : ''}`,
    source: { kind: 'supplier-payment', id: payment.id },
    bookedOn: input.date,
    createdBy: actor?.id ?? null,
  });
  await tx
    .update(purchaseOrders)
    .set({ paidTotal: sql`${purchaseOrders.paidTotal} + ${input.amount}` })
    .where(eq(purchaseOrders.id, orderId));
  await recordAudit(tx, actor, {
    area: 'inventory',
    action: 'purchase-order.paid',
    summary: `Paid ${formatMoney(input.amount, payment.currency.trim(), 'en')} for ${number} from ${account.name} on ${input.date}`,
    targetType: 'purchase-order',
    targetId: orderId,
    after: { paymentId: payment.id, accountId: account.id, amount: input.amount, paidOn: input.date },
  });
  await publishChange(tx, TOPIC);
  return payment.id;
}

/** Voids a payment with a reason: its withdrawal is reversed and the order owes it again. */
export async function voidSupplierPayment(
  db: Database,
  actor: Actor,
  orderId: string,
  paymentId: string,
  reason: string,
): Promise<void> {
  authorize(actor, 'purchase-order.pay');
  await withTransaction(db, async (tx) => {
    const order = await lockOrder(tx, orderId);
    const [payment] = await tx
      .select()
      .from(purchaseOrderPayments)
      .where(and(eq(purchaseOrderPayments.id, paymentId), eq(purchaseOrderPayments.purchaseOrderId, orderId)))
      .for('update');
    if (!payment) throw notFound('This purchase order has no payment with this id.');
    if (payment.voidedAt) {
      throw conflict('This payment has already been voided.', { reason: 'already-voided' });
    }
    const rows = await liveRowsOf(tx, { kind: 'supplier-payment', id: paymentId });
    await reverseTransactions(tx, rows, {
      description: `Supplier payment voided: ${reason}`,
      createdBy: actor.id,
    });
    await tx
      .update(purchaseOrderPayments)
      .set({ voidedAt: new Date(), voidedBy: actor.id, voidReason: reason })
      .where(eq(purchaseOrderPayments.id, paymentId));
    await tx
      .update(purchaseOrders)
      .set({ paidTotal: sql`${purchaseOrders.paidTotal} - ${payment.amount}` })
      .where(eq(purchaseOrders.id, orderId));
    await recordAudit(tx, actor, {
      area: 'inventory',
      action: 'purchase-order.payment-voided',
      summary: `Voided a payment of ${formatMoney(payment.amount, payment.currency.trim(), 'en')} for ${purchaseOrderNumber(order.number)}: ${reason}`,
      targetType: 'purchase-order',
      targetId: orderId,
      before: { paymentId, amount: payment.amount, paidOn: payment.paidOn },
      after: { reason },
    });
    await publishChange(tx, TOPIC);
  });
}

/** What a supplier was sent, received and paid, and the orders that still owe, oldest first. */
export async function supplierBalance(
  db: Database,
  actor: Actor,
  supplierId: string,
): Promise<SupplierBalance> {
  authorize(actor, 'purchase-order.read');
  const supplier = (await findSuppliers(db, [supplierId])).get(supplierId);
  if (!supplier) throw notFound('There is no supplier with this id.');
  const rows = await db
    .select()
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.supplierId, supplierId), sql`${purchaseOrders.status} <> 'draft'`))
    .orderBy(
      asc(sql`coalesce(${purchaseOrders.orderedAt}, ${purchaseOrders.createdAt})`),
      asc(purchaseOrders.number),
    );
  const orders = rows.map((row) => {
    const status = row.status as PurchaseOrderStatus;
    const payable = purchaseOrderPayable({ ...row, status });
    return {
      id: row.id,
      number: purchaseOrderNumber(row.number),
      status,
      orderedAt: row.orderedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      payable,
      receivedTotal: row.receivedTotal,
      paidTotal: row.paidTotal,
      owed: payable - row.paidTotal,
      paymentStatus: purchaseOrderPaymentStatus({ ...row, status }),
    };
  });
  const sum = (pick: (order: (typeof orders)[number]) => number) =>
    orders.reduce((total, order) => total + pick(order), 0);
  return {
    supplierId,
    supplierName: supplier.name,
    currency: rows[0]?.currency.trim() ?? '',
    payable: sum((order) => order.payable),
    received: sum((order) => order.receivedTotal),
    paid: sum((order) => order.paidTotal),
    owed: sum((order) => order.owed),
    orders: orders.filter((order) => order.owed !== 0),
  };
}

/** Deletes the payments of the demo's purchase orders with their withdrawals (before the orders). */
export async function deleteOrderPayments(tx: Tx, orderIds: readonly string[]): Promise<void> {
  if (orderIds.length === 0) return;
  const payments = await tx
    .select({ id: purchaseOrderPayments.id })
    .from(purchaseOrderPayments)
    .where(inArray(purchaseOrderPayments.purchaseOrderId, [...orderIds]));
  if (payments.length === 0) return;
  await deleteDemoLedgerRows(
    tx,
    payments.map((payment) => ({ kind: 'supplier-payment' as const, id: payment.id })),
  );
  await tx.delete(purchaseOrderPayments).where(inArray(purchaseOrderPayments.purchaseOrderId, [...orderIds]));
}

/** What each of these orders still owes, with the day it was ordered, oldest first. */
export async function purchaseOrderDues(
  db: Queryable,
  ids: readonly string[],
): Promise<{ id: string; orderedAt: Date; owed: number }[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(purchaseOrders)
    .where(inArray(purchaseOrders.id, [...ids]))
    .orderBy(asc(sql`coalesce(${purchaseOrders.orderedAt}, ${purchaseOrders.createdAt})`));
  return rows.map((row) => ({
    id: row.id,
    orderedAt: row.orderedAt ?? row.createdAt,
    owed: purchaseOrderPayable({ ...row, status: row.status as PurchaseOrderStatus }) - row.paidTotal,
  }));
}

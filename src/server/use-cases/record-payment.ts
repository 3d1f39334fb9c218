import { orderNumberLabel } from '../../shared/contracts/orders';
import {
  type OrderMoney,
  PAYMENT_METHOD_LABELS,
  type Payment,
  type PaymentInput,
  type PaymentMethod,
  type PaymentRecorded,
} from '../../shared/contracts/payments';
import { formatMoney } from '../../shared/money';
import { ORDER_STATUS_LABELS } from '../../shared/order-status';
import { amountDue, changeFor, type PaymentTotals, paymentStatusOf } from '../../shared/payment-math';
import type { Database } from '../db/client';
import { type Tx, withTransaction } from '../db/transaction';
import type { Actor } from '../lib/context';
import { badRequest, conflict, notFound } from '../lib/errors';
import { recordAudit } from '../modules/audit';
import { recordBankTransaction } from '../modules/ledger';
import { lockOrderForPayment, type OrderForPayment, setPaymentStatus } from '../modules/orders';
import {
  findProviderPayment,
  insertPayment,
  orderPaymentTotals,
  type PaymentRow,
  presentPayment,
  presentPayments,
} from '../modules/payments';
import { paymentAccountFor } from '../modules/settings';
import { authorize } from '../policies';

/**
 * Taking a payment for an order (docs/PRODUCT-RULES.md, Payments and refunds): at the counter
 * (`recordPayment`, staff) or online (`recordPaymentInTx`, called by the provider's webhook and the guest's
 * return with no actor). One transaction, with the order row locked while the amount is checked and written,
 * so two devices paying at once cannot together pay more than the total:
 *
 * - the amount is at most the amount due (total − (payments − refunds)); more is a 409 with
 *   `details.amountDue`; a rejected or cancelled order takes no payment (409);
 * - cash keeps what was handed over and the change (tendered − amount); the ledger gets the amount;
 * - the money lands in the account the settings map the method to (none: 409 `no-account`);
 * - the order's payment status is recomputed (`paymentStatusOf`) and written (its version goes up),
 *   the order's live topics announce it, a deposit goes into the account's ledger and an entry into
 *   the audit log.
 */

/** A payment as the use case takes it: the counter's input, or an online payment with its provider. */
export interface RecordPaymentInput {
  method: PaymentMethod;
  amount: number;
  tendered?: number;
  reference?: string;
  /** An online payment: the provider's name (`'stripe'`) and its payment's id, unique together. */
  provider?: string;
  providerPaymentId?: string;
}

export interface RecordedPayment {
  payment: Payment;
  order: OrderMoney;
  /**
   * False when the provider's payment was recorded before (a webhook delivered again, or the webhook
   * and the guest's return at once): nothing new was written, `payment` is the one recorded then.
   */
  created: boolean;
}

const notFoundOrder = () => notFound('There is no order with this id.');

/** "cash", "card", "QR or e-wallet", "bank transfer": a method's label inside a sentence. */
export function methodInSentence(method: PaymentMethod): string {
  const label = PAYMENT_METHOD_LABELS[method];
  return /^[A-Z][a-z]/.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label;
}

/** The order's money as the payment calls answer it. */
export function orderMoney(order: OrderForPayment, totals: PaymentTotals, version: number): OrderMoney {
  return {
    id: order.id,
    number: order.number,
    version,
    total: order.total,
    currency: order.currency,
    paymentStatus: paymentStatusOf(order.total, totals),
    amountPaid: totals.paid,
    amountRefunded: totals.refunded,
    amountDue: amountDue(order.total, totals),
  };
}

/** `POST /api/orders/{id}/payments`: staff take a payment at the counter. */
export async function recordPayment(
  db: Database,
  actor: Actor,
  orderId: string,
  input: PaymentInput,
): Promise<PaymentRecorded> {
  authorize(actor, 'payment.record');
  const recorded = await withTransaction(db, (tx) => recordPaymentInTx(tx, actor, orderId, input));
  return { ...recorded.payment, order: recorded.order };
}

/**
 * Records a payment inside the caller's transaction (see the module comment). `actor` is who took it,
 * or null for an online payment. An online payment already recorded under its provider payment id is
 * answered as it is (`created: false`) and nothing is written: the order lock makes the webhook and
 * the guest's return wait for each other, and the unique (provider, provider payment id) is the net.
 */
export async function recordPaymentInTx(
  tx: Tx,
  actor: Actor | null,
  orderId: string,
  input: RecordPaymentInput,
): Promise<RecordedPayment> {
  const order = await lockOrderForPayment(tx, orderId);
  if (!order) throw notFoundOrder();
  const provider = input.provider ?? null;
  const providerPaymentId = input.providerPaymentId ?? null;
  if (provider && providerPaymentId) {
    const existing = await findProviderPayment(tx, provider, providerPaymentId);
    if (existing) return answerExisting(tx, order, existing);
  }
  const label = orderNumberLabel(order.number);
  if (order.status === 'rejected' || order.status === 'cancelled') {
    throw conflict(
      `Order ${label} is ${ORDER_STATUS_LABELS[order.status].toLowerCase()}: it takes no payment.`,
      { reason: 'order-closed', status: order.status },
    );
  }
  const totals = await orderPaymentTotals(tx, orderId);
  const due = amountDue(order.total, totals);
  if (input.amount > due) {
    const money = (amount: number) => formatMoney(amount, order.currency, 'en');
    throw conflict(
      due === 0
        ? `Order ${label} is paid in full: nothing is due.`
        : `Only ${money(due)} is due on order ${label}: take at most that.`,
      { reason: 'over-amount-due', amountDue: due },
    );
  }
  const cash = input.method === 'cash';
  const tendered = cash && input.tendered !== undefined ? input.tendered : null;
  if (tendered !== null && tendered < input.amount) {
    const message = 'must be at least the amount paid';
    throw badRequest(`Invalid body: tendered: ${message}`, { issues: [{ path: 'tendered', message }] });
  }
  const account = await paymentAccountFor(tx, input.method);
  if (!account) {
    throw conflict(
      `No account receives ${methodInSentence(input.method)} payments: the owner chooses one in Master Data, Settings.`,
      { reason: 'no-account', method: input.method },
    );
  }
  const row = await insertPayment(tx, {
    orderId,
    method: input.method,
    amount: input.amount,
    tendered,
    change: tendered === null ? 0 : changeFor(input.amount, tendered),
    reference: input.reference?.trim() ?? '',
    accountId: account.id,
    currency: order.currency,
    provider,
    providerPaymentId,
    takenBy: actor?.id ?? null,
  });
  if (!row) {
    // The provider's payment was recorded for another order meanwhile (the unique pair): the same.
    const existing =
      provider && providerPaymentId && (await findProviderPayment(tx, provider, providerPaymentId));
    if (!existing) throw new Error('payment not written');
    return answerExisting(tx, order, existing);
  }
  const after: PaymentTotals = { paid: totals.paid + row.amount, refunded: totals.refunded };
  const version = await setPaymentStatus(tx, orderId, paymentStatusOf(order.total, after));
  const amount = formatMoney(row.amount, order.currency, 'en');
  const method = methodInSentence(input.method);
  await recordBankTransaction(tx, {
    accountId: account.id,
    kind: 'deposit',
    amount: row.amount,
    currency: order.currency,
    description: `Payment for order ${label} (${method})`,
    source: { kind: 'payment', id: row.id },
    createdBy: actor?.id ?? null,
  });
  await recordAudit(tx, actor, {
    area: 'payments',
    action: 'payment.recorded',
    summary: `Took ${amount} by ${method} for order ${label}${row.change > 0 ? ` (change ${formatMoney(row.change, order.currency, 'en')})` : ''}`,
    targetType: 'payment',
    targetId: row.id,
    after: {
      orderId,
      method: row.method,
      amount: row.amount,
      tendered: row.tendered,
      change: row.change,
      reference: row.reference,
      accountId: account.id,
      ...(provider ? { provider, providerPaymentId } : {}),
    },
  });
  const payment = presentPayment(row, [], {
    people: new Map(actor ? [[actor.id, actor.name]] : []),
    accounts: new Map([[account.id, account.name]]),
  });
  return { payment, order: orderMoney(order, after, version), created: true };
}

async function answerExisting(tx: Tx, order: OrderForPayment, row: PaymentRow): Promise<RecordedPayment> {
  const [payment] = await presentPayments(tx, [row]);
  if (!payment) throw new Error('payment not presented');
  return {
    payment,
    order: orderMoney(order, await orderPaymentTotals(tx, order.id), order.version),
    created: false,
  };
}

import type { CheckoutOutcome, PaymentPage } from '../../../../shared/contracts/payments';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../../../shared/payment-methods';
import { ORDER_TYPE_LABELS } from '../../../../shared/pricing';

/**
 * What `/payment/[orderId]` says, as pure functions: the totals as a bill reads them, how a
 * guest reads a payment's method, what the return from the hosted checkout came to, and which ways to
 * pay the page offers. Zod-free: only types come from the contracts.
 */

type PageOrder = PaymentPage['order'];

/** A payment's method as the guest reads it: the back office's labels, "Paid online" for online. */
export const GUEST_METHOD_LABELS: Record<PaymentMethod, string> = {
  ...PAYMENT_METHOD_LABELS,
  online: 'Paid online',
};

export function orderTypeLabel(type: string): string {
  return (ORDER_TYPE_LABELS as Record<string, string>)[type] ?? type;
}

export interface TotalRow {
  label: string;
  value: string;
  emphasis?: 'total' | 'due';
}

/** Subtotal, discount, service charge, tax, delivery fee, total; then what is paid and still due. */
export function totalRows(order: PageOrder, money: (minor: number) => string): TotalRow[] {
  const rows: TotalRow[] = [{ label: 'Subtotal', value: money(order.subtotal) }];
  if (order.discount !== 0) rows.push({ label: 'Discount', value: `−${money(order.discount)}` });
  if (order.serviceCharge !== 0) rows.push({ label: 'Service charge', value: money(order.serviceCharge) });
  if (order.tax !== 0)
    rows.push({ label: order.taxInclusive ? 'Tax (incl.)' : 'Tax', value: money(order.tax) });
  if (order.deliveryFee !== 0) rows.push({ label: 'Delivery fee', value: money(order.deliveryFee) });
  rows.push({ label: 'Total', value: money(order.total), emphasis: 'total' });
  if (order.amountPaid !== 0) rows.push({ label: 'Paid', value: `−${money(order.amountPaid)}` });
  if (order.amountRefunded !== 0) rows.push({ label: 'Refunded', value: money(order.amountRefunded) });
  rows.push({ label: 'Amount due', value: money(order.amountDue), emphasis: 'due' });
  return rows;
}

/** Where the order stands for paying: nothing to pay (closed), paid in full, or money due. */
export type PayState = 'closed' | 'paid' | 'due';

export function payStateOf(order: Pick<PageOrder, 'status' | 'amountDue'>): PayState {
  if (order.status === 'rejected' || order.status === 'cancelled') return 'closed';
  return order.amountDue > 0 ? 'due' : 'paid';
}

/**
 * Where the guest pays in person: a dine-in guest at their table (staff bring the bill, as in any
 * restaurant with table service), everyone else at the counter.
 */
export function inPersonPlace(order: Pick<PageOrder, 'type'>): 'table' | 'door' | 'counter' {
  if (order.type === 'dine-in') return 'table';
  return order.type === 'delivery' ? 'door' : 'counter';
}

/** What a dine-in guest is told: ask for the bill, and pay where they sit. */
export function atTableText(table: string | null): string {
  const where = table ? `table ${table}` : 'your table';
  return `Ask a member of staff for the bill. They bring it to ${where}, and you can pay there by cash, card or QR.`;
}

export interface OutcomeNotice {
  tone: 'success' | 'info' | 'warning';
  title: string;
  text: string;
}

/** What the page says when the guest comes back from the hosted checkout. */
export function outcomeNotice(outcome: CheckoutOutcome, orderLabel: string): OutcomeNotice {
  switch (outcome) {
    case 'paid':
      return {
        tone: 'success',
        title: 'Payment received. Thank you!',
        text: `Your online payment is recorded on order ${orderLabel}.`,
      };
    case 'processing':
      return {
        tone: 'info',
        title: 'Your payment is being processed',
        text: 'It has not reached the restaurant yet. This page shows it once it has; there is no need to pay again.',
      };
    case 'unpaid':
      return {
        tone: 'info',
        title: 'The payment was not completed',
        text: 'Nothing was charged. You can try again whenever you are ready.',
      };
    case 'expired':
      return {
        tone: 'info',
        title: 'The payment page timed out',
        text: 'Nothing was charged. Start again whenever you are ready.',
      };
    case 'refunded':
      return {
        tone: 'warning',
        title: 'Your payment was refunded',
        text:
          'The order could no longer take it (it was cancelled or paid in the meantime), so the full ' +
          'amount goes back to your card. Refunds can take a few days to show on your statement.',
      };
    case 'not-recorded':
      return {
        tone: 'warning',
        title: 'We could not record your payment',
        text:
          'Your payment went through, but we could not record it on the order yet. Please show this ' +
          `page and order ${orderLabel} to the staff, so they can check it.`,
      };
  }
}

/** The page's address without the checkout's id, once the return has been confirmed. */
export function withoutSessionId(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('session_id');
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

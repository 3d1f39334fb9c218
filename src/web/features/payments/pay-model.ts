import type { OrderPayments, OrderWithPayments, PaymentMethod } from '../../../shared/contracts/payments';
import { currencyDigits, inputToMinor } from '../../../shared/money';
import {
  changeFor,
  type RefundByMethod,
  refundsByMethod,
  refundsOnClose,
  shareOfLines,
  splitEqually,
} from '../../../shared/payment-math';

/**
 * The Pay dialog's rules as pure functions: how much this payment is under each way of
 * splitting the bill, the cash keypad, what is still missing before the payment can be taken. The
 * arithmetic itself is `shared/payment-math.ts`, the same the server checks with.
 */

export const SPLIT_MODES = ['full', 'equal', 'items', 'custom'] as const;
export type SplitMode = (typeof SPLIT_MODES)[number];
export const SPLIT_MODE_LABELS: Record<SplitMode, string> = {
  full: 'Full',
  equal: 'Equally',
  items: 'By item',
  custom: 'Amount',
};

export const MIN_SPLIT_PARTS = 2;
export const MAX_SPLIT_PARTS = 10;

/** How the bill is being split, kept while the dialog is open (across the payments it takes). */
export interface SplitState {
  mode: SplitMode;
  /** Equal parts (2–10). */
  parts: number;
  /** Equal parts already taken in this dialog. */
  partsPaid: number;
  /** Lines ticked for this payment (split by items). */
  chosenLines: readonly string[];
  /** Lines paid for by earlier payments of this dialog (split by items). */
  paidLines: readonly string[];
  /** The amount typed (custom amount). */
  custom: string;
}

export const INITIAL_SPLIT: SplitState = {
  mode: 'full',
  parts: 2,
  partsPaid: 0,
  chosenLines: [],
  paidLines: [],
  custom: '',
};

type OrderMoney = Pick<OrderWithPayments, 'total' | 'subtotal' | 'amountDue' | 'lines' | 'currency'>;

export type SplitAmount =
  | { ok: true; amount: number; part?: { index: number; of: number } }
  | { ok: false; problem: string };

export function clampParts(parts: number): number {
  if (!Number.isFinite(parts)) return MIN_SPLIT_PARTS;
  return Math.min(MAX_SPLIT_PARTS, Math.max(MIN_SPLIT_PARTS, Math.round(parts)));
}

/** The lines a guest pays for: a voided or comped line is not charged. */
export function billedLines<Line extends { voided: boolean; comped: boolean }>(
  lines: readonly Line[],
): Line[] {
  return lines.filter((line) => !line.voided && !line.comped);
}

/**
 * This payment's amount under the chosen split, never more than is due:
 * - full: the amount due;
 * - equally in N: the next of the near-equal parts of what is due over the parts still to pay
 *   ($10.00 in 3: $3.34, then $3.33, $3.33), the last part exactly what is left;
 * - by items: the ticked lines' share of the total (`shareOfLines`), or all that is due once every
 *   line not yet paid is ticked, so rounding never leaves a cent behind;
 * - custom: the typed amount.
 */
export function splitAmount(
  order: OrderMoney,
  split: SplitState,
  format: (minor: number) => string,
): SplitAmount {
  const due = order.amountDue;
  if (due <= 0) return { ok: false, problem: 'Nothing is due on this order.' };
  switch (split.mode) {
    case 'full':
      return { ok: true, amount: due };
    case 'equal': {
      const parts = clampParts(split.parts);
      const left = Math.max(1, parts - split.partsPaid);
      const index = Math.min(parts, split.partsPaid + 1);
      return { ok: true, amount: splitEqually(due, left)[0] ?? due, part: { index, of: parts } };
    }
    case 'items': {
      const open = billedLines(order.lines).filter((line) => !split.paidLines.includes(line.id));
      const chosen = open.filter((line) => split.chosenLines.includes(line.id));
      if (chosen.length === 0) return { ok: false, problem: 'Tick the items this guest pays for.' };
      if (chosen.length === open.length) return { ok: true, amount: due };
      const chosenTotal = chosen.reduce((sum, line) => sum + line.lineTotal, 0);
      const share = shareOfLines(order.total, order.subtotal, chosenTotal);
      if (share <= 0) return { ok: false, problem: 'The ticked items cost nothing: tick others.' };
      return { ok: true, amount: Math.min(due, share) };
    }
    case 'custom': {
      if (split.custom.trim() === '') return { ok: false, problem: 'Enter the amount of this payment.' };
      const amount = inputToMinor(split.custom, order.currency);
      if (amount === null || amount <= 0) {
        return { ok: false, problem: 'Enter an amount above 0, such as 12.50.' };
      }
      if (amount > due) {
        return { ok: false, problem: `The amount due is ${format(due)}: enter at most that.` };
      }
      return { ok: true, amount };
    }
  }
}

/** What the dialog remembers of the split after a payment of it went through. */
export function afterPayment(split: SplitState): SplitState {
  switch (split.mode) {
    case 'equal':
      return { ...split, partsPaid: split.partsPaid + 1 };
    case 'items':
      return { ...split, paidLines: [...split.paidLines, ...split.chosenLines], chosenLines: [] };
    case 'custom':
      return { ...split, custom: '' };
    default:
      return split;
  }
}

export const KEYPAD_KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '.', '0', 'back'] as const;
export type KeypadKey = (typeof KEYPAD_KEYS)[number];

/** Longest amount the keypad takes (digits and point): far above any cash handed over. */
const MAX_KEYPAD_TEXT = 10;

/**
 * The cash keypad: a digit is added at the end, "." once (not for a currency without minor units),
 * at most the currency's decimals after it, "back" removes the last character. Leading zeros go.
 */
export function pressKey(text: string, key: KeypadKey, currency: string): string {
  const digits = currencyDigits(currency);
  if (key === 'back') return text.slice(0, -1);
  if (key === '.') {
    if (digits === 0 || text.includes('.')) return text;
    return text === '' ? '0.' : `${text}.`;
  }
  if (text.length >= MAX_KEYPAD_TEXT) return text;
  const point = text.indexOf('.');
  if (point >= 0 && text.length - point - 1 >= digits) return text;
  if (text === '0') return key;
  return text + key;
}

export type Tendered = { ok: true; tendered: number; change: number } | { ok: false; problem: string };

/**
 * The cash handed over: none typed is the exact amount; less than the amount cannot be taken.
 */
export function readTendered(
  text: string,
  amount: number,
  currency: string,
  format: (minor: number) => string,
): Tendered {
  if (text === '') return { ok: true, tendered: amount, change: 0 };
  const tendered = inputToMinor(text, currency);
  if (tendered === null) return { ok: false, problem: 'Enter the cash handed over, such as 20.' };
  if (tendered < amount) {
    return { ok: false, problem: `The cash handed over is less than ${format(amount)}.` };
  }
  return { ok: true, tendered, change: changeFor(amount, tendered) };
}

/** A method's reference ("Card slip 4411"): asked for card, QR and bank transfer payments. */
export function takesReference(method: string): boolean {
  return method === 'card' || method === 'qr' || method === 'bank-transfer';
}

/**
 * Whether an order carries its money (`GET /api/orders/{id}` does; the answer of placing an order
 * may not): the payment screens wait for the order's own read otherwise.
 */
export function hasPayments<T extends object>(order: T): order is T & OrderPayments {
  return 'amountDue' in order && 'payments' in order && 'paymentLink' in order;
}

/** What cancelling or rejecting an order gives back: the amount, and that amount by payment method. */
export interface RefundOnMove {
  amount: number;
  refunds: RefundByMethod<PaymentMethod>[];
}

/**
 * What cancelling or rejecting this order would give back, from its payments, counted as the server
 * refunds it (`refundsOnClose`: what remains of each payment); null when nothing is kept.
 */
export function refundOnMove(order: Pick<OrderPayments, 'payments'>): RefundOnMove | null {
  const refunds = refundsOnClose(order.payments);
  const amount = refunds.reduce((sum, refund) => sum + refund.amount, 0);
  return amount > 0 ? { amount, refunds: refundsByMethod(refunds) } : null;
}

/** Whether a payment can be taken now: something is due and the order was not rejected or cancelled. */
export function mayTakePayment(order: Pick<OrderWithPayments, 'amountDue' | 'status'>): boolean {
  return order.amountDue > 0 && order.status !== 'rejected' && order.status !== 'cancelled';
}

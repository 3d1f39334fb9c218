import type { OrderType } from './pricing';

/**
 * The order status flow (docs/PRODUCT-RULES.md, Orders) as one table, read by the server (which enforces it
 * with the policies) and by the screens (which offer only the moves the table allows). Who may make
 * a move is not decided here: each move names the policy action (`src/server/policies`) that decides
 * it, so the rule "only a manager cancels a paid order" lives in one place.
 */

export const ORDER_STATUSES = [
  'pending',
  'confirmed',
  'preparing',
  'ready',
  'out-for-delivery',
  'completed',
  'rejected',
  'cancelled',
  // Merged into another check (its lines and amounts went there): no move leaves it.
  'merged',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  preparing: 'Preparing',
  ready: 'Ready',
  'out-for-delivery': 'Out for delivery',
  completed: 'Completed',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
  merged: 'Merged',
};

/**
 * The statuses of an open check: staff add rounds to it, a manager voids or comps its lines, and it
 * moves, merges and splits. A pending request is accepted first; a completed, cancelled, rejected or
 * merged order is closed; an order out for delivery has left.
 */
export const OPEN_CHECK_STATUSES = [
  'confirmed',
  'preparing',
  'ready',
] as const satisfies readonly OrderStatus[];
export type OpenCheckStatus = (typeof OPEN_CHECK_STATUSES)[number];
export function isOpenCheck(status: OrderStatus): status is OpenCheckStatus {
  return (OPEN_CHECK_STATUSES as readonly OrderStatus[]).includes(status);
}

/** How long a status move of the kitchen board can be taken back (recalled), in seconds. */
export const RECALL_WINDOW_SECONDS = 120;

/** An order's payment status follows from its payments and refunds (`shared/payment-math.ts`). */
export const PAYMENT_STATUSES = [
  'unpaid',
  'partially-paid',
  'paid',
  'partially-refunded',
  'refunded',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  unpaid: 'Unpaid',
  'partially-paid': 'Partly paid',
  paid: 'Paid',
  'partially-refunded': 'Partly refunded',
  refunded: 'Refunded',
};

/**
 * Cancelling a confirmed order is for "staff if unpaid, manager otherwise": any payment ever taken, even one
 * since refunded, makes cancelling a confirmed order a manager's decision.
 */
export function isUnpaid(paymentStatus: PaymentStatus): boolean {
  return paymentStatus === 'unpaid';
}

/** The policy actions that decide who may make a move (declared in src/server/policies). */
export type OrderMoveAction =
  | 'order.accept'
  | 'order.advance'
  | 'order.cancel.pending'
  | 'order.cancel'
  | 'order.cancel.paid';

export interface StatusMove {
  from: OrderStatus;
  to: OrderStatus;
  action: OrderMoveAction;
  /** Whether the move takes a reason (shown to the customer for a rejection). */
  reason: 'required' | 'optional' | 'none';
  /** The move exists only for this order type. */
  onlyFor?: OrderType;
  /** The move exists only while the order is unpaid, or only once a payment was taken. */
  payment?: 'unpaid' | 'paid';
}

/** The status flow, row by row. Anything not here is refused with a 409 naming what is allowed. */
export const STATUS_MOVES: readonly StatusMove[] = [
  { from: 'pending', to: 'confirmed', action: 'order.accept', reason: 'none' },
  { from: 'pending', to: 'rejected', action: 'order.accept', reason: 'required' },
  { from: 'pending', to: 'cancelled', action: 'order.cancel.pending', reason: 'optional' },
  { from: 'confirmed', to: 'preparing', action: 'order.advance', reason: 'none' },
  { from: 'confirmed', to: 'cancelled', action: 'order.cancel', reason: 'required', payment: 'unpaid' },
  { from: 'confirmed', to: 'cancelled', action: 'order.cancel.paid', reason: 'required', payment: 'paid' },
  { from: 'preparing', to: 'ready', action: 'order.advance', reason: 'none' },
  { from: 'preparing', to: 'cancelled', action: 'order.cancel.paid', reason: 'required' },
  { from: 'ready', to: 'out-for-delivery', action: 'order.advance', reason: 'none', onlyFor: 'delivery' },
  { from: 'ready', to: 'completed', action: 'order.advance', reason: 'none' },
  { from: 'out-for-delivery', to: 'completed', action: 'order.advance', reason: 'none' },
];

/** What the table looks at. */
export interface OrderState {
  status: OrderStatus;
  type: OrderType;
  paymentStatus: PaymentStatus;
}

function applies(move: StatusMove, order: OrderState): boolean {
  if (move.from !== order.status) return false;
  if (move.onlyFor && move.onlyFor !== order.type) return false;
  if (move.payment === 'paid' && isUnpaid(order.paymentStatus)) return false;
  if (move.payment === 'unpaid' && !isUnpaid(order.paymentStatus)) return false;
  return true;
}

/** The moves the table allows from the order's state, whoever asks. */
export function movesFrom(order: OrderState): StatusMove[] {
  return STATUS_MOVES.filter((move) => applies(move, order));
}

/** The move to `to`, or undefined when the table does not allow it from the order's state. */
export function findMove(order: OrderState, to: OrderStatus): StatusMove | undefined {
  return movesFrom(order).find((move) => move.to === to);
}

/** A status no move leaves. */
export function isFinalStatus(status: OrderStatus): boolean {
  return !STATUS_MOVES.some((move) => move.from === status);
}

/**
 * Whether the move from `from` to `to` is one of the board's steps forward (`order.advance`), the
 * only moves a recall takes back: cancelling and rejecting move money and are not undone so.
 */
export function isAdvance(from: OrderStatus, to: OrderStatus): boolean {
  return STATUS_MOVES.some((move) => move.from === from && move.to === to && move.action === 'order.advance');
}

/**
 * The one-tap move of the kitchen board: confirmed → preparing → ready → (out for delivery for a
 * delivery) → completed; undefined for a status the board does not move on.
 */
export function nextStatus(order: OrderState): OrderStatus | undefined {
  return movesFrom(order).find((move) => move.action === 'order.advance')?.to;
}

/** The 409's message for a move the table does not allow. */
export function refusedMoveMessage(order: OrderState, to: OrderStatus): string {
  const allowed = [...new Set(movesFrom(order).map((move) => ORDER_STATUS_LABELS[move.to].toLowerCase()))];
  const from = ORDER_STATUS_LABELS[order.status].toLowerCase();
  const wanted = ORDER_STATUS_LABELS[to].toLowerCase();
  return allowed.length === 0
    ? `A ${from} order cannot change any more.`
    : `A ${from} order cannot become ${wanted}; it can become ${joinOr(allowed)}.`;
}

function joinOr(words: string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
}

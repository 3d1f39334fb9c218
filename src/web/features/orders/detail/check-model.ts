import { type CheckAmounts, lineTotalFor, splitAmounts } from '../../../../shared/check-math';
import {
  COMP_REASONS,
  type LineVoidKind,
  type Order,
  type OrderLine,
  type OrderStatusChange,
  VOID_REASONS,
} from '../../../../shared/contracts/orders';
import { isOpenCheck, ORDER_STATUS_LABELS } from '../../../../shared/order-status';

/**
 * The open check on the order page, without React: which lines still count, the rounds they were sent
 * in, the history in words, which other checks may join this one, and what a split would leave on
 * each check.
 */

/** A line that is neither voided nor comped: it is charged and may be voided, comped or split off. */
export function isCounted(line: Pick<OrderLine, 'voided' | 'comped'>): boolean {
  return !line.voided && !line.comped;
}

/** Whether the order is an open check (confirmed, preparing or ready), which staff may change. */
export function isOpenOrder(order: Pick<Order, 'status'>): boolean {
  return isOpenCheck(order.status);
}

export interface Round<Line> {
  round: number;
  /** When the round went to the kitchen (its first line's `sentAt`). */
  sentAt: string;
  lines: Line[];
}

/** The lines by the round they were sent in, rounds in order, each round's lines as the order lists them. */
export function roundsOf<Line extends Pick<OrderLine, 'round' | 'sentAt'>>(
  lines: readonly Line[],
): Round<Line>[] {
  const rounds = new Map<number, Round<Line>>();
  for (const line of lines) {
    const found = rounds.get(line.round);
    if (found) found.lines.push(line);
    else rounds.set(line.round, { round: line.round, sentAt: line.sentAt, lines: [line] });
  }
  return [...rounds.values()].sort((a, b) => a.round - b.round);
}

/** The preset reasons offered for a void or a comp (any other may be typed). */
export function presetReasons(kind: LineVoidKind): readonly string[] {
  return kind === 'void' ? VOID_REASONS : COMP_REASONS;
}

/**
 * One entry of the order's history in words: a status reached by its name; a round, a move, a merge
 * or a split by what the server wrote of it ("Round 2 · 1 item", "Moved from T1 to T4", "Merged
 * into #1042"); a void or comp with what and why ("Voided 1 × Latte — Entered by mistake").
 */
export function historyTitle(
  entry: Pick<OrderStatusChange, 'kind' | 'status' | 'detail' | 'reason'>,
): string {
  const detail = entry.detail ?? '';
  const why = entry.reason ? ` — ${entry.reason}` : '';
  switch (entry.kind) {
    case 'status':
      return ORDER_STATUS_LABELS[entry.status];
    case 'void':
      return `Voided ${detail}${why}`;
    case 'comp':
      return `Comped ${detail}${why}`;
    case 'recall':
      return detail ? `Recalled: ${detail.charAt(0).toLowerCase()}${detail.slice(1)}` : 'Recalled';
    default:
      return detail || ORDER_STATUS_LABELS[entry.status];
  }
}

/** Whether the entry's reason is said in its title already (voids and comps), not again under it. */
export function reasonInTitle(entry: Pick<OrderStatusChange, 'kind'>): boolean {
  return entry.kind === 'void' || entry.kind === 'comp';
}

export interface MergeCandidate {
  order: Order;
  /** Why it cannot join this check (the server refuses these), or null when it can. */
  refusal: string | null;
}

/**
 * The other open checks at this order's table, oldest first, each with why it cannot join (a check
 * that took money or has a discount, or of another type or currency, is refused by the server).
 */
export function mergeCandidates(order: Order, openOrders: readonly Order[]): MergeCandidate[] {
  if (!order.table) return [];
  const tableId = order.table.id;
  return openOrders
    .filter((other) => other.id !== order.id && other.table?.id === tableId && isOpenOrder(other))
    .sort((a, b) => a.number - b.number)
    .map((other) => {
      let refusal: string | null = null;
      if (other.type !== order.type) refusal = 'Another order type';
      else if (other.currency.trim() !== order.currency.trim()) refusal = 'Another currency';
      else if (other.paymentStatus !== 'unpaid') refusal = 'Has taken a payment';
      else if (other.discount > 0 || other.couponCode) refusal = 'Has a discount';
      return { order: other, refusal };
    });
}

/** How many items (the quantities of the counted lines) a check holds. */
export function itemCount(lines: readonly Pick<OrderLine, 'quantity' | 'voided' | 'comped'>[]): number {
  return lines.filter(isCounted).reduce((sum, line) => sum + line.quantity, 0);
}

export const itemsLabel = (count: number) => `${count} item${count === 1 ? '' : 's'}`;

/** The amounts of an order as check-math reads them. */
export function amountsOf(order: Pick<Order, keyof CheckAmounts>): CheckAmounts {
  return {
    subtotal: order.subtotal,
    discount: order.discount,
    serviceCharge: order.serviceCharge,
    tax: order.tax,
    deliveryFee: order.deliveryFee,
    total: order.total,
  };
}

export interface SplitEstimate {
  /** Items going to the new check, and staying. */
  movedItems: number;
  keptItems: number;
  moved: CheckAmounts;
  kept: CheckAmounts;
}

/**
 * What splitting off `chosen` (line id → how many of it) gives each check, as the server computes it
 * (shared/check-math.ts: the new check takes its share of the discount, service charge and tax, the
 * first keeps the rest and the delivery fee); null when nothing is chosen.
 */
export function splitEstimate(order: Order, chosen: ReadonlyMap<string, number>): SplitEstimate | null {
  let movedSubtotal = 0;
  let movedItems = 0;
  for (const line of order.lines) {
    const quantity = chosen.get(line.id);
    if (!quantity || !isCounted(line)) continue;
    const taken = Math.min(quantity, line.quantity);
    movedSubtotal += lineTotalFor(line, taken);
    movedItems += taken;
  }
  if (movedItems === 0) return null;
  const parts = splitAmounts(amountsOf(order), Math.min(movedSubtotal, order.subtotal), order.taxInclusive);
  return { movedItems, keptItems: itemCount(order.lines) - movedItems, ...parts };
}

/** What a check dialog says after the server refused its change as based on an old version. */
export const STALE_CHECK_MESSAGE =
  'Someone else changed this order just before you. The page now shows the saved order: check and try again.';

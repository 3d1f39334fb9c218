import { formatMoney } from '../../../shared/money';
import { describeOpening } from '../../../shared/next-opening';
import type { OpeningHours } from '../../../shared/opening-hours';
import { type ClockMoment, closedNotice, type PickupSlot } from '../../../shared/pickup-times';
import { type OrderTotals, type OrderType, type PricingDiscount, priceOrder } from '../../../shared/pricing';
import type { MoneyFormat } from './cart-format';
import type { CartChange, CartLine } from './cart-store';

/**
 * The guest's checkout on `/` as plain data and pure functions: whether ordering is open
 * (or open for ordering ahead only), what changed in the cart, what is missing before placing, the
 * totals (the shared `priceOrder`, as the server prices the order) and the `POST /api/orders` body.
 * The pickup times are `shared/pickup-times.ts`. Zod-free.
 */

export interface OrderingRestaurant {
  onlineOrdering: boolean;
  openingHours: OpeningHours;
  timeZone: string;
}

/** What the cart and checkout say about ordering now. */
export interface OrderingStatus {
  /** The sentence at the top of the cart and checkout, or null. */
  notice: string | null;
  /** Nothing can be ordered now (online ordering off, or closed with no pickup time in the window). */
  blocked: boolean;
  /**
   * Closed now, yet a takeaway for a pickup time in an opening period can be ordered ahead: only that.
   * `opens` is when the restaurant opens next.
   */
  ahead: { opens: ClockMoment | null } | null;
}

const OPEN: OrderingStatus = { notice: null, blocked: false, ahead: null };

/**
 * What stops or limits a guest's order now, said plainly: online ordering switched off, or the
 * restaurant closed at `now` (in its own time zone), when only a takeaway ordered ahead is taken, if a
 * pickup time falls within the window. `now` is null until the browser's clock is read (never during
 * the server's render): then only the switch is known.
 */
export function orderingStatus(restaurant: OrderingRestaurant, now: Date | null): OrderingStatus {
  if (!restaurant.onlineOrdering) {
    return { notice: 'Online ordering is not available right now.', blocked: true, ahead: null };
  }
  if (!now) return OPEN;
  const closed = closedNotice(restaurant, now);
  if (!closed) return OPEN;
  const { opens, detail } = closed;
  const said = opens ? `We are closed now and open again ${describeOpening(opens)}.` : 'We are closed now.';
  const notice = detail ? `${said} ${detail}` : said;
  return closed.orderAhead
    ? { notice, blocked: false, ahead: { opens } }
    : { notice, blocked: true, ahead: null };
}

/** One change between what the guest added and today's menu, as a sentence for checkout. */
export function changeText(change: CartChange, money: MoneyFormat): string {
  if (change.kind === 'price') {
    const format = (minor: number) => formatMoney(minor, money.currency, money.locale);
    return `${change.name}: ${format(change.before)} → ${format(change.after)} each`;
  }
  switch (change.reason) {
    case 'sold-out':
      return `${change.name} is sold out today and will be left out.`;
    case 'choices':
      return `${change.name} has new choices and will be left out: add it again with today’s choices.`;
    default:
      return `${change.name} is no longer on our menu and will be left out.`;
  }
}

export interface CheckoutPricing {
  taxPercent: number;
  taxInclusive: boolean;
  serviceChargePercent: number;
  deliveryFee: number;
  deliveryMinimum: number;
}

/**
 * The order's totals as the server will compute them, for lines priced at today's menu, with a
 * coupon's discount (`couponDiscount` of its terms; null when none applies).
 */
export function checkoutTotals(
  lines: readonly Pick<CartLine, 'unitPrice' | 'quantity'>[],
  type: OrderType,
  pricing: CheckoutPricing,
  discount: PricingDiscount | null = null,
): OrderTotals {
  return priceOrder({
    type,
    // A line's unit price already holds its options' differences (never below nothing, as the server's).
    lines: lines.map((line) => ({ unitPrice: line.unitPrice, quantity: line.quantity })),
    discount,
    serviceChargePercent: pricing.serviceChargePercent,
    taxPercent: pricing.taxPercent,
    taxInclusive: pricing.taxInclusive,
    deliveryFee: pricing.deliveryFee,
  });
}

/** What the table of the QR link turned out to be. */
export type TableCheck =
  | { status: 'checking' }
  | { status: 'ok'; name: string }
  | { status: 'unknown' }
  | { status: 'archived' }
  | { status: 'failed'; message: string };

/** Why a dine-in order cannot go to this table, or null when it can. */
export function tableProblem(table: string, check: TableCheck): string | null {
  switch (check.status) {
    case 'ok':
      return null;
    case 'checking':
      return `Checking table ${table}…`;
    case 'unknown':
      return `Table ${table} is not one of ours: scan the code on your table again, or choose takeaway.`;
    case 'archived':
      return `Table ${table} is not taking orders at the moment: please ask the staff, or choose takeaway.`;
    default:
      return check.message;
  }
}

export interface CheckoutDetails {
  type: OrderType;
  /** The table of the QR link (dine-in). */
  table: string | null;
  tableCheck: TableCheck;
  /** `asap`, or the ISO instant of a pickup slot (takeaway). */
  pickup: string;
  deliveryAddress: string;
  note: string;
}

/**
 * What is missing before the order can be placed, as the sentence next to the Place button, or null.
 * The first problem wins, in the order a guest would fix them.
 */
export function checkoutProblem({
  lineCount,
  changesPending,
  notice,
  ahead = null,
  details,
  subtotal,
  pricing,
  slots,
  money,
}: {
  lineCount: number;
  changesPending: boolean;
  /** A notice that blocks ordering (`OrderingStatus.blocked`), or null. */
  notice: string | null;
  /** Closed now, ordering ahead only (`OrderingStatus.ahead`). */
  ahead?: OrderingStatus['ahead'];
  details: CheckoutDetails;
  subtotal: number;
  pricing: CheckoutPricing;
  slots: readonly PickupSlot[];
  money: MoneyFormat;
}): string | null {
  if (lineCount === 0) return 'Your cart is empty: add something from the menu first.';
  if (changesPending) return 'Our menu changed since you added these: update your cart to continue.';
  if (notice) return notice;
  if (ahead && details.type !== 'takeaway') {
    // Nobody serves a table or sends a delivery out before opening: only a takeaway waits for its time.
    const kind = details.type === 'dine-in' ? 'dine-in' : 'delivery';
    const when = ahead.opens ? ` again ${describeOpening(ahead.opens)}` : ' once we open';
    return `We are closed now: ${kind} orders are taken${when}. Choose takeaway to order ahead.`;
  }
  if (ahead && details.pickup === 'asap') return 'We are closed now: choose a pickup time to order ahead.';
  if (details.type === 'dine-in') {
    if (!details.table) return 'Scan the code on your table to order to it, or choose takeaway.';
    return tableProblem(details.table, details.tableCheck);
  }
  if (details.type === 'takeaway' && details.pickup !== 'asap') {
    if (!slots.some((slot) => slot.value === details.pickup)) {
      return 'That pickup time has passed: choose another one, or as soon as possible.';
    }
  }
  if (details.type === 'delivery') {
    if (!details.deliveryAddress.trim()) return 'Enter the delivery address.';
    const missing = pricing.deliveryMinimum - subtotal;
    if (missing > 0) {
      const format = (minor: number) => formatMoney(minor, money.currency, money.locale);
      return `Add ${format(missing)} more for delivery: the minimum order is ${format(pricing.deliveryMinimum)}.`;
    }
  }
  return null;
}

/** The `POST /api/orders` body of a guest's order: only what applies to its type, no empty texts. */
export interface GuestOrderBody {
  type: OrderType;
  tableName?: string;
  pickupAt?: string;
  deliveryAddress?: string;
  lines: { menuItemId: string; quantity: number; optionIds?: string[]; note?: string }[];
  note?: string;
  couponCode?: string;
}

export function orderBody(
  lines: readonly Pick<CartLine, 'menuItemId' | 'quantity' | 'optionIds' | 'note'>[],
  details: Pick<CheckoutDetails, 'type' | 'pickup' | 'deliveryAddress' | 'note'> & {
    tableName: string | null;
    /** The applied coupon's code, if any. */
    couponCode?: string | null;
  },
): GuestOrderBody {
  const note = details.note.trim();
  return {
    type: details.type,
    ...(details.type === 'dine-in' && details.tableName ? { tableName: details.tableName } : {}),
    ...(details.type === 'takeaway' && details.pickup !== 'asap' ? { pickupAt: details.pickup } : {}),
    ...(details.type === 'delivery' ? { deliveryAddress: details.deliveryAddress.trim() } : {}),
    lines: lines.map((line) => ({
      menuItemId: line.menuItemId,
      quantity: line.quantity,
      ...(line.optionIds.length > 0 ? { optionIds: [...line.optionIds] } : {}),
      ...(line.note.trim() ? { note: line.note.trim() } : {}),
    })),
    ...(note ? { note } : {}),
    ...(details.couponCode ? { couponCode: details.couponCode } : {}),
  };
}

/**
 * A fresh `Idempotency-Key` (a version 4 UUID). `crypto.randomUUID` exists only on secure pages (https,
 * localhost); a plain-http address of the restaurant's network gets one from `crypto.getRandomValues`.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

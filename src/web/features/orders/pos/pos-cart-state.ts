import type { Order, PointOfSale, PointOfSaleItem } from '../../../../shared/contracts/orders';
import { type AppliedCoupon, couponPricing } from '../../coupons';
import {
  addToCart,
  type CartLine,
  cartSubtotal,
  cartTotals,
  type DiscountDraft,
  detailsProblem,
  EMPTY_DETAILS,
  type OrderDetails,
  readDiscount,
} from './cart';
import { type DraftSlot, type PosDraft, type PosDrafts, slotOf } from './pos-drafts';

/**
 * The point of sale's cart as one state and a reducer (`usePosCart` holds it): the lines, the order's
 * type, table, customer and partner, the manual discount as typed, the applied coupon, the server's
 * refusal of the last "Place order" and the order just placed. A cart is a new order, or a round for
 * an open check of its table (`check`): then only its lines are sent. Every change of what would be
 * sent clears the refusal, since it was about another cart. Pure, so it is tested without React.
 */

/**
 * The server's refusal of the cart; `onCoupon`: it was about the coupon (shown on the coupon too);
 * `checkClosed`: the check the round was for takes no more rounds (a new check is offered instead).
 */
export interface CartRefusal {
  message: string;
  onCoupon: boolean;
  checkClosed?: boolean;
}

export interface PosCartState {
  lines: CartLine[];
  details: OrderDetails;
  discountDraft: DiscountDraft;
  coupon: AppliedCoupon | null;
  /** Why the last coupon check failed (shown on the coupon field). */
  couponError: string | null;
  refusal: CartRefusal | null;
  /** The order just placed, or the check a round was just sent to, shown at the top until "New order". */
  placed: Order | null;
  /** The round just sent to `placed`, or null when `placed` is a new order. */
  placedRound: number | null;
  /** The open check (its order id) the cart is a round for, or null: the cart is a new order. */
  check: string | null;
  /** At a table with open checks, "New check" was chosen: the offer to add to one is put away. */
  newCheck: boolean;
  /** How many lines were ever made: the next line's key is `line-<lineCount + 1>`. */
  lineCount: number;
}

export const EMPTY_DISCOUNT: DiscountDraft = { kind: 'percent', value: '', reason: '' };

export const EMPTY_POS_CART: PosCartState = {
  lines: [],
  details: EMPTY_DETAILS,
  discountDraft: EMPTY_DISCOUNT,
  coupon: null,
  couponError: null,
  refusal: null,
  placed: null,
  placedRound: null,
  check: null,
  newCheck: false,
  lineCount: 0,
};

export type PosCartAction =
  | {
      type: 'add';
      item: PointOfSaleItem;
      optionIds?: string[];
      quantity?: number;
      note?: string;
    }
  | { type: 'change-line'; key: string; patch: Partial<Pick<CartLine, 'quantity' | 'note'>> }
  | { type: 'remove-line'; key: string }
  | { type: 'change-details'; patch: Partial<OrderDetails> }
  | { type: 'change-discount'; patch: Partial<DiscountDraft> }
  | { type: 'coupon-checking' }
  | { type: 'coupon-applied'; coupon: AppliedCoupon }
  | { type: 'coupon-refused'; message: string }
  | { type: 'coupon-removed' }
  | { type: 'coupon-edited' }
  | { type: 'placing' }
  | { type: 'refused'; refusal: CartRefusal }
  | { type: 'placed'; order: Order }
  | { type: 'choose-check'; check: string }
  | { type: 'new-check' }
  | { type: 'show-checks' }
  | { type: 'round-sent'; order: Order; round: number }
  | { type: 'restore'; cart: DraftCart }
  | { type: 'discard' }
  | { type: 'new-order' };

export function posCartReducer(state: PosCartState, action: PosCartAction): PosCartState {
  switch (action.type) {
    case 'add': {
      let lineCount = state.lineCount;
      const lines = addToCart(
        state.lines,
        { item: action.item, optionIds: action.optionIds, quantity: action.quantity, note: action.note },
        () => `line-${++lineCount}`,
      );
      return { ...state, lines, lineCount, refusal: null };
    }
    case 'change-line':
      return {
        ...state,
        lines: state.lines.map((line) => (line.key === action.key ? { ...line, ...action.patch } : line)),
        refusal: null,
      };
    case 'remove-line':
      return { ...state, lines: state.lines.filter((line) => line.key !== action.key), refusal: null };
    case 'change-details':
      return { ...state, details: { ...state.details, ...action.patch }, refusal: null };
    case 'change-discount':
      return { ...state, discountDraft: { ...state.discountDraft, ...action.patch } };
    case 'coupon-checking':
    case 'coupon-edited':
      return { ...state, couponError: null };
    case 'coupon-applied':
      return { ...state, coupon: action.coupon, refusal: null };
    case 'coupon-refused':
      return { ...state, couponError: action.message };
    case 'coupon-removed':
      return { ...state, coupon: null, couponError: null, refusal: null };
    case 'placing':
      return { ...state, refusal: null };
    case 'refused':
      return { ...state, refusal: action.refusal };
    case 'placed':
      // A new cart for the next order: the order type stays (a till keeps taking the same kind).
      return {
        ...EMPTY_POS_CART,
        details: { ...EMPTY_DETAILS, type: state.details.type },
        placed: action.order,
        lineCount: state.lineCount,
      };
    case 'round-sent':
      // As after placing: the next cart starts empty, a new order of the same type.
      return {
        ...EMPTY_POS_CART,
        details: { ...EMPTY_DETAILS, type: state.details.type },
        placed: action.order,
        placedRound: action.round,
        lineCount: state.lineCount,
      };
    case 'choose-check':
      // The cart's lines become the round; what only a new order takes (customer, discount, coupon)
      // stays as typed, in case the waiter goes back to a new check.
      return { ...state, check: action.check, newCheck: false, refusal: null };
    case 'new-check':
      return { ...state, check: null, newCheck: true, refusal: null };
    case 'show-checks':
      return { ...state, newCheck: false };
    case 'restore':
      return { ...state, ...action.cart, couponError: null, refusal: null };
    case 'discard':
      // The cart starts again at the same table (or the counter), with the same order type.
      return {
        ...state,
        ...blankCart({ type: state.details.type, tableId: state.details.tableId }),
        lineCount: state.lineCount,
        couponError: null,
        refusal: null,
      };
    case 'new-order':
      return { ...state, placed: null, placedRound: null };
  }
}

/** What of the cart is kept as a draft on the device: what was chosen and typed. */
export type DraftCart = Pick<
  PosCartState,
  'lines' | 'details' | 'discountDraft' | 'coupon' | 'lineCount' | 'check' | 'newCheck'
>;

/** An empty cart of this order type at this table. */
function blankCart(slotDetails: Pick<OrderDetails, 'type' | 'tableId'>): DraftCart {
  return {
    lines: [],
    details: { ...EMPTY_DETAILS, type: slotDetails.type, tableId: slotDetails.tableId },
    discountDraft: EMPTY_DISCOUNT,
    coupon: null,
    lineCount: 0,
    check: null,
    newCheck: false,
  };
}

/**
 * Whether the cart holds nothing but its order type and table: nothing to keep as a draft (and a
 * table whose cart is blank shows no draft). A round chosen for a check is kept, even before its
 * first item.
 */
export function isBlankCart(
  cart: Pick<PosCartState, 'lines' | 'details' | 'discountDraft' | 'coupon' | 'check'>,
) {
  const { details, discountDraft } = cart;
  return (
    cart.lines.length === 0 &&
    cart.coupon === null &&
    cart.check === null &&
    [
      discountDraft.value,
      discountDraft.reason,
      details.deliveryAddress,
      details.customerName,
      details.customerPhone,
      details.partnerId,
      details.partnerReference,
      details.note,
    ].every((text) => text.trim() === '')
  );
}

/** The cart as its draft, sent with `key`, changed at `now`. */
export function draftOf(cart: DraftCart, key: CartKey, now: number): PosDraft {
  return {
    savedAt: now,
    lines: cart.lines,
    details: cart.details,
    discountDraft: cart.discountDraft,
    coupon: cart.coupon,
    lineCount: cart.lineCount,
    check: cart.check,
    newCheck: cart.newCheck,
    idempotencyKey: key.key,
    refusedBody: key.refusedBody,
  };
}

/** A draft back as a cart and its key. The next line's key never repeats one the draft holds. */
export function cartOfDraft(draft: PosDraft): { cart: DraftCart; key: CartKey } {
  const highest = Math.max(0, ...draft.lines.map((line) => Number(/^line-(\d+)$/.exec(line.key)?.[1] ?? 0)));
  return {
    cart: {
      lines: draft.lines,
      details: draft.details,
      discountDraft: draft.discountDraft,
      coupon: draft.coupon,
      lineCount: Math.max(draft.lineCount, highest),
      check: draft.check,
      newCheck: draft.newCheck,
    },
    key: { key: draft.idempotencyKey, refusedBody: draft.refusedBody },
  };
}

/** The cart the point of sale opens with: the draft of the slot it showed last, or an empty one. */
export function openingCart(drafts: PosDrafts): { cart: DraftCart; key: CartKey | null } {
  const draft = drafts.drafts[drafts.active];
  return draft ? cartOfDraft(draft) : { cart: blankCart(EMPTY_DETAILS), key: null };
}

/** What changing the order's type or table does to the cart when it changes the draft's slot. */
export interface SlotChange {
  /** The cart to show. */
  cart: DraftCart;
  /** Its key; null: the cart moved along and keeps the key it had. */
  key: CartKey | null;
  /** The slot whose draft is gone because its cart moved along, or null. */
  freed: DraftSlot | null;
}

/**
 * The cart after `patch` when the patch moves it to another slot (another table, or between a table
 * and the counter); null when it stays in its slot. The cart left behind is kept as its slot's draft
 * (the caller keeps it), except that a cart from the counter (items tapped before the table was chosen)
 * moves along to a slot that has no draft of its own, as a new order (`carry: false`: it stays). Else
 * the new slot's draft comes back, or the new slot starts empty: a table's order stays with its table.
 * The order type and table are always the ones just chosen.
 */
export function switchSlot(
  cart: DraftCart,
  patch: Partial<OrderDetails>,
  drafts: PosDrafts['drafts'],
  newKey: () => string,
  { carry = true }: { carry?: boolean } = {},
): SlotChange | null {
  const details = { ...cart.details, ...patch };
  const from = slotOf(cart.details);
  const to = slotOf(details);
  if (from === to) return null;
  const chosen = { type: details.type, tableId: details.tableId };
  const kept = drafts[to];
  if (kept) {
    const restored = cartOfDraft(kept);
    return {
      cart: { ...restored.cart, details: { ...restored.cart.details, ...chosen } },
      key: restored.key,
      freed: null,
    };
  }
  if (from === 'counter' && carry) {
    return { cart: { ...cart, details, check: null, newCheck: false }, key: null, freed: from };
  }
  return { cart: blankCart(chosen), key: { key: newKey(), refusedBody: null }, freed: null };
}

/** What the cart costs now and what stops it from being placed, for one render of the page. */
export interface PosCartPricing {
  discount: ReturnType<typeof readDiscount>;
  couponNow: ReturnType<typeof couponPricing>;
  totals: ReturnType<typeof cartTotals>;
  /** What is missing before the order can be placed (shown beside the button), or null. */
  problem: string | null;
  /** A manual discount is typed (a coupon cannot be applied then). */
  manualDiscountTyped: boolean;
  itemCount: number;
}

/**
 * The cart priced with the menu as it is now (a price changed while the cart was open counts), with
 * a coupon or a manual discount, never both: while a coupon is applied the discount is not read. A
 * round takes neither (the check keeps its own discount): it is its lines with the check's charges.
 */
export function priceCart(
  state: PosCartState,
  pos: Pick<PointOfSale, 'canDiscount' | 'currency' | 'pricing'>,
  itemsById: ReadonlyMap<string, PointOfSaleItem>,
  money: { currency: string; locale: string },
): PosCartPricing {
  const { lines, details, coupon } = state;
  const liveLines = lines.map((line) => ({ ...line, item: itemsById.get(line.item.id) ?? line.item }));
  const itemCount = lines.reduce((sum, line) => sum + line.quantity, 0);
  if (state.check !== null) {
    return {
      discount: { ok: true, discount: null },
      couponNow: couponPricing(null, 0, money),
      totals: cartTotals(liveLines, details.type, pos.pricing, null),
      problem: lines.length === 0 ? 'Add an item to the round.' : null,
      manualDiscountTyped: false,
      itemCount,
    };
  }
  const discount =
    pos.canDiscount && !coupon
      ? readDiscount(state.discountDraft, pos.currency)
      : { ok: true as const, discount: null };
  const couponNow = couponPricing(coupon, cartSubtotal(liveLines, details.type, pos.pricing), money);
  const totals = cartTotals(
    liveLines,
    details.type,
    pos.pricing,
    discount.ok ? discount.discount : null,
    couponNow.discount,
  );
  const problem =
    detailsProblem(lines, details) ??
    (discount.ok ? null : 'Complete the discount, or remove it.') ??
    (couponNow.problem ? `${couponNow.problem} Add to the order, or remove the coupon.` : null);
  return {
    discount,
    couponNow,
    totals,
    problem,
    manualDiscountTyped: pos.canDiscount && !coupon && state.discountDraft.value.trim() !== '',
    itemCount,
  };
}

/** The Idempotency-Key of one cart: kept for retries of the same cart, renewed after success. */
export interface CartKey {
  key: string;
  /** The body the server refused (a 4xx) with this key, or null. */
  refusedBody: string | null;
}

/**
 * The key to send `body` with. A cart changed after the server refused it is another request: it gets
 * its own key. The same cart sent again (a retry after a lost answer) keeps its key, so the server
 * never makes two orders.
 */
export function keyForBody(current: CartKey, body: string, newKey: () => string): CartKey {
  if (current.refusedBody !== null && current.refusedBody !== body)
    return { key: newKey(), refusedBody: null };
  return current;
}

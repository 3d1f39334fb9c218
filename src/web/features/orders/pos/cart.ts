import type {
  OrderInput,
  OrderType,
  PointOfSale,
  PointOfSaleItem,
} from '../../../../shared/contracts/orders';
import { chosenOptions } from '../../../../shared/modifier-choices';
import { inputToMinor } from '../../../../shared/money';
import { clampQuantity } from '../../../../shared/order-limits';
import { type OrderTotals, type PricingDiscount, priceOrder } from '../../../../shared/pricing';

export { choicesProblem, chosenOptions, unitPriceWith } from '../../../../shared/modifier-choices';
export { clampQuantity } from '../../../../shared/order-limits';

/**
 * The point of sale's cart as plain data and pure functions: what a line holds, how lines merge, the
 * modifier rules of a group, the live totals (through `priceOrder`, exactly as the server prices the
 * order) and the `POST /api/orders` body.
 */

export interface CartLine {
  /** Stable for React keys and for changing one line. */
  key: string;
  item: PointOfSaleItem;
  /** In the menu's order of groups and options. */
  optionIds: string[];
  quantity: number;
  note: string;
}

/** The same item with the same options and note: one line whose quantity grows. */
function sameLine(
  line: CartLine,
  item: PointOfSaleItem,
  optionIds: readonly string[],
  note: string,
): boolean {
  if (line.item.id !== item.id || line.note !== note) return false;
  if (line.optionIds.length !== optionIds.length) return false;
  const ids = new Set(line.optionIds);
  return optionIds.every((id) => ids.has(id));
}

/** The cart with `quantity` of `item` added (merged into an equal line, or a new line at the end). */
export function addToCart(
  lines: readonly CartLine[],
  add: { item: PointOfSaleItem; optionIds?: readonly string[]; quantity?: number; note?: string },
  makeKey: () => string,
): CartLine[] {
  const optionIds = chosenOptions(add.item, add.optionIds ?? []).map((option) => option.id);
  const note = (add.note ?? '').trim();
  const quantity = clampQuantity(add.quantity ?? 1);
  const index = lines.findIndex((line) => sameLine(line, add.item, optionIds, note));
  if (index >= 0) {
    return lines.map((line, at) =>
      at === index ? { ...line, quantity: clampQuantity(line.quantity + quantity) } : line,
    );
  }
  return [...lines, { key: makeKey(), item: add.item, optionIds, quantity, note }];
}

/** A manual discount as typed: a percentage (`12.5`) or an amount (`2.50`), with its reason. */
export interface DiscountDraft {
  kind: 'percent' | 'amount';
  value: string;
  reason: string;
}

export type DiscountResult =
  | { ok: true; discount: { kind: 'percent' | 'amount'; value: number; reason: string } | null }
  | { ok: false; valueError: string | null; reasonError: string | null };

/** Checks a typed discount: none when the value is empty; else a valid value and a reason. */
export function readDiscount(draft: DiscountDraft, currency: string): DiscountResult {
  const text = draft.value.trim();
  if (text === '') return { ok: true, discount: null };
  let value: number | null = null;
  let valueError: string | null = null;
  if (draft.kind === 'percent') {
    const match = /^\d{1,3}(?:[.,]\d{1,2})?$/.test(text);
    const percent = match ? Number(text.replace(',', '.')) : Number.NaN;
    if (!match || percent <= 0 || percent > 100) {
      valueError = 'Enter a percentage from 0.01 to 100, such as 10 or 12.5.';
    } else value = percent;
  } else {
    const minor = inputToMinor(text, currency);
    if (minor === null || minor <= 0 || minor > 99_999_999) valueError = 'Enter an amount such as 2.50.';
    else value = minor;
  }
  const reason = draft.reason.trim();
  const reasonError = reason === '' ? 'Enter the reason for the discount.' : null;
  if (value === null || reasonError) return { ok: false, valueError, reasonError };
  return { ok: true, discount: { kind: draft.kind, value, reason } };
}

/** The discount as `priceOrder` takes it. */
export function pricingDiscount(
  discount: { kind: 'percent' | 'amount'; value: number } | null,
): PricingDiscount | null {
  if (!discount) return null;
  return discount.kind === 'percent'
    ? { kind: 'percent', percent: discount.value }
    : { kind: 'amount', amount: discount.value };
}

/**
 * The live totals of the cart, priced as the server will price it: with the manual discount, or with
 * `couponDiscount` (a coupon's, `features/coupons/apply`: null while the cart is below its minimum).
 */
export function cartTotals(
  lines: readonly CartLine[],
  type: OrderType,
  pricing: PointOfSale['pricing'],
  discount: { kind: 'percent' | 'amount'; value: number } | null,
  couponDiscount: PricingDiscount | null = null,
): OrderTotals {
  return priceOrder({
    type,
    lines: lines.map((line) => ({
      unitPrice: line.item.price,
      quantity: line.quantity,
      options: chosenOptions(line.item, line.optionIds),
    })),
    discount: couponDiscount ?? pricingDiscount(discount),
    serviceChargePercent: pricing.serviceChargePercent,
    taxPercent: pricing.taxPercent,
    taxInclusive: pricing.taxInclusive,
    deliveryFee: pricing.deliveryFee,
  });
}

export interface OrderDetails {
  type: OrderType;
  tableId: string;
  deliveryAddress: string;
  customerName: string;
  customerPhone: string;
  partnerId: string;
  partnerReference: string;
  note: string;
}

export const EMPTY_DETAILS: OrderDetails = {
  type: 'dine-in',
  tableId: '',
  deliveryAddress: '',
  customerName: '',
  customerPhone: '',
  partnerId: '',
  partnerReference: '',
  note: '',
};

/** What is missing before the order can be placed (shown beside the button), or null. */
export function detailsProblem(lines: readonly CartLine[], details: OrderDetails): string | null {
  if (lines.length === 0) return 'Add an item to the order.';
  if (details.type === 'dine-in' && !details.tableId) return 'Choose the table.';
  if (details.type === 'delivery' && !details.deliveryAddress.trim()) return 'Enter the delivery address.';
  return null;
}

/** The lines' sum before any discount: what a coupon's minimum and the coupon check compare. */
export function cartSubtotal(lines: readonly CartLine[], type: OrderType, pricing: PointOfSale['pricing']) {
  return cartTotals(lines, type, pricing, null).subtotal;
}

/**
 * The `POST /api/orders` body: only what applies to the order type, no empty texts; a coupon's code
 * or a manual discount, never both.
 */
export function orderInput(
  lines: readonly CartLine[],
  details: OrderDetails,
  discount: OrderInput['discount'] | null,
  couponCode: string | null = null,
): OrderInput {
  const text = (value: string) => value.trim() || undefined;
  return {
    type: details.type,
    tableId: details.type === 'dine-in' ? text(details.tableId) : undefined,
    deliveryAddress: details.type === 'delivery' ? text(details.deliveryAddress) : undefined,
    lines: lines.map((line) => ({
      menuItemId: line.item.id,
      quantity: line.quantity,
      ...(line.optionIds.length > 0 ? { optionIds: line.optionIds } : {}),
      ...(line.note ? { note: line.note } : {}),
    })),
    note: text(details.note),
    customerName: text(details.customerName),
    customerPhone: text(details.customerPhone),
    partnerId: text(details.partnerId),
    partnerReference: details.partnerId ? text(details.partnerReference) : undefined,
    discount: couponCode ? undefined : (discount ?? undefined),
    couponCode: couponCode ?? undefined,
  };
}

/** The menu's items shown for a category (null: all) and a search by name, in the menu's order. */
export function visibleItems(
  categories: PointOfSale['categories'],
  categoryId: string | null,
  search: string,
): PointOfSaleItem[] {
  const words = search.trim().toLocaleLowerCase().split(/\s+/).filter(Boolean);
  return categories
    .filter((category) => words.length > 0 || categoryId === null || category.id === categoryId)
    .flatMap((category) => category.items)
    .filter((item) => {
      const name = item.name.toLocaleLowerCase();
      return words.every((word) => name.includes(word));
    });
}

/**
 * A fresh `Idempotency-Key` (a version 4 UUID). `crypto.randomUUID` exists only on secure pages (https,
 * localhost); a till on a plain-http address of the restaurant's network gets one from
 * `crypto.getRandomValues`, which every page has.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Limits of an order that both the public page and the server need, zod-free so that `/` can use them
 * without loading the validation library (`contracts/orders.ts` re-exports them).
 */

/** Quantity of one line: 1 to 999 (a quantity of 0 or 1,000 is refused, naming the item). */
export const MAX_LINE_QUANTITY = 999;
export const MAX_ORDER_LINES = 100;
export const MAX_LINE_NOTE = 200;
export const MAX_ORDER_NOTE = 500;
export const MAX_REASON = 300;
export const MAX_DELIVERY_ADDRESS = 300;

/** A quantity as a line takes it: a whole number from 1 to 999 (anything else becomes the nearest). */
export function clampQuantity(quantity: number): number {
  return Math.min(MAX_LINE_QUANTITY, Math.max(1, Math.trunc(quantity) || 1));
}

/** `#1042`. */
export function orderNumberLabel(number: number): string {
  return `#${number}`;
}

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

/** The orders calls' paths. */
export const ORDERS_API = {
  orders: '/api/orders',
  /** The point of sale's menu, tables and pricing settings in one answer. */
  pointOfSale: '/api/orders/point-of-sale',
  /** Counts for the navigation badge and the table picker. */
  summary: '/api/orders/summary',
  /** A table of a QR link by its name (public): `GET /api/tables/by-name/{name}`. */
  tableByName: '/api/tables/by-name',
} as const;

/** How far ahead a guest may ask to collect a takeaway, and how soon at the earliest. */
export const PICKUP_MIN_LEAD_MINUTES = 10;
export const PICKUP_MAX_AHEAD_HOURS = 12;

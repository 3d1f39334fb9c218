import { createHash, timingSafeEqual } from 'node:crypto';
import type { Actor } from '../lib/context';
import { notFound } from '../lib/errors';
import { can } from '../policies';

/**
 * The rule of an order's public pages (`/payment/[orderId]`, `/feedback/[orderId]`; issues 13 and 14):
 * the page's policy with the order's customer as the record's owner (`order.read`: the customer or
 * staff; `feedback.create`: the customer only), or whoever holds the order's secret key (the link on
 * the receipt), compared in constant time. Anyone else is told the order does not exist (404), so
 * order ids cannot be probed.
 */

/** Who asks: the signed-in user (or nobody), and the key of the link they followed, if any. */
export interface PageViewer {
  actor: Actor | null;
  key?: string;
}

/** The policies an order's page may be opened under, besides the key. */
export type OrderPageAction = 'order.read' | 'feedback.create';

/** The 404 of an order that does not exist, or is not for this viewer. */
export const notFoundOrder = () => notFound('There is no order with this id.');

/** Compares a given key with the order's in constant time (hashes of equal length). */
export function holdsOrderKey(given: string | undefined, actual: string): boolean {
  if (!given) return false;
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(actual));
}

/** Whether `viewer` may open the page of an order with this customer and key under `action`. */
export function mayOpenOrderPage(
  viewer: PageViewer,
  order: { customerId: string | null; accessKey: string },
  action: OrderPageAction,
): boolean {
  return (
    (viewer.actor !== null && can(viewer.actor, action, { ownerId: order.customerId })) ||
    holdsOrderKey(viewer.key, order.accessKey)
  );
}

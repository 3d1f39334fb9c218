import { createHash, timingSafeEqual } from 'node:crypto';
import type { FeedbackRateRefusal } from '../../shared/contracts/feedback';
import type { Actor } from '../lib/context';
import { notFound } from '../lib/errors';
import { can } from '../policies';

/**
 * The rule of an order's public pages (`/payment/[orderId]`, `/feedback/[orderId]`): who may open
 * them is the page's policy with the order's customer as the record's owner (`order.read`: the
 * customer or staff), or whoever holds the order's secret key (the link on the receipt), compared in
 * constant time. Anyone else is told the order does not exist (404), so order ids cannot be probed.
 * Who may rate the order is narrower (`ratingRefusal`).
 */

/** Who asks: the signed-in user (or nobody), and the key of the link they followed, if any. */
export interface PageViewer {
  actor: Actor | null;
  key?: string;
}

/** The policies an order's page may be opened under, besides the key. */
export type OrderPageAction = 'order.read';

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

/**
 * Who may rate an order. An order with a customer account: that customer, signed in
 * (`feedback.create`), and nobody else: the order's key is handed to every staff member with the
 * order (its payment link) and printed on the receipt, so holding it says nothing about who writes.
 * An order without a customer account (a walk-in guest): whoever holds its key. Null when `viewer`
 * may rate it; otherwise why not.
 */
export function ratingRefusal(
  viewer: PageViewer,
  order: { customerId: string | null; accessKey: string },
): FeedbackRateRefusal | null {
  if (order.customerId !== null) {
    const isCustomer =
      viewer.actor !== null && can(viewer.actor, 'feedback.create', { ownerId: order.customerId });
    return isCustomer ? null : 'customer-only';
  }
  return holdsOrderKey(viewer.key, order.accessKey) ? null : 'link-only';
}

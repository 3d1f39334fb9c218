import {
  type FeedbackInput,
  type FeedbackPage,
  type GivenFeedback,
  LOW_RATING,
} from '../../shared/contracts/feedback';
import { orderNumberLabel } from '../../shared/contracts/orders';
import { lowRatingNotice } from '../../shared/order-notices';
import type { Database } from '../db/client';
import { withTransaction } from '../db/transaction';
import { AppError, conflict } from '../lib/errors';
import { feedbackOfOrder, insertFeedback, presentGivenFeedback } from '../modules/feedback';
import { notify } from '../modules/notifications';
import { type OrderOutline, orderOutlineWithAccessKey } from '../modules/orders';
import { getSettings } from '../modules/settings';
import {
  holdsOrderKey,
  mayOpenOrderPage,
  notFoundOrder,
  type PageViewer,
  ratingRefusal,
} from './order-link-access';

/**
 * `/feedback/[orderId]`: what the page shows and leaving the feedback. Reading: the rule of the
 * order's public pages (use-cases/order-link-access.ts, the payment page's): the order's customer,
 * staff (`order.read`) or whoever holds the order's key. Rating (`ratingRefusal`): the order's
 * customer, signed in, when the order has one; whoever holds the key when it has none.
 */

/** The order's outline and key, if `viewer` may open its feedback page; otherwise a 404. */
async function visibleOrder(db: Database, viewer: PageViewer, orderId: string) {
  const found = await orderOutlineWithAccessKey(db, orderId);
  if (
    !found ||
    !mayOpenOrderPage(
      viewer,
      { customerId: found.outline.customerId, accessKey: found.accessKey },
      'order.read',
    )
  ) {
    throw notFoundOrder();
  }
  return found;
}

/**
 * The order's outline, if `viewer` may rate it. A refused caller who holds the order's key (staff
 * with its link, or the customer's own receipt scanned while signed out) already knows the order
 * exists, so they are told why (403 `customer-only`); for anyone else the order does not exist (404),
 * so order ids cannot be probed: also for staff without the key, who may read the order but not rate
 * it.
 */
async function rateableOutline(db: Database, viewer: PageViewer, orderId: string): Promise<OrderOutline> {
  const found = await orderOutlineWithAccessKey(db, orderId);
  if (!found) throw notFoundOrder();
  const order = { customerId: found.outline.customerId, accessKey: found.accessKey };
  const refusal = ratingRefusal(viewer, order);
  if (refusal === null) return found.outline;
  if (refusal === 'customer-only' && holdsOrderKey(viewer.key, order.accessKey)) {
    throw new AppError(
      403,
      viewer.actor
        ? 'Only the customer who placed this order can rate it.'
        : 'Only the customer who placed this order can rate it. If it is yours, sign in to rate it.',
      { reason: refusal },
    );
  }
  throw notFoundOrder();
}

/** `GET /api/orders/{id}/feedback`: the order (no money, no personal data) and its feedback, if given. */
export async function feedbackPage(db: Database, viewer: PageViewer, orderId: string): Promise<FeedbackPage> {
  const { outline, accessKey } = await visibleOrder(db, viewer, orderId);
  const rateRefusal = ratingRefusal(viewer, { customerId: outline.customerId, accessKey });
  const [given, settings] = await Promise.all([feedbackOfOrder(db, orderId), getSettings(db)]);
  return {
    order: {
      id: outline.id,
      number: outline.number,
      type: outline.type,
      status: outline.status,
      completedAt: outline.completedAt?.toISOString() ?? null,
      createdAt: outline.placedAt.toISOString(),
      lines: outline.lines.map((line) => ({ name: line.name, quantity: line.quantity })),
    },
    restaurantName: settings.name,
    feedback: given ? presentGivenFeedback(given) : null,
    canRate: rateRefusal === null,
    rateRefusal,
  };
}

/**
 * `POST /api/orders/{id}/feedback`: rates a completed order, once, keeping who wrote it (the
 * signed-in account, or none). Not completed: 409 `not-completed`; rated already (also by a request
 * at the same moment): 409 `already-given`. An overall rating of LOW_RATING or less tells the
 * administrators, in the same transaction.
 */
export async function leaveFeedback(
  db: Database,
  viewer: PageViewer,
  orderId: string,
  input: Omit<FeedbackInput, 'key'>,
): Promise<GivenFeedback> {
  const outline = await rateableOutline(db, viewer, orderId);
  const label = orderNumberLabel(outline.number);
  // Completed is a final status: once seen, it stays.
  if (outline.status !== 'completed') {
    throw conflict(`You can rate order ${label} once it is completed.`, {
      reason: 'not-completed',
      status: outline.status,
    });
  }
  const row = await withTransaction(db, async (tx) => {
    const given = await insertFeedback(tx, {
      orderId,
      orderNumber: outline.number,
      authorId: viewer.actor?.id ?? null,
      overall: input.overall,
      food: input.food ?? null,
      service: input.service ?? null,
      comment: input.comment ?? '',
    });
    if (given.overall <= LOW_RATING) {
      const notice = lowRatingNotice(outline, { overall: given.overall, comment: given.comment });
      await notify(
        tx,
        { roles: ['admin'] },
        { kind: 'low-rating', ...notice, orderId, link: '/admin/feedback' },
      );
    }
    return given;
  });
  return presentGivenFeedback(row);
}

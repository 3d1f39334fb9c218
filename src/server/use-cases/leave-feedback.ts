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
import { conflict } from '../lib/errors';
import { feedbackOfOrder, insertFeedback, presentGivenFeedback } from '../modules/feedback';
import { notify } from '../modules/notifications';
import { type OrderOutline, orderOutlineWithAccessKey } from '../modules/orders';
import { getSettings } from '../modules/settings';
import { mayOpenOrderPage, notFoundOrder, type OrderPageAction, type PageViewer } from './order-link-access';

/**
 * `/feedback/[orderId]` (PRODUCT.md section 8, issue 14, item 3): what the page shows and leaving the
 * feedback. Who may: the rule of the order's public pages (use-cases/order-link-access.ts), the same
 * as the payment page's. Reading: the order's customer, staff (`order.read`) or whoever holds the
 * order's key. Leaving it: the order's customer (`feedback.create`) or a key holder: staff without the
 * key are told the order does not exist, like anyone else (they may read the order, not rate it).
 */

/** The order's outline, if `viewer` may open its feedback page under `action`; otherwise a 404. */
async function visibleOutline(
  db: Database,
  viewer: PageViewer,
  orderId: string,
  action: OrderPageAction,
): Promise<OrderOutline> {
  const found = await orderOutlineWithAccessKey(db, orderId);
  if (
    !found ||
    !mayOpenOrderPage(viewer, { customerId: found.outline.customerId, accessKey: found.accessKey }, action)
  ) {
    throw notFoundOrder();
  }
  return found.outline;
}

/** `GET /api/orders/{id}/feedback`: the order (no money, no personal data) and its feedback, if given. */
export async function feedbackPage(db: Database, viewer: PageViewer, orderId: string): Promise<FeedbackPage> {
  const outline = await visibleOutline(db, viewer, orderId, 'order.read');
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
  };
}

/**
 * `POST /api/orders/{id}/feedback`: rates a completed order, once. Not completed: 409
 * `not-completed`; rated already (also by a request at the same moment): 409 `already-given`. An
 * overall rating of LOW_RATING or less tells the administrators (issue 15), in the same transaction.
 */
export async function leaveFeedback(
  db: Database,
  viewer: PageViewer,
  orderId: string,
  input: Omit<FeedbackInput, 'key'>,
): Promise<GivenFeedback> {
  const outline = await visibleOutline(db, viewer, orderId, 'feedback.create');
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
      food: input.food,
      service: input.service,
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

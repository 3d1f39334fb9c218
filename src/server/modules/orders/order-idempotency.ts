import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/transaction';
import { orderIdempotencyKeys } from './orders.schema';

/**
 * Idempotency keys: an order is placed with a key per cart, so a request sent again (a retry after a
 * lost answer) never makes a second order. The key is claimed by the statement that writes the order
 * (order-write.ts); a key is kept a day at least.
 */

/** The Idempotency-Key an order is placed with: claimed by the statement that writes the order. */
export interface OrderKey {
  actorId: string;
  key: string;
  /** SHA-256 of the request body: the same key with another body is refused. */
  requestHash: string;
}

/** What an Idempotency-Key was used for: the body's hash and the order it made. */
export interface UsedKey {
  requestHash: string;
  orderId: string | null;
}

/** The caller's use of `key`, or null when the key is new (or its order was removed). */
export async function findIdempotencyKey(
  db: Queryable,
  actorId: string,
  key: string,
): Promise<UsedKey | null> {
  const [used] = await db
    .select({ requestHash: orderIdempotencyKeys.requestHash, orderId: orderIdempotencyKeys.orderId })
    .from(orderIdempotencyKeys)
    .where(and(eq(orderIdempotencyKeys.actorId, actorId), eq(orderIdempotencyKeys.key, key)));
  return used ?? null;
}

/** How long a key is kept at least: a day, so a retry within a day of the first request finds it. */
export const IDEMPOTENCY_KEY_HOURS = 24;

/** Deletes keys older than the retention; returns how many. */
export async function pruneIdempotencyKeys(db: Queryable): Promise<number> {
  const result = await db
    .delete(orderIdempotencyKeys)
    .where(sql`${orderIdempotencyKeys.createdAt} < now() - make_interval(hours => ${IDEMPOTENCY_KEY_HOURS})`);
  return result.rowCount ?? 0;
}

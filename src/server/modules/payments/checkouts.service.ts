import { eq, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/transaction';
import { checkoutSessions, paymentProviderEvents } from './payments.schema';

/**
 * The hosted checkouts started from `/payment/[orderId]` and the provider events already handled
 * (online payment): what was asked of the provider, so that its answer (the webhook or the guest's
 * return) is recorded only for that order, amount and currency, and only once. The use case
 * `use-cases/online-payment.ts` calls these inside its transactions.
 */

export type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;

export interface NewCheckoutSession {
  /** The provider's session id (`cs_…`). */
  id: string;
  provider: string;
  orderId: string;
  amount: number;
  currency: string;
}

/**
 * Keeps a checkout the provider made. The provider answers a retried request (same idempotency key)
 * with the same session, so a session already kept is left as it is.
 */
export async function insertCheckoutSession(db: Queryable, session: NewCheckoutSession): Promise<void> {
  await db.insert(checkoutSessions).values(session).onConflictDoNothing({ target: checkoutSessions.id });
}

/** A kept checkout (no lock), or null. */
export async function findCheckoutSession(db: Queryable, id: string): Promise<CheckoutSessionRow | null> {
  const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
  return row ?? null;
}

/**
 * A kept checkout locked `for update` in the caller's transaction: the webhook and the guest's return
 * settle one session one after the other, the second seeing what the first did (lock order: checkout
 * session → order → payment).
 */
export async function lockCheckoutSession(tx: Tx, id: string): Promise<CheckoutSessionRow | null> {
  const [row] = await tx.select().from(checkoutSessions).where(eq(checkoutSessions.id, id)).for('update');
  return row ?? null;
}

/**
 * The checkout is over: paid and recorded as `paymentId`, or paid and given back (null: the order
 * could not take the payment and the provider refunded it).
 */
export async function completeCheckoutSession(tx: Tx, id: string, paymentId: string | null): Promise<void> {
  await tx
    .update(checkoutSessions)
    .set({ status: 'complete', paymentId, completedAt: sql`clock_timestamp()` })
    .where(eq(checkoutSessions.id, id));
}

/** The provider let the checkout expire unpaid. */
export async function expireCheckoutSession(db: Queryable, id: string): Promise<void> {
  await db
    .update(checkoutSessions)
    .set({ status: 'expired' })
    .where(sql`${checkoutSessions.id} = ${id} and ${checkoutSessions.status} = 'open'`);
}

/**
 * Claims a provider event for handling in the caller's transaction; false when it was handled before
 * (providers deliver at least once). A second delivery at the same moment waits on the first's row
 * until it commits and then gets false; if the first rolled back, the second handles it.
 */
export async function claimProviderEvent(
  tx: Tx,
  event: { id: string; provider: string; type: string },
): Promise<boolean> {
  const claimed = await tx
    .insert(paymentProviderEvents)
    .values(event)
    .onConflictDoNothing({ target: paymentProviderEvents.id })
    .returning({ id: paymentProviderEvents.id });
  return claimed.length > 0;
}

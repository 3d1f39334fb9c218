import { eq, sql } from 'drizzle-orm';
import type { OrderStatus } from '../../../shared/order-status';
import type { Queryable, Tx } from '../../db/transaction';
import { inIds } from '../../lib/resource';
import { publishChanges } from '../events';
import { REACHED_AT } from './order-rules';
import { orderStatusChanges, orders } from './orders.schema';

/** The demo cafe's orders (the demo seed and its removal only). */

/**
 * The demo cafe's open orders (the demo seed only): moves a just-made order on to `status` through
 * the statuses before it, as if it had been placed `minutesAgo` minutes ago, so the boards show
 * orders of different ages on first start.
 */
export async function backdateDemoOrder(
  tx: Tx,
  id: string,
  steps: readonly OrderStatus[],
  minutesAgo: number,
): Promise<void> {
  const at = (minutes: number) => sql`clock_timestamp() - make_interval(mins => ${minutes})`;
  const values: Record<string, unknown> = { createdAt: at(minutesAgo) };
  const last = steps.at(-1);
  if (last) values.status = last;
  steps.forEach((step, index) => {
    const column = REACHED_AT[step as keyof typeof REACHED_AT];
    if (column) values[column] = at(Math.max(0, minutesAgo - 2 * (index + 1)));
  });
  await tx
    .update(orders)
    .set(values as Partial<typeof orders.$inferInsert>)
    .where(eq(orders.id, id));
  await tx
    .update(orderStatusChanges)
    .set({ createdAt: at(minutesAgo) })
    .where(eq(orderStatusChanges.orderId, id));
  for (const [index, step] of steps.entries()) {
    if (step === 'confirmed') continue;
    await tx.insert(orderStatusChanges).values({
      orderId: id,
      status: step,
      actorId: null,
      createdAt: at(Math.max(0, minutesAgo - 2 * (index + 1))) as unknown as Date,
    });
  }
}

/** How many of the given orders exist (the demo data card). */
export async function countOrdersIn(db: Queryable, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(inIds(orders.id, [...ids]));
  return row?.count ?? 0;
}

/** Deletes the given orders with their lines (removing the demo data); answers how many went. */
export async function deleteOrders(tx: Tx, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const deleted = await tx
    .delete(orders)
    .where(inIds(orders.id, [...ids]))
    .returning({ id: orders.id });
  if (deleted.length > 0) await publishChanges(tx, ['orders', 'order-requests']);
  return deleted.length;
}

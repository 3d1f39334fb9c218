import { eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AuditArea } from '../../shared/contracts/audit';
import type { Queryable } from '../db/transaction';
import type { Actor } from './context';
import { badRequest } from './errors';
import type { WriteEffects } from './write-effects';

export interface ReorderTarget {
  table: PgTable & { id: PgColumn; sortOrder: PgColumn; updatedAt: PgColumn };
  /** `menu item`: in the 400 ("is not a menu item") and the audit action (`menu-item.reordered`). */
  noun: string;
  nounPlural: string;
  auditArea: AuditArea;
  /** Live topics the change announces (at commit), e.g. `menu`. */
  topics?: readonly string[];
  /** The records' ids in their new order. */
  ids: string[];
}

/**
 * Gives the named records of `table` the positions 0, 1, 2… in the order given (food categories, or
 * the items of one category), in one transaction with its audit entry and live topics. Every id must
 * exist, or the answer is a 400 on the first unknown one.
 */
export async function reorderRecords(
  db: Queryable,
  actor: Actor | null,
  target: ReorderTarget,
  effects: WriteEffects,
): Promise<void> {
  const { table, ids } = target;
  await db.transaction(async (tx) => {
    for (const topic of target.topics ?? []) await effects.publish(tx, topic); // announced at commit only
    const found = await tx
      .select({ id: table.id })
      .from(table as PgTable)
      .where(inArray(table.id, ids))
      .for('update');
    if (found.length !== ids.length) {
      const known = new Set(found.map((row) => row.id as string));
      const index = ids.findIndex((id) => !known.has(id));
      const message = `is not a ${target.noun}`;
      throw badRequest(`Invalid request body: ids.${index}: ${message}`, {
        issues: [{ path: `ids.${index}`, message }],
      });
    }
    const now = new Date();
    for (const [position, id] of ids.entries()) {
      await tx
        .update(table as PgTable)
        .set({ sortOrder: position, updatedAt: now })
        .where(eq(table.id, id));
    }
    await effects.audit(tx, actor, {
      area: target.auditArea,
      action: `${target.noun.replaceAll(' ', '-')}.reordered`,
      summary: `Reordered ${ids.length} ${target.nounPlural}`,
      targetType: target.noun,
      after: { ids },
    });
  });
}

import { eq, inArray } from 'drizzle-orm';
import {
  DEMO_RECORD_KINDS,
  type DemoDataStatus,
  type DemoRecordKind,
  type DemoRemoval,
} from '../../../shared/contracts/demo';
import type { Database } from '../../db/client';
import type { Tx } from '../../db/transaction';
import type { Actor } from '../../lib/context';
import { findPgError, notFound } from '../../lib/errors';
import { describeValue, type ResourceTable } from '../../lib/resource';
import { recordAudit } from '../audit';
import { countCouponsIn, deleteCouponsUnlessUsed } from '../coupons';
import { publishChange } from '../events';
import {
  countBudgetAllocationsIn,
  countExpensesIn,
  countRecurringExpensesIn,
  deleteDemoBudgetAllocations,
  deleteDemoExpenses,
  deleteDemoRecurringExpenses,
} from '../expenses';
import { deleteImage } from '../images';
import {
  countInventoryRecordsIn,
  deleteInventoryItemWithStock,
  deleteRecipes,
  deleteStockCounts,
  inventoryItemNames,
} from '../inventory';
import {
  countLedgerRowsIn,
  countReconciliationsIn,
  deleteDemoEntries,
  deleteDemoLedgerRows,
  deleteDemoReconciliations,
} from '../ledger';
import {
  bankAccountResource,
  derivedUnitIds,
  diningTableResource,
  expenseCategoryResource,
  partnerResource,
  supplierResource,
  unitResource,
} from '../master-data';
import { foodCategoryResource, menuItemResource } from '../menu';
import { countOrdersIn, deleteOrders } from '../orders';
import { deletePayments, paymentIdsOfOrders, refundIdsOfPayments } from '../payments';
import { countPurchaseOrdersIn, deletePurchaseOrders } from '../purchase-orders';
import { forgetPaymentAccount } from '../settings';
import { countSettlementsIn, deleteDemoSettlements } from '../settlements';
import { type DemoRecords, seedRuns } from './demo.schema';
import { DEMO_SEED_NAME } from './demo-seed';

/** The resource of each kind: its table, and the noun the answer names a kept record by. */
const RESOURCES: Record<
  Exclude<
    DemoRecordKind,
    | 'orders'
    | 'coupons'
    | 'purchaseOrders'
    | 'stockCounts'
    | 'recipes'
    | 'inventoryItems'
    | keyof typeof BOOKS
  >,
  { definition: { table: ResourceTable; noun: string } }
> = {
  menuItems: menuItemResource,
  foodCategories: foodCategoryResource,
  diningTables: diningTableResource,
  suppliers: supplierResource,
  partners: partnerResource,
  expenseCategories: expenseCategoryResource,
  units: unitResource,
  bankAccounts: bankAccountResource,
};

/** The demo's books: how each kind is counted and removed. */
const BOOKS = {
  reconciliations: { count: countReconciliationsIn, remove: deleteDemoReconciliations },
  ledgerEntries: { count: countLedgerRowsIn, remove: deleteDemoEntries },
  expenses: { count: countExpensesIn, remove: deleteDemoExpenses },
  recurringExpenses: { count: countRecurringExpensesIn, remove: deleteDemoRecurringExpenses },
  budgetAllocations: { count: countBudgetAllocationsIn, remove: deleteDemoBudgetAllocations },
  settlements: { count: countSettlementsIn, remove: deleteDemoSettlements },
} as const;
const isBooks = (kind: DemoRecordKind): kind is keyof typeof BOOKS => kind in BOOKS;

const NOT_THERE = 'There is no demo data to remove.';

async function demoRun(db: Database | Tx, lock = false) {
  const query = db.select().from(seedRuns).where(eq(seedRuns.name, DEMO_SEED_NAME));
  const [row] = lock ? await query.for('update') : await query;
  return row?.records && !row.removedAt ? row.records : null;
}

/** Which of the demo cafe's records still exist, by kind. */
export async function getDemoDataStatus(db: Database): Promise<DemoDataStatus> {
  const records = await demoRun(db);
  const counts: Record<string, number> = {};
  if (records) {
    for (const kind of DEMO_RECORD_KINDS) {
      const ids = records[kind] ?? [];
      if (kind === 'coupons') {
        counts[kind] = await countCouponsIn(db, ids);
        continue;
      }
      if (isBooks(kind)) {
        counts[kind] = await BOOKS[kind].count(db, ids);
        continue;
      }
      if (kind === 'orders') {
        counts[kind] = await countOrdersIn(db, ids);
        continue;
      }
      if (kind === 'purchaseOrders') {
        counts[kind] = await countPurchaseOrdersIn(db, ids);
        continue;
      }
      if (kind === 'stockCounts' || kind === 'recipes' || kind === 'inventoryItems') {
        counts[kind] = await countInventoryRecordsIn(db, kind, ids);
        continue;
      }
      const { table } = RESOURCES[kind].definition;
      counts[kind] = ids.length
        ? (await db.select({ id: table.id }).from(table).where(inArray(table.id, ids))).length
        : 0;
    }
  }
  return { present: Object.values(counts).some((count) => count > 0), counts };
}

/**
 * The demo's records while the demo orders are still to be added: the demo seed ran and made records,
 * and no orders yet (locked, so two processes never add them twice). Null otherwise.
 */
export async function demoRecordsForOrders(tx: Tx): Promise<DemoRecords | null> {
  const records = await demoRun(tx, true);
  return records && !records.orders ? records : null;
}

/** Adds the demo orders' ids (and the partners' settlements of them) to the demo's records. */
export async function recordDemoOrders(tx: Tx, ids: string[], settlements: string[] = []): Promise<void> {
  const records = await demoRun(tx, true);
  if (!records) return;
  await tx
    .update(seedRuns)
    .set({ records: { ...records, orders: ids, settlements } })
    .where(eq(seedRuns.name, DEMO_SEED_NAME));
}

/**
 * Removes what the demo seed made, in one transaction: partner settlements, orders, coupons, the books (reconciliations,
 * entries by hand and transfers, expenses, recurring expenses, budgets), purchase orders, stock counts,
 * recipes, menu items (with their photos), inventory items (with their stock movements), categories,
 * tables, suppliers, partners, expense categories, units and accounts; payments taken on the demo's
 * orders go with them (refunds and ledger rows included). A record something of the owner's refers to
 * (their own item in a demo category, their own order of a demo dish) stays, and is named in the answer; payment settings that pointed at a removed account are cleared. Recorded in the audit log.
 */
export async function removeDemoData(db: Database, actor: Actor | null): Promise<DemoRemoval> {
  return db.transaction(async (tx) => {
    await publishChange(tx, 'menu'); // announced at commit only
    const records = await demoRun(tx, true);
    if (!records) throw notFound(NOT_THERE);
    let removed = 0;
    const kept: string[] = [];
    const removedAccounts: string[] = [];

    for (const kind of DEMO_RECORD_KINDS) {
      let ids = records[kind] ?? [];
      if (ids.length === 0) continue;
      if (kind === 'orders') {
        // The demo's orders go first: their lines refer to the demo's menu items. Payments the owner
        // took on them while trying the demo go with them (their refunds and ledger rows first).
        const paymentIds = await paymentIdsOfOrders(tx, ids);
        const refundIds = await refundIdsOfPayments(tx, paymentIds);
        await deleteDemoLedgerRows(tx, [
          ...paymentIds.map((id) => ({ kind: 'payment' as const, id })),
          ...refundIds.map((id) => ({ kind: 'refund' as const, id })),
        ]);
        await deletePayments(tx, paymentIds);
        removed += await deleteOrders(tx, ids);
        continue;
      }
      if (kind === 'coupons') {
        // A coupon an order of the owner's used stays.
        const coupons = await deleteCouponsUnlessUsed(tx, ids);
        removed += coupons.removed;
        kept.push(...coupons.kept);
        continue;
      }
      if (isBooks(kind)) {
        removed += await BOOKS[kind].remove(tx, ids);
        continue;
      }
      if (kind === 'purchaseOrders') {
        // Their receipts go with them; the movements they brought in go with the items.
        removed += await deletePurchaseOrders(tx, ids);
        continue;
      }
      if (kind === 'stockCounts') {
        removed += await deleteStockCounts(tx, ids);
        continue;
      }
      if (kind === 'recipes') {
        removed += await deleteRecipes(tx, ids);
        continue;
      }
      if (kind === 'inventoryItems') {
        // Each with its stock movements; one the owner's records refer to (their recipe, count or
        // purchase order) stays, with its movements.
        const names = await inventoryItemNames(tx, ids);
        for (const id of ids) {
          const name = names.get(id);
          if (name === undefined) continue;
          try {
            await tx.transaction((savepoint) => deleteInventoryItemWithStock(savepoint, id));
            removed += 1;
          } catch (error) {
            if (findPgError(error)?.code !== '23503') throw error;
            kept.push(describeValue('inventory item', name));
          }
        }
        continue;
      }
      const { table, noun } = RESOURCES[kind].definition;
      if (kind === 'units') {
        // Units that convert to another go before their base.
        const first = await derivedUnitIds(tx, ids);
        ids = [...ids.filter((id) => first.has(id)), ...ids.filter((id) => !first.has(id))];
      }
      const rows = (await tx.select().from(table).where(inArray(table.id, ids))) as {
        id: string;
        name: string;
        photoId?: string | null;
      }[];
      const byId = new Map(rows.map((row) => [row.id, row]));
      for (const id of ids) {
        const row = byId.get(id);
        if (!row) continue;
        try {
          // A savepoint per record: one that is still referred to stays, the rest go.
          await tx.transaction(async (savepoint) => {
            if (kind === 'bankAccounts') await forgetPaymentAccount(savepoint, id);
            await savepoint.delete(table).where(eq(table.id, id));
            if (row.photoId) await deleteImage(savepoint, row.photoId);
          });
          removed += 1;
          if (kind === 'bankAccounts') removedAccounts.push(id);
        } catch (error) {
          if (findPgError(error)?.code !== '23503') throw error;
          kept.push(describeValue(noun, row.name));
        }
      }
    }
    await tx.update(seedRuns).set({ removedAt: new Date() }).where(eq(seedRuns.name, DEMO_SEED_NAME));
    await recordAudit(tx, actor, {
      area: 'master-data',
      action: 'demo-data.removed',
      summary: `Removed the demo data: ${removed} records${kept.length ? `, kept ${kept.length} in use` : ''}`,
      targetType: 'demo data',
      after: { removed, kept, removedAccounts },
    });
    return { removed, kept };
  });
}

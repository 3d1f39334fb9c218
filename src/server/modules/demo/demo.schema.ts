import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** What the demo seed made, by kind, so that the owner can remove it in one step. */
export interface DemoRecords {
  /** The demo's orders (absent in records made before orders existed). */
  orders?: string[];
  /** The demo partners' settled weeks (absent in records made before settlements existed). */
  settlements?: string[];
  /** The demo's coupons (absent in records made before coupons existed). */
  coupons?: string[];
  /** The demo's purchase orders, stock counts, recipes (by menu item) and pantry items (absent in
   * records made before the pantry existed). */
  purchaseOrders?: string[];
  stockCounts?: string[];
  recipes?: string[];
  inventoryItems?: string[];
  /** The demo's books (absent in records made before them): reconciliations, entries by hand and
   * transfers (a row of each), expenses, recurring expenses and budget allocations. */
  reconciliations?: string[];
  ledgerEntries?: string[];
  expenses?: string[];
  recurringExpenses?: string[];
  budgetAllocations?: string[];
  menuItems: string[];
  foodCategories: string[];
  diningTables: string[];
  suppliers: string[];
  partners: string[];
  expenseCategories: string[];
  units: string[];
  bankAccounts: string[];
}

/** Seeds that have run on this database (the demo restaurant runs once, ever). */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
  /** The records a seed made (the demo restaurant's), or null when it made none. */
  records: jsonb('records').$type<DemoRecords>(),
  /** When the owner removed what the demo seed made. */
  removedAt: timestamp('removed_at', { withTimezone: true }),
});

import { z } from 'zod';

/** The kinds of record the demo restaurant made, as `GET /api/admin/demo-data` counts them. */
export const DEMO_RECORD_KINDS = [
  // Settlements first: they hold orders and have ledger rows.
  'settlements',
  // Then the orders: their lines refer to the menu items, which go after them.
  'orders',
  // After the orders, which used them (their uses go with the orders).
  'coupons',
  // The books: reconciliations before the rows they ticked, entries and expenses before their
  // accounts, categories and suppliers; an expense before the recurring expense that made it.
  'reconciliations',
  'ledgerEntries',
  'expenses',
  'recurringExpenses',
  'budgetAllocations',
  // Their receipts refer to the pantry's movements; counts and recipes to its items.
  'purchaseOrders',
  'stockCounts',
  'recipes',
  'menuItems',
  // After the recipes and menu items, before the suppliers and units they refer to.
  'inventoryItems',
  'foodCategories',
  'diningTables',
  'suppliers',
  'partners',
  'expenseCategories',
  'units',
  'bankAccounts',
] as const;
export type DemoRecordKind = (typeof DEMO_RECORD_KINDS)[number];

export const DEMO_RECORD_LABELS: Record<DemoRecordKind, string> = {
  settlements: 'partner settlements',
  orders: 'orders',
  coupons: 'coupons',
  reconciliations: 'bank reconciliations',
  ledgerEntries: 'bank entries and transfers',
  expenses: 'expenses',
  recurringExpenses: 'recurring expenses',
  budgetAllocations: 'budget allocations',
  purchaseOrders: 'purchase orders',
  stockCounts: 'stock counts',
  recipes: 'recipes',
  menuItems: 'menu items',
  inventoryItems: 'inventory items',
  foodCategories: 'food categories',
  diningTables: 'tables',
  suppliers: 'suppliers',
  partners: 'partners',
  expenseCategories: 'expense categories',
  units: 'units',
  bankAccounts: 'bank and cash accounts',
};

/** Whether records of the demo cafe are still there, and how many of each kind. */
export const DemoDataStatusSchema = z.object({
  present: z.boolean(),
  counts: z.record(z.string(), z.number()),
});
export type DemoDataStatus = z.infer<typeof DemoDataStatusSchema>;

/** What removing the demo data did: how many records went, and which stayed because the owner uses them. */
export const DemoRemovalSchema = z.object({
  removed: z.number(),
  kept: z.array(z.string()),
});
export type DemoRemoval = z.infer<typeof DemoRemovalSchema>;

export const DEMO_DATA_API = '/api/admin/demo-data';

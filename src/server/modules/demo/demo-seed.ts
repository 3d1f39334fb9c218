import { availableParallelism } from 'node:os';
import { eq } from 'drizzle-orm';
import { CouponInputSchema } from '../../../shared/contracts/coupons';
import { UpdateSettingsSchema } from '../../../shared/contracts/settings';
import type { Database } from '../../db/client';
import type { Tx } from '../../db/transaction';
import type { Logger } from '../../lib/logger';
import { createCoupon } from '../coupons';
import { IMAGE_SIZES, type ProcessedImage, processImage } from '../images';
import {
  bankAccountResource,
  diningTableResource,
  expenseCategoryResource,
  partnerResource,
  supplierResource,
  unitResource,
} from '../master-data';
import {
  attachMenuItemPhoto,
  foodCategoryResource,
  MENU_PHOTO,
  menuHasRecords,
  menuItemResource,
} from '../menu';
import { getSettings, updateSettings } from '../settings';
import { type DemoRecords, seedRuns } from './demo.schema';
import {
  DEMO_ACCOUNTS,
  DEMO_CATEGORIES,
  DEMO_COUPONS,
  DEMO_EXPENSE_CATEGORIES,
  DEMO_MENU,
  DEMO_PARTNERS,
  DEMO_PAYMENT_ACCOUNTS,
  DEMO_SETTINGS,
  DEMO_SUPPLIERS,
  DEMO_TABLES,
  DEMO_UNITS,
} from './demo-data';
import { writeDemoFinance } from './demo-finance';
import { writeDemoPantry } from './demo-pantry';
import { DEMO_PANTRY, DEMO_PANTRY_SUPPLIER } from './demo-pantry-data';
import { renderDemoPhoto } from './demo-photos';

/** The `seed_runs` row that marks the demo restaurant as done on this database, whatever came of it. */
export const DEMO_SEED_NAME = 'demo-restaurant';

export interface DemoSeedCounts {
  categories: number;
  items: number;
  photos: number;
  tables: number;
  suppliers: number;
  partners: number;
  expenseCategories: number;
  units: number;
  accounts: number;
  coupons: number;
  inventoryItems: number;
  purchaseOrders: number;
  expenses: number;
}

export type DemoSeedResult =
  | { outcome: 'seeded'; counts: DemoSeedCounts; milliseconds: number }
  /** The seed ran on this database before (even if everything it made was deleted since). */
  | { outcome: 'already-ran' }
  /** The database already had a menu (a restaurant upgraded to this version): recorded, nothing added. */
  | { outcome: 'skipped-existing-menu' };

async function hasRun(db: Database): Promise<boolean> {
  const rows = await db.select().from(seedRuns).where(eq(seedRuns.name, DEMO_SEED_NAME));
  return rows.length > 0;
}

/** Runs `work` over `inputs`, at most `limit` at a time, keeping the order of the results. */
async function mapLimited<T, R>(inputs: readonly T[], limit: number, work: (input: T) => Promise<R>) {
  const results: R[] = new Array(inputs.length);
  let next = 0;
  const worker = async () => {
    while (next < inputs.length) {
      const index = next++;
      results[index] = await work(inputs[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, inputs.length) }, worker));
  return results;
}

/** Draws every item's photo and puts it through the upload path (decoded, fitted, WebP). */
function renderMenuPhotos(): Promise<ProcessedImage[]> {
  return mapLimited(DEMO_MENU, Math.max(2, availableParallelism()), async (item) =>
    processImage(await renderDemoPhoto(item.photo, item.name), IMAGE_SIZES[MENU_PHOTO]),
  );
}

/** Writes the whole demo restaurant through the ordinary service functions (validation, audit). */
async function writeDemoRestaurant(
  tx: Tx,
  photos: ProcessedImage[],
): Promise<{ counts: DemoSeedCounts; records: DemoRecords }> {
  const records: DemoRecords = {
    menuItems: [],
    foodCategories: [],
    diningTables: [],
    suppliers: [],
    partners: [],
    expenseCategories: [],
    units: [],
    bankAccounts: [],
  };
  const unitIds = new Map<string, string>();
  // Base units first: the others convert to them.
  for (const unit of [...DEMO_UNITS].sort((a, b) => Number(Boolean(a.base)) - Number(Boolean(b.base)))) {
    const input = unitResource.definition.inputSchema.parse({
      name: unit.name,
      symbol: unit.symbol,
      ...(unit.base ? { baseUnitId: unitIds.get(unit.base), factor: unit.factor } : {}),
    });
    unitIds.set(unit.symbol, (await unitResource.create(tx, null, input)).id);
  }
  records.units = [...unitIds.values()];
  const supplierIds = new Map<string, string>();
  for (const supplier of [...DEMO_SUPPLIERS, DEMO_PANTRY_SUPPLIER]) {
    const input = supplierResource.definition.inputSchema.parse(supplier);
    supplierIds.set(supplier.name, (await supplierResource.create(tx, null, input)).id);
  }
  records.suppliers = [...supplierIds.values()];
  for (const partner of DEMO_PARTNERS) {
    const input = partnerResource.definition.inputSchema.parse(partner);
    records.partners.push((await partnerResource.create(tx, null, input)).id);
  }
  const expenseCategoryIds = new Map<string, string>();
  for (const category of DEMO_EXPENSE_CATEGORIES) {
    const input = expenseCategoryResource.definition.inputSchema.parse(category);
    expenseCategoryIds.set(category.name, (await expenseCategoryResource.create(tx, null, input)).id);
  }
  records.expenseCategories = [...expenseCategoryIds.values()];
  const accountIds = new Map<'cash' | 'bank' | 'wallet', string>();
  // Opened before the 60 days of history the demo's books hold.
  const openingDate = new Date(Date.now() - 75 * 86_400_000).toISOString().slice(0, 10);
  for (const { key, ...account } of DEMO_ACCOUNTS) {
    const input = bankAccountResource.definition.inputSchema.parse({ ...account, openingDate });
    accountIds.set(key, (await bankAccountResource.create(tx, null, input)).id);
  }
  records.bankAccounts = [...accountIds.values()];
  for (const table of DEMO_TABLES) {
    const input = diningTableResource.definition.inputSchema.parse(table);
    records.diningTables.push((await diningTableResource.create(tx, null, input)).id);
  }
  const categoryIds = new Map<string, string>();
  for (const category of DEMO_CATEGORIES) {
    const input = foodCategoryResource.definition.inputSchema.parse(category);
    categoryIds.set(category.name, (await foodCategoryResource.create(tx, null, input)).id);
  }
  records.foodCategories = [...categoryIds.values()];
  for (const [index, { category, photo: _photo, ...item }] of DEMO_MENU.entries()) {
    const input = menuItemResource.definition.inputSchema.parse({
      ...item,
      categoryId: categoryIds.get(category),
    });
    const created = await menuItemResource.create(tx, null, input);
    records.menuItems.push(created.id);
    await attachMenuItemPhoto(tx, created.id, photos[index] as ProcessedImage);
  }
  const paymentAccounts = Object.fromEntries(
    Object.entries(DEMO_PAYMENT_ACCOUNTS).map(([method, key]) => [method, accountIds.get(key)]),
  );
  const { version } = await getSettings(tx);
  await updateSettings(tx, null, UpdateSettingsSchema.parse({ ...DEMO_SETTINGS, paymentAccounts, version }));
  // After the settings: a coupon's amounts are in the restaurant's currency.
  records.coupons = [];
  for (const coupon of DEMO_COUPONS) {
    records.coupons.push((await createCoupon(tx, null, CouponInputSchema.parse(coupon))).id);
  }
  // After the settings: purchase orders are in the restaurant's currency.
  const pantry = await writeDemoPantry(tx, { unitIds, supplierIds, menuItemIds: records.menuItems });
  Object.assign(records, pantry);
  const books = await writeDemoFinance(tx, {
    categories: expenseCategoryIds,
    accounts: accountIds,
    suppliers: supplierIds,
    purchaseOrders: pantry.purchaseOrders,
  });
  Object.assign(records, books);
  const counts = {
    categories: DEMO_CATEGORIES.length,
    items: DEMO_MENU.length,
    photos: photos.length,
    tables: DEMO_TABLES.length,
    suppliers: DEMO_SUPPLIERS.length + 1,
    partners: DEMO_PARTNERS.length,
    expenseCategories: DEMO_EXPENSE_CATEGORIES.length,
    units: DEMO_UNITS.length,
    accounts: DEMO_ACCOUNTS.length,
    coupons: DEMO_COUPONS.length,
    inventoryItems: DEMO_PANTRY.length,
    purchaseOrders: pantry.purchaseOrders.length,
    expenses: books.expenses.length,
  };
  return { counts, records };
}

/**
 * Fills a brand-new database with the demo cafe (docs/PRODUCT-RULES.md, The demo restaurant), once per
 * database, ever: the `seed_runs` row is written in the same transaction as the data, so a crash leaves
 * nothing half-made and a later start (even after the owner deleted it all) does nothing. A database that
 * already has food categories or menu items gets only the row. Callers serialise concurrent starts (the
 * start-up lock); the row's primary key settles any race left.
 */
export async function seedDemoRestaurant(db: Database, logger: Logger): Promise<DemoSeedResult> {
  if (await hasRun(db)) return { outcome: 'already-ran' };
  const started = performance.now();
  if (await menuHasRecords(db)) {
    await db.insert(seedRuns).values({ name: DEMO_SEED_NAME }).onConflictDoNothing();
    logger.info('demo restaurant not added: this database already has a menu');
    return { outcome: 'skipped-existing-menu' };
  }
  // Drawing and encoding is the slow part: done before the transaction, so it holds no locks meanwhile.
  const photos = await renderMenuPhotos();
  const result = await db.transaction(async (tx): Promise<DemoSeedResult> => {
    const claimed = await tx
      .insert(seedRuns)
      .values({ name: DEMO_SEED_NAME })
      .onConflictDoNothing()
      .returning({ name: seedRuns.name });
    if (claimed.length === 0) return { outcome: 'already-ran' };
    if (await menuHasRecords(tx)) return { outcome: 'skipped-existing-menu' };
    const { counts, records } = await writeDemoRestaurant(tx, photos);
    await tx.update(seedRuns).set({ records }).where(eq(seedRuns.name, DEMO_SEED_NAME));
    return { outcome: 'seeded', counts, milliseconds: Math.round(performance.now() - started) };
  });
  if (result.outcome === 'seeded') {
    logger.info({ ...result.counts, ms: result.milliseconds }, 'demo restaurant added');
  }
  return result;
}

import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { prepareDatabase } from '../../src/server/bootstrap';
import { ConfigError, loadConfig } from '../../src/server/config';
import { type Database, openDatabase } from '../../src/server/db/client';
import { auditLog } from '../../src/server/modules/audit/audit.schema';
import { seedRuns } from '../../src/server/modules/demo/demo.schema';
import { DEMO_MENU } from '../../src/server/modules/demo/demo-data';
import { DEMO_SEED_NAME, seedDemoRestaurant } from '../../src/server/modules/demo/demo-seed';
import { storedImages } from '../../src/server/modules/images/images.schema';
import { deleteDemoLedgerRows } from '../../src/server/modules/ledger';
import {
  bankAccounts,
  diningTables,
  expenseCategories,
  partners,
  suppliers,
  units,
} from '../../src/server/modules/master-data/master-data.schema';
import { foodCategories } from '../../src/server/modules/menu/food-categories.schema';
import { foodCategoryResource } from '../../src/server/modules/menu/food-categories.service';
import { menuItems, modifierGroups, modifierOptions } from '../../src/server/modules/menu/menu.schema';
import { orders } from '../../src/server/modules/orders/orders.schema';
import { payments } from '../../src/server/modules/payments/payments.schema';
import { restaurantSettings } from '../../src/server/modules/settings/settings.schema';
import { deleteDemoSettlements } from '../../src/server/modules/settlements';
import { settlements } from '../../src/server/modules/settlements/settlements.schema';
import { createServices } from '../../src/server/services';
import type { Coupon } from '../../src/shared/contracts/coupons';
import type { DemoDataStatus } from '../../src/shared/contracts/demo';
import type { PublicMenu } from '../../src/shared/contracts/menu';
import type { OrderPage } from '../../src/shared/contracts/orders';
import {
  SETTLEMENTS_API,
  type Settlement,
  type SettlementSummary,
} from '../../src/shared/contracts/settlements';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app';
import { createDatabaseFromTemplate, databaseUrl, dropDatabase } from '../support/test-server';

const logger = pino({ level: 'silent' });

const TABLES = {
  foodCategories,
  menuItems,
  modifierGroups,
  modifierOptions,
  storedImages,
  diningTables,
  suppliers,
  partners,
  expenseCategories,
  units,
  bankAccounts,
  auditLog,
  seedRuns,
} satisfies Record<string, PgTable>;

/** Row counts of everything the demo seed writes. */
async function rowCounts(db: Database): Promise<Record<keyof typeof TABLES, number>> {
  const entries = await Promise.all(
    Object.entries(TABLES).map(async ([key, table]) => {
      const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(table);
      return [key, row?.count ?? 0] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<keyof typeof TABLES, number>;
}

describe('the demo restaurant, on', () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ demoData: true });
    admin = await t.buildUser({ role: 'admin' });
  });
  afterAll(() => t.close());

  it('comes with two coupons to try: one for a first online order, one at the counter', async () => {
    const response = await t.get('/api/coupons', { as: admin });
    expect(response.status).toBe(200);
    const { items } = (await response.json()) as { items: Coupon[] };
    const byCode = Object.fromEntries(items.map((coupon) => [coupon.code, coupon]));
    expect(Object.keys(byCode).sort()).toEqual(['REGULAR2', 'WELCOME10']);
    expect(byCode.WELCOME10).toMatchObject({
      kind: 'percent',
      value: 10,
      minOrder: 1500,
      maxDiscount: 500,
      perCustomerLimit: 1,
      channels: ['online'],
      status: 'active',
      uses: 0,
    });
    expect(byCode.REGULAR2).toMatchObject({
      kind: 'amount',
      value: 200,
      channels: ['pos'],
      status: 'active',
    });
  });

  it('shows a full public menu, every item with a photo served as WebP', async () => {
    const response = await t.get('/api/menu/public');
    expect(response.status).toBe(200);
    const menu = (await response.json()) as PublicMenu;
    expect(menu.restaurant).toMatchObject({ name: 'Brigade Cafe', onlineOrdering: true });
    expect(menu.restaurant.address).not.toBe('');
    expect(menu.categories.length).toBeGreaterThanOrEqual(8);
    expect(menu.categories.slice(0, 3).map((category) => category.name)).toEqual([
      'Coffee',
      'Tea',
      'Cold Drinks',
    ]);
    const items = menu.categories.flatMap((category) => category.items);
    expect(items.length).toBeGreaterThanOrEqual(35);
    // One item is hidden online; a couple are sold out today but still shown.
    expect(items).toHaveLength(DEMO_MENU.filter((item) => item.shownOnline !== false).length);
    expect(items.filter((item) => !item.availableToday).length).toBeGreaterThanOrEqual(2);
    expect(items.some((item) => item.name === 'Espresso Tonic')).toBe(false);
    const cappuccino = items.find((item) => item.name === 'Cappuccino');
    expect(cappuccino?.modifierGroups.map((group) => group.name)).toEqual(['Size', 'Milk', 'Extras']);
    expect(cappuccino?.modifierGroups[0]).toMatchObject({
      minChoices: 1,
      maxChoices: 1,
      options: [
        { name: 'Small', priceDelta: 0 },
        { name: 'Regular', priceDelta: 50 },
        { name: 'Large', priceDelta: 100 },
      ],
    });
    const urls = new Set<string>();
    for (const item of items) {
      expect(item.photoUrl, item.name).toMatch(/^\/api\/images\/[0-9a-f-]{36}$/);
      urls.add(item.photoUrl as string);
      const photo = await t.get(item.photoUrl as string);
      expect(photo.status, item.name).toBe(200);
      expect(photo.headers.get('content-type')).toBe('image/webp');
      const bytes = new Uint8Array(await photo.arrayBuffer());
      expect(bytes.length).toBeGreaterThan(2000);
    }
    expect(urls.size).toBe(items.length);
  });

  it('has tables, suppliers, partners, expense categories, units, accounts and settings', async () => {
    const list = async (path: string) => {
      const response = await t.get(`${path}?limit=500`, { as: admin });
      expect(response.status, path).toBe(200);
      return ((await response.json()) as { items: Record<string, unknown>[] }).items;
    };
    const tables = await list('/api/dining-tables');
    expect(tables.map((table) => table.name).sort()).toEqual(
      Array.from({ length: 10 }, (_, index) => `T${index + 1}`).sort(),
    );
    expect((await list('/api/suppliers')).length).toBeGreaterThanOrEqual(4);
    expect((await list('/api/partners')).map((partner) => partner.commissionPercent).sort()).toEqual([
      15, 25,
    ]);
    expect((await list('/api/expense-categories')).map((category) => category.name)).toEqual(
      expect.arrayContaining([
        'Rent',
        'Utilities',
        'Wages',
        'Ingredients',
        'Packaging',
        'Marketing',
        'Maintenance',
      ]),
    );
    const unitList = await list('/api/units');
    expect(unitList.find((unit) => unit.symbol === 'g')).toMatchObject({
      baseUnitSymbol: 'kg',
      factor: 0.001,
    });
    expect(unitList.find((unit) => unit.symbol === 'ml')).toMatchObject({
      baseUnitSymbol: 'l',
      factor: 0.001,
    });
    expect(unitList.find((unit) => unit.symbol === 'dz')).toMatchObject({ baseUnitSymbol: 'pc', factor: 12 });
    const accounts = await list('/api/bank-accounts');
    expect(accounts.map((account) => account.type).sort()).toEqual(['bank', 'cash', 'e-wallet']);
    expect(accounts.find((account) => account.type === 'bank')?.accountNumber).toBe('•••• 6789');

    const settings = await t.get('/api/settings', { as: admin });
    expect(settings.status).toBe(200);
    const body = (await settings.json()) as Record<string, unknown> & {
      paymentAccounts: Record<string, string>;
    };
    expect(body).toMatchObject({
      taxPercent: 8,
      serviceChargePercent: 0,
      onlineOrdering: true,
      orderAgeAmberMinutes: 10,
      orderAgeRedMinutes: 20,
      // The cafe is in Portland: "Open now" follows its clock, not UTC.
      timeZone: 'America/Los_Angeles',
      locale: 'en-US',
      currency: 'USD',
    });
    const byName = new Map(accounts.map((account) => [account.name, account.id]));
    expect(body.paymentAccounts.cash).toBe(byName.get('Cash drawer'));
    expect(body.paymentAccounts.card).toBe(byName.get('Main bank account'));
    expect(body.paymentAccounts.qr).toBe(byName.get('E-wallet'));
  });

  it('has a shift in progress: open orders in every column of the board and order requests', async () => {
    const page = (await (await t.get('/api/orders?limit=100', { as: admin })).json()) as OrderPage;
    const byStatus = (status: string) => page.items.filter((order) => order.status === status);
    expect(byStatus('pending').length).toBeGreaterThanOrEqual(2);
    for (const status of ['confirmed', 'preparing', 'ready'])
      expect(byStatus(status).length).toBeGreaterThanOrEqual(1);
    expect(byStatus('pending').every((order) => order.source === 'online')).toBe(true);
    // Some are old enough to show the board's amber and red ages.
    const ages = page.items.map((order) => (Date.now() - Date.parse(order.createdAt)) / 60_000);
    expect(Math.max(...ages)).toBeGreaterThan(20);
    // Priced by the settings like any order (8 % tax on top, no service charge).
    for (const order of page.items) {
      expect(order.total).toBe(order.subtotal + order.tax + order.deliveryFee);
      expect(order.tax).toBeGreaterThan(0);
    }
    const status = (await (await t.get('/api/admin/demo-data', { as: admin })).json()) as DemoDataStatus;
    expect(status.counts.orders).toBe(page.items.length);
  });

  it('has books with 60 days behind them: expenses, recurring rent and wages, budgets, a reconciliation', async () => {
    const page = (await (await t.get('/api/expenses?limit=500&from=1900-01-01', { as: admin })).json()) as {
      items: { date: string; categoryName: string }[];
      totals: { byCategory: { categoryName: string; count: number }[] };
    };
    const categories = page.totals.byCategory.map((line) => line.categoryName).sort();
    expect(categories).toEqual(
      ['Ingredients', 'Maintenance', 'Marketing', 'Packaging', 'Rent', 'Utilities', 'Wages'].sort(),
    );
    const oldest = page.items.map((item) => item.date).sort()[0] as string;
    expect(Date.now() - Date.parse(oldest)).toBeGreaterThan(55 * 86_400_000);
    const recurring = (await (await t.get('/api/recurring-expenses', { as: admin })).json()) as {
      items: { description: string; lastRecordedOn: string | null; nextDue: string | null }[];
    };
    expect(recurring.items.map((item) => item.description).sort()).toEqual(['Rent', 'Weekly wages']);
    for (const item of recurring.items) {
      expect(item.lastRecordedOn, item.description).not.toBeNull();
      expect(item.nextDue, item.description).not.toBeNull();
    }
    // This month: Maintenance over after the repair, Rent near its allocation.
    const budget = (await (await t.get('/api/budget-allocations', { as: admin })).json()) as {
      lines: { categoryName: string; state: string }[];
      history: { months: string[] };
    };
    const state = (name: string) => budget.lines.find((line) => line.categoryName === name)?.state;
    expect(state('Maintenance')).toBe('over');
    expect(state('Rent')).toBe('warning');
    // Every account's balance is its opening balance and its rows, and none is below zero.
    const balances = (await (await t.get('/api/bank-account-balances', { as: admin })).json()) as {
      items: { id: string; name: string; balance: number; openingBalance: number }[];
    };
    for (const account of balances.items) {
      const [sum] = (
        await t.db.execute<{ total: string }>(
          sql`select coalesce(sum(amount), 0) as total from bank_transactions where account_id = ${account.id}`,
        )
      ).rows;
      expect(account.balance, account.name).toBe(account.openingBalance + Number(sum?.total));
      expect(account.balance, account.name).toBeGreaterThanOrEqual(0);
    }
    // Cash banked every Monday: transfers that sum to zero; and the bank reconciled two weeks back.
    const transfers = await t.db.execute<{ n: number; total: string }>(
      sql`select count(distinct transfer_id)::int as n, coalesce(sum(amount), 0) as total
            from bank_transactions where transfer_id is not null`,
    );
    expect(transfers.rows[0]?.n).toBeGreaterThanOrEqual(8);
    expect(Number(transfers.rows[0]?.total)).toBe(0);
    const bank = balances.items.find((account) => account.name === 'Main bank account');
    const reconciliations = (await (
      await t.get(`/api/bank-accounts/${bank?.id}/reconciliations`, { as: admin })
    ).json()) as { items: { rowCount: number }[] };
    expect(reconciliations.items).toHaveLength(1);
    expect(reconciliations.items[0]?.rowCount).toBeGreaterThan(20);
  });

  it('has each partner’s last week settled and received, its payout report with one disputed order', async () => {
    const list = (await (await t.get(SETTLEMENTS_API.settlements, { as: admin })).json()) as {
      items: SettlementSummary[];
    };
    expect(list.items.map((item) => item.partnerName).sort()).toEqual([
      'Foodie Market',
      'QuickBite Delivery',
    ]);
    for (const summary of list.items) {
      expect(summary, summary.partnerName).toMatchObject({ status: 'received', orderCount: 6, disputed: 1 });
      // A Monday-to-Sunday week before this one.
      expect(new Date(`${summary.from}T00:00:00Z`).getUTCDay()).toBe(1);
      expect(summary.to > summary.from).toBe(true);
      const settlement = (await (
        await t.get(SETTLEMENTS_API.settlement(summary.id), { as: admin })
      ).json()) as Settlement;
      const disputed = settlement.payoutReport?.matched.filter((row) => row.difference !== 0) ?? [];
      expect(disputed).toHaveLength(1);
      expect(disputed[0]?.difference).toBeLessThan(0);
      // The partner paid what its file says: the net less the disputed order's difference.
      expect(settlement.received?.amount).toBe(settlement.payoutReport?.totals.reported);
      expect(settlement.received?.difference).toBe(disputed[0]?.difference);
    }
    const status = (await (await t.get('/api/admin/demo-data', { as: admin })).json()) as DemoDataStatus;
    expect(status.counts.settlements).toBe(2);
  });

  it('has a pantry with 60 days behind it: deliveries, sales by the recipes, waste and a count', async () => {
    const items = (
      (await (await t.get('/api/inventory/items?limit=500', { as: admin })).json()) as {
        items: {
          id: string;
          name: string;
          onHand: string;
          reorderLevel: string | null;
          lowStock: boolean;
          unitSymbol: string;
          preferredSupplierId: string | null;
        }[];
      }
    ).items;
    expect(items.length).toBeGreaterThanOrEqual(40);
    expect(items.length).toBeLessThanOrEqual(60);
    for (const item of items) {
      expect(item.unitSymbol, item.name).not.toBe('');
      expect(item.reorderLevel, item.name).not.toBeNull();
      expect(item.preferredSupplierId, item.name).not.toBeNull();
    }
    // On hand is the sum of the movements, and the value the sum of their values.
    const sums = await t.db.execute<{ mismatched: number; notified: number }>(sql`
      select count(*) filter (where i.on_hand <> coalesce(m.quantity, 0) or i.stock_value <> coalesce(m.value, 0))::int
               as mismatched,
             count(*) filter (where i.low_stock_notified)::int as notified
        from inventory_items i
        left join (select item_id, sum(quantity) as quantity, sum(value) as value
                     from stock_movements group by item_id) m on m.item_id = i.id`);
    expect(sums.rows[0]).toEqual({ mismatched: 0, notified: 0 });
    const low = items.filter((item) => item.lowStock);
    expect(low.length).toBeGreaterThanOrEqual(3);
    expect(low.length).toBeLessThanOrEqual(5);
    // Low, not below zero: the demo shows no problem on the inventory page.
    expect(items.filter((item) => item.onHand.startsWith('-')).map((item) => item.name)).toEqual([]);
    const history = await t.db.execute<{ type: string; days: number }>(sql`
      select type, extract(day from clock_timestamp() - min(created_at))::int as days
        from stock_movements group by type`);
    const days = Object.fromEntries(history.rows.map((row) => [row.type, row.days]));
    expect(days['purchase-receipt']).toBeGreaterThanOrEqual(59);
    expect(days.sale).toBeGreaterThanOrEqual(59);
    expect(days.waste).toBeGreaterThan(0);
    expect(days.count).toBeGreaterThanOrEqual(9);

    const orders = (
      (await (await t.get('/api/purchase-orders?limit=500', { as: admin })).json()) as {
        items: { status: string }[];
      }
    ).items;
    expect(orders.filter((order) => order.status === 'partially-received')).toHaveLength(1);
    // The suppliers are paid for the older orders, half for the last week's, not yet for the newest.
    const paymentStatuses = new Set(
      (orders as { paymentStatus?: string }[]).map((order) => order.paymentStatus),
    );
    expect([...paymentStatuses].sort()).toEqual(['paid', 'part-paid', 'unpaid']);
    expect(orders.filter((order) => order.status === 'received').length).toBeGreaterThan(20);
    const counts = (
      (await (await t.get('/api/inventory/counts?limit=50', { as: admin })).json()) as {
        items: { status: string }[];
      }
    ).items;
    expect(counts.map((count) => count.status)).toEqual(['finished']);

    // Every dish has a recipe, and the milk options replace the milk.
    const menu = (
      (await (await t.get('/api/menu/items?limit=100', { as: admin })).json()) as {
        items: { id: string; name: string }[];
      }
    ).items;
    expect(menu).toHaveLength(DEMO_MENU.length);
    for (const dish of menu) {
      const recipe = (await (await t.get(`/api/menu/items/${dish.id}/recipe`, { as: admin })).json()) as {
        lines: unknown[];
        options: { optionName: string; lines: { replaces: string | null }[] }[];
        cost: number;
      };
      expect(recipe.lines.length, dish.name).toBeGreaterThan(0);
      expect(recipe.cost, dish.name).toBeGreaterThan(0);
      if (dish.name === 'Cappuccino') {
        expect(
          recipe.options.find((option) => option.optionName === 'Oat milk')?.lines[0]?.replaces,
        ).not.toBeNull();
      }
    }

    // The usage report over the last 30 days has sales by the recipes.
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const usage = await t.get(`/api/inventory/usage?from=${day(-30)}&to=${day(0)}`, { as: admin });
    expect(usage.status).toBe(200);
    const report = (await usage.json()) as {
      lines: { sold: { quantity: string }; received: { quantity: string } }[];
    };
    const sold = report.lines.filter((line) => Number(line.sold.quantity) < 0);
    expect(sold.length).toBeGreaterThan(40);
    expect(report.lines.some((line) => Number(line.received.quantity) > 0)).toBe(true);
  });

  it('runs once per database: a second run, even after everything is deleted, adds nothing', async () => {
    const before = await rowCounts(t.db);
    expect(before).toMatchObject({ seedRuns: 1, menuItems: DEMO_MENU.length, diningTables: 10 });
    expect(await seedDemoRestaurant(t.db, logger)).toEqual({ outcome: 'already-ran' });
    expect(await rowCounts(t.db)).toEqual(before);

    // The partners' settled orders were paid: their money goes first, as removing the demo does it.
    await t.db.transaction(async (tx) => {
      await deleteDemoSettlements(
        tx,
        (await tx.select({ id: settlements.id }).from(settlements)).map((row) => row.id),
      );
      const paymentIds = (await tx.select({ id: payments.id }).from(payments)).map((row) => row.id);
      await deleteDemoLedgerRows(
        tx,
        paymentIds.map((id) => ({ kind: 'payment' as const, id })),
      );
      await tx.delete(payments);
    });
    await t.db.delete(orders);
    await t.db.delete(menuItems);
    await t.db.delete(foodCategories);
    await t.db.delete(diningTables);
    expect(await seedDemoRestaurant(t.db, logger)).toEqual({ outcome: 'already-ran' });
    expect(await rowCounts(t.db)).toMatchObject({ menuItems: 0, foodCategories: 0, diningTables: 0 });
  });
});

describe('the demo restaurant, two processes starting at once', () => {
  it('is added exactly once', async () => {
    const { adminUrl, template } = inject('testDatabase');
    const name = await createDatabaseFromTemplate(adminUrl, template);
    const url = databaseUrl(adminUrl, name);
    const config = loadConfig({ BASE_URL: 'http://localhost:3000', LOG_LEVEL: 'silent' });
    const secret = randomBytes(32).toString('hex');
    const processes = [openDatabase(url, { max: 3 }), openDatabase(url, { max: 3 })];
    try {
      await Promise.all(
        processes.map((handle) =>
          prepareDatabase(handle.db, createServices({ db: handle.db, config, secret, logger }).auth, {
            adminEmail: 'owner@demo.start',
            adminPassword: 'owner-password-1',
            logger,
            demoData: true,
          }),
        ),
      );
      expect(await rowCounts(processes[0]!.db)).toMatchObject({
        seedRuns: 1,
        menuItems: DEMO_MENU.length,
        storedImages: DEMO_MENU.length,
        diningTables: 10,
      });
    } finally {
      await Promise.all(processes.map((handle) => handle.close()));
      await dropDatabase(adminUrl, name);
    }
    // Drawing 45 photos and two months of pantry history takes seconds alone, and over a minute on a
    // machine whose two cores the other test tiers are sharing.
  }, 180_000);
});

describe('the demo restaurant, off or not wanted', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is not added by default in API tests', async () => {
    const counts = await rowCounts(t.db);
    expect(counts).toMatchObject({ seedRuns: 0, menuItems: 0, foodCategories: 0, diningTables: 0 });
  });

  it('leaves a database that already has a food category alone, and records that it ran', async () => {
    await foodCategoryResource.create(t.db, null, { name: 'Soups' });
    const [settingsBefore] = await t.db.select().from(restaurantSettings);
    const before = await rowCounts(t.db);
    expect(await seedDemoRestaurant(t.db, logger)).toEqual({ outcome: 'skipped-existing-menu' });
    expect(await rowCounts(t.db)).toEqual({ ...before, seedRuns: 1 });
    const [settingsAfter] = await t.db.select().from(restaurantSettings);
    expect(settingsAfter).toEqual(settingsBefore);
    const rows = await t.db.select().from(seedRuns);
    expect(rows.map((row) => row.name)).toEqual([DEMO_SEED_NAME]);

    // Emptying the menu later does not bring the demo back.
    await t.db.delete(foodCategories);
    expect(await seedDemoRestaurant(t.db, logger)).toEqual({ outcome: 'already-ran' });
    expect((await rowCounts(t.db)).menuItems).toBe(0);
  });
});

describe('DEMO_DATA', () => {
  it('is on unless set to false, and refuses anything but true or false', () => {
    expect(loadConfig({}).demoData).toBe(true);
    expect(loadConfig({ DEMO_DATA: '' }).demoData).toBe(true);
    expect(loadConfig({ DEMO_DATA: 'false' }).demoData).toBe(false);
    expect(() => loadConfig({ DEMO_DATA: 'no' })).toThrow(ConfigError);
  });
});

import { randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { poolOf } from '../../src/server/modules/backup/backup.service';
import {
  appMigrations,
  backedUpTables,
  DERIVED_TABLES,
  schemaLevel,
  THROWAWAY_TABLES,
  writeBackup,
} from '../../src/server/modules/backup/backup-database';
import {
  BACKUP_API,
  type BackupOverview,
  type BackupSchedule,
  type KeptBackup,
  type RestoreResult,
} from '../../src/shared/contracts/backup';
import type { MenuItem, PublicMenu } from '../../src/shared/contracts/menu';
import type { Order } from '../../src/shared/contracts/orders';
import {
  backupLines,
  countRows,
  databaseState,
  downloadBackup,
  freshBackupDir,
  manifestOf,
  restaurantNameOf,
  restored,
} from '../support/backup';
import { keptDayTotals, scannedDayTotals } from '../support/day-totals';
import { buildMenuItem, buildOrder, buildSupplier } from '../support/factories';
import { type FakeStripe, startFakeStripe } from '../support/fake-stripe';
import { alwaysOpen } from '../support/opening-hours';
import { movedOrder, placedOrder } from '../support/orders';
import { paid, readOrder, refunded } from '../support/payments';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  createTestApp,
  expectErrorBody,
  TEST_ORIGIN,
  type TestApp,
  type TestUser,
} from '../support/test-app';
import { databaseUrl, dropDatabase } from '../support/test-server';

/**
 * Backup and restore: the drill (a database with rows in every table it backs up, photos
 * included, backed up, changed, restored and compared row by row through a hash per table, then restored
 * into a fresh installation and compared again), a backup of an older schema level restored and migrated
 * forward, who may use the backup routes, and the automatic daily backups (the schedule, the kept
 * files, one backup per day across processes, pruning, a restore of a kept one).
 * Refusals are in backup-refusals.test.ts.
 */

const folders: string[] = [];
async function backupFolder(): Promise<string> {
  const folder = await freshBackupDir();
  folders.push(folder);
  return folder;
}
afterAll(async () => {
  for (const folder of folders) await fs.rm(folder, { recursive: true, force: true });
});

/** The owner made by the app's start-up (ADMIN_EMAIL), signed in afresh. */
async function signedInOwner(t: TestApp): Promise<TestUser> {
  const cookie = await t.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
  return { id: '', email: ADMIN_EMAIL, password: ADMIN_PASSWORD, role: 'admin', cookie };
}

/** Rows per table from a `databaseState` (its entries read `<n> rows, md5 …`). */
const rowsIn = (state: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(state)
      .filter(([name]) => !name.startsWith('sequence '))
      .map(([name, value]) => [name, Number(value.split(' ')[0])]),
  );

async function overview(t: TestApp, as: TestUser): Promise<BackupOverview> {
  const response = await t.get(BACKUP_API.list, { as });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as BackupOverview;
}

const maxOrderNumber = async (t: TestApp) =>
  Number((await poolOf(t.db).query('select coalesce(max(number), 0)::text as n from orders')).rows[0].n);

describe('the drill: every table backed up, changed, restored, and restored into a fresh installation', () => {
  let fake: FakeStripe;
  let t: TestApp;
  let owner: TestUser;
  let staff: TestUser;
  let customer: TestUser;
  let leaving: TestUser;
  let item: MenuItem;
  /** A demo dish with a photo, and its photo's bytes. */
  let pictured: { id: string; name: string; photoUrl: string; photo: Buffer };
  /** The state the backup holds, and the file. */
  let atBackup: Record<string, string>;
  let file: Buffer;
  /** The restaurant's name in the backup (the demo cafe's). */
  let backedUpName: string;

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await createTestApp({ demoData: true, backupDir: await backupFolder(), stripe: fake.config });
    fake.setWebhookTarget(async (payload, headers) => {
      const response = await t.app.request(`${TEST_ORIGIN}/api/payments/stripe/webhook`, {
        method: 'POST',
        headers,
        body: payload,
      });
      return { status: response.status, body: await response.text() };
    });
    owner = await signedInOwner(t);
    [staff, customer, leaving] = (await Promise.all([
      t.buildUser({ role: 'staff' }),
      t.buildUser({ role: 'customer', name: 'Drill Customer' }),
      t.buildUser({ role: 'customer', name: 'Leaving Customer' }),
    ])) as [TestUser, TestUser, TestUser];
    await alwaysOpen(t, owner);
    item = await buildMenuItem(t, { price: 1000 }, { as: owner });
  });

  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('fills every table the backup holds (the demo cafe, then what it leaves empty)', async () => {
    const lines = [{ menuItemId: item.id, quantity: 2 }];
    // payments, bank_transactions, refunds: a counter order paid in cash (the demo maps cash to an account), part refunded.
    const counter = await placedOrder(t, { type: 'takeaway', lines }, owner);
    const payment = await paid(t, counter.id, { method: 'cash', amount: counter.total }, owner);
    await refunded(t, payment.id, { amount: 300, reason: 'Cold coffee' }, owner);
    // coupon_redemptions: the demo's counter coupon.
    await placedOrder(t, { type: 'takeaway', lines, couponCode: 'REGULAR2' }, owner);
    // notifications: a customer's order request tells staff; feedback: that order completed, rated low
    // (which tells the administrators too).
    let request = await placedOrder(t, { type: 'takeaway', lines }, customer);
    for (const status of ['confirmed', 'preparing', 'ready', 'completed'] as const) {
      request = await movedOrder(t, request, status, staff);
    }
    const feedback = await t.post(
      `/api/orders/${request.id}/feedback`,
      { overall: 2, food: 2, service: 3, comment: 'Slow on a Tuesday' },
      { as: customer },
    );
    expect(feedback.status, await feedback.clone().text()).toBe(201);
    // contact_messages: the contact form with a solved human check.
    const contact = await t.post('/api/contact', {
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '+1 555 123 4567',
      subject: 'Birthday dinner',
      message: 'Can we book the terrace for 12?',
      humanCheck: await t.humanCheck(),
    });
    expect(contact.status, await contact.clone().text()).toBe(201);
    // inventory_items, stock_movements: an item kept in a unit of the demo, 1.5 of it counted in.
    const units = (await (await t.get('/api/units?limit=1', { as: owner })).json()) as {
      items: { id: string }[];
    };
    const stockItem = await t.post(
      '/api/inventory/items',
      { name: 'Drill flour', group: 'ingredient', unitId: units.items[0]?.id },
      { as: owner },
    );
    expect(stockItem.status, await stockItem.clone().text()).toBe(201);
    const stockItemId = ((await stockItem.json()) as { id: string }).id;
    const stockMoved = await t.post(
      '/api/inventory/movements',
      {
        itemId: stockItemId,
        type: 'adjustment',
        quantity: '1.5',
        reason: 'Drill',
      },
      { as: owner },
    );
    expect(stockMoved.status, await stockMoved.clone().text()).toBe(201);
    // recipes, recipe_lines, order_stock_deductions: the dish takes 0.1 of the item; an order of it completed.
    const recipe = await t.request(
      `/api/menu/items/${item.id}/recipe`,
      {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          lines: [{ inventoryItemId: stockItemId, quantity: '0.1' }],
        }),
      },
      { as: owner },
    );
    expect(recipe.status, await recipe.clone().text()).toBe(200);
    let sold = await placedOrder(t, { type: 'takeaway', lines }, staff);
    for (const status of ['preparing', 'ready', 'completed'] as const) {
      sold = await movedOrder(t, sold, status, staff);
    }
    // stock_counts, stock_count_lines: a count of the ingredients with the drill flour counted.
    const stockCount = await t.post('/api/inventory/counts', { group: 'ingredient' }, { as: owner });
    expect(stockCount.status, await stockCount.clone().text()).toBe(201);
    const counted = await t.patch(
      `/api/inventory/counts/${((await stockCount.json()) as { id: string }).id}/lines`,
      { lines: [{ itemId: stockItemId, counted: '1.25' }] },
      { as: owner },
    );
    expect(counted.status, await counted.clone().text()).toBe(200);
    // purchase_orders, purchase_order_lines, purchase_order_receipts: 4 of the drill flour ordered, 1 received.
    const supplier = await buildSupplier(t, {}, { as: owner });
    const draftOrder = await t.post(
      '/api/purchase-orders',
      { supplierId: supplier.id, lines: [{ inventoryItemId: stockItemId, quantity: '4', unitCost: 250 }] },
      { as: owner },
    );
    expect(draftOrder.status, await draftOrder.clone().text()).toBe(201);
    const purchase = (await draftOrder.json()) as { id: string; version: number; lines: { id: string }[] };
    const sent = await t.post(
      `/api/purchase-orders/${purchase.id}/status`,
      { status: 'ordered', version: purchase.version },
      { as: owner },
    );
    expect(sent.status, await sent.clone().text()).toBe(200);
    const delivery = await t.post(
      `/api/purchase-orders/${purchase.id}/receipts`,
      { lines: [{ lineId: purchase.lines[0]?.id, quantity: '1' }] },
      { as: owner },
    );
    expect(delivery.status, await delivery.clone().text()).toBe(201);
    // checkout_sessions, payment_provider_events: a guest pays online through (the fake) Stripe.
    const online = await placedOrder(t, { type: 'takeaway', lines }, staff);
    const key = new URL((await readOrder(t, online.id, staff)).paymentLink, TEST_ORIGIN).searchParams.get(
      'key',
    );
    const started = await t.post(`/api/payment-page/${online.id}/checkout`, { key }, { as: null });
    expect(started.status, await started.clone().text()).toBe(200);
    const { url } = (await started.json()) as { url: string };
    const session = [...fake.sessions.values()].find((candidate) => candidate.url === url);
    if (!session) throw new Error('the checkout made no session');
    fake.pay(session.id);
    expect((await fake.deliver(fake.completedEvent(session.id))).status).toBe(200);
    expect((await readOrder(t, online.id, staff)).paymentStatus).toBe('paid');

    // expenses, expense_receipts, recurring_expenses: rent set up monthly, and a repair paid from a
    // demo account with a PDF receipt (its withdrawal a bank_transactions row naming it).
    const categories = (await (await t.get('/api/expense-categories?limit=1', { as: owner })).json()) as {
      items: { id: string }[];
    };
    const accounts = (await (await t.get('/api/bank-accounts?limit=1', { as: owner })).json()) as {
      items: { id: string }[];
    };
    const costs = { categoryId: categories.items[0]?.id, accountId: accounts.items[0]?.id };
    const rent = await t.post(
      '/api/recurring-expenses',
      {
        ...costs,
        description: 'Drill rent',
        amount: 90_000,
        frequency: 'monthly',
        dayOfMonth: 1,
        startsOn: '2026-01-01',
      },
      { as: owner },
    );
    expect(rent.status, await rent.clone().text()).toBe(201);
    // budget_allocations, budget_notices: this month's budget, which the repair takes past 80 %.
    const budget = await t.request(
      '/api/budget-allocations',
      {
        method: 'PUT',
        body: JSON.stringify({
          month: new Date().toISOString().slice(0, 7),
          lines: [{ categoryId: costs.categoryId, amount: 5_000 }],
        }),
        headers: { 'content-type': 'application/json' },
      },
      { as: owner },
    );
    expect(budget.status, await budget.clone().text()).toBe(200);
    const repair = await t.post(
      '/api/expenses',
      { ...costs, date: new Date().toISOString().slice(0, 10), amount: 4_200, description: 'Drill repair' },
      { as: owner },
    );
    expect(repair.status, await repair.clone().text()).toBe(201);
    const receiptForm = new FormData();
    receiptForm.append('file', new File(['%PDF-1.4\n%%EOF\n'], 'repair.pdf', { type: 'application/pdf' }));
    const receipt = await t.request(
      `/api/expenses/${((await repair.json()) as { id: string }).id}/receipt`,
      { method: 'POST', body: receiptForm },
      { as: owner },
    );
    expect(receipt.status, await receipt.clone().text()).toBe(200);

    // settlement_adjustments: a demo partner's settled week reopened and charged for a refund.
    const settled = (await (await t.get('/api/settlements', { as: owner })).json()) as {
      items: { id: string; version: number }[];
    };
    const week = settled.items[0];
    if (!week) throw new Error('the demo has no settlement');
    const reopened = await t.post(
      `/api/settlements/${week.id}/reopen`,
      { version: week.version, reason: 'Drill' },
      { as: owner },
    );
    expect(reopened.status, await reopened.clone().text()).toBe(200);
    const charge = await t.post(
      `/api/settlements/${week.id}/adjustments`,
      {
        version: ((await reopened.json()) as { version: number }).version,
        amount: -300,
        reason: 'Drill refund',
      },
      { as: owner },
    );
    expect(charge.status, await charge.clone().text()).toBe(200);
    // cash_closes: the demo's cash drawer counted 1.00 short.
    const drawers = (await (await t.get('/api/cash-closes/drawers', { as: owner })).json()) as {
      items: { id: string }[];
    };
    const drawer = drawers.items[0]?.id;
    const preview = (await (
      await t.get(`/api/cash-closes/preview?accountId=${drawer}`, { as: owner })
    ).json()) as {
      drawer: { expected: number };
    };
    const closed = await t.post(
      '/api/cash-closes',
      { accountId: drawer, counted: preview.drawer.expected - 100, reason: 'Drill' },
      { as: owner },
    );
    expect(closed.status, await closed.clone().text()).toBe(201);

    // A demo dish with a photo (stored_images), whose bytes the restore must give back.
    const menu = (await (await t.get('/api/menu/public')).json()) as PublicMenu;
    const withPhoto = menu.categories.flatMap((category) => category.items).find((dish) => dish.photoUrl);
    if (!withPhoto?.photoUrl) throw new Error('the demo menu has no photo');
    const photo = await t.get(withPhoto.photoUrl);
    expect(photo.status).toBe(200);
    pictured = {
      id: withPhoto.id,
      name: withPhoto.name,
      photoUrl: withPhoto.photoUrl,
      photo: Buffer.from(await photo.arrayBuffer()),
    };

    // Every table a backup holds has rows, so a table added later without drill data fails here.
    const client = await poolOf(t.db).connect();
    try {
      const empty: string[] = [];
      for (const table of await backedUpTables(client)) {
        if ((await countRows(t.db, table.name)) === 0) empty.push(table.name);
      }
      expect(empty, 'tables without drill data').toEqual([]);
    } finally {
      client.release();
    }
  });

  it('downloads one streamed file of every table but the throwaway ones, with a manifest', async () => {
    atBackup = await databaseState(t.db);
    backedUpName = await restaurantNameOf(t, owner);
    const { bytes, response } = await downloadBackup(t, owner);
    file = bytes;
    expect(response.headers.get('content-type')).toBe('application/gzip');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="brigade-backup-\d{4}-\d{2}-\d{2}-\d{6}\.gz"$/,
    );
    expect(response.headers.get('cache-control')).toContain('no-store');
    expect(response.headers.get('content-length')).toBeNull();
    const counts = rowsIn(atBackup);
    const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
    expect(response.headers.get('x-backup-rows')).toBe(String(total));
    // Nothing changed while it was taken but the download's own audit entry.
    const after = await databaseState(t.db);
    expect({ ...after, audit_log: '' }).toEqual({ ...atBackup, audit_log: '' });
    expect(rowsIn(after).audit_log).toBe((counts.audit_log ?? 0) + 1);

    const lines = backupLines(file);
    expect(lines[0]).toBe('BRIGADE-BACKUP 1');
    const { manifest } = manifestOf(lines);
    const level = appMigrations().migrations.length;
    expect(manifest).toMatchObject({
      format: 'brigade-backup',
      formatVersion: 1,
      schemaLevel: level,
      schemaTag: appMigrations().tags[level - 1],
      restaurantName: backedUpName,
      rows: total,
    });
    expect(Object.fromEntries(manifest.tables.map((table) => [table.name, table.rows]))).toEqual(counts);
    for (const table of manifest.tables) expect(table.sha256).toMatch(/^[0-9a-f]{64}$/);
    for (const throwaway of [...THROWAWAY_TABLES, ...DERIVED_TABLES]) {
      expect(lines.some((line) => line.startsWith(`table ${throwaway} `))).toBe(false);
    }
    expect(manifest.sequences.map((sequence) => sequence.name)).toContain('order_number_seq');
    expect(lines.at(-2)).toMatch(/^end [0-9a-f]{64}$/);
    expect(lines.at(-1)).toBe('');
  });

  it('after changes and deletions, a restore brings back every table row by row and signs everyone out', async () => {
    // Change and delete: rename and un-photo a dish, delete a coupon and a customer, add an order,
    // rename the restaurant.
    expect(
      (await t.patchLatest(`/api/menu/items/${pictured.id}`, { name: 'Renamed Dish' }, { as: owner })).status,
    ).toBe(200);
    expect((await t.del(`/api/menu/items/${pictured.id}/photo`, { as: owner })).status).toBe(200);
    const welcome = await poolOf(t.db).query("select id from coupons where code = 'WELCOME10'");
    expect((await t.del(`/api/coupons/${welcome.rows[0].id}`, { as: owner })).status).toBe(204);
    await poolOf(t.db).query('delete from users where id = $1', [leaving.id]);
    const extra = await buildOrder(t, { lines: [{ menuItemId: item.id, quantity: 5 }] }, { as: owner });
    expect(
      (await t.patchLatest('/api/settings', { name: 'Renamed Harbour Cafe' }, { as: owner })).status,
    ).toBe(200);
    const changed = await databaseState(t.db);
    for (const table of [
      'menu_items',
      'stored_images',
      'coupons',
      'users',
      'orders',
      'restaurant_settings',
    ]) {
      expect(changed[table], table).not.toBe(atBackup[table]);
    }
    const publicMenu = await t.get('/api/menu/public');
    const etagBefore = publicMenu.headers.get('etag');
    expect(etagBefore).toBeTruthy();
    const auditBefore = await countRows(t.db, 'audit_log', "area = 'backup' and action = 'backup.restored'");

    // The confirmation is the restaurant's name as it is now.
    const result = await restored(t, owner, file, 'Renamed Harbour Cafe');
    const level = appMigrations().migrations.length;
    expect(result).toEqual({
      restaurantName: backedUpName,
      backupCreatedAt: expect.any(String),
      schemaLevel: level,
      migratedTo: level,
      tables: Object.keys(rowsIn(atBackup)).length,
      rows: Object.values(rowsIn(atBackup)).reduce((sum, n) => sum + n, 0),
      safetyBackup: expect.stringMatching(/^brigade-backup-.*-safety\.gz$/),
    } satisfies RestoreResult);

    // Every table row by row as at backup time (audit_log without the restore's own entry).
    expect(await databaseState(t.db)).toEqual(atBackup);
    // The per-day totals are not in the file: rebuilt from the restored rows, they equal a scan of them.
    const dayTotals = await keptDayTotals(t.db);
    expect(dayTotals.orders.length).toBeGreaterThan(0);
    expect(dayTotals).toEqual(await scannedDayTotals(t.db));
    expect(await countRows(t.db, 'audit_log', "area = 'backup' and action = 'backup.restored'")).toBe(
      auditBefore + 1,
    );

    // Everyone signs in again: every session is gone, the owner's and staff's cookies are anonymous.
    expect(await countRows(t.db, 'sessions')).toBe(0);
    await expectErrorBody(await t.get(BACKUP_API.list, { as: owner }), 401, 'unauthenticated');
    await expectErrorBody(await t.get('/api/orders', { as: staff }), 401, 'unauthenticated');
    const again = await signedInOwner(t);
    expect((await t.get(BACKUP_API.list, { as: again })).status).toBe(200);
    // The customer deleted after the backup is back, and can sign in with their password.
    expect(await countRows(t.db, 'users', `id = '${leaving.id}'`)).toBe(1);
    await t.signIn(leaving.email, leaving.password);

    // The photo is back, byte for byte, under its old address.
    const photo = await t.get(pictured.photoUrl);
    expect(photo.status).toBe(200);
    expect(Buffer.from(await photo.arrayBuffer()).equals(pictured.photo)).toBe(true);

    // Nothing cached before the restore is taken for the restored data: the public menu's old ETag
    // gets the whole (restored) menu again, with another ETag.
    await t.liveSettled();
    const revalidated = await t.get('/api/menu/public', { headers: { 'if-none-match': etagBefore ?? '' } });
    expect(revalidated.status).toBe(200);
    expect(revalidated.headers.get('etag')).not.toBe(etagBefore);
    const menu = (await revalidated.json()) as PublicMenu;
    const dish = menu.categories
      .flatMap((category) => category.items)
      .find((each) => each.id === pictured.id);
    expect(dish).toMatchObject({ name: pictured.name, photoUrl: pictured.photoUrl });

    // Order numbers go on after the restored ones (the order added after the backup is gone).
    expect(await countRows(t.db, 'orders', `id = '${extra.id}'`)).toBe(0);
    const restoredMax = await maxOrderNumber(t);
    const next = await buildOrder(t, { lines: [{ menuItemId: item.id, quantity: 1 }] }, { as: again });
    expect(next.number).toBeGreaterThan(restoredMax);

    // The safety backup taken before the restore is listed, and holds the data as it was just before.
    const listed = (await overview(t, again)).backups;
    const safety = listed.find((backup) => backup.fileName === result.safetyBackup);
    expect(safety).toMatchObject({ kind: 'safety', status: 'succeeded', available: true });
    expect(safety?.rowCount).toBe(Object.values(rowsIn(changed)).reduce((sum, n) => sum + n, 0));
  });

  it('restores the same file into a fresh installation, which then holds every table as at backup time', async () => {
    const fresh = await createTestApp({ backupDir: await backupFolder() });
    try {
      const freshOwner = await signedInOwner(fresh);
      const result = await restored(fresh, freshOwner, file, await restaurantNameOf(fresh, freshOwner));
      expect(result.rows).toBe(Object.values(rowsIn(atBackup)).reduce((sum, n) => sum + n, 0));
      expect(await databaseState(fresh.db)).toEqual(atBackup);
      // The owner signs in with the backup's password; order numbers go on after the restored ones.
      await expectErrorBody(await fresh.get(BACKUP_API.list, { as: freshOwner }), 401, 'unauthenticated');
      const owner2 = await signedInOwner(fresh);
      const [restoredItem] = (
        await poolOf(fresh.db).query<{ id: string }>('select id from menu_items where id = $1', [item.id])
      ).rows;
      expect(restoredItem?.id).toBe(item.id);
      const restoredMax = await maxOrderNumber(fresh);
      const order = (await (
        await fresh.post(
          '/api/orders',
          { type: 'takeaway', lines: [{ menuItemId: item.id, quantity: 1 }] },
          { as: owner2, headers: { 'idempotency-key': randomUUID() } },
        )
      ).json()) as Order;
      expect(order.number).toBeGreaterThan(restoredMax);
    } finally {
      await fresh.close();
    }
  });
});

describe('a backup of an older schema level', () => {
  let t: TestApp;
  let oldDatabase: string;
  const { adminUrl } = inject('testDatabase');

  beforeAll(async () => {
    t = await createTestApp({ backupDir: await backupFolder() });
  });
  afterAll(async () => {
    await t?.close();
    if (oldDatabase) await dropDatabase(adminUrl, oldDatabase);
  });

  it('is restored, then migrated forward to this version’s level', async () => {
    // A database of the previous version: an empty one with all migrations but the last applied, as
    // drizzle records them, and a few rows written by hand.
    oldDatabase = `brigade_test_old_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database "${oldDatabase}"`);
    await admin.end();
    const { migrations, tags } = appMigrations();
    const level = migrations.length - 1;
    const lastSql = migrations.at(-1)?.sql ?? [];
    const createdByLast = lastSql.flatMap(
      (statement) => /CREATE TABLE "([a-z_]+)"/.exec(statement)?.[1] ?? [],
    );
    const addedByLast = lastSql.flatMap((statement) => {
      const added = /ALTER TABLE "([a-z_]+)" ADD COLUMN "([a-z_]+)"/.exec(statement);
      return added ? [{ table: added[1] as string, column: added[2] as string }] : [];
    });
    const client = new pg.Client({ connectionString: databaseUrl(adminUrl, oldDatabase) });
    await client.connect();
    const filePath = path.join(await backupFolder(), 'older-level.gz');
    // The owner's password from the test app, so the restored owner can sign in with ADMIN_PASSWORD.
    const [password] = (
      await poolOf(t.db).query<{ password: string }>(
        `select a.password from accounts a join users u on u.id = a.user_id
         where u.email = $1 and a.provider_id = 'credential'`,
        [ADMIN_EMAIL],
      )
    ).rows;
    const ownerId = randomUUID();
    try {
      await client.query('create schema drizzle');
      await client.query(
        'create table drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)',
      );
      for (const migration of migrations.slice(0, level)) {
        for (const statement of migration.sql) if (statement.trim()) await client.query(statement);
        await client.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [
          migration.hash,
          migration.folderMillis,
        ]);
      }
      expect(await schemaLevel(client)).toEqual({ level, tag: tags[level - 1] });
      await client.query(
        `insert into restaurant_settings (name, currency, locale, time_zone)
         values ('Old Level Cafe', 'USD', 'en-US', 'Europe/Lisbon')`,
      );
      await client.query(
        `insert into users (id, name, email, email_verified, role) values ($1, 'Old Owner', 'old-owner@test.brigade', true, 'admin')`,
        [ownerId],
      );
      await client.query(
        `insert into accounts (user_id, account_id, provider_id, password) values ($1, $2, 'credential', $3)`,
        [ownerId, ownerId, password?.password],
      );
      await client.query(`insert into food_categories (name) values ('Old Soups')`);
      await client.query('begin isolation level repeatable read read only');
      const gzip = createGzip();
      const written = pipeline(gzip, createWriteStream(filePath));
      const manifest = await writeBackup(client, gzip);
      gzip.end();
      await written;
      await client.query('commit');
      expect(manifest.schemaLevel).toBe(level);
      // Whatever the last migration creates is not in the older backup.
      for (const table of createdByLast) {
        expect(manifest.tables.map((entry) => entry.name)).not.toContain(table);
      }
    } finally {
      await client.end();
    }

    const owner = await signedInOwner(t);
    const result = await restored(t, owner, await fs.readFile(filePath), await restaurantNameOf(t, owner));
    expect(result).toMatchObject({
      restaurantName: 'Old Level Cafe',
      schemaLevel: level,
      migratedTo: migrations.length,
    });

    // The rows are there, at this version's schema level, with the tables the last migration added.
    const pool = poolOf(t.db);
    const check = await pool.connect();
    try {
      expect((await schemaLevel(check)).level).toBe(migrations.length);
    } finally {
      check.release();
    }
    for (const table of createdByLast) {
      const exists = await pool.query('select to_regclass($1) as oid', [`public.${table}`]);
      expect(exists.rows[0].oid, table).not.toBeNull();
    }
    for (const { table, column } of addedByLast) {
      const exists = await pool.query(
        'select 1 from information_schema.columns where table_name = $1 and column_name = $2',
        [table, column],
      );
      expect(exists.rowCount, `${table}.${column}`).toBe(1);
    }
    expect((await pool.query('select enabled, time, keep from backup_schedule')).rows).toEqual([
      { enabled: true, time: '03:00', keep: 7 },
    ]);
    expect((await pool.query('select name from food_categories')).rows).toEqual([{ name: 'Old Soups' }]);
    expect((await pool.query('select email from users')).rows).toEqual([{ email: 'old-owner@test.brigade' }]);
    // The old owner signs in and sees the restored restaurant.
    const cookie = await t.signIn('old-owner@test.brigade', ADMIN_PASSWORD);
    const oldOwner = { ...owner, cookie };
    expect((await overview(t, oldOwner)).restaurantName).toBe('Old Level Cafe');
    expect(await restaurantNameOf(t, oldOwner)).toBe('Old Level Cafe');
  });
});

describe('who may use backups', () => {
  let t: TestApp;
  let users: Record<'customer' | 'staff' | 'manager', TestUser>;

  beforeAll(async () => {
    t = await createTestApp({ backupDir: await backupFolder() });
    const [customer, staff, manager] = (await Promise.all([
      t.buildUser({ role: 'customer' }),
      t.buildUser({ role: 'staff' }),
      t.buildUser({ role: 'manager' }),
    ])) as [TestUser, TestUser, TestUser];
    users = { customer, staff, manager };
  });
  afterAll(() => t?.close());

  it('a guest gets 401 and a customer, staff or a manager 403 on every backup route', async () => {
    const id = randomUUID();
    const form = () => {
      const body = new FormData();
      body.append('file', new Blob([new Uint8Array([0x1f, 0x8b])]), 'backup.gz');
      body.append('confirm', 'Cafe');
      return body;
    };
    const calls: [string, (as: TestUser | null) => Promise<Response>][] = [
      ['GET download', (as) => t.get(BACKUP_API.download, { as })],
      ['POST restore', (as) => t.request(BACKUP_API.restore, { method: 'POST', body: form() }, { as })],
      ['GET list', (as) => t.get(BACKUP_API.list, { as })],
      [
        'PUT schedule',
        (as) =>
          t.request(
            BACKUP_API.schedule,
            {
              method: 'PUT',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ enabled: false, time: '04:00', keep: 3, version: 1 }),
            },
            { as },
          ),
      ],
      ['GET file', (as) => t.get(BACKUP_API.file(id), { as })],
      ['POST kept restore', (as) => t.post(BACKUP_API.restoreKept(id), { confirm: 'Cafe' }, { as })],
    ];
    const before = await databaseState(t.db);
    for (const [name, call] of calls) {
      expect((await call(null)).status, `${name} as a guest`).toBe(401);
      for (const [role, user] of Object.entries(users)) {
        const response = await call(user);
        expect(response.status, `${name} as ${role}`).toBe(403);
        await expectErrorBody(response, 403, 'permission-denied');
      }
    }
    expect(await databaseState(t.db)).toEqual(before);
    expect(await countRows(t.db, 'backup_runs')).toBe(0);
    expect(await countRows(t.db, 'audit_log', "area = 'backup'")).toBe(0);
  });
});

describe('downloads at once', () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    // The demo cafe's photos make a file larger than the streams' buffers, so an unread download waits.
    t = await createTestApp({ demoData: true, backupDir: await backupFolder() });
    admin = await t.buildUser({ role: 'admin' });
  });
  afterAll(() => t?.close());

  it('serves two at once (each holds a database connection); a third is 429 until one ends', async () => {
    const first = await t.get(BACKUP_API.download, { as: admin });
    const second = await t.get(BACKUP_API.download, { as: admin });
    expect([first.status, second.status]).toEqual([200, 200]);
    await expectErrorBody(await t.get(BACKUP_API.download, { as: admin }), 429, 'resource-exhausted');
    // The first is read to its end; the second is abandoned by its reader.
    expect(Buffer.from(await first.arrayBuffer()).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    await second.body?.cancel();
    await expect
      .poll(async () => {
        const third = await t.get(BACKUP_API.download, { as: admin });
        if (third.status === 200) await third.arrayBuffer();
        return third.status;
      })
      .toBe(200);
  });
});

describe('automatic backups and the kept ones', () => {
  let t: TestApp;
  let owner: TestUser;
  let backupDir: string;
  const DAY = 24 * 60 * 60 * 1000;
  const daysAhead = (days: number) => new Date(Date.now() + days * DAY);

  beforeAll(async () => {
    backupDir = await backupFolder();
    t = await createTestApp({ backupDir });
    owner = await signedInOwner(t);
    await buildMenuItem(t, { price: 800 }, { as: owner });
  });
  afterAll(() => t?.close());

  const automaticFiles = async () =>
    (await fs.readdir(backupDir)).filter((name) => name.endsWith('-daily.gz')).sort();
  const automaticRuns = () => countRows(t.db, 'backup_runs', "kind = 'automatic'");

  async function putSchedule(body: unknown): Promise<Response> {
    return t.request(
      BACKUP_API.schedule,
      { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
      { as: owner },
    );
  }

  it('lists the schedule (daily at 03:00, seven kept) and no backups at first', async () => {
    const shown = await overview(t, owner);
    expect(shown).toEqual({
      restaurantName: await restaurantNameOf(t, owner),
      folder: backupDir,
      schedule: {
        enabled: true,
        time: '03:00',
        keep: 7,
        version: 1,
        timeZone: expect.any(String),
        nextRunAt: expect.any(String),
      },
      backups: [],
    });
    expect(new Date(shown.schedule.nextRunAt ?? 0).getTime()).toBeGreaterThan(Date.now());
  });

  it('refuses a schedule with bad fields (naming them) or based on a stale version', async () => {
    const bad = await expectErrorBody(
      await putSchedule({ enabled: 'yes', time: '25:00', keep: 0, version: 1 }),
      400,
      'invalid-argument',
    );
    const paths = (bad.details as { issues: { path: string }[] }).issues.map((issue) => issue.path).sort();
    expect(paths).toEqual(['enabled', 'keep', 'time']);
    const tooMany = await expectErrorBody(
      await putSchedule({ enabled: true, time: '03:00', keep: 91, version: 1 }),
      400,
      'invalid-argument',
    );
    expect(tooMany.details).toEqual({ issues: [expect.objectContaining({ path: 'keep' })] });
    const unknown = await expectErrorBody(
      await putSchedule({ enabled: true, time: '03:00', keep: 3, version: 1, folder: '/etc' }),
      400,
      'invalid-argument',
    );
    expect(JSON.stringify(unknown.details)).toContain('folder');
    const changed = await putSchedule({ enabled: true, time: '04:30', keep: 5, version: 1 });
    expect(changed.status, await changed.clone().text()).toBe(200);
    expect((await changed.json()) as BackupSchedule).toMatchObject({
      enabled: true,
      time: '04:30',
      keep: 5,
      version: 2,
    });
    await expectErrorBody(
      await putSchedule({ enabled: false, time: '05:00', keep: 5, version: 1 }),
      409,
      'aborted',
    );
    expect((await overview(t, owner)).schedule).toMatchObject({ time: '04:30', keep: 5, version: 2 });
    expect(await countRows(t.db, 'audit_log', "area = 'backup' and action = 'backup-schedule.updated'")).toBe(
      1,
    );
  });

  /**
   * Moves the schedule's last change two days back (past the trigger that stamps `updated_at`), so that
   * today's time counts: a schedule changed after its time today starts tomorrow.
   */
  async function scheduleChangedDaysAgo(): Promise<void> {
    const client = await poolOf(t.db).connect();
    try {
      await client.query('begin');
      await client.query('set local session_replication_role = replica');
      await client.query("update backup_schedule set updated_at = clock_timestamp() - interval '2 days'");
      await client.query('commit');
    } finally {
      client.release();
    }
  }

  /** Waits for the wall clock's next second (backup files are named to the second). */
  const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1005 - (Date.now() % 1000)));

  it('takes the day’s backup once into the folder; it can be downloaded and restored', async () => {
    // The schedule was just changed (the test above): today's time has passed for it, tomorrow's counts.
    await t.services.backupScheduler.tick(new Date());
    expect(await automaticRuns()).toBe(0);
    await scheduleChangedDaysAgo();
    await t.services.backupScheduler.tick(new Date());
    expect(await automaticFiles()).toHaveLength(1);
    // The same day again, and another process's look meanwhile: nothing more.
    await t.services.backupScheduler.tick(new Date());
    expect(await automaticFiles()).toHaveLength(1);
    expect(await automaticRuns()).toBe(1);

    const shown = await overview(t, owner);
    const [kept] = shown.backups;
    expect(kept).toMatchObject({
      kind: 'automatic',
      status: 'succeeded',
      available: true,
      error: null,
      fileName: (await automaticFiles())[0],
    } satisfies Partial<KeptBackup>);
    // The next one is tomorrow.
    expect(new Date(shown.schedule.nextRunAt ?? 0).getTime()).toBeGreaterThan(Date.now() + 60_000);
    const download = await t.get(BACKUP_API.file(kept?.id ?? ''), { as: owner });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/gzip');
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(bytes.length).toBe(kept?.sizeBytes);
    expect(manifestOf(backupLines(bytes)).manifest.rows).toBe(kept?.rowCount);

    // Restored from the folder: a wrong name or a missing or wrong password is refused and changes
    // nothing; the right ones bring back what it holds.
    const atBackup = await databaseState(t.db);
    await buildMenuItem(t, { price: 900 }, { as: owner });
    const beforeRefusals = await databaseState(t.db);
    for (const [body, message] of [
      [{ confirm: await restaurantNameOf(t, owner) }, /password: enter your password/],
      [{ confirm: await restaurantNameOf(t, owner), password: '' }, /password: enter your password/],
      [
        { confirm: await restaurantNameOf(t, owner), password: 'not-the-password' },
        /^Your password is not correct/,
      ],
    ] as const) {
      const refused = await expectErrorBody(
        await t.post(BACKUP_API.restoreKept(kept?.id ?? ''), body, { as: owner }),
        400,
        'invalid-argument',
      );
      expect(refused.message).toMatch(message);
      expect(refused.details).toMatchObject({ issues: [expect.objectContaining({ path: 'password' })] });
    }
    expect(await databaseState(t.db)).toEqual(beforeRefusals);
    const wrong = await expectErrorBody(
      await t.post(
        BACKUP_API.restoreKept(kept?.id ?? ''),
        { confirm: 'Some Other Cafe', password: owner.password },
        { as: owner },
      ),
      400,
      'invalid-argument',
    );
    expect(wrong.details).toEqual({ issues: [expect.objectContaining({ path: 'confirm' })] });
    await expectErrorBody(
      await t.post(
        BACKUP_API.restoreKept(randomUUID()),
        { confirm: 'x', password: owner.password },
        { as: owner },
      ),
      404,
      'not-found',
    );
    await expectErrorBody(await t.get(BACKUP_API.file(randomUUID()), { as: owner }), 404, 'not-found');
    const response = await t.post(
      BACKUP_API.restoreKept(kept?.id ?? ''),
      { confirm: await restaurantNameOf(t, owner), password: owner.password },
      { as: owner },
    );
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await databaseState(t.db)).toEqual(atBackup);
    owner = await signedInOwner(t);
    // The safety backup taken before the restore is listed beside it.
    const kinds = (await overview(t, owner)).backups.map((backup) => backup.kind).sort();
    expect(kinds).toEqual(['automatic', 'safety']);
  });

  it('two processes on one database looking at once write one backup between them', async () => {
    // As if today's backup had not been taken yet.
    await poolOf(t.db).query("delete from backup_runs where kind = 'automatic'");
    for (const name of await automaticFiles()) await fs.rm(path.join(backupDir, name));
    const second = await t.secondApp();
    try {
      const now = new Date();
      await Promise.all([t.services.backupScheduler.tick(now), second.services.backupScheduler.tick(now)]);
      expect(await automaticRuns()).toBe(1);
      expect(await automaticFiles()).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('keeps the newest `keep` automatic backups, deleting older files and rows', async () => {
    const { schedule } = await overview(t, owner);
    const changed = await putSchedule({
      enabled: true,
      time: schedule.time,
      keep: 2,
      version: schedule.version,
    });
    expect(changed.status, await changed.clone().text()).toBe(200);
    const ids: string[] = [];
    for (const days of [1, 2, 3]) {
      // A second apart: see the next test for two backups within one second.
      await nextSecond();
      await t.services.backupScheduler.tick(daysAhead(days));
      const [newest] = (await overview(t, owner)).backups.filter((backup) => backup.kind === 'automatic');
      ids.push(newest?.id ?? '');
    }
    expect(await automaticRuns()).toBe(2);
    const files = await automaticFiles();
    expect(files).toHaveLength(2);
    const kept = (await overview(t, owner)).backups.filter((backup) => backup.kind === 'automatic');
    expect(kept.map((backup) => backup.id)).toEqual([ids[2], ids[1]]);
    expect(kept.map((backup) => backup.fileName).sort()).toEqual(files);
    expect(kept.every((backup) => backup.available && backup.status === 'succeeded')).toBe(true);
  });

  it('two automatic backups within one second are two files, and pruning deletes neither kept one', async () => {
    await nextSecond();
    await t.services.backupScheduler.tick(daysAhead(4));
    await t.services.backupScheduler.tick(daysAhead(5));
    const kept = (await overview(t, owner)).backups.filter((backup) => backup.kind === 'automatic');
    expect(kept).toHaveLength(2);
    expect(new Set(kept.map((backup) => backup.fileName)).size).toBe(2);
    expect(kept.map((backup) => backup.available)).toEqual([true, true]);
  });

  it('a second look on the same day writes nothing, however far the scheduler’s clock is from the database’s', async () => {
    // The scheduler's `now` a day ahead stands for an app whose clock runs ahead of PostgreSQL's.
    const day = daysAhead(8);
    await t.services.backupScheduler.tick(day);
    const [first] = (await overview(t, owner)).backups.filter((backup) => backup.kind === 'automatic');
    await t.services.backupScheduler.tick(new Date(day.getTime() + 60_000));
    const [newest] = (await overview(t, owner)).backups.filter((backup) => backup.kind === 'automatic');
    expect(newest?.id).toBe(first?.id);
  });

  it('writes nothing while the schedule is off', async () => {
    const { schedule } = await overview(t, owner);
    const off = await putSchedule({
      enabled: false,
      time: schedule.time,
      keep: 2,
      version: schedule.version,
    });
    expect(off.status, await off.clone().text()).toBe(200);
    expect(((await off.json()) as BackupSchedule).nextRunAt).toBeNull();
    const before = await automaticRuns();
    await t.services.backupScheduler.tick(daysAhead(10));
    expect(await automaticRuns()).toBe(before);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SALE_CONTEXT_MAX_AGE_MS, saleContext } from '../../src/server/use-cases/sale-context';
import type { MenuItem } from '../../src/shared/contracts/menu';
import type { Order } from '../../src/shared/contracts/orders';
import { buildCategory, buildMenuItem, buildTable, uniqueName } from '../support/factories';
import { ALWAYS_OPEN_HOURS } from '../support/opening-hours';
import { placedOrder, placeOrder } from '../support/orders';
import { createTestApp, expectErrorBody, type TestApp, type TestUser } from '../support/test-app';

/**
 * A point-of-sale order is checked and priced against the settings and menu the process keeps in
 * memory, and written by one statement that first checks, in its own snapshot, that the `menu` and
 * `settings` topics have not moved and the table and partner are still active (decision 010;
 * use-cases/sale-context.ts). Here every change is made by a second app process while this process's
 * live-topics hub is stopped: it never hears of them, so only that check stands between an order and
 * what this process kept. Each order must still be priced and refused from the rows as they are.
 */
let t: TestApp;
let other: Awaited<ReturnType<TestApp['secondApp']>>;
let admin: TestUser;
let staff: TestUser;
let soup: MenuItem;
let bread: MenuItem;
let tableId: string;
let partnerId: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, staff] = (await Promise.all([t.buildUser({ role: 'admin' }), t.buildUser({ role: 'staff' })])) as [
    TestUser,
    TestUser,
  ];
  const settings = await t.patchLatest(
    '/api/settings',
    { openingHours: ALWAYS_OPEN_HOURS, taxPercent: 10, taxInclusive: false, serviceChargePercent: 0 },
    { as: admin },
  );
  expect(settings.status, await settings.clone().text()).toBe(200);
  const category = await buildCategory(t, { name: uniqueName('Kitchen') }, { as: admin });
  soup = await buildMenuItem(
    t,
    { name: uniqueName('Soup'), categoryId: category.id, price: 500 },
    { as: admin },
  );
  bread = await buildMenuItem(
    t,
    { name: uniqueName('Bread'), categoryId: category.id, price: 200 },
    { as: admin },
  );
  tableId = (await buildTable(t, { name: uniqueName('T') }, { as: admin })).id;
  const partner = await t.post(
    '/api/partners',
    { name: uniqueName('Rider'), kind: 'delivery', commissionPercent: 10 },
    { as: admin },
  );
  partnerId = ((await partner.json()) as { id: string }).id;
  // This process reads its context with the first order, then stops hearing of changes.
  await placedOrder(t, soupOrder(), staff);
  await t.liveSettled();
  await t.services.liveTopics.stop();
  other = await t.secondApp();
});
afterAll(async () => {
  await other.close();
  await t.close();
});

async function ordersBy(userId: string): Promise<number> {
  const result = await t.db.execute(
    sql`select count(*)::int as n from orders where created_by = ${userId}::uuid`,
  );
  return (result.rows[0] as { n: number }).n;
}

function soupOrder(extra: Record<string, unknown> = {}) {
  return { type: 'takeaway', lines: [{ menuItemId: soup.id, quantity: 2 }], ...extra };
}

describe('a point-of-sale order placed from what the process keeps', () => {
  it('is priced at the price another process set, before this process has heard of it', async () => {
    const before = await placedOrder(t, soupOrder(), staff);
    expect(before.subtotal).toBe(1000);
    const changed = await other.patchLatest(`/api/menu/items/${soup.id}`, { price: 650 }, { as: admin });
    expect(changed.status, await changed.clone().text()).toBe(200);
    const after = await placedOrder(t, soupOrder(), staff);
    expect(after.lines[0]?.unitPrice).toBe(650);
    expect(after.subtotal).toBe(1300);
    expect(after.tax).toBe(130);
    // And the next one, from the context read again.
    expect((await placedOrder(t, soupOrder(), staff)).subtotal).toBe(1300);
  });

  it('uses the tax another process set', async () => {
    const changed = await other.patchLatest('/api/settings', { taxPercent: 20 }, { as: admin });
    expect(changed.status, await changed.clone().text()).toBe(200);
    const order = await placedOrder(
      t,
      { type: 'takeaway', lines: [{ menuItemId: bread.id, quantity: 1 }] },
      staff,
    );
    expect(order.subtotal).toBe(200);
    expect(order.tax).toBe(40);
    expect(order.total).toBe(240);
  });

  it('refuses an item another process marked sold out today, naming it', async () => {
    const changed = await other.patchLatest(
      `/api/menu/items/${bread.id}`,
      { availableToday: false },
      { as: admin },
    );
    expect(changed.status, await changed.clone().text()).toBe(200);
    const refused = await placeOrder(
      t,
      { type: 'takeaway', lines: [{ menuItemId: bread.id, quantity: 1 }] },
      staff,
    );
    const body = await expectErrorBody(refused, 409, 'aborted');
    expect(body.message).toBe(`“${bread.name}” is sold out today.`);
  });

  it('refuses a table another process archived (tables are not kept: the statement checks)', async () => {
    const first = await placedOrder(t, soupOrder({ type: 'dine-in', tableId }), staff);
    expect(first.table?.id).toBe(tableId);
    const archived = await other.patchLatest(
      `/api/dining-tables/${tableId}`,
      { active: false },
      { as: admin },
    );
    expect(archived.status, await archived.clone().text()).toBe(200);
    const refused = await placeOrder(t, soupOrder({ type: 'dine-in', tableId }), staff);
    const body = await expectErrorBody(refused, 409, 'aborted');
    expect(body.message).toMatch(/is archived: choose another table/);
  });

  it('copies the partner’s name as it is, and refuses a partner another process archived', async () => {
    const renamed = await other.patchLatest(
      `/api/partners/${partnerId}`,
      { name: 'Rider Renamed' },
      { as: admin },
    );
    expect(renamed.status, await renamed.clone().text()).toBe(200);
    const order = await placedOrder(t, soupOrder({ partnerId, partnerReference: 'R-1' }), staff);
    expect(order.source).toBe('partner');
    expect(order.partner).toEqual({ id: partnerId, name: 'Rider Renamed' });
    const archived = await other.patchLatest(`/api/partners/${partnerId}`, { active: false }, { as: admin });
    expect(archived.status, await archived.clone().text()).toBe(200);
    const refused = await placeOrder(t, soupOrder({ partnerId, partnerReference: 'R-2' }), staff);
    const body = await expectErrorBody(refused, 409, 'aborted');
    expect(body.message).toMatch(/is archived: choose another partner/);
  });

  it('is not written for a user another process disabled, though this process still keeps the session', async () => {
    const cashier = await t.buildUser({ role: 'staff' });
    await placedOrder(t, soupOrder(), cashier); // this process reads the session and keeps it
    const before = await ordersBy(cashier.id);
    const disabled = await other.post(`/api/admin/users/${cashier.id}/disable`, undefined, { as: admin });
    expect(disabled.status, await disabled.clone().text()).toBe(200);
    await expectErrorBody(await placeOrder(t, soupOrder(), cashier), 401, 'unauthenticated');
    expect(await ordersBy(cashier.id)).toBe(before);
  });

  it('is a customer’s order request for a cashier another process made a customer', async () => {
    const cashier = await t.buildUser({ role: 'staff' });
    expect((await placedOrder(t, soupOrder(), cashier)).source).toBe('pos');
    const demoted = await other.patch(
      `/api/admin/users/${cashier.id}/role`,
      { role: 'customer' },
      { as: admin },
    );
    expect(demoted.status, await demoted.clone().text()).toBe(200);
    const order = await placedOrder(t, soupOrder(), cashier);
    expect(order.source).toBe('online');
    expect(order.status).toBe('pending');
  });

  it('reads the menu again once what it keeps is 10 s old (a change made outside the app writes no event)', async () => {
    const live = t.services.liveTopics;
    const kept = await saleContext(t.db, live);
    await t.db.execute(sql`update menu_items set price = 999 where id = ${soup.id}`);
    expect((await saleContext(t.db, live)).items.get(soup.id)?.price).toBe(kept.items.get(soup.id)?.price);
    expect(SALE_CONTEXT_MAX_AGE_MS).toBe(10_000);
    const aged = await saleContext(t.db, live, 0);
    expect(aged.items.get(soup.id)?.price).toBe(999);
    expect(aged.readAt).toBeGreaterThanOrEqual(kept.readAt);
  });

  it('keeps what it kept when an order names a table that does not exist (the order is at fault)', async () => {
    const live = t.services.liveTopics;
    await placedOrder(t, soupOrder(), staff); // the context is current
    const keptPrice = (await saleContext(t.db, live)).items.get(soup.id)?.price as number;
    // Outside the app: no event, so only a context read again would see it.
    await t.db.execute(sql`update menu_items set price = ${keptPrice + 111} where id = ${soup.id}`);
    try {
      for (const missing of [{ tableId: crypto.randomUUID() }, { partnerId: crypto.randomUUID() }]) {
        const extra = 'tableId' in missing ? { type: 'dine-in', ...missing } : missing;
        await expectErrorBody(await placeOrder(t, soupOrder(extra), staff), 404, 'not-found');
      }
      // Still priced from what this process kept: the refusals did not throw it away.
      const order = await placedOrder(t, soupOrder(), staff);
      expect(order.lines[0]?.unitPrice).toBe(keptPrice);
    } finally {
      await t.db.execute(sql`update menu_items set price = ${keptPrice} where id = ${soup.id}`);
    }
  });

  it('waits for a currency change in progress and is then written in the new currency', async () => {
    await placedOrder(t, soupOrder(), staff); // the context is current
    const [{ currency }] = (await t.db.execute(sql`select currency from restaurant_settings`)).rows as [
      { currency: string },
    ];
    const changed = currency === 'EUR' ? 'GBP' : 'EUR';
    const before = await ordersBy(staff.id);
    let placing: Promise<Order> | undefined;
    try {
      // A currency change holds the row from its check of recorded money to its commit; an order
      // recorded in between in the old currency would make that check wrong.
      await t.db.transaction(async (tx) => {
        await tx.execute(sql`update restaurant_settings set currency = ${changed}`);
        placing = placedOrder(t, soupOrder(), staff);
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(await ordersBy(staff.id)).toBe(before);
      });
      const order = (await placing) as Order;
      expect(order.currency).toBe(changed);
    } finally {
      await placing?.catch(() => undefined);
      await t.db.execute(sql`update restaurant_settings set currency = ${currency}`);
    }
  });
});

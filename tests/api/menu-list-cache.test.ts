import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuItem } from '../../src/shared/contracts/menu';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app';

/**
 * The menu screen's list is kept per process while the menu is unchanged (modules/menu/
 * menu-list-cache.ts). Changes are made here with SQL straight into the tables, as another process
 * (or a migration, a script) would: the next read must show them all the same.
 */
let t: TestApp;
let staff: TestUser;
const LIST = '/api/menu/items?sort=position&limit=500';

beforeAll(async () => {
  t = await createTestApp({ demoData: true });
  staff = await t.buildUser({ role: 'staff' });
}, 120_000);
afterAll(() => t.close());

async function list(as: TestUser = staff): Promise<MenuItem[]> {
  const response = await t.get(LIST, { as });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('application/json');
  expect(response.headers.get('cache-control')).toBe('no-store');
  return ((await response.json()) as { items: MenuItem[] }).items;
}

describe('the kept menu item list', () => {
  it('answers alike twice, then shows every kind of change made by anyone at the next read', async () => {
    const first = await list();
    expect(first.length).toBeGreaterThan(10);
    expect(await list()).toEqual(first);
    const withOptions = first.find((item) => item.modifierGroups.some((group) => group.options.length > 0));
    if (!withOptions) throw new Error('the demo menu has no item with modifier options');
    const item = first[0] as MenuItem;

    await t.db.execute(sql`update menu_items set price = price + 7 where id = ${item.id}`);
    expect((await list()).find((row) => row.id === item.id)?.price).toBe(item.price + 7);

    await t.db.execute(sql`update food_categories set name = 'Renamed by SQL' where id = ${item.categoryId}`);
    expect((await list()).find((row) => row.id === item.id)?.categoryName).toBe('Renamed by SQL');

    const option = withOptions.modifierGroups.flatMap((group) => group.options)[0];
    await t.db.execute(sql`update modifier_options set price_delta = 4321 where id = ${option?.id}`);
    const changed = (await list()).find((row) => row.id === withOptions.id);
    expect(
      changed?.modifierGroups.flatMap((group) => group.options).find((o) => o.id === option?.id)?.priceDelta,
    ).toBe(4321);

    await t.db.execute(sql`delete from modifier_groups where menu_item_id = ${withOptions.id}`);
    expect((await list()).find((row) => row.id === withOptions.id)?.modifierGroups).toEqual([]);

    await t.db.execute(sql`update menu_items set active = false where id = ${item.id}`);
    expect((await list()).some((row) => row.id === item.id)).toBe(false);
  });

  it('keeps refusing callers the route refuses, and answers searches and other queries', async () => {
    await list();
    const customer = await t.buildUser();
    expect((await t.get(LIST, { as: customer })).status).toBe(403);
    expect((await t.get(LIST)).status).toBe(401);
    const admin = await t.buildUser({ role: 'admin' });
    expect((await list(admin)).length).toBe((await list()).length);
    const search = await t.get('/api/menu/items?search=zzzz-nothing', { as: staff });
    expect(((await search.json()) as { items: unknown[] }).items).toEqual([]);
    const small = await t.get('/api/menu/items?sort=position&limit=2', { as: staff });
    expect(((await small.json()) as { items: unknown[] }).items).toHaveLength(2);
  });
});

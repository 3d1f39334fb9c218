import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoodCategory } from '../../src/shared/contracts/master-data';
import type { MenuItem } from '../../src/shared/contracts/menu';
import type { RestaurantSettings } from '../../src/shared/contracts/settings';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app';

/** Writes that change the public menu or the settings announce their topic. */
let t: TestApp;
let admin: TestUser;
let category: FoodCategory;
let item: MenuItem;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.buildUser({ role: 'admin' });
});
afterAll(() => t.close());

const hub = () => t.services.liveTopics;
const json = async <T>(response: Response): Promise<T> => {
  expect(response.ok, await response.clone().text()).toBe(true);
  return (await response.json()) as T;
};
async function eventCount(): Promise<number> {
  const result = await t.db.execute(sql`select count(*)::int as n from events`);
  return (result.rows[0] as { n: number }).n;
}
/** Waits until the hub has seen a newer version of `topic` than `before`. */
async function expectBump(topic: string, before: number) {
  await hub().waitFor(topic, before + 1, 3000);
  expect(hub().version(topic)).toBeGreaterThan(before);
}

describe('publishing changes', () => {
  it('creating a food category and a menu item, changing a price, reordering, duplicating: topic menu', async () => {
    let v = hub().version('menu');
    category = await json(await t.post('/api/food-categories', { name: 'Coffee' }, { as: admin }));
    await expectBump('menu', v);
    v = hub().version('menu');
    item = await json(
      await t.post('/api/menu/items', { name: 'Latte', categoryId: category.id, price: 450 }, { as: admin }),
    );
    await expectBump('menu', v);
    v = hub().version('menu');
    item = await json(
      await t.patch(`/api/menu/items/${item.id}`, { price: 475, version: item.version }, { as: admin }),
    );
    await expectBump('menu', v);
    v = hub().version('menu');
    await json(await t.post(`/api/menu/items/${item.id}/duplicate`, undefined, { as: admin }));
    await expectBump('menu', v);
  });

  it('a refused write (stale version) writes no event and announces nothing', async () => {
    const before = await eventCount();
    const v = hub().version('menu');
    const response = await t.patch(`/api/menu/items/${item.id}`, { price: 999, version: 1 }, { as: admin });
    expect(response.status).toBe(409);
    expect(await eventCount()).toBe(before);
    expect(hub().version('menu')).toBe(v);
  });

  it('a settings change announces settings and menu', async () => {
    const settings = await json<RestaurantSettings>(await t.get('/api/settings', { as: admin }));
    const [vs, vm] = [hub().version('settings'), hub().version('menu')];
    await json(
      await t.patch('/api/settings', { name: 'Cafe Live', version: settings.version }, { as: admin }),
    );
    await expectBump('settings', vs);
    await expectBump('menu', vm);
  });
});

describe('GET /api/menu/public from memory', () => {
  it('answers If-None-Match with 304 from the hub’s version, without a database query', async () => {
    await t.liveSettled();
    const first = await t.get('/api/menu/public', { as: null });
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag') as string;
    const pool = (
      t.db as unknown as { $client: { query: (...args: unknown[]) => unknown; connect: () => unknown } }
    ).$client;
    const [query, connect] = [pool.query, pool.connect];
    let calls = 0;
    pool.query = (...args: unknown[]) => {
      calls++;
      return query.apply(pool, args);
    };
    pool.connect = () => {
      calls++;
      return connect.apply(pool);
    };
    try {
      const again = await t.get('/api/menu/public', { as: null, headers: { 'if-none-match': etag } });
      expect(again.status).toBe(304);
      expect(calls).toBe(0);
    } finally {
      pool.query = query;
      pool.connect = connect;
    }
  });
});

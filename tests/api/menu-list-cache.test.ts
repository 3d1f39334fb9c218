import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuItem } from '../../src/shared/contracts/menu';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app';

/**
 * The menu screen's list is kept per process while the `menu` live topic is unchanged (modules/menu/
 * menu-list-cache.ts). Every kind of change the list shows is made here through the API, as the
 * screens make it, on this process (the next read shows it: the change's answer came after this
 * process applied its event) and on another process on the same database (shown once this process's
 * hub has seen the event).
 */
let t: TestApp;
let staff: TestUser;
let admin: TestUser;
const LIST = '/api/menu/items?sort=position&limit=500';

beforeAll(async () => {
  t = await createTestApp({ demoData: true });
  staff = await t.buildUser({ role: 'staff' });
  admin = await t.buildUser({ role: 'admin' });
}, 120_000);
afterAll(() => t.close());

async function list(as: TestUser = staff): Promise<MenuItem[]> {
  const response = await t.get(LIST, { as });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('application/json');
  expect(response.headers.get('cache-control')).toBe('no-store');
  return ((await response.json()) as { items: MenuItem[] }).items;
}

/** An item's modifier groups as a change sends them. */
function groupsInput(item: MenuItem, priceDelta?: (optionId: string, current: number) => number) {
  return item.modifierGroups.map((group) => ({
    name: group.name,
    minChoices: group.minChoices,
    maxChoices: group.maxChoices,
    options: group.options.map((option) => ({
      name: option.name,
      priceDelta: priceDelta ? priceDelta(option.id, option.priceDelta) : option.priceDelta,
    })),
  }));
}

async function changed(response: Response) {
  expect(response.status, await response.clone().text()).toBe(200);
}

describe('the kept menu item list', () => {
  it('answers alike twice, then shows every kind of change at the next read', async () => {
    const first = await list();
    expect(first.length).toBeGreaterThan(10);
    expect(await list()).toEqual(first);
    const withOptions = first.find((item) => item.modifierGroups.some((group) => group.options.length > 0));
    if (!withOptions) throw new Error('the demo menu has no item with modifier options');
    const item = first.find((row) => row.id !== withOptions.id) as MenuItem;
    const path = (id: string) => `/api/menu/items/${id}`;

    await changed(await t.patchLatest(path(item.id), { price: item.price + 7 }, { as: admin }));
    expect((await list()).find((row) => row.id === item.id)?.price).toBe(item.price + 7);

    await changed(
      await t.patchLatest(`/api/food-categories/${item.categoryId}`, { name: 'Renamed here' }, { as: admin }),
    );
    expect((await list()).find((row) => row.id === item.id)?.categoryName).toBe('Renamed here');

    const option = withOptions.modifierGroups.flatMap((group) => group.options)[0];
    await changed(
      await t.patchLatest(
        path(withOptions.id),
        { modifierGroups: groupsInput(withOptions, (id, delta) => (id === option?.id ? 4321 : delta)) },
        { as: admin },
      ),
    );
    const withNewPrice = (await list()).find((row) => row.id === withOptions.id);
    const options = withNewPrice?.modifierGroups.flatMap((group) => group.options) ?? [];
    expect(options.find((o) => o.name === option?.name)?.priceDelta).toBe(4321);

    await changed(await t.patchLatest(path(withOptions.id), { modifierGroups: [] }, { as: admin }));
    expect((await list()).find((row) => row.id === withOptions.id)?.modifierGroups).toEqual([]);

    await changed(await t.patchLatest(path(item.id), { active: false }, { as: admin }));
    expect((await list()).some((row) => row.id === item.id)).toBe(false);
  });

  it('shows a change made through another process once this process has seen its event', async () => {
    const b = await t.secondApp();
    try {
      const [item] = await list();
      if (!item) throw new Error('no menu item');
      const current = (await (await b.get(`/api/menu/items/${item.id}`, { as: admin })).json()) as MenuItem;
      const patched = await b.app.request(`http://localhost:3000/api/menu/items/${item.id}`, {
        method: 'PATCH',
        headers: {
          cookie: admin.cookie,
          origin: 'http://localhost:3000',
          'content-type': 'application/json',
        },
        body: JSON.stringify({ price: current.price + 11, version: current.version }),
      });
      expect(patched.status, await patched.clone().text()).toBe(200);
      await t.services.liveTopics.waitFor('menu', b.services.liveTopics.version('menu'));
      expect((await list()).find((row) => row.id === item.id)?.price).toBe(current.price + 11);
    } finally {
      await b.close();
    }
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

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoodCategory } from '../../src/shared/contracts/master-data';
import type { MenuItem, PublicMenu } from '../../src/shared/contracts/menu';
import { buildCategory, buildMenuItem } from '../support/factories';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app';

/** Races the database must settle: taken names, copies of one item, a menu read while it changes. */
let t: TestApp;
let admin: TestUser;
let category: FoodCategory;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.buildUser({ role: 'admin' });
  category = await buildCategory(t, { name: 'Coffee' }, { as: admin });
});
afterAll(() => t.close());

describe('at the same time', () => {
  it('eight creates of one supplier name, in any case, give one record and seven clear 409s', async () => {
    const names = [
      'Dairy Co',
      'dairy co',
      'DAIRY CO',
      'Dairy co',
      'dairy CO',
      'Dairy Co',
      'dAiry co',
      'DAIRY co',
    ];
    const responses = await Promise.all(
      names.map((name) => t.post('/api/suppliers', { name }, { as: admin })),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    for (const response of responses.filter((each) => each.status === 409)) {
      const body = (await response.json()) as {
        error: { message: string; details: { issues: { path: string }[] } };
      };
      expect(body.error.message).toMatch(/^A supplier named “.+” already exists\.$/);
      expect(body.error.details.issues[0]?.path).toBe('name');
    }
    const list = (await (await t.get('/api/suppliers?search=dairy', { as: admin })).json()) as {
      items: unknown[];
    };
    expect(list.items).toHaveLength(1);
  });

  it('four copies of one item at once get four different names', async () => {
    const item = await buildMenuItem(t, { name: 'Latte', categoryId: category.id }, { as: admin });
    const responses = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.post(`/api/menu/items/${item.id}/duplicate`, undefined, { as: admin }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual([201, 201, 201, 201]);
    const copies = (await Promise.all(responses.map((response) => response.json()))) as MenuItem[];
    expect(copies.map((copy) => copy.name).sort()).toEqual([
      'Latte (copy 2)',
      'Latte (copy 3)',
      'Latte (copy 4)',
      'Latte (copy)',
    ]);
  });

  it('the public menu never serves a stale copy while prices change', async () => {
    const item = await buildMenuItem(t, { categoryId: category.id, price: 500 }, { as: admin });
    for (let price = 501; price <= 520; price++) {
      const [changed] = await Promise.all([
        t.patchLatest(`/api/menu/items/${item.id}`, { price }, { as: admin }),
        t.get('/api/menu/public'),
      ]);
      expect(changed.status).toBe(200);
      const menu = (await (await t.get('/api/menu/public')).json()) as PublicMenu;
      const shown = menu.categories.flatMap((each) => each.items).find((each) => each.id === item.id);
      expect(shown?.price).toBe(price);
    }
  });
});

import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../src/shared/contracts/audit';
import type { FoodCategory } from '../../src/shared/contracts/master-data';
import type { MenuItem } from '../../src/shared/contracts/menu';
import type { Role } from '../../src/shared/roles';
import { buildCategory, buildMenuItem } from '../support/factories';
import { createTestApp, expectErrorBody, type TestApp, type TestUser } from '../support/test-app';

let t: TestApp;
let admin: TestUser;
const as: Partial<Record<Role, TestUser>> = {};
let coffee: FoodCategory;
let food: FoodCategory;

type Body = Record<string, unknown>;
type Page<T> = { items: T[]; nextCursor: string | null };

const ITEMS = '/api/menu/items';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

const size = {
  name: 'Size',
  minChoices: 1,
  maxChoices: 1,
  options: [
    { name: 'Small', priceDelta: 0 },
    { name: 'Large', priceDelta: 150 },
  ],
};
const extras = {
  name: 'Extras',
  minChoices: 0,
  maxChoices: 2,
  options: [
    { name: 'Oat milk', priceDelta: 60 },
    { name: 'Extra shot', priceDelta: 80 },
    { name: 'Decaf', priceDelta: -20 },
  ],
};

let counter = 0;
/** A valid menu item body with a fresh name. */
function itemBody(overrides: Body = {}): Body {
  counter += 1;
  return {
    name: `Latte ${counter}`,
    description: 'Espresso with steamed milk',
    categoryId: coffee.id,
    price: 450,
    tags: ['vegetarian'],
    allergens: ['milk'],
    station: 'bar',
    modifierGroups: [size, extras],
    ...overrides,
  };
}

/** An item with modifiers, tags and allergens (the full body these tests compare copies and reads with). */
function createItem(overrides: Body = {}): Promise<MenuItem> {
  return buildMenuItem(t, itemBody(overrides), { as: admin });
}

function createCategory(name: string): Promise<FoodCategory> {
  return buildCategory(t, { name }, { as: admin });
}

async function readItem(id: string): Promise<MenuItem> {
  const response = await t.get(`${ITEMS}/${id}`, { as: admin });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as MenuItem;
}

async function listOf<T>(path: string): Promise<Page<T>> {
  const response = await t.get(path, { as: admin });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Page<T>;
}

async function expectIssue(response: Response, status: number, code: string, field: string) {
  const error = await expectErrorBody(response, status, code);
  const issues = (error.details as { issues?: { path: string; message: string }[] } | undefined)?.issues;
  expect(
    issues?.map((issue) => issue.path),
    JSON.stringify(error),
  ).toContain(field);
  expect(error.message).toContain(field);
  return error;
}

async function uploadPhoto(itemId: string, bytes: Uint8Array): Promise<MenuItem> {
  const form = new FormData();
  form.append('photo', new File([new Uint8Array(bytes)], 'photo.jpg', { type: 'image/jpeg' }));
  const response = await t.request(`${ITEMS}/${itemId}/photo`, { method: 'POST', body: form }, { as: admin });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as MenuItem;
}

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 120, g: 80, b: 40 } } })
    .jpeg()
    .toBuffer();

/** Modifier groups without their ids, for comparing a copy with its original. */
const withoutIds = (groups: MenuItem['modifierGroups']) =>
  groups.map(({ id: _id, options, ...group }) => ({
    ...group,
    options: options.map(({ id: _optionId, ...option }) => option),
  }));

async function menuAudit(): Promise<AuditEntry[]> {
  const response = await t.get('/api/admin/audit?area=menu&limit=500', { as: admin });
  expect(response.status).toBe(200);
  return ((await response.json()) as Page<AuditEntry>).items;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.buildUser({ role: 'admin' });
  for (const role of ['customer', 'staff', 'manager'] as const) as[role] = await t.buildUser({ role });
  coffee = await createCategory('Coffee');
  food = await createCategory('Food');
});
afterAll(() => t.close());

describe('menu items: access', () => {
  it('answers 401, then 403, then 400, then 404, then creates the item', async () => {
    const body = itemBody();
    const one = `${ITEMS}/${UNKNOWN_ID}`;
    for (const call of [
      () => t.get(ITEMS, { as: null }),
      () => t.get(one, { as: null }),
      () => t.post(ITEMS, body, { as: null }),
      () => t.patchLatest(one, { price: 1 }, { as: null }),
      () => t.del(one, { as: null }),
      () => t.post(`${one}/duplicate`, undefined, { as: null }),
      () => t.post(`${ITEMS}/reorder`, { ids: [UNKNOWN_ID] }, { as: null }),
    ]) {
      await expectErrorBody(await call(), 401, 'unauthenticated');
    }
    await expectErrorBody(await t.post(ITEMS, body, { as: as.customer }), 403, 'permission-denied');
    await expectErrorBody(await t.post(ITEMS, { price: -1 }, { as: as.staff }), 403, 'permission-denied');
    await expectIssue(
      await t.post(ITEMS, { ...body, price: -1 }, { as: admin }),
      400,
      'invalid-argument',
      'price',
    );
    await expectErrorBody(await t.get(one, { as: admin }), 404, 'not-found');
    await expectErrorBody(await t.patchLatest(one, { price: 500 }, { as: admin }), 404, 'not-found');
    await expectErrorBody(await t.del(one, { as: admin }), 404, 'not-found');
    await expectErrorBody(await t.post(`${one}/duplicate`, undefined, { as: admin }), 404, 'not-found');

    const response = await t.post(ITEMS, body, { as: admin });
    expect(response.status).toBe(201);
    const item = (await response.json()) as MenuItem;
    expect(item).toMatchObject({
      name: body.name,
      description: 'Espresso with steamed milk',
      categoryId: coffee.id,
      categoryName: 'Coffee',
      price: 450,
      photoUrl: null,
      availableToday: true,
      shownOnline: true,
      tags: ['vegetarian'],
      allergens: ['milk'],
      station: 'bar',
      active: true,
    });
    expect(withoutIds(item.modifierGroups)).toEqual([size, extras]);
    expect(await readItem(item.id)).toEqual(item);
  });

  it('lets staff read the menu but not change it; customers may do neither', async () => {
    const item = await createItem();
    const path = `${ITEMS}/${item.id}`;
    expect((await t.get(ITEMS, { as: as.staff })).status).toBe(200);
    expect((await t.get(path, { as: as.staff })).status).toBe(200);
    await expectErrorBody(await t.get(ITEMS, { as: as.customer }), 403, 'permission-denied');
    await expectErrorBody(await t.get(path, { as: as.customer }), 403, 'permission-denied');

    const form = new FormData();
    form.append('photo', new File([new Uint8Array(await jpeg(20, 20))], 'a.jpg', { type: 'image/jpeg' }));
    for (const role of ['customer', 'staff', 'manager'] as const) {
      const user = as[role]!;
      for (const call of [
        () => t.post(ITEMS, itemBody(), { as: user }),
        () => t.patchLatest(path, { price: 1 }, { as: user }),
        () => t.patchLatest(path, { availableToday: false }, { as: user }),
        () => t.patchLatest(path, { active: false }, { as: user }),
        () => t.del(path, { as: user }),
        () => t.post(`${path}/duplicate`, undefined, { as: user }),
        () => t.post(`${ITEMS}/reorder`, { ids: [item.id] }, { as: user }),
        () => t.post('/api/food-categories/reorder', { ids: [coffee.id] }, { as: user }),
        () => t.request(`${path}/photo`, { method: 'POST', body: form }, { as: user }),
        () => t.del(`${path}/photo`, { as: user }),
      ]) {
        await expectErrorBody(await call(), 403, 'permission-denied');
      }
    }
    expect(await readItem(item.id)).toEqual(item);
  });
});

describe('menu items: validation', () => {
  const manyGroups = Array.from({ length: 11 }, (_, index) => ({ ...extras, name: `Group ${index}` }));
  const cases: [string, Body][] = [
    ['price', { price: -1 }],
    ['price', { price: 1.5 }],
    ['price', { price: 10 ** 12 }],
    ['price', { price: '4.50' }],
    ['price', { price: null }],
    ['name', { name: '' }],
    ['name', { name: 'x'.repeat(10_000) }],
    ['description', { description: 'x'.repeat(1001) }],
    ['categoryId', { categoryId: 'coffee' }],
    ['categoryId', { categoryId: UNKNOWN_ID }],
    ['tags.0', { tags: ['tasty'] }],
    ['tags', { tags: ['vegan', 'vegan'] }],
    ['allergens.0', { allergens: ['pollen'] }],
    ['station', { station: 'grill' }],
    ['shownOnline', { shownOnline: 'yes' }],
    ['sortOrder', { sortOrder: -1 }],
    ['modifierGroups.0.minChoices', { modifierGroups: [{ ...extras, minChoices: 2, maxChoices: 1 }] }],
    ['modifierGroups.0.maxChoices', { modifierGroups: [{ ...size, maxChoices: 3 }] }],
    [
      'modifierGroups.0.options.1.name',
      {
        modifierGroups: [
          {
            ...size,
            options: [
              { name: 'Small', priceDelta: 0 },
              { name: ' SMALL ', priceDelta: 10 },
            ],
          },
        ],
      },
    ],
    ['modifierGroups.1.name', { modifierGroups: [size, { ...size, name: 'size' }] }],
    [
      'modifierGroups.0.options',
      { modifierGroups: [{ ...size, minChoices: 0, maxChoices: 1, options: [] }] },
    ],
    [
      'modifierGroups.0.options.0.priceDelta',
      { modifierGroups: [{ ...size, options: [{ name: 'Small', priceDelta: 0.5 }, size.options[1]] }] },
    ],
    ['modifierGroups.0.minChoices', { modifierGroups: [{ ...size, minChoices: -1 }] }],
    ['modifierGroups.0.name', { modifierGroups: [{ ...size, name: '' }] }],
    ['modifierGroups', { modifierGroups: manyGroups }],
    ['colour', { colour: 'brown' }],
  ];

  it.each(cases)(
    'refuses %s with a 400 naming it, on create and on change, and stores nothing',
    async (field, bad) => {
      const body = itemBody(bad);
      await expectIssue(await t.post(ITEMS, body, { as: admin }), 400, 'invalid-argument', field);
      const found = await listOf<MenuItem>(
        `${ITEMS}?status=active,archived&search=${encodeURIComponent(String(body.name).slice(0, 100))}`,
      );
      if (typeof body.name === 'string' && body.name.length > 0 && body.name.length <= 100) {
        expect(found.items).toEqual([]);
      }

      const item = await createItem();
      await expectIssue(
        await t.patchLatest(`${ITEMS}/${item.id}`, bad, { as: admin }),
        400,
        'invalid-argument',
        field,
      );
      expect(await readItem(item.id)).toEqual(item);
    },
  );

  it('refuses a create without a price or a category', async () => {
    const { price: _price, ...noPrice } = itemBody();
    await expectIssue(await t.post(ITEMS, noPrice, { as: admin }), 400, 'invalid-argument', 'price');
    const { categoryId: _category, ...noCategory } = itemBody();
    await expectIssue(await t.post(ITEMS, noCategory, { as: admin }), 400, 'invalid-argument', 'categoryId');
  });

  it('accepts the largest price and a free item', async () => {
    expect((await createItem({ price: 99_999_999 })).price).toBe(99_999_999);
    expect((await createItem({ price: 0 })).price).toBe(0);
    await expectIssue(
      await t.post(ITEMS, itemBody({ price: 100_000_000 }), { as: admin }),
      400,
      'invalid-argument',
      'price',
    );
  });

  it('refuses an archived category with a 400 naming categoryId, and leaves items already in it alone', async () => {
    const closed = await createCategory('Seasonal');
    const inside = await createItem({ categoryId: closed.id });
    expect(
      (await t.patchLatest(`/api/food-categories/${closed.id}`, { active: false }, { as: admin })).status,
    ).toBe(200);

    const created = await expectIssue(
      await t.post(ITEMS, itemBody({ categoryId: closed.id }), { as: admin }),
      400,
      'invalid-argument',
      'categoryId',
    );
    expect(created.message).toContain('archived');
    const other = await createItem();
    await expectIssue(
      await t.patchLatest(`${ITEMS}/${other.id}`, { categoryId: closed.id }, { as: admin }),
      400,
      'invalid-argument',
      'categoryId',
    );
    // The item already in the archived category can still be changed.
    const changed = await t.patchLatest(`${ITEMS}/${inside.id}`, { price: 500 }, { as: admin });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ price: 500, categoryId: closed.id });
  });

  it('refuses a name another item has, whatever its case, with a 409 naming the field', async () => {
    const first = await createItem();
    const error = await expectIssue(
      await t.post(ITEMS, itemBody({ name: String(first.name).toUpperCase() }), { as: admin }),
      409,
      'aborted',
      'name',
    );
    expect(error.message).toBe(`A menu item named “${first.name.toUpperCase()}” already exists.`);
    const second = await createItem();
    await expectIssue(
      await t.patchLatest(`${ITEMS}/${second.id}`, { name: first.name }, { as: admin }),
      409,
      'aborted',
      'name',
    );
    expect(await readItem(second.id)).toEqual(second);
  });
});

describe('menu items: changes', () => {
  it('replaces the modifier groups only when they are given', async () => {
    const item = await createItem();
    const renamed = await t.patchLatest(
      `${ITEMS}/${item.id}`,
      { name: `${item.name} grande` },
      { as: admin },
    );
    expect(((await renamed.json()) as MenuItem).modifierGroups).toEqual(item.modifierGroups);

    const milk = { name: 'Milk', minChoices: 0, maxChoices: 1, options: [{ name: 'Soy', priceDelta: 50 }] };
    const replaced = await t.patchLatest(
      `${ITEMS}/${item.id}`,
      { modifierGroups: [milk, size] },
      { as: admin },
    );
    expect(replaced.status).toBe(200);
    expect(withoutIds(((await replaced.json()) as MenuItem).modifierGroups)).toEqual([milk, size]);
    expect(withoutIds((await readItem(item.id)).modifierGroups)).toEqual([milk, size]);

    const cleared = await t.patchLatest(`${ITEMS}/${item.id}`, { modifierGroups: [] }, { as: admin });
    expect(((await cleared.json()) as MenuItem).modifierGroups).toEqual([]);
  });

  it('switches “available today” off and on through PATCH, changing nothing else', async () => {
    const item = await createItem();
    const off = await t.patchLatest(`${ITEMS}/${item.id}`, { availableToday: false }, { as: admin });
    expect(off.status).toBe(200);
    const sold = (await off.json()) as MenuItem;
    expect(sold).toEqual({ ...item, availableToday: false, version: 2, updatedAt: expect.any(String) });
    expect((await readItem(item.id)).availableToday).toBe(false);
    const staffView = (await (await t.get(`${ITEMS}/${item.id}`, { as: as.staff })).json()) as MenuItem;
    expect(staffView.availableToday).toBe(false);

    const on = await t.patchLatest(`${ITEMS}/${item.id}`, { availableToday: true }, { as: admin });
    expect(((await on.json()) as MenuItem).availableToday).toBe(true);

    const entries = (await menuAudit()).filter((entry) => entry.targetId === item.id);
    expect(entries.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ['menu-item.updated', { availableToday: false }, { availableToday: true }],
      ['menu-item.updated', { availableToday: true }, { availableToday: false }],
      ['menu-item.created', null, expect.objectContaining({ id: item.id })],
    ]);
  });

  it('writes audit entries for a create, a change and an archive', async () => {
    const item = await createItem();
    expect((await t.patchLatest(`${ITEMS}/${item.id}`, { price: 520 }, { as: admin })).status).toBe(200);
    expect((await t.patchLatest(`${ITEMS}/${item.id}`, { active: false }, { as: admin })).status).toBe(200);
    const entries = (await menuAudit()).filter((entry) => entry.targetId === item.id);
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'menu-item.archived',
        area: 'menu',
        actorId: admin.id,
        before: { active: true },
        after: { active: false },
      }),
      expect.objectContaining({
        action: 'menu-item.updated',
        actorId: admin.id,
        before: { price: 450 },
        after: { price: 520 },
      }),
      expect.objectContaining({ action: 'menu-item.created', actorId: admin.id }),
    ]);
    expect(entries[0]!.summary).toContain(item.name);
  });

  it('deletes an item (204), its modifier groups and its photo', async () => {
    const item = await uploadPhoto((await createItem()).id, await jpeg(300, 200));
    expect(item.photoUrl).toMatch(/^\/api\/images\/[0-9a-f-]{36}$/);
    expect((await t.get(item.photoUrl!)).status).toBe(200);

    const response = await t.del(`${ITEMS}/${item.id}`, { as: admin });
    expect(response.status).toBe(204);
    await expectErrorBody(await t.get(`${ITEMS}/${item.id}`, { as: admin }), 404, 'not-found');
    await expectErrorBody(await t.get(item.photoUrl!), 404, 'not-found');
    const entries = (await menuAudit()).filter((entry) => entry.targetId === item.id);
    expect(entries[0]).toMatchObject({ action: 'menu-item.deleted', before: { id: item.id } });
  });
});

describe('POST /api/menu/items/{id}/duplicate', () => {
  it('copies the item as “… (copy)”, hidden online, with the same modifiers and its own photo', async () => {
    const first = await createItem({ categoryId: food.id, name: 'Club Sandwich', price: 1150 });
    const original = await uploadPhoto(first.id, await jpeg(800, 600));
    const after = await createItem({ categoryId: food.id, name: 'Soup of the Day' });

    const response = await t.post(`${ITEMS}/${original.id}/duplicate`, undefined, { as: admin });
    expect(response.status).toBe(201);
    const copy = (await response.json()) as MenuItem;
    expect(copy).toMatchObject({
      name: 'Club Sandwich (copy)',
      description: original.description,
      categoryId: food.id,
      price: 1150,
      tags: original.tags,
      allergens: original.allergens,
      station: original.station,
      availableToday: true,
      shownOnline: false,
      active: true,
    });
    expect(copy.id).not.toBe(original.id);
    expect(withoutIds(copy.modifierGroups)).toEqual(withoutIds(original.modifierGroups));
    const originalIds = original.modifierGroups.flatMap((group) => [
      group.id,
      ...group.options.map((o) => o.id),
    ]);
    const copyIds = copy.modifierGroups.flatMap((group) => [group.id, ...group.options.map((o) => o.id)]);
    expect(copyIds.filter((id) => originalIds.includes(id))).toEqual([]);
    expect(await readItem(copy.id)).toEqual(copy);

    // Its own photo: the same picture under another address, which outlives the original.
    expect(copy.photoUrl).toMatch(/^\/api\/images\/[0-9a-f-]{36}$/);
    expect(copy.photoUrl).not.toBe(original.photoUrl);
    const originalBytes = Buffer.from(await (await t.get(original.photoUrl!)).arrayBuffer());
    const copyBytes = Buffer.from(await (await t.get(copy.photoUrl!)).arrayBuffer());
    expect(copyBytes.equals(originalBytes)).toBe(true);

    // Right after the original in its category.
    const order = await listOf<MenuItem>(`${ITEMS}?categoryId=${food.id}&sort=position`);
    const names = order.items.map((item) => item.name);
    expect(names.indexOf('Club Sandwich (copy)')).toBe(names.indexOf('Club Sandwich') + 1);
    expect(names.indexOf('Soup of the Day')).toBe(names.indexOf('Club Sandwich (copy)') + 1);
    expect(after).toBeDefined();

    const second = await t.post(`${ITEMS}/${original.id}/duplicate`, undefined, { as: admin });
    expect(((await second.json()) as MenuItem).name).toBe('Club Sandwich (copy 2)');

    expect((await t.del(`${ITEMS}/${original.id}`, { as: admin })).status).toBe(204);
    await expectErrorBody(await t.get(original.photoUrl!), 404, 'not-found');
    expect((await t.get(copy.photoUrl!)).status).toBe(200);

    const created = (await menuAudit()).find((entry) => entry.targetId === copy.id);
    expect(created).toMatchObject({ action: 'menu-item.created', actorId: admin.id });
  });

  it('copies an item without a photo and a name at the length limit', async () => {
    const long = await createItem({ name: `${'L'.repeat(99)}1` });
    const response = await t.post(`${ITEMS}/${long.id}/duplicate`, undefined, { as: admin });
    expect(response.status, await response.clone().text()).toBe(201);
    const copy = (await response.json()) as MenuItem;
    expect(copy.photoUrl).toBeNull();
    expect(copy.name.length).toBeLessThanOrEqual(100);
    expect(copy.name.endsWith(' (copy)')).toBe(true);
  });

  it('answers 400 for an id that is not one', async () => {
    await expectIssue(
      await t.post(`${ITEMS}/latte/duplicate`, undefined, { as: admin }),
      400,
      'invalid-argument',
      'id',
    );
  });
});

describe('reordering', () => {
  it('puts food categories in the order given, which sort=position then shows', async () => {
    const a = await createCategory('Breakfast');
    const b = await createCategory('Desserts');
    const c = await createCategory('Drinks');
    const all = await listOf<FoodCategory>('/api/food-categories?sort=position&limit=500');
    const wanted = [
      c.id,
      a.id,
      ...all.items.map((category) => category.id).filter((id) => id !== a.id && id !== c.id),
    ];
    expect(wanted).toContain(b.id);

    const response = await t.post('/api/food-categories/reorder', { ids: wanted }, { as: admin });
    expect(response.status).toBe(204);
    const after = await listOf<FoodCategory>('/api/food-categories?sort=position&limit=500');
    expect(after.items.map((category) => category.id)).toEqual(wanted);
    expect(after.items.map((category) => category.sortOrder)).toEqual(wanted.map((_, index) => index));
    // Staff read the same order.
    const staffList = (await (
      await t.get('/api/food-categories?sort=position&limit=500', { as: as.staff })
    ).json()) as Page<FoodCategory>;
    expect(staffList.items.map((category) => category.id)).toEqual(wanted);

    const entry = (await menuAudit()).find((item) => item.action === 'food-category.reordered');
    expect(entry).toMatchObject({ actorId: admin.id, after: { ids: wanted } });
  });

  it('puts one category’s items in the order given, which sort=position then shows', async () => {
    const desserts = await createCategory('Cakes');
    const items = [];
    for (const name of ['Cheesecake', 'Brownie', 'Tiramisu']) {
      items.push(await createItem({ categoryId: desserts.id, name }));
    }
    expect(items.map((item) => item.sortOrder)).toEqual([0, 1, 2]);
    const wanted = [items[2]!.id, items[0]!.id, items[1]!.id];
    expect((await t.post(`${ITEMS}/reorder`, { ids: wanted }, { as: admin })).status).toBe(204);
    const page = await listOf<MenuItem>(`${ITEMS}?categoryId=${desserts.id}&sort=position`);
    expect(page.items.map((item) => item.id)).toEqual(wanted);
    expect(page.items.map((item) => item.name)).toEqual(['Tiramisu', 'Cheesecake', 'Brownie']);
    // Newest first is still the default.
    const newest = await listOf<MenuItem>(`${ITEMS}?categoryId=${desserts.id}`);
    expect(newest.items.map((item) => item.name)).toEqual(['Tiramisu', 'Brownie', 'Cheesecake']);
  });

  it('refuses an unknown id, a repeated id, an empty list and an item id among categories, changing nothing', async () => {
    const item = await createItem();
    const before = await listOf<FoodCategory>('/api/food-categories?sort=position&limit=500');
    const ids = before.items.map((category) => category.id);

    await expectIssue(
      await t.post('/api/food-categories/reorder', { ids: [ids[0], UNKNOWN_ID] }, { as: admin }),
      400,
      'invalid-argument',
      'ids.1',
    );
    await expectIssue(
      await t.post('/api/food-categories/reorder', { ids: [item.id] }, { as: admin }),
      400,
      'invalid-argument',
      'ids.0',
    );
    await expectIssue(
      await t.post(`${ITEMS}/reorder`, { ids: [item.id, UNKNOWN_ID] }, { as: admin }),
      400,
      'invalid-argument',
      'ids.1',
    );
    await expectIssue(
      await t.post(`${ITEMS}/reorder`, { ids: [coffee.id] }, { as: admin }),
      400,
      'invalid-argument',
      'ids.0',
    );
    await expectIssue(
      await t.post(`${ITEMS}/reorder`, { ids: ['latte'] }, { as: admin }),
      400,
      'invalid-argument',
      'ids.0',
    );
    await expectIssue(
      await t.post(`${ITEMS}/reorder`, { ids: [item.id, item.id] }, { as: admin }),
      400,
      'invalid-argument',
      'ids',
    );
    await expectIssue(
      await t.post(`${ITEMS}/reorder`, { ids: [] }, { as: admin }),
      400,
      'invalid-argument',
      'ids',
    );
    await expectIssue(await t.post(`${ITEMS}/reorder`, {}, { as: admin }), 400, 'invalid-argument', 'ids');

    const after = await listOf<FoodCategory>('/api/food-categories?sort=position&limit=500');
    expect(after.items).toEqual(before.items);
    expect(await readItem(item.id)).toEqual(item);
  });
});

describe('menu item lists', () => {
  it.each([
    ['limit=0', 'limit'],
    ['limit=501', 'limit'],
    ['limit=many', 'limit'],
    ['status=', 'status'],
    ['sort=price', 'sort'],
    ['categoryId=coffee', 'categoryId'],
  ])('refuses %s with a 400 naming %s', async (query, field) => {
    await expectIssue(await t.get(`${ITEMS}?${query}`, { as: admin }), 400, 'invalid-argument', field);
  });

  it('filters by category, leaves archived items out unless asked, and finds by name in any case', async () => {
    const category = await createCategory('Bowls');
    const kept = await createItem({ categoryId: category.id, name: 'Poke Bowl Salmon' });
    const gone = await createItem({ categoryId: category.id, name: 'Poke Bowl Tuna' });
    expect((await t.patchLatest(`${ITEMS}/${gone.id}`, { active: false }, { as: admin })).status).toBe(200);

    const ids = async (query: string) =>
      (await listOf<MenuItem>(`${ITEMS}?${query}`)).items.map((item) => item.id);
    expect(await ids(`categoryId=${category.id}`)).toEqual([kept.id]);
    expect(await ids(`categoryId=${category.id}&status=archived`)).toEqual([gone.id]);
    expect(await ids(`categoryId=${category.id}&status=active,archived`)).toEqual([gone.id, kept.id]);
    expect(await ids('search=POKE%20bowl')).toEqual([kept.id]);
    expect(await ids('search=poke&status=active,archived')).toEqual([gone.id, kept.id]);
    expect(await ids(`categoryId=${UNKNOWN_ID}`)).toEqual([]);
  });

  it('walks every item exactly once, newest first and by position', async () => {
    for (const sort of ['newest', 'position']) {
      const all = await listOf<MenuItem>(`${ITEMS}?status=active,archived&sort=${sort}&limit=500`);
      expect(all.items.length).toBeGreaterThan(10);
      for (const limit of [1, 4]) {
        const seen: string[] = [];
        let cursor: string | null = null;
        do {
          const after: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
          const page: Page<MenuItem> = await listOf<MenuItem>(
            `${ITEMS}?status=active,archived&sort=${sort}&limit=${limit}${after}`,
          );
          seen.push(...page.items.map((item) => item.id));
          cursor = page.nextCursor;
        } while (cursor);
        expect(seen).toEqual(all.items.map((item) => item.id));
      }
    }
  });
});

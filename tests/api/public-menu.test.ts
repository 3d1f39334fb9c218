import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoodCategory } from '../../src/shared/contracts/master-data';
import {
  type MenuItem,
  type MenuItemInput,
  type PublicMenu,
  PublicMenuSchema,
} from '../../src/shared/contracts/menu';
import { buildCategory, buildMenuItem } from '../support/factories';
import { createTestApp, expectErrorBody, type TestApp, type TestUser } from '../support/test-app';

let t: TestApp;
let admin: TestUser;
let customer: TestUser;
let drinks: FoodCategory;
let mains: FoodCategory;
let closed: FoodCategory;
const items: Record<string, MenuItem> = {};

const PUBLIC = '/api/menu/public';

const PUBLIC_ITEM_KEYS = [
  'allergens',
  'availableToday',
  'description',
  'id',
  'modifierGroups',
  'name',
  'photoUrl',
  'price',
  'tags',
];
const RESTAURANT_KEYS = [
  'address',
  'currency',
  'email',
  'locale',
  'logoUrl',
  'name',
  'onlineOrdering',
  'openingHours',
  'phone',
  'pricing',
  'timeZone',
];

function category(name: string): Promise<FoodCategory> {
  return buildCategory(t, { name, description: `${name} of the house` }, { as: admin });
}

async function item(name: string, categoryId: string, extra: Partial<MenuItemInput> = {}): Promise<MenuItem> {
  items[name] = await buildMenuItem(t, { name, categoryId, price: 500, ...extra }, { as: admin });
  return items[name];
}

async function change(path: string, body: Record<string, unknown>) {
  const response = await t.patchLatest(path, body, { as: admin });
  expect(response.status, await response.clone().text()).toBe(200);
  await t.liveSettled();
}

async function publicMenu(headers: Record<string, string> = {}) {
  const response = await t.get(PUBLIC, { as: null, headers });
  expect(response.status).toBe(200);
  const etag = response.headers.get('etag');
  expect(etag).toMatch(/^"[\w-]+"$/);
  return { menu: (await response.json()) as PublicMenu, etag: etag! };
}

const namesOf = (menu: PublicMenu) =>
  Object.fromEntries(menu.categories.map((entry) => [entry.name, entry.items.map((i) => i.name)]));

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.buildUser({ role: 'admin' });
  customer = await t.buildUser({ role: 'customer' });
  mains = await category('Mains');
  drinks = await category('Drinks');
  closed = await category('Seasonal');
  await category('Empty Shelf');
  // Drinks first, as a guest should see them.
  expect(
    (await t.post('/api/food-categories/reorder', { ids: [drinks.id, mains.id, closed.id] }, { as: admin }))
      .status,
  ).toBe(204);

  await item('Flat White', drinks.id, {
    price: 420,
    description: 'Double ristretto, silky milk',
    tags: ['vegetarian', 'popular'],
    allergens: ['milk'],
    station: 'bar',
    modifierGroups: [
      {
        name: 'Milk',
        minChoices: 1,
        maxChoices: 1,
        options: [
          { name: 'Whole', priceDelta: 0 },
          { name: 'Oat', priceDelta: 60 },
        ],
      },
    ],
  });
  await item('Secret Brew', drinks.id, { shownOnline: false });
  await item('Old Tea', drinks.id);
  await change(`/api/menu/items/${items['Old Tea']!.id}`, { active: false });
  await item('Sold Out Juice', drinks.id, { availableToday: false });
  await item('Burger', mains.id, { price: 1250, allergens: ['gluten'] });
  await item('Pumpkin Pie', closed.id);
  await change(`/api/food-categories/${closed.id}`, { active: false });
});
afterAll(() => t.close());

describe('GET /api/menu/public', () => {
  it('needs no sign-in and matches the public schema', async () => {
    const { menu } = await publicMenu();
    expect(PublicMenuSchema.parse(menu)).toEqual(menu);
    expect((await t.get(PUBLIC, { as: customer })).status).toBe(200);
  });

  it('shows only active, online items of active categories, in the owner’s order, sold-out ones marked', async () => {
    const { menu } = await publicMenu();
    expect(namesOf(menu)).toEqual({ Drinks: ['Flat White', 'Sold Out Juice'], Mains: ['Burger'] });
    // Empty and archived categories are left out, and so are the archived category's items.
    expect(menu.categories.map((entry) => entry.name)).toEqual(['Drinks', 'Mains']);
    const juice = menu.categories[0]!.items[1]!;
    expect(juice.availableToday).toBe(false);
    const body = JSON.stringify(menu);
    for (const hidden of ['Secret Brew', 'Old Tea', 'Pumpkin Pie', 'Seasonal', 'Empty Shelf']) {
      expect(body).not.toContain(hidden);
    }
  });

  it('gives each item exactly the public fields, nothing about cost, visibility or the back office', async () => {
    const { menu } = await publicMenu();
    for (const entry of menu.categories) {
      expect(Object.keys(entry).sort()).toEqual(['description', 'id', 'items', 'name']);
      for (const publicItem of entry.items) expect(Object.keys(publicItem).sort()).toEqual(PUBLIC_ITEM_KEYS);
    }
    expect(Object.keys(menu).sort()).toEqual(['categories', 'restaurant']);
    expect(Object.keys(menu.restaurant).sort()).toEqual(RESTAURANT_KEYS);

    const flatWhite = menu.categories[0]!.items[0]!;
    const admin = items['Flat White']!;
    expect(flatWhite).toEqual({
      id: admin.id,
      name: 'Flat White',
      description: 'Double ristretto, silky milk',
      price: 420,
      photoUrl: null,
      availableToday: true,
      tags: ['vegetarian', 'popular'],
      allergens: ['milk'],
      modifierGroups: admin.modifierGroups,
    });
    // The pricing settings a guest's checkout needs (tax, service charge, delivery) are public, as on a
    // receipt; nothing else of the settings is.
    expect(JSON.stringify(menu)).not.toMatch(
      /cost|margin|shownOnline|"active"|sortOrder|station|createdAt|updatedAt|categoryId|paymentAccounts|passwordPolicy|legal/,
    );
  });

  it('answers with an ETag, 304 to a matching If-None-Match, and the same ETag while nothing changes', async () => {
    const first = await t.get(PUBLIC);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const etag = first.headers.get('etag')!;

    const again = await t.get(PUBLIC, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe('');
    expect((await t.get(PUBLIC, { headers: { 'if-none-match': `W/${etag}` } })).status).toBe(304);
    expect((await t.get(PUBLIC, { headers: { 'if-none-match': `"stale", ${etag}` } })).status).toBe(304);
    expect((await t.get(PUBLIC, { headers: { 'if-none-match': '"stale"' } })).status).toBe(200);
    expect((await publicMenu()).etag).toBe(etag);
  });

  it('is sent as Brotli or gzip to a browser that takes it, the same menu in fewer bytes', async () => {
    const plain = await t.get(PUBLIC);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toContain('Accept-Encoding');
    const text = await plain.text();

    const brotli = await t.get(PUBLIC, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.status).toBe(200);
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('content-type')).toContain('application/json');
    expect(brotli.headers.get('etag')).toBe(plain.headers.get('etag'));
    const brotliBytes = Buffer.from(await brotli.arrayBuffer());
    expect(brotliBytes.length).toBeLessThan(text.length);
    expect(brotliDecompressSync(brotliBytes).toString()).toBe(text);

    const gzip = await t.get(PUBLIC, { headers: { 'accept-encoding': 'gzip;q=1.0, br;q=0' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(text);

    const identity = await t.get(PUBLIC, { headers: { 'accept-encoding': 'identity' } });
    expect(identity.headers.get('content-encoding')).toBeNull();
    expect(await identity.text()).toBe(text);
  });

  it('changes the ETag when a price changes, and shows the new price', async () => {
    const before = await publicMenu();
    await change(`/api/menu/items/${items.Burger!.id}`, { price: 1390 });
    const stale = await t.get(PUBLIC, { headers: { 'if-none-match': before.etag } });
    expect(stale.status).toBe(200);
    const after = (await stale.json()) as PublicMenu;
    expect(stale.headers.get('etag')).not.toBe(before.etag);
    expect(after.categories[1]!.items[0]).toMatchObject({ name: 'Burger', price: 1390 });
    expect((await t.get(PUBLIC, { headers: { 'if-none-match': stale.headers.get('etag')! } })).status).toBe(
      304,
    );
  });

  it('changes the ETag when an item is sold out, hidden, reordered or deleted', async () => {
    const steps: (() => Promise<unknown>)[] = [
      () => change(`/api/menu/items/${items['Flat White']!.id}`, { availableToday: false }),
      () => change(`/api/menu/items/${items['Flat White']!.id}`, { availableToday: true }),
      () => change(`/api/menu/items/${items['Sold Out Juice']!.id}`, { shownOnline: false }),
      () => change(`/api/menu/items/${items['Sold Out Juice']!.id}`, { shownOnline: true }),
      () =>
        t.post(
          '/api/menu/items/reorder',
          { ids: [items['Sold Out Juice']!.id, items['Flat White']!.id] },
          { as: admin },
        ),
      () => item('Short Lived', mains.id),
      async () =>
        expect((await t.del(`/api/menu/items/${items['Short Lived']!.id}`, { as: admin })).status).toBe(204),
    ];
    let { etag } = await publicMenu();
    for (const step of steps) {
      await step();
      await t.liveSettled();
      const next = await publicMenu();
      expect(next.etag).not.toBe(etag);
      etag = next.etag;
    }
    expect(namesOf((await publicMenu()).menu).Drinks).toEqual(['Sold Out Juice', 'Flat White']);
  });

  it('hides the items of a category once it is archived, and shows them again when restored', async () => {
    const before = await publicMenu();
    await change(`/api/food-categories/${mains.id}`, { active: false });
    const hidden = await t.get(PUBLIC, { headers: { 'if-none-match': before.etag } });
    expect(hidden.status).toBe(200);
    const menu = (await hidden.json()) as PublicMenu;
    expect(menu.categories.map((entry) => entry.name)).toEqual(['Drinks']);
    expect(JSON.stringify(menu)).not.toContain('Burger');

    await change(`/api/food-categories/${mains.id}`, { active: true });
    expect(namesOf((await publicMenu()).menu).Mains).toEqual(['Burger']);
  });

  it('shows the restaurant’s name, currency, locale and contact details from the settings', async () => {
    const before = await publicMenu();
    const openingHours = {
      mon: [{ open: '08:00', close: '16:00' }],
      tue: [],
      wed: [{ open: '08:00', close: '16:00' }],
      thu: [{ open: '08:00', close: '16:00' }],
      fri: [
        { open: '08:00', close: '14:00' },
        { open: '18:00', close: '01:00' },
      ],
      sat: [{ open: '09:00', close: '22:00' }],
      sun: [],
    };
    await change('/api/settings', {
      name: 'Cafe Lumen',
      currency: 'EUR',
      locale: 'de-DE',
      timeZone: 'Europe/Berlin',
      address: '12 Harbour Street',
      phone: '+49 30 123456',
      email: 'hello@lumen.example',
      onlineOrdering: false,
      openingHours,
      taxPercent: 7,
      taxInclusive: true,
      serviceChargePercent: 10,
      deliveryFee: 350,
      deliveryMinimum: 2000,
    });
    const after = await publicMenu();
    expect(after.etag).not.toBe(before.etag);
    expect(after.menu.restaurant).toEqual({
      name: 'Cafe Lumen',
      currency: 'EUR',
      locale: 'de-DE',
      timeZone: 'Europe/Berlin',
      address: '12 Harbour Street',
      phone: '+49 30 123456',
      email: 'hello@lumen.example',
      logoUrl: null,
      onlineOrdering: false,
      openingHours,
      // What the guests' checkout prices a cart with, as the server prices the order.
      pricing: {
        taxPercent: 7,
        taxInclusive: true,
        serviceChargePercent: 10,
        deliveryFee: 350,
        deliveryMinimum: 2000,
      },
    });
  });

  it('refuses to be changed through the public path', async () => {
    await expectErrorBody(await t.post(PUBLIC, {}, { as: admin }), 404, 'not-found');
  });
});

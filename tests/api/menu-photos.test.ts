import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedImages } from '../../src/server/modules/images/images.schema';
import type { MenuItem } from '../../src/shared/contracts/menu';
import type { RestaurantSettings } from '../../src/shared/contracts/settings';
import { UPLOAD_TOO_LARGE } from '../../src/shared/contracts/uploads';
import type { Role } from '../../src/shared/roles';
import { createTestApp, expectErrorBody, type TestApp, type TestUser } from '../support/test-app';

let t: TestApp;
let admin: TestUser;
const as: Partial<Record<Role, TestUser>> = {};
let categoryId: string;

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const SIX_MB = 6 * 1024 * 1024;

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 140, b: 90 } } });

function form(bytes: Uint8Array, name = 'photo.jpg', type = 'image/jpeg', field = 'photo'): FormData {
  const data = new FormData();
  data.append(field, new File([new Uint8Array(bytes)], name, { type }));
  return data;
}

function upload(path: string, body: FormData, user: TestUser | null = admin) {
  return t.request(path, { method: 'POST', body }, { as: user });
}

let counter = 0;
async function createItem(): Promise<MenuItem> {
  counter += 1;
  const response = await t.post(
    '/api/menu/items',
    { name: `Dish ${counter}`, categoryId, price: 900 },
    { as: admin },
  );
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as MenuItem;
}

async function readItem(id: string): Promise<MenuItem> {
  return (await (await t.get(`/api/menu/items/${id}`, { as: admin })).json()) as MenuItem;
}

async function imageCount(): Promise<number> {
  return (await t.db.select({ id: storedImages.id }).from(storedImages)).length;
}

/** GETs a stored picture and returns its decoded size and format. */
async function fetchPicture(url: string) {
  const response = await t.get(url, { as: null });
  expect(response.status).toBe(200);
  const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
  return { response, metadata };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.buildUser({ role: 'admin' });
  for (const role of ['customer', 'staff', 'manager'] as const) as[role] = await t.buildUser({ role });
  const category = await t.post('/api/food-categories', { name: 'Mains' }, { as: admin });
  categoryId = ((await category.json()) as { id: string }).id;
});
afterAll(() => t.close());

describe('POST /api/menu/items/{id}/photo', () => {
  it('fits a 2000 × 1500 JPEG in 1200 px as WebP, served with an ETag and 304 on a match', async () => {
    const item = await createItem();
    const response = await upload(
      `/api/menu/items/${item.id}/photo`,
      form(await picture(2000, 1500).jpeg().toBuffer()),
    );
    expect(response.status, await response.clone().text()).toBe(200);
    const changed = (await response.json()) as MenuItem;
    expect(changed).toEqual({
      ...item,
      photoUrl: expect.stringMatching(/^\/api\/images\/[0-9a-f-]{36}$/),
      // A new photo is a change of the item: its version counts it.
      version: item.version + 1,
      updatedAt: expect.any(String),
    });
    expect(await readItem(item.id)).toEqual(changed);

    const { response: image, metadata } = await fetchPicture(changed.photoUrl!);
    expect(metadata).toMatchObject({ format: 'webp', width: 1200, height: 900 });
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = image.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);

    const cached = await t.get(changed.photoUrl!, { headers: { 'if-none-match': etag! } });
    expect(cached.status).toBe(304);
    expect(await cached.text()).toBe('');
    expect((await t.get(changed.photoUrl!, { headers: { 'if-none-match': '"other"' } })).status).toBe(200);
  });

  it('fits a tall PNG by its height and never enlarges a small WebP', async () => {
    const item = await createItem();
    const tall = await upload(
      `/api/menu/items/${item.id}/photo`,
      form(await picture(1000, 3000).png().toBuffer(), 'tall.png', 'image/png'),
    );
    const tallItem = (await tall.json()) as MenuItem;
    expect((await fetchPicture(tallItem.photoUrl!)).metadata).toMatchObject({
      format: 'webp',
      width: 400,
      height: 1200,
    });

    const small = await upload(
      `/api/menu/items/${item.id}/photo`,
      form(await picture(300, 200).webp().toBuffer(), 's.webp', 'image/webp'),
    );
    const smallItem = (await small.json()) as MenuItem;
    expect((await fetchPicture(smallItem.photoUrl!)).metadata).toMatchObject({ width: 300, height: 200 });
    // The replaced photo is deleted.
    await expectErrorBody(await t.get(tallItem.photoUrl!), 404, 'not-found');
  });

  it('refuses a 6 MB file with 413, storing nothing and changing nothing', async () => {
    const item = await createItem();
    const before = await imageCount();
    const response = await upload(
      `/api/menu/items/${item.id}/photo`,
      form(new Uint8Array(SIX_MB), 'huge.jpg'),
    );
    const error = await expectErrorBody(response, 413, 'unknown');
    expect(error.message).toBe(UPLOAD_TOO_LARGE);
    expect(await imageCount()).toBe(before);
    expect(await readItem(item.id)).toEqual(item);
  });

  it('refuses a text file named .jpg with a 400 naming the field, storing nothing', async () => {
    const item = await createItem();
    const before = await imageCount();
    const text = new TextEncoder().encode('Not a picture, only words.\n');
    const error = await expectErrorBody(
      await upload(`/api/menu/items/${item.id}/photo`, form(text, 'dish.jpg')),
      400,
      'invalid-argument',
    );
    expect(error.message).toBe('The file is not a JPEG, PNG or WebP picture.');
    expect(error.details).toEqual({ issues: [{ path: 'photo', message: expect.any(String) }] });
    expect(await imageCount()).toBe(before);
    expect(await readItem(item.id)).toEqual(item);
  });

  it('refuses a form without the photo field, or with another one, naming the field', async () => {
    const item = await createItem();
    const path = `/api/menu/items/${item.id}/photo`;
    const jpeg = await picture(10, 10).jpeg().toBuffer();
    const wrong = await expectErrorBody(
      await upload(path, form(jpeg, 'a.jpg', 'image/jpeg', 'logo')),
      400,
      'invalid-argument',
    );
    expect(wrong.details).toEqual({ issues: [{ path: 'logo', message: 'is not a known field' }] });
    const empty = await expectErrorBody(await upload(path, form(new Uint8Array(0))), 400, 'invalid-argument');
    expect(empty.details).toEqual({ issues: [{ path: 'photo', message: expect.any(String) }] });
    const json = await expectErrorBody(
      await t.post(path, { photo: 'x' }, { as: admin }),
      400,
      'invalid-argument',
    );
    expect(json.details).toEqual({ issues: [{ path: 'photo', message: 'Required' }] });
  });

  it('answers 401, 403 and 404 before reading the picture', async () => {
    const item = await createItem();
    const jpeg = await picture(10, 10).jpeg().toBuffer();
    await expectErrorBody(
      await upload(`/api/menu/items/${item.id}/photo`, form(jpeg), null),
      401,
      'unauthenticated',
    );
    for (const role of ['customer', 'staff', 'manager'] as const) {
      await expectErrorBody(
        await upload(`/api/menu/items/${item.id}/photo`, form(jpeg), as[role]!),
        403,
        'permission-denied',
      );
    }
    await expectErrorBody(await upload(`/api/menu/items/${UNKNOWN_ID}/photo`, form(jpeg)), 404, 'not-found');
    await expectErrorBody(
      await t.del(`/api/menu/items/${UNKNOWN_ID}/photo`, { as: admin }),
      404,
      'not-found',
    );
    expect(await readItem(item.id)).toEqual(item);
  });

  it('removes the photo with DELETE, and the picture with it', async () => {
    const item = await createItem();
    const withPhoto = (await (
      await upload(`/api/menu/items/${item.id}/photo`, form(await picture(50, 50).jpeg().toBuffer()))
    ).json()) as MenuItem;
    const response = await t.del(`/api/menu/items/${item.id}/photo`, { as: admin });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: item.id, photoUrl: null });
    await expectErrorBody(await t.get(withPhoto.photoUrl!), 404, 'not-found');

    const audit = (await (await t.get('/api/admin/audit?area=menu&limit=500', { as: admin })).json()) as {
      items: { action: string; targetId: string | null; before: unknown; after: unknown }[];
    };
    expect(audit.items.filter((entry) => entry.targetId === item.id).map((entry) => entry.action)).toEqual([
      'menu-item.photo-removed',
      'menu-item.photo-changed',
      'menu-item.created',
    ]);
  });
});

describe('POST /api/settings/logo', () => {
  it('fits the logo in 512 px as WebP, shows it in the settings and the public menu, and DELETE removes it', async () => {
    const response = await upload(
      '/api/settings/logo',
      form(await picture(2000, 1500).jpeg().toBuffer(), 'logo.jpg', 'image/jpeg', 'logo'),
    );
    expect(response.status, await response.clone().text()).toBe(200);
    const settings = (await response.json()) as RestaurantSettings;
    expect(settings.logoUrl).toMatch(/^\/api\/images\/[0-9a-f-]{36}$/);
    const { response: image, metadata } = await fetchPicture(settings.logoUrl!);
    expect(metadata).toMatchObject({ format: 'webp', width: 512, height: 384 });
    const etag = image.headers.get('etag')!;
    expect((await t.get(settings.logoUrl!, { headers: { 'if-none-match': etag } })).status).toBe(304);

    const menu = (await (await t.get('/api/menu/public')).json()) as {
      restaurant: { logoUrl: string | null };
    };
    expect(menu.restaurant.logoUrl).toBe(settings.logoUrl);

    const removed = await t.del('/api/settings/logo', { as: admin });
    expect(removed.status).toBe(200);
    expect(((await removed.json()) as RestaurantSettings).logoUrl).toBeNull();
    await expectErrorBody(await t.get(settings.logoUrl!), 404, 'not-found');
  });

  it('refuses a 6 MB logo with 413, a text file with a 400 naming logo, and other roles with 403', async () => {
    const before = await imageCount();
    await expectErrorBody(
      await upload('/api/settings/logo', form(new Uint8Array(SIX_MB), 'big.jpg', 'image/jpeg', 'logo')),
      413,
      'unknown',
    );
    const text = new TextEncoder().encode('hello');
    const error = await expectErrorBody(
      await upload('/api/settings/logo', form(text, 'logo.jpg', 'image/jpeg', 'logo')),
      400,
      'invalid-argument',
    );
    expect(error.details).toEqual({ issues: [{ path: 'logo', message: expect.any(String) }] });
    const jpeg = await picture(10, 10).jpeg().toBuffer();
    for (const role of ['customer', 'staff', 'manager'] as const) {
      await expectErrorBody(
        await upload('/api/settings/logo', form(jpeg, 'l.jpg', 'image/jpeg', 'logo'), as[role]!),
        403,
        'permission-denied',
      );
      await expectErrorBody(await t.del('/api/settings/logo', { as: as[role]! }), 403, 'permission-denied');
    }
    await expectErrorBody(
      await upload('/api/settings/logo', form(jpeg, 'l.jpg', 'image/jpeg', 'logo'), null),
      401,
      'unauthenticated',
    );
    expect(await imageCount()).toBe(before);
  });
});

describe('GET /api/images/{id}?w=', () => {
  it('serves a smaller copy for lists and phones, made once, with its own ETag and 304', async () => {
    const item = await createItem();
    const uploaded = await upload(
      `/api/menu/items/${item.id}/photo`,
      form(await picture(2000, 1500).jpeg().toBuffer()),
    );
    const { photoUrl } = (await uploaded.json()) as MenuItem;
    const before = await imageCount();
    const { response, metadata } = await fetchPicture(`${photoUrl}?w=320`);
    expect(metadata).toMatchObject({ format: 'webp', width: 320, height: 240 });
    const etag = response.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const [first, second] = await Promise.all([t.get(`${photoUrl}?w=640`), t.get(`${photoUrl}?w=640`)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await imageCount()).toBe(before + 2);
    const again = await t.get(`${photoUrl}?w=320`, { headers: { 'if-none-match': etag ?? '' } });
    expect(again.status).toBe(304);
    expect(await imageCount()).toBe(before + 2);

    // Removing the photo takes its copies with it.
    await t.del(`/api/menu/items/${item.id}/photo`, { as: admin });
    expect((await t.get(`${photoUrl}?w=320`)).status).toBe(404);
    expect(await imageCount()).toBe(before - 1);
  });

  it('answers with the original when it is already narrower, and refuses other widths by name', async () => {
    const item = await createItem();
    const uploaded = await upload(
      `/api/menu/items/${item.id}/photo`,
      form(await picture(300, 200).png().toBuffer()),
    );
    const { photoUrl } = (await uploaded.json()) as MenuItem;
    const { metadata } = await fetchPicture(`${photoUrl}?w=640`);
    expect(metadata).toMatchObject({ width: 300, height: 200 });
    const refused = await expectErrorBody(await t.get(`${photoUrl}?w=333`), 400, 'invalid-argument');
    expect(refused.details).toEqual({ issues: [expect.objectContaining({ path: 'w' })] });
    await expectErrorBody(await t.get(`/api/images/${UNKNOWN_ID}?w=320`), 404, 'not-found');
  });
});

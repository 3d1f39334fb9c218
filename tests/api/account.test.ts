import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/modules/auth/auth.schema';
import { storedImages } from '../../src/server/modules/images/images.schema';
import { createTestApp, expectErrorBody, type TestApp, type TestUser } from '../support/test-app';

let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  user = await t.buildUser();
});
afterAll(() => t.close());

function pngOf(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 30 } } })
    .png()
    .toBuffer();
}

function photoForm(bytes: Uint8Array, name = 'photo.png', type = 'image/png', field = 'photo'): FormData {
  const form = new FormData();
  form.append(field, new File([new Uint8Array(bytes)], name, { type }));
  return form;
}

function upload(form: FormData | string, as: TestUser | null = user, headers: Record<string, string> = {}) {
  return t.request('/api/account/photo', { method: 'POST', body: form, headers }, { as });
}

async function photoRows() {
  return t.db.select({ id: storedImages.id, purpose: storedImages.purpose }).from(storedImages);
}

describe('POST /api/account/photo', () => {
  it('stores a real PNG as a WebP of at most 512 px, served with an ETag and 304 on a match', async () => {
    const response = await upload(photoForm(await pngOf(2000, 1000)));
    expect(response.status).toBe(200);
    const profile = (await response.json()) as { uid: string; photoURL: string };
    expect(profile.uid).toBe(user.id);
    expect(profile.photoURL).toMatch(/^\/api\/images\/[0-9a-f-]{36}$/);

    const image = await t.get(profile.photoURL);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = image.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const bytes = Buffer.from(await image.arrayBuffer());
    const metadata = await sharp(bytes).metadata();
    expect(metadata.format).toBe('webp');
    expect(metadata.width).toBe(512);
    expect(metadata.height).toBe(256);

    const again = await t.get(profile.photoURL, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe('');

    const me = await t.get('/api/me', { as: user });
    expect(await me.json()).toMatchObject({ photoURL: profile.photoURL });
  });

  it('refuses an upload above 5 MB with 413 and stores nothing', async () => {
    const before = await photoRows();
    const response = await upload(photoForm(new Uint8Array(6 * 1024 * 1024), 'huge.jpg', 'image/jpeg'));
    await expectErrorBody(response, 413, 'unknown');
    expect(await photoRows()).toHaveLength(before.length);
  });

  it('refuses a declared Content-Length above the limit before reading the body', async () => {
    const form = photoForm(new Uint8Array(6 * 1024 * 1024), 'huge.jpg', 'image/jpeg');
    const body = new Response(form);
    const response = await t.request(
      '/api/account/photo',
      {
        method: 'POST',
        body: await body.arrayBuffer(),
        headers: {
          'content-type': body.headers.get('content-type')!,
          'content-length': String(6 * 1024 * 1024 + 200),
        },
      },
      { as: user },
    );
    await expectErrorBody(response, 413, 'unknown');
  });

  it('refuses a text file named .jpg with 400, naming the field', async () => {
    const text = new TextEncoder().encode('This is not a picture at all, just some words.\n');
    const response = await upload(photoForm(text, 'holiday.jpg', 'image/jpeg'));
    const error = await expectErrorBody(response, 400, 'invalid-argument');
    expect(error.message).toBe('The file is not a JPEG, PNG or WebP picture.');
    expect(error.details).toEqual({ issues: [{ path: 'photo', message: expect.any(String) }] });
  });

  it('refuses a truncated JPEG and a GIF, which only look like pictures', async () => {
    const jpeg = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#08f' } })
      .jpeg()
      .toBuffer();
    const truncated = await upload(photoForm(jpeg.subarray(0, jpeg.length / 2), 'cut.jpg', 'image/jpeg'));
    expect((await expectErrorBody(truncated, 400, 'invalid-argument')).message).toBe(
      'The file is not a JPEG, PNG or WebP picture.',
    );
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const refused = await upload(photoForm(gif, 'photo.png', 'image/png'));
    await expectErrorBody(refused, 400, 'invalid-argument');
  });

  it('refuses a missing file, an empty file, an unknown field and a JSON body with 400', async () => {
    const noFile = new FormData();
    noFile.append('photo', 'just text');
    expect((await expectErrorBody(await upload(noFile), 400, 'invalid-argument')).details).toEqual({
      issues: [{ path: 'photo', message: expect.any(String) }],
    });
    await expectErrorBody(await upload(photoForm(new Uint8Array(0))), 400, 'invalid-argument');
    const extra = photoForm(await pngOf(10, 10));
    extra.append('userId', 'someone-else');
    const unknown = await expectErrorBody(await upload(extra), 400, 'invalid-argument');
    expect(unknown.message).toContain('userId');
    await expectErrorBody(
      await upload(JSON.stringify({ photo: 'x' }), user, { 'content-type': 'application/json' }),
      400,
      'invalid-argument',
    );
    const broken = await upload('--nothing\r\nbroken', user, {
      'content-type': 'multipart/form-data; boundary=abc',
    });
    await expectErrorBody(broken, 400, 'invalid-argument');
  });

  it('refuses anonymous callers with 401', async () => {
    await expectErrorBody(await upload(photoForm(await pngOf(10, 10)), null), 401, 'unauthenticated');
    await expectErrorBody(
      await t.request('/api/account/photo', { method: 'DELETE' }),
      401,
      'unauthenticated',
    );
  });

  it('deletes the previous photo when a new one replaces it, and DELETE removes the last one', async () => {
    const owner = await t.buildUser();
    const first = (await (await upload(photoForm(await pngOf(300, 300)), owner)).json()) as {
      photoURL: string;
    };
    const second = (await (await upload(photoForm(await pngOf(100, 200)), owner)).json()) as {
      photoURL: string;
    };
    expect(second.photoURL).not.toBe(first.photoURL);
    expect((await t.get(first.photoURL)).status).toBe(404);
    expect((await t.get(second.photoURL)).status).toBe(200);

    const removed = await t.request('/api/account/photo', { method: 'DELETE' }, { as: owner });
    expect(removed.status).toBe(200);
    expect(await removed.json()).toMatchObject({ uid: owner.id, photoURL: null });
    expect((await t.get(second.photoURL)).status).toBe(404);
    const [row] = await t.db.select({ image: users.image }).from(users).where(eq(users.id, owner.id));
    expect(row?.image).toBeNull();

    // Removing when there is nothing to remove is fine.
    const again = await t.request('/api/account/photo', { method: 'DELETE' }, { as: owner });
    expect(again.status).toBe(200);
  });

  it('leaves an outside picture alone and never deletes a stored picture of another purpose', async () => {
    const owner = await t.buildUser();
    const [menuPhoto] = await t.db
      .insert(storedImages)
      .values({
        purpose: 'menu-item',
        contentType: 'image/webp',
        content: Buffer.from('x'),
        width: 1,
        height: 1,
        etag: 'abc',
      })
      .returning({ id: storedImages.id });
    await t.db
      .update(users)
      .set({ image: `/api/images/${menuPhoto!.id}` })
      .where(eq(users.id, owner.id));
    expect((await upload(photoForm(await pngOf(50, 50)), owner)).status).toBe(200);
    const rows = await t.db.select().from(storedImages).where(eq(storedImages.id, menuPhoto!.id));
    expect(rows).toHaveLength(1);
  });

  it('keeps the photo upright by its EXIF orientation and strips the metadata', async () => {
    // 200 × 100 pixels stored sideways: orientation 6 means "rotate 90° clockwise to display".
    const sideways = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#3a3' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const response = await upload(photoForm(sideways, 'phone.jpg', 'image/jpeg'));
    expect(response.status).toBe(200);
    const { photoURL } = (await response.json()) as { photoURL: string };
    const stored = Buffer.from(await (await t.get(photoURL)).arrayBuffer());
    const metadata = await sharp(stored).metadata();
    expect({ width: metadata.width, height: metadata.height }).toEqual({ width: 100, height: 200 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
  });
});

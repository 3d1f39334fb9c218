import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOADS_PER_USER, TOO_MANY_UPLOADS } from '../../src/server/modules/images/image-upload';
import {
  matchesIfNoneMatch,
  NOT_A_PICTURE,
  PICTURE_TOO_LARGE,
  processImage,
  storeImage,
} from '../../src/server/modules/images/images.service';
import { createTestApp, expectErrorBody, type TestApp } from '../support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 10, g: 120, b: 200, alpha: 1 } } });

describe('storeImage', () => {
  it('fits a large picture within the given size as WebP, keeping its proportions', async () => {
    const bytes = await solid(3000, 1500).jpeg().toBuffer();
    const stored = await storeImage(t.db, { purpose: 'menu-item', bytes, maxSize: 1200 });
    expect(stored).toMatchObject({ contentType: 'image/webp', width: 1200, height: 600 });
    expect(stored.url).toBe(`/api/images/${stored.id}`);
    expect(stored.etag).toMatch(/^[0-9a-f]{64}$/);
  });

  it('never enlarges a small picture, and accepts WebP input', async () => {
    const bytes = await solid(80, 40).webp().toBuffer();
    const stored = await storeImage(t.db, { purpose: 'profile-photo', bytes, maxSize: 512 });
    expect(stored).toMatchObject({ width: 80, height: 40 });
  });

  it('refuses what is not a JPEG, PNG or WebP, judged by decoding it', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    const pngHeaderOnly = (await solid(10, 10).png().toBuffer()).subarray(0, 40);
    for (const bytes of [Buffer.from('hello'), svg, pngHeaderOnly, Buffer.alloc(0)]) {
      await expect(processImage(bytes, 512)).rejects.toMatchObject({ status: 400, message: NOT_A_PICTURE });
    }
  });

  it('refuses a picture whose canvas is absurdly large (decompression bomb)', async () => {
    // A small PNG whose header claims 20000 × 20000 pixels (the header's checksum made to match).
    const png = Buffer.from(await solid(10, 10).png().toBuffer());
    png.writeUInt32BE(20_000, 16);
    png.writeUInt32BE(20_000, 20);
    png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
    await expect(processImage(png, 512)).rejects.toMatchObject({ status: 400, message: PICTURE_TOO_LARGE });
  });
});

describe('parallel uploads', () => {
  /** A real 49-megapixel PNG (compresses to under 1 MB, takes a while to decode). */
  const bigPicture = () => solid(7000, 7000).png().toBuffer();
  const upload = (user: { cookie: string }, bytes: Buffer) => {
    const form = new FormData();
    form.set('photo', new File([new Uint8Array(bytes)], 'photo.png', { type: 'image/png' }));
    return t.request('/api/account/photo', { method: 'POST', body: form }, { as: user });
  };

  it('lets one user have only two uploads in progress; the rest are 429 at once', async () => {
    const user = await t.buildUser();
    const bytes = await bigPicture();
    const responses = await Promise.all(Array.from({ length: 6 }, () => upload(user, bytes)));
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([200, 200, 429, 429, 429, 429]);
    const refused = responses.find((response) => response.status === 429) as Response;
    expect((await expectErrorBody(refused, 429, 'resource-exhausted')).message).toBe(TOO_MANY_UPLOADS);
    expect(MAX_UPLOADS_PER_USER).toBe(2);
    // Once those are done, the next one is taken again.
    expect((await upload(user, bytes)).status).toBe(200);
  });

  it('makes other users wait their turn for the decoder rather than refusing them', async () => {
    const [first, second, third] = await Promise.all([t.buildUser(), t.buildUser(), t.buildUser()]);
    const bytes = await bigPicture();
    const responses = await Promise.all(
      [first, second, third].flatMap((user) => [upload(user, bytes), upload(user, bytes)]),
    );
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200, 200]);
  });

  it('refuses a picture over 50 megapixels before decoding it', async () => {
    const png = Buffer.from(await solid(10, 10).png().toBuffer());
    png.writeUInt32BE(7100, 16);
    png.writeUInt32BE(7100, 20);
    png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
    const user = await t.buildUser();
    const error = await expectErrorBody(await upload(user, png), 400, 'invalid-argument');
    expect(error).toMatchObject({ message: PICTURE_TOO_LARGE, details: { issues: [{ path: 'photo' }] } });
    expect(PICTURE_TOO_LARGE).toMatch(/50 megapixels/);
  });
});

describe('GET /api/images/:id', () => {
  it('serves the bytes with their type, a strong ETag and a year-long immutable cache', async () => {
    const stored = await storeImage(t.db, {
      purpose: 'menu-item',
      bytes: await solid(2000, 1000).png().toBuffer(),
      maxSize: 1200,
    });
    const response = await t.get(stored.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('etag')).toBe(`"${stored.etag}"`);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 1200, height: 600 });

    const cached = await t.get(stored.url, { headers: { 'if-none-match': `W/"x", "${stored.etag}"` } });
    expect(cached.status).toBe(304);
    const changed = await t.get(stored.url, { headers: { 'if-none-match': '"something-else"' } });
    expect(changed.status).toBe(200);
  });

  it('answers 404 in the envelope for an unknown or malformed id', async () => {
    await expectErrorBody(await t.get('/api/images/00000000-0000-4000-8000-000000000000'), 404, 'not-found');
    await expectErrorBody(await t.get('/api/images/not-an-id'), 404, 'not-found');
    await expectErrorBody(await t.get("/api/images/1'%20or%201=1"), 404, 'not-found');
  });

  it('needs no sign-in', async () => {
    const stored = await storeImage(t.db, {
      purpose: 'profile-photo',
      bytes: await solid(20, 20).png().toBuffer(),
      maxSize: 512,
    });
    expect((await t.get(stored.url, { as: null })).status).toBe(200);
  });
});

describe('matchesIfNoneMatch', () => {
  it('compares weakly, accepts lists and *', () => {
    expect(matchesIfNoneMatch('"abc"', 'abc')).toBe(true);
    expect(matchesIfNoneMatch('W/"abc"', 'abc')).toBe(true);
    expect(matchesIfNoneMatch('"x", "abc"', 'abc')).toBe(true);
    expect(matchesIfNoneMatch('*', 'abc')).toBe(true);
    expect(matchesIfNoneMatch('"abcd"', 'abc')).toBe(false);
    expect(matchesIfNoneMatch(undefined, 'abc')).toBe(false);
  });
});

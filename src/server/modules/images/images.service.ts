import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import sharp, { type OutputInfo } from 'sharp';
import type { Database } from '../../db/client';
import { AppError, badRequest } from '../../lib/errors';
import { matchesIfNoneMatch as matchesQuotedEtag } from '../../lib/fast-lane';
import { Semaphore } from '../../lib/semaphore';
import { storedImages } from './images.schema';

export const NOT_A_PICTURE = 'The file is not a JPEG, PNG or WebP picture.';
/**
 * A decompression bomb stops here: a 5 MB file can claim a huge canvas, and decoding costs about 4 bytes
 * a pixel. 50 megapixels admits a 48 MP phone photo and bounds one decode to about 200 MB.
 */
const MAX_INPUT_PIXELS = 50_000_000;
export const PICTURE_TOO_LARGE = `The picture has too many pixels. Please use one of at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels.`;
export const DECODER_BUSY = 'Many pictures are being processed right now. Please try again in a moment.';
/**
 * Decodes at once in this process (each may hold a large canvas in memory); the rest wait their turn
 * briefly and are then answered 429. Per-user limits are in image-upload.ts.
 */
const decoders = new Semaphore(2, 20_000);

/** What uploads may be, told by decoding them (never by file name or declared type). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
const WEBP_QUALITY = 82;

/** Longest side, in pixels, of each kind of stored picture. */
export const IMAGE_SIZES = {
  'profile-photo': 512,
  'menu-item': 1200,
  logo: 512,
} as const;

export type ImagePurpose = keyof typeof IMAGE_SIZES | (string & {});

export interface ProcessedImage {
  content: Buffer;
  contentType: string;
  width: number;
  height: number;
  etag: string;
}

export interface StoredImageInfo {
  id: string;
  url: string;
  contentType: string;
  width: number;
  height: number;
  etag: string;
}

const IMAGE_URL_PREFIX = '/api/images/';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Where a stored picture is served (public, cached for a year: ids are never reused). */
export function imageUrl(id: string): string {
  return `${IMAGE_URL_PREFIX}${id}`;
}

/** The stored image id behind one of our own URLs, or null for anything else (an outside URL). */
export function imageIdFromUrl(url: string | null | undefined): string | null {
  if (!url?.startsWith(IMAGE_URL_PREFIX)) return null;
  const id = url.slice(IMAGE_URL_PREFIX.length);
  return UUID.test(id) ? id.toLowerCase() : null;
}

export function isImageId(value: string): boolean {
  return UUID.test(value);
}

/**
 * Decodes an upload completely (refusing anything but a real JPEG, PNG or WebP, including truncated or
 * corrupt files), turns it upright by its EXIF orientation, drops all metadata (location, camera),
 * fits it within `maxSize` × `maxSize` without enlarging it, and encodes it as WebP.
 */
export async function processImage(bytes: Uint8Array, maxSize: number): Promise<ProcessedImage> {
  if (!Number.isInteger(maxSize) || maxSize < 1) throw new Error(`invalid maxSize ${maxSize}`);
  if (bytes.length === 0) throw badRequest(NOT_A_PICTURE);
  const release = await decoders.acquire();
  if (!release) throw new AppError(429, DECODER_BUSY);
  try {
    return await decode(bytes, maxSize);
  } finally {
    release();
  }
}

async function decode(bytes: Uint8Array, maxSize: number): Promise<ProcessedImage> {
  const options = { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, pages: 1 } as const;
  let format: string | undefined;
  try {
    const metadata = await sharp(bytes, options).metadata();
    format = metadata.format;
    if (metadata.width * metadata.height > MAX_INPUT_PIXELS) throw badRequest(PICTURE_TOO_LARGE);
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw badRequest(PICTURE_TOO_LARGE);
    throw badRequest(NOT_A_PICTURE);
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw badRequest(NOT_A_PICTURE);

  let output: { data: Buffer; info: OutputInfo };
  try {
    output = await sharp(bytes, options)
      .autoOrient()
      .resize({ width: maxSize, height: maxSize, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
  } catch {
    // Decoding the pixels found what the header hid: a truncated or corrupt file.
    throw badRequest(NOT_A_PICTURE);
  }
  return {
    content: output.data,
    contentType: 'image/webp',
    width: output.info.width,
    height: output.info.height,
    etag: createHash('sha256').update(output.data).digest('hex'),
  };
}

/**
 * Processes an upload (see `processImage`) and stores it; `db` may be a transaction, so that the
 * picture and whatever refers to it commit together.
 */
export async function storeImage(
  db: Database,
  input: { purpose: ImagePurpose; bytes: Uint8Array; maxSize: number },
): Promise<StoredImageInfo> {
  const image = await processImage(input.bytes, input.maxSize);
  return saveProcessedImage(db, input.purpose, image);
}

/** Stores an already processed picture (lets a caller decode before opening a transaction). */
export async function saveProcessedImage(
  db: Database,
  purpose: ImagePurpose,
  image: ProcessedImage,
): Promise<StoredImageInfo> {
  const [row] = await db
    .insert(storedImages)
    .values({ purpose, ...image })
    .returning({ id: storedImages.id });
  if (!row) throw new Error('stored image row missing');
  const { content: _content, ...info } = image;
  return { id: row.id, url: imageUrl(row.id), ...info };
}

/** One stored picture with its bytes, or null when there is none with this id. */
export async function getImage(db: Database, id: string) {
  if (!isImageId(id)) return null;
  const [row] = await db.select().from(storedImages).where(eq(storedImages.id, id));
  return row ?? null;
}

/** Widths a smaller copy can be asked for (`/api/images/{id}?w=320`): a fixed set, so each is made once. */
export const IMAGE_WIDTHS = [160, 320, 480, 640] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/**
 * A stored picture fitted to `width` (never enlarged): made from the original on first request and
 * stored beside it, so every later request, on any process, is a plain read. Two first requests at
 * once both make it; the unique index keeps one.
 */
export async function getImageVariant(db: Database, id: string, width: ImageWidth) {
  if (!isImageId(id)) return null;
  const variant = `w${width}`;
  const [stored] = await db
    .select()
    .from(storedImages)
    .where(and(eq(storedImages.sourceId, id), eq(storedImages.variant, variant)));
  if (stored) return stored;
  const source = await getImage(db, id);
  if (!source) return null;
  if (source.width <= width) return source;
  const output = await sharp(source.content)
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: WEBP_QUALITY })
    .toBuffer({ resolveWithObject: true });
  await db
    .insert(storedImages)
    .values({
      purpose: source.purpose,
      sourceId: source.id,
      variant,
      contentType: 'image/webp',
      content: output.data,
      width: output.info.width,
      height: output.info.height,
      etag: createHash('sha256').update(output.data).digest('hex'),
    })
    .onConflictDoNothing();
  const [made] = await db
    .select()
    .from(storedImages)
    .where(and(eq(storedImages.sourceId, id), eq(storedImages.variant, variant)));
  return made ?? null;
}

/**
 * Deletes a stored picture; true when there was one. With `purpose`, only a picture stored for that
 * purpose (a profile photo, a logo): a URL a user sent could point at any stored picture.
 */
export async function deleteImage(db: Database, id: string, purpose?: ImagePurpose): Promise<boolean> {
  if (!isImageId(id)) return false;
  const deleted = await db
    .delete(storedImages)
    .where(
      purpose ? and(eq(storedImages.id, id), eq(storedImages.purpose, purpose)) : eq(storedImages.id, id),
    )
    .returning({ id: storedImages.id });
  return deleted.length > 0;
}

/** The quoted strong validator for an ETag header. */
export function etagHeader(etag: string): string {
  return `"${etag}"`;
}

/**
 * Whether an `If-None-Match` header matches `etag` (RFC 9110: weak comparison, a list of tags or `*`).
 */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  return matchesQuotedEtag(header, etagHeader(etag));
}

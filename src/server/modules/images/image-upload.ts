import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { MAX_UPLOAD_BYTES, UPLOAD_TOO_LARGE } from '../../../shared/contracts/uploads';
import { loadActor } from '../../lib/auth-guards';
import type { AppEnv } from '../../lib/context';
import { AppError, badRequest } from '../../lib/errors';
import { NOT_A_PICTURE } from './images.service';

/**
 * Uploads (profile photo, menu photo, logo; an expense's receipt) all arrive the same way: multipart
 * form data with one file field, at most 5 MB for a picture (10 MB for a receipt). Every way an upload
 * can be wrong is a 400 naming the field, or a 413.
 */

/** How large an upload may be, and what a larger one is told. */
export interface UploadLimit {
  maxBytes: number;
  tooLarge: string;
}

const PICTURE_LIMIT: UploadLimit = { maxBytes: MAX_UPLOAD_BYTES, tooLarge: UPLOAD_TOO_LARGE };

/** The multipart envelope around the file (boundaries, part headers) gets a little room of its own. */
const ENVELOPE_BYTES = 64 * 1024;
const fieldIssue = (field: string, message: string) => ({ issues: [{ path: field, message }] });

/** Paths whose uploads are limited here (they skip the app's 1 MiB JSON body limit). */
export const IMAGE_UPLOAD_PATHS: readonly RegExp[] = [
  /^\/api\/account\/photo$/,
  /^\/api\/menu\/items\/[^/]+\/photo$/,
  /^\/api\/settings\/logo$/,
  /^\/api\/expenses\/[^/]+\/receipt$/,
];

export const isImageUploadPath = (path: string) => IMAGE_UPLOAD_PATHS.some((pattern) => pattern.test(path));

/** Uploads one user may have in progress at once (read, decoded and stored) in this process. */
export const MAX_UPLOADS_PER_USER = 2;
export const TOO_MANY_UPLOADS = `You are already uploading ${MAX_UPLOADS_PER_USER} pictures. Please wait for them to finish.`;

/**
 * Each upload holds its body (up to 5 MB) and then a decoded canvas, so one user sending many at once
 * could take the process's memory (16 parallel 100-megapixel uploads took 1 GB). Past
 * `MAX_UPLOADS_PER_USER` in progress, the next one is answered 429 at once; `processImage` also caps
 * the decodes of the whole process. Anonymous uploads are refused by the route's guard before their
 * body is read, so they need no place here.
 */
export function uploadsPerUser(): MiddlewareHandler<AppEnv> {
  const inProgress = new Map<string, number>();
  return async (c, next) => {
    if (!isImageUploadPath(c.req.path) || c.req.method === 'GET' || c.req.method === 'DELETE') return next();
    const actor = await loadActor(c);
    if (!actor) return next();
    const count = inProgress.get(actor.id) ?? 0;
    if (count >= MAX_UPLOADS_PER_USER) throw new AppError(429, TOO_MANY_UPLOADS);
    inProgress.set(actor.id, count + 1);
    try {
      await next();
    } finally {
      const left = (inProgress.get(actor.id) ?? 1) - 1;
      if (left > 0) inProgress.set(actor.id, left);
      else inProgress.delete(actor.id);
    }
  };
}

/** The limit of an upload route (5 MB for a picture): a larger body is refused with 413 before it is read. */
export function imageUploadBodyLimit(limit: UploadLimit = PICTURE_LIMIT): MiddlewareHandler {
  return bodyLimit({
    maxSize: limit.maxBytes + ENVELOPE_BYTES,
    onError: () => {
      throw new AppError(413, limit.tooLarge);
    },
  });
}

/** The `field` file of a multipart upload, as bytes. */
export async function readImageUpload(
  request: { header(name: string): string | undefined; formData(): Promise<FormData> },
  field: string,
  limit: UploadLimit = PICTURE_LIMIT,
): Promise<Uint8Array> {
  const contentType = request.header('content-type') ?? '';
  if (!/^multipart\/form-data\b/i.test(contentType)) {
    throw badRequest(
      `Send the file as multipart/form-data in the field ${field}.`,
      fieldIssue(field, 'Required'),
    );
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badRequest(
      'The upload could not be read. Please try again.',
      fieldIssue(field, 'Could not be read'),
    );
  }
  const unknown = [...new Set(form.keys())].filter((key) => key !== field);
  if (unknown.length > 0) {
    throw badRequest(`Invalid form: ${unknown.join(', ')}: is not a known field`, {
      issues: unknown.map((path) => ({ path, message: 'is not a known field' })),
    });
  }
  const files = form.getAll(field);
  const file = files[0];
  if (files.length !== 1 || !(file instanceof File)) {
    throw badRequest(`Invalid form: ${field}: attach exactly one file`, fieldIssue(field, 'Required'));
  }
  if (file.size > limit.maxBytes) throw new AppError(413, limit.tooLarge);
  if (file.size === 0) throw badRequest(NOT_A_PICTURE, fieldIssue(field, NOT_A_PICTURE));
  return new Uint8Array(await file.arrayBuffer());
}

/** Runs `store`; a picture the decoder refuses becomes a 400 on the upload's field. */
export async function withUploadField<T>(field: string, store: () => Promise<T>): Promise<T> {
  try {
    return await store();
  } catch (error) {
    if (error instanceof AppError && error.status === 400 && error.details === undefined) {
      throw badRequest(error.message, fieldIssue(field, error.message));
    }
    throw error;
  }
}

/** OpenAPI for a multipart body with one picture field. */
export function imageUploadBody(field: string) {
  return {
    required: true,
    content: {
      'multipart/form-data': {
        // A plain schema (not zod): the handler reads the form itself, so that every refusal is a 400
        // naming the field (or a 413 for size) rather than a generic media-type answer.
        schema: {
          type: 'object' as const,
          required: [field],
          properties: { [field]: { type: 'string' as const, format: 'binary' } },
        },
      },
    },
  };
}

import { z } from '@hono/zod-openapi';
import { notFound } from '../../lib/errors';
import { createRouter, defineRoute, ErrorResponseSchema } from '../../lib/router';
import {
  etagHeader,
  getImage,
  getImageVariant,
  IMAGE_WIDTHS,
  type ImageWidth,
  matchesIfNoneMatch,
} from './images.service';

/** Ids are never reused for other content, so a picture may be cached for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_SUCH_IMAGE = 'There is no picture with this id.';

const getImageRoute = defineRoute('public', {
  method: 'get',
  path: '/api/images/{id}',
  tags: ['Images'],
  summary: 'A stored picture (profile photo, menu photo)',
  description:
    'The picture as stored: resized, stripped of metadata and encoded as WebP; with `w`, a smaller ' +
    'copy for lists and phones. Answers with a strong ' +
    '`ETag` and a year-long immutable cache; `If-None-Match` with that tag gives 304.',
  request: {
    params: z.object({
      id: z.string().openapi({ param: { name: 'id', in: 'path' }, format: 'uuid' }),
    }),
    query: z.object({
      w: z
        .enum(IMAGE_WIDTHS.map(String) as [string, ...string[]], {
          error: `must be one of ${IMAGE_WIDTHS.join(', ')}`,
        })
        .optional()
        .openapi({ description: 'A smaller copy fitted to this width (never enlarged)' }),
    }),
    headers: z.object({ 'if-none-match': z.string().optional() }),
  },
  responses: {
    200: {
      description: 'The picture',
      content: { 'image/webp': { schema: { type: 'string', format: 'binary' } } },
    },
    304: { description: 'Not modified: the cached copy is current' },
    404: {
      description: 'No picture with this id',
      content: { 'application/json': { schema: ErrorResponseSchema } },
    },
  },
});

export const imagesRoutes = createRouter().openapi(getImageRoute, async (c) => {
  const { id } = c.req.valid('param');
  const { w } = c.req.valid('query');
  const db = c.var.deps.db;
  const image = w ? await getImageVariant(db, id, Number(w) as ImageWidth) : await getImage(db, id);
  if (!image) throw notFound(NO_SUCH_IMAGE);
  const headers = {
    ETag: etagHeader(image.etag),
    'Cache-Control': IMMUTABLE,
  };
  if (matchesIfNoneMatch(c.req.header('if-none-match'), image.etag)) {
    return c.body(null, 304, headers);
  }
  return c.body(new Uint8Array(image.content), 200, {
    ...headers,
    'Content-Type': image.contentType,
    'Content-Length': String(image.content.length),
  });
});

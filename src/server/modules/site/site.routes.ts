import { createHash } from 'node:crypto';
import { z } from '@hono/zod-openapi';
import { createRouter, defineRoute, ErrorResponseSchema } from '../../lib/router';
import { LEGAL_PAGES } from './default-texts';
import { ContactDetailsSchema, getContactDetails, getLegalPage, LegalPageSchema } from './site.service';

/** A strong validator of a JSON body: its SHA-256, quoted. */
function etagOf(body: unknown): string {
  return `"${createHash('sha256').update(JSON.stringify(body)).digest('base64url')}"`;
}

/** Whether `If-None-Match` names `etag` (or `*`); weak validators match too, as for any GET. */
function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

const readLegalPage = defineRoute('public', {
  method: 'get',
  path: '/api/site/pages/{page}',
  tags: ['Site'],
  summary: 'A legal page: terms, privacy, refund or delivery',
  description:
    'The restaurant’s own text from the settings, or the built-in default (`isDefault`). Sent with ' +
    '`Cache-Control: no-cache` and an `ETag`; a matching `If-None-Match` gets a 304. Any other page is a 404.',
  request: {
    params: z.object({
      page: z
        .string()
        .openapi({ param: { name: 'page', in: 'path' }, enum: [...LEGAL_PAGES], example: 'privacy' }),
    }),
  },
  responses: {
    200: { description: 'The page', content: { 'application/json': { schema: LegalPageSchema } } },
    304: { description: 'Not modified since the copy named in `If-None-Match`' },
    404: { description: 'No such page', content: { 'application/json': { schema: ErrorResponseSchema } } },
  },
});

const readContactDetails = defineRoute('public', {
  method: 'get',
  path: '/api/site/contact',
  tags: ['Site'],
  summary: 'The restaurant’s name, address, phone and e-mail',
  responses: {
    200: {
      description: 'Contact details (empty strings for what the settings do not hold)',
      content: { 'application/json': { schema: ContactDetailsSchema } },
    },
  },
});

export const siteRoutes = createRouter()
  .openapi(readLegalPage, async (c) => {
    const page = await getLegalPage(c.var.deps.db, c.req.valid('param').page);
    const etag = etagOf(page);
    c.header('Cache-Control', 'no-cache');
    c.header('ETag', etag);
    if (matchesIfNoneMatch(c.req.header('if-none-match'), etag)) return c.body(null, 304);
    return c.json(page, 200);
  })
  .openapi(readContactDetails, async (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.json(await getContactDetails(c.var.deps.db), 200);
  });

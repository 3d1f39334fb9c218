import { z } from '@hono/zod-openapi';
import {
  MENU_API,
  MenuItemSchema,
  PublicMenuSchema,
  ReorderInputSchema,
} from '../../../shared/contracts/menu';
import type { Database } from '../../db/client';
import { requireActor } from '../../lib/auth-guards';
import { type EncodedJson, encodeJson, sendEncodedJson } from '../../lib/encoded-json';
import { createRouter, defineRoute, ErrorResponseSchema } from '../../lib/router';
import {
  etagHeader,
  imageUploadBody,
  imageUploadBodyLimit,
  matchesIfNoneMatch,
  readImageUpload,
  withUploadField,
} from '../images';
import {
  duplicateMenuItem,
  getPublicMenu,
  menuItemResource,
  removeMenuItemPhoto,
  reorderMenuItems,
  setMenuItemPhoto,
} from './menu.service';

const PHOTO_FIELD = 'photo';
const IdParams = z.object({
  id: z.uuid('must be an id').openapi({ param: { name: 'id', in: 'path' }, format: 'uuid' }),
});
const itemResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: MenuItemSchema } },
});
const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: ErrorResponseSchema } },
});

const publicMenuRoute = defineRoute('public', {
  method: 'get',
  path: MENU_API.publicMenu,
  tags: ['Menu'],
  summary: 'The public menu: restaurant details and the items shown online',
  description:
    'Only active items marked “shown online” in active categories, in the owner’s order; items not ' +
    'available today are included and marked. Answers with an `ETag`; `If-None-Match` gives 304.',
  request: { headers: z.object({ 'if-none-match': z.string().optional() }) },
  responses: {
    200: { description: 'The menu', content: { 'application/json': { schema: PublicMenuSchema } } },
    304: { description: 'Not modified' },
  },
});

const reorderItemsRoute = defineRoute('admin', {
  method: 'post',
  path: MENU_API.reorderItems,
  tags: ['Menu'],
  summary: 'Put menu items in a new order',
  description:
    'The items named take the positions 0, 1, 2… in the order given (normally one category’s items).',
  request: { body: { required: true, content: { 'application/json': { schema: ReorderInputSchema } } } },
  responses: { 204: { description: 'Reordered' } },
});

const duplicateRoute = defineRoute('admin', {
  method: 'post',
  path: `${MENU_API.items}/{id}/duplicate`,
  tags: ['Menu'],
  summary: 'Copy a menu item',
  description: 'The copy is named “… (copy)”, placed after the original and hidden online until edited.',
  request: { params: IdParams },
  responses: { 201: itemResponse('The copy'), 404: errorResponse('No such menu item') },
});

const uploadPhotoRoute = defineRoute('admin', {
  method: 'post',
  path: `${MENU_API.items}/{id}/photo`,
  tags: ['Menu'],
  summary: 'Upload a menu item’s photo',
  description:
    'Multipart form with one field `photo`: a JPEG, PNG or WebP picture of at most 5 MB, checked by ' +
    'decoding it. It is fitted in 1200 × 1200, stored as WebP in the database and served from ' +
    '`/api/images/<id>` with an ETag and a year-long cache.',
  request: { params: IdParams, body: imageUploadBody(PHOTO_FIELD) },
  responses: {
    200: itemResponse('The item with its new photo'),
    404: errorResponse('No such menu item'),
    413: errorResponse('The picture is larger than 5 MB'),
  },
});

const deletePhotoRoute = defineRoute('admin', {
  method: 'delete',
  path: `${MENU_API.items}/{id}/photo`,
  tags: ['Menu'],
  summary: 'Remove a menu item’s photo',
  request: { params: IdParams },
  responses: { 200: itemResponse('The item without a photo'), 404: errorResponse('No such menu item') },
});

/**
 * The last public menu this process built, by version: guests' phones mostly ask for the same menu,
 * and the version query is far cheaper than building it. Every process keeps its own copy and checks
 * the version in the database first, so a change made through any process shows at once. It is kept
 * compressed too, so each version is compressed once, not once per guest.
 */
const builtMenus = new WeakMap<Database, { version: string; body: EncodedJson }>();

/**
 * The public menu's ETag value (unquoted) as this process's live-topics hub knows it: a revalidation
 * costs no query. The route and the fast lane's 304 (src/server/fast-routes.ts) both use this one function.
 */
export function publicMenuVersion(liveTopics: { version(topic: string): number }): string {
  return `menu-${liveTopics.version('menu')}`;
}

const router = createRouter();
router.use(`${MENU_API.items}/:id/photo`, imageUploadBodyLimit());

router
  .openapi(publicMenuRoute, async (c) => {
    const db = c.var.deps.db;
    const version = publicMenuVersion(c.var.deps.liveTopics);
    // Guests' browsers revalidate every time: a price or "sold out" change shows at once.
    const headers = { ETag: etagHeader(version), 'Cache-Control': 'no-cache' };
    if (matchesIfNoneMatch(c.req.header('if-none-match'), version)) return c.body(null, 304, headers);
    let built = builtMenus.get(db);
    if (built?.version !== version) {
      built = { version, body: encodeJson(await getPublicMenu(db)) };
      builtMenus.set(db, built);
    }
    // Sent compressed when the browser takes it: a third of the bytes on a guest's phone.
    return sendEncodedJson(c, built.body, 200, headers);
  })
  .openapi(reorderItemsRoute, async (c) => {
    await reorderMenuItems(c.var.deps.db, requireActor(c), c.req.valid('json').ids);
    return c.body(null, 204);
  })
  .openapi(duplicateRoute, async (c) =>
    c.json(await duplicateMenuItem(c.var.deps.db, requireActor(c), c.req.valid('param').id), 201),
  )
  .openapi(uploadPhotoRoute, async (c) => {
    const { id } = c.req.valid('param');
    // 404 before reading a 5 MB body for an item that does not exist.
    await menuItemResource.get(c.var.deps.db, requireActor(c), id);
    const bytes = await readImageUpload(c.req, PHOTO_FIELD);
    const item = await withUploadField(PHOTO_FIELD, () =>
      setMenuItemPhoto(c.var.deps.db, requireActor(c), id, bytes),
    );
    return c.json(item, 200);
  })
  .openapi(deletePhotoRoute, async (c) =>
    c.json(await removeMenuItemPhoto(c.var.deps.db, requireActor(c), c.req.valid('param').id), 200),
  );

menuItemResource.mount(router);

export const menuRoutes = router;

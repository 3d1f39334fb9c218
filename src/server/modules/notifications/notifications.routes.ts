import { createHash } from 'node:crypto';
import { z } from '@hono/zod-openapi';
import {
  NOTIFICATIONS_API,
  NOTIFICATIONS_PAGE_SIZE,
  NotificationPageSchema,
  NotificationSchema,
  notificationsTopic,
  ReadAllResultSchema,
} from '../../../shared/contracts/notifications';
import { requireActor } from '../../lib/auth-guards';
import { matchesIfNoneMatch } from '../../lib/fast-lane';
import { createRouter, defineRoute, errorResponse, jsonResponse } from '../../lib/router';
import { listNotifications, markAllNotificationsRead, markNotificationRead } from './notifications.service';

const TAGS = ['Notifications'];
const MAX_PAGE = 100;
const IdParams = z.object({
  id: z.uuid('must be a notification id').openapi({ param: { name: 'id', in: 'path' }, format: 'uuid' }),
});

const ListQuery = z
  .object({
    limit: z.coerce
      .number({ error: `must be a whole number from 1 to ${MAX_PAGE}` })
      .int(`must be a whole number from 1 to ${MAX_PAGE}`)
      .min(1, 'must be at least 1')
      .max(MAX_PAGE, `must be at most ${MAX_PAGE}`)
      .default(NOTIFICATIONS_PAGE_SIZE)
      .openapi({ example: NOTIFICATIONS_PAGE_SIZE }),
    cursor: z.string().max(200).optional().openapi({ description: 'nextCursor of the previous page' }),
    unread: z
      .enum(['true', 'false'], { error: 'must be true or false' })
      .optional()
      .openapi({ description: 'true: only the unread ones' }),
  })
  .strict();

const listRoute = defineRoute('signed-in', {
  method: 'get',
  path: NOTIFICATIONS_API.list,
  tags: TAGS,
  summary: 'My notifications, newest first',
  description:
    'The caller’s own notifications (new order requests for staff; their orders accepted, rejected, ' +
    'ready or out for delivery for a customer; low ratings for administrators), newest first, with ' +
    '`unreadCount` (all unread ones, not only this page’s). `unread=true` lists only the unread. ' +
    'Answers with an `ETag` that changes with the caller’s live topic `notifications:<userId>`; ' +
    '`If-None-Match` gives 304 without a query.',
  request: { headers: z.object({ 'if-none-match': z.string().optional() }), query: ListQuery },
  responses: {
    200: jsonResponse('A page of notifications', NotificationPageSchema),
    304: { description: 'Not modified' },
  },
});

const readRoute = defineRoute('signed-in', {
  method: 'post',
  path: NOTIFICATIONS_API.read('{id}'),
  tags: TAGS,
  summary: 'Mark one of my notifications read',
  description: 'One read already stays as it was. Someone else’s notification is answered 404.',
  request: { params: IdParams },
  responses: {
    200: jsonResponse('The notification', NotificationSchema),
    404: errorResponse('No such notification (or not yours)'),
  },
});

const readAllRoute = defineRoute('signed-in', {
  method: 'post',
  path: NOTIFICATIONS_API.readAll,
  tags: TAGS,
  summary: 'Mark all my notifications read',
  description: '`marked`: how many were unread.',
  responses: { 200: jsonResponse('Nothing left unread', ReadAllResultSchema) },
});

/** The list's ETag: the caller's topic version, and who asks with which query. */
function listEtag(userId: string, search: string, version: number): string {
  const scope = createHash('sha1').update(`${userId}|${search}`).digest('base64url').slice(0, 16);
  return `"notifications-${version}-${scope}"`;
}

// A person's own list: a shared cache keeps none of it.
const CACHE = { 'Cache-Control': 'private, no-cache' };

const router = createRouter();

router
  .openapi(listRoute, async (c) => {
    const actor = requireActor(c);
    const version = c.var.deps.liveTopics.version(notificationsTopic(actor.id));
    const etag = listEtag(actor.id, new URL(c.req.url).search, version);
    if (matchesIfNoneMatch(c.req.header('if-none-match'), etag)) {
      return c.body(null, 304, { ETag: etag, ...CACHE }) as never;
    }
    const { limit, cursor, unread } = c.req.valid('query');
    const page = await listNotifications(c.var.deps.db, actor, { limit, cursor, unread: unread === 'true' });
    return c.json(page, 200, { ETag: etag, ...CACHE });
  })
  .openapi(readAllRoute, async (c) =>
    c.json(await markAllNotificationsRead(c.var.deps.db, requireActor(c)), 200),
  )
  .openapi(readRoute, async (c) =>
    c.json(await markNotificationRead(c.var.deps.db, requireActor(c), c.req.valid('param').id), 200),
  );

export const notificationsRoutes = router;

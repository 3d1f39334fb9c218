import {
  MAX_PUSH_DEVICES_PER_USER,
  NOTIFICATIONS_API,
  RemoveTokenInputSchema,
  SaveTokenInputSchema,
  TestNotificationResultSchema,
} from '../../../shared/contracts/notifications';
import { requireActor } from '../../lib/auth-guards';
import { createRouter, defineRoute, ErrorResponseSchema } from '../../lib/router';
import { enforceRateLimit, RATE_LIMITS } from '../security';
import { removePushSubscription, savePushSubscription, sendTestNotification } from './push.service';

const TAGS = ['Notifications'];
const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: ErrorResponseSchema } },
});
const tooMany = errorResponse('Too many requests; try again later');
const tokenRule = RATE_LIMITS.pushTokenPerUser;
const testRule = RATE_LIMITS.pushTestPerUser;
const limitText = (rule: { limit: number; windowSeconds: number }, what: string) =>
  `At most ${rule.limit} ${what} per user in ${rule.windowSeconds / 60} minutes (then 429).`;
const tokenLimit = limitText(tokenRule, 'saves and removals');

const saveTokenRoute = defineRoute('signed-in', {
  method: 'post',
  path: NOTIFICATIONS_API.saveToken,
  tags: TAGS,
  summary: 'Keep this browser’s push subscription',
  description:
    '`token` is the browser’s `PushSubscription` as JSON (`endpoint`, `keys.p256dh`, `keys.auth`), ' +
    'made with `applicationServerKey` = `/api/config`’s `pushPublicKey`. The endpoint must be an https ' +
    'address of a known push service (or an origin the server lists in PUSH_SERVICE_ORIGINS), ' +
    '`p256dh` a P-256 public key and `auth` 16 bytes; otherwise a 400 names the field. One subscription ' +
    'per endpoint: saving it again renews it, and a device another user had saved moves to the caller. ' +
    'It belongs to the session that saved it: signing out removes it. A user keeps at most ' +
    `${MAX_PUSH_DEVICES_PER_USER} devices; saving one more forgets the least recently saved. ${tokenLimit}`,
  request: {
    body: { required: true, content: { 'application/json': { schema: SaveTokenInputSchema } } },
  },
  responses: { 204: { description: 'Kept' }, 429: tooMany },
});

const removeTokenRoute = defineRoute('signed-in', {
  method: 'post',
  path: NOTIFICATIONS_API.removeToken,
  tags: TAGS,
  summary: 'Stop pushes to this browser',
  description: `Forgets the caller’s subscription with this endpoint; an unknown one (or someone else’s) changes nothing. ${tokenLimit}`,
  request: {
    body: { required: true, content: { 'application/json': { schema: RemoveTokenInputSchema } } },
  },
  responses: { 204: { description: 'Forgotten (or there was nothing to forget)' }, 429: tooMany },
});

const testRoute = defineRoute('signed-in', {
  method: 'post',
  path: NOTIFICATIONS_API.test,
  tags: TAGS,
  summary: 'Send myself a test notification',
  description:
    'Adds a "Test notification" to the caller’s bell and pushes it to each of their devices (sent ' +
    `right after the answer). \`pushDevices\` says how many devices it goes to. ${limitText(testRule, 'tests')}`,
  responses: {
    202: {
      description: 'Made; the pushes are on their way',
      content: { 'application/json': { schema: TestNotificationResultSchema } },
    },
    429: tooMany,
  },
});

export const pushRoutes = createRouter()
  .openapi(saveTokenRoute, async (c) => {
    const actor = requireActor(c);
    const { db, config } = c.var.deps;
    await enforceRateLimit(db, tokenRule, actor.id);
    await savePushSubscription(db, actor, c.req.valid('json').token, {
      allowedOrigins: config.pushServiceOrigins,
      userAgent: c.req.header('user-agent'),
    });
    return c.body(null, 204);
  })
  .openapi(removeTokenRoute, async (c) => {
    const actor = requireActor(c);
    const { db } = c.var.deps;
    await enforceRateLimit(db, tokenRule, actor.id);
    await removePushSubscription(db, actor, c.req.valid('json').endpoint);
    return c.body(null, 204);
  })
  .openapi(testRoute, async (c) => {
    const actor = requireActor(c);
    const { db } = c.var.deps;
    await enforceRateLimit(db, testRule, actor.id);
    return c.json(await sendTestNotification(db, actor), 202);
  });

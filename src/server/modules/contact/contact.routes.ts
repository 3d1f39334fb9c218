import { z } from '@hono/zod-openapi';
import { ContactMessageHandledInputSchema, FEEDBACK_API } from '../../../shared/contracts/feedback';
import { loadActor, requireActor } from '../../lib/auth-guards';
import { clientIp } from '../../lib/client-ip';
import { PaginationQuerySchema, pageSchema } from '../../lib/pagination';
import { createRouter, defineRoute, ErrorResponseSchema } from '../../lib/router';
import { enforceRateLimit, RATE_LIMITS } from '../security';
import {
  ContactMessageInputSchema,
  ContactMessageSchema,
  listContactMessages,
  setContactMessageHandled,
  submitContactMessage,
} from './contact.service';

const postContactMessage = defineRoute('public', {
  method: 'post',
  path: '/api/contact',
  tags: ['Contact'],
  summary: 'Send a message from the contact page',
  description:
    'Needs a solved human check in `humanCheck` (GET /api/human-check/challenge; each is accepted once). ' +
    `At most ${RATE_LIMITS.contactPerClient.limit} messages per client address per ` +
    `${RATE_LIMITS.contactPerClient.windowSeconds / 60} minutes. The message is stored (with the sender’s ` +
    'account when signed in) and a copy is e-mailed to every active administrator.',
  request: {
    body: { required: true, content: { 'application/json': { schema: ContactMessageInputSchema } } },
  },
  responses: {
    201: {
      description: 'Stored',
      content: { 'application/json': { schema: z.object({ id: z.string() }) } },
    },
    429: {
      description: 'Too many messages from this address; try again later',
      content: { 'application/json': { schema: ErrorResponseSchema } },
    },
  },
});

const getContactMessages = defineRoute('admin', {
  method: 'get',
  path: '/api/admin/contact-messages',
  tags: ['Contact'],
  summary: 'Messages sent from the contact page, newest first',
  request: { query: PaginationQuerySchema.strict() },
  responses: {
    200: {
      description: 'A page of messages',
      content: { 'application/json': { schema: pageSchema(ContactMessageSchema) } },
    },
  },
});

const patchContactMessage = defineRoute('admin', {
  method: 'patch',
  path: FEEDBACK_API.contactMessage('{id}'),
  tags: ['Contact'],
  summary: 'Mark a contact message as handled, or not',
  description: 'Sets `handledAt` to now (an earlier time stays as it was) or clears it; audited.',
  request: {
    params: z.object({
      id: z.uuid('must be a message id').openapi({ param: { name: 'id', in: 'path' }, format: 'uuid' }),
    }),
    body: {
      required: true,
      content: { 'application/json': { schema: ContactMessageHandledInputSchema } },
    },
  },
  responses: {
    200: { description: 'The message', content: { 'application/json': { schema: ContactMessageSchema } } },
    404: {
      description: 'No such message',
      content: { 'application/json': { schema: ErrorResponseSchema } },
    },
  },
});

export const contactRoutes = createRouter()
  .openapi(postContactMessage, async (c) => {
    const { humanCheck, ...input } = c.req.valid('json');
    const { db } = c.var.deps;
    await enforceRateLimit(db, RATE_LIMITS.contactPerClient, clientIp(c));
    await c.var.deps.humanCheck.verify(db, humanCheck);
    const actor = await loadActor(c);
    const created = await submitContactMessage(c.var.deps, input, actor?.id ?? null);
    return c.json(created, 201);
  })
  .openapi(getContactMessages, async (c) =>
    c.json(await listContactMessages(c.var.deps.db, c.req.valid('query')), 200),
  )
  .openapi(patchContactMessage, async (c) =>
    c.json(
      await setContactMessageHandled(
        c.var.deps.db,
        requireActor(c),
        c.req.valid('param').id,
        c.req.valid('json').handled,
      ),
      200,
    ),
  );

import { z } from '@hono/zod-openapi';
import { requireActor } from '../../lib/auth-guards';
import { DATE_RANGE_MESSAGE, isQueryDateInRange } from '../../lib/date-range';
import { listFilter, PaginationQuerySchema, pageSchema } from '../../lib/pagination';
import { createRouter, defineRoute } from '../../lib/router';
import { listAuditActors, searchAudit } from '../../use-cases/audit-log';
import { AUDIT_AREAS } from './audit.service';

const TAGS = ['Audit Log'];

const DATE_OR_DATETIME_MESSAGE =
  'must be a date such as 2025-03-01 or a date and time such as 2025-03-01T18:30:00Z';

/** A calendar date (a day in the restaurant's time zone) or an instant with its offset. */
const dateOrDateTime = (description: string) =>
  z
    .string()
    .max(40, DATE_OR_DATETIME_MESSAGE)
    .refine(
      (value) =>
        z.iso.date().safeParse(value).success || z.iso.datetime({ offset: true }).safeParse(value).success,
      DATE_OR_DATETIME_MESSAGE,
    )
    .refine(isQueryDateInRange, DATE_RANGE_MESSAGE)
    .optional()
    .openapi({ description, example: '2025-03-01' });

const AuditEntrySchema = z
  .object({
    id: z.string(),
    actorId: z.string().nullable(),
    actorEmail: z
      .string()
      .nullable()
      .openapi({ description: 'The actor’s e-mail when the change was made, kept after the account goes' }),
    actorName: z
      .string()
      .nullable()
      .openapi({
        description:
          'The actor’s current name (a phone-only account’s is its phone number); null for a change ' +
          'without an actor or by an account that no longer exists',
        example: 'Ada Admin',
      }),
    area: z.string(),
    action: z.string().openapi({ example: 'user.role-changed' }),
    summary: z.string().openapi({ description: 'The summary stored when the change was made' }),
    actionLabel: z.string().openapi({ description: 'The action in words', example: 'Role changed' }),
    description: z.string().openapi({
      description:
        'The entry as a sentence, built when read from before and after with the field labels and the ' +
        'restaurant currency',
      example: 'Price of Latte: $4.50 → $4.75',
    }),
    targetType: z.string().nullable(),
    targetId: z.string().nullable(),
    before: z.unknown().openapi({ description: 'The changed values before, or null' }),
    after: z.unknown().openapi({ description: 'The changed values after, or null' }),
    ipAddress: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi('AuditEntry');

const AuditActorSchema = z
  .object({ id: z.string(), email: z.string().nullable(), name: z.string().nullable() })
  .openapi('AuditActor');

const listRoute = defineRoute('admin', {
  method: 'get',
  path: '/api/admin/audit',
  tags: TAGS,
  summary: 'The audit log, newest first, filtered by user, area and time',
  request: {
    query: PaginationQuerySchema.extend({
      actorId: z.uuid('must be a user id').optional().openapi({ description: 'Only entries by this user' }),
      area: listFilter(AUDIT_AREAS)
        .optional()
        .openapi({ type: 'string', description: `Comma-separated areas: ${AUDIT_AREAS.join(', ')}` }),
      from: dateOrDateTime('From this day (restaurant time zone) or instant, inclusive'),
      to: dateOrDateTime('Up to this day, inclusive, or this instant, exclusive'),
    }).strict(),
  },
  responses: {
    200: {
      description: 'A page of audit entries',
      content: { 'application/json': { schema: pageSchema(AuditEntrySchema) } },
    },
  },
});

const actorsRoute = defineRoute('admin', {
  method: 'get',
  path: '/api/admin/audit/actors',
  tags: TAGS,
  summary: 'Everyone with an entry in the audit log (for the user filter)',
  responses: {
    200: {
      description: 'Actors by e-mail',
      content: { 'application/json': { schema: z.object({ items: z.array(AuditActorSchema) }) } },
    },
  },
});

export const auditRoutes = createRouter()
  .openapi(listRoute, async (c) =>
    c.json(await searchAudit(c.var.deps.db, requireActor(c), c.req.valid('query')), 200),
  )
  .openapi(actorsRoute, async (c) =>
    c.json({ items: await listAuditActors(c.var.deps.db, requireActor(c)) }, 200),
  );

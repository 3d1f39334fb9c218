import { z } from '@hono/zod-openapi';
import { ProfileSchema } from '../../../shared/contracts/user';
import { requireActor } from '../../lib/auth-guards';
import { PaginationQuerySchema, pageSchema } from '../../lib/pagination';
import { createRouter, defineRoute } from '../../lib/router';
import { getOwnProfile, listCustomers } from './users.service';

const CustomerSummarySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    phoneNumber: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi('CustomerSummary');

const getMe = defineRoute('signed-in', {
  method: 'get',
  path: '/api/me',
  tags: ['Account'],
  summary: 'The signed-in user’s profile',
  responses: {
    200: { description: 'The merged profile', content: { 'application/json': { schema: ProfileSchema } } },
  },
});

const getCustomers = defineRoute('staff', {
  method: 'get',
  path: '/api/customers',
  tags: ['Customers'],
  summary: 'Customer accounts, newest first, with search',
  request: {
    query: PaginationQuerySchema.extend({
      search: z
        .string()
        .trim()
        .min(1)
        .max(100)
        .optional()
        .openapi({ description: 'Part of a name, e-mail or phone' }),
    }).strict(),
  },
  responses: {
    200: {
      description: 'A page of customers',
      content: { 'application/json': { schema: pageSchema(CustomerSummarySchema) } },
    },
  },
});

export const usersRoutes = createRouter()
  .openapi(getMe, async (c) => c.json(await getOwnProfile(c.var.deps.db, requireActor(c)), 200))
  .openapi(getCustomers, async (c) =>
    c.json(await listCustomers(c.var.deps.db, requireActor(c), c.req.valid('query')), 200),
  );

import { z } from '@hono/zod-openapi';
import { fieldMessages } from '../../../shared/contracts/fields';
import { describeNameProblem, isReservedEmail, RESERVED_EMAIL_MESSAGE } from '../../../shared/person-name';
import { ROLES } from '../../../shared/roles';
import { requireActor } from '../../lib/auth-guards';
import { clientIp } from '../../lib/client-ip';
import { PaginationQuerySchema, pageSchema } from '../../lib/pagination';
import { createRouter, defineRoute, ErrorResponseSchema } from '../../lib/router';
import {
  changeUserRole,
  createStaffMember,
  getUser,
  listUsers,
  resendInvitation,
  STAFF_ROLES,
  sendUserPasswordReset,
  setUserDisabled,
  USER_GROUPS,
} from './user-admin.service';

const TAGS = ['User Management'];

const AdminUserSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string().nullable().openapi({ description: 'Null for an account made by phone alone' }),
    phoneNumber: z.string().nullable(),
    role: z.enum(ROLES),
    disabled: z.boolean(),
    emailVerified: z.boolean(),
    createdAt: z.string(),
    lastSeenAt: z
      .string()
      .nullable()
      .openapi({ description: 'Last use of any of the user’s sessions; null when none is left' }),
    invitationPending: z.boolean().openapi({
      description:
        'Invited and not accepted yet: no password set and no Google account linked (shown as "Invited")',
    }),
  })
  .openapi('AdminUser');

const userJson = { 'application/json': { schema: AdminUserSchema } };
const errorJson = { 'application/json': { schema: ErrorResponseSchema } };

const IdParamsSchema = z.object({
  id: z
    .string()
    .max(100)
    .openapi({ param: { name: 'id', in: 'path' }, description: 'The user’s id (a UUID)' }),
});

const notFoundResponse = { 404: { description: 'No user with this id', content: errorJson } };

const listRoute = defineRoute('admin', {
  method: 'get',
  path: '/api/admin/users',
  tags: TAGS,
  summary: 'Staff or customer accounts, newest first, with search',
  request: {
    query: PaginationQuerySchema.extend({
      group: z
        .enum(USER_GROUPS)
        .default('staff')
        .openapi({ description: 'staff = roles staff, manager and admin; customers = role customer' }),
      search: z
        .string()
        .trim()
        .min(1, fieldMessages.enter('something to search for'))
        .max(100, 'must be at most 100 characters')
        .optional()
        .openapi({ description: 'Part of a name, e-mail or phone number' }),
    }).strict(),
  },
  responses: {
    200: {
      description: 'A page of accounts',
      content: { 'application/json': { schema: pageSchema(AdminUserSchema) } },
    },
  },
});

const getRoute = defineRoute('admin', {
  method: 'get',
  path: '/api/admin/users/{id}',
  tags: TAGS,
  summary: 'One account with its role and state',
  request: { params: IdParamsSchema },
  responses: { 200: { description: 'The account', content: userJson }, ...notFoundResponse },
});

const createRoute = defineRoute('admin', {
  method: 'post',
  path: '/api/admin/users',
  tags: TAGS,
  summary: 'Add a team member and e-mail them an invitation',
  description:
    'Creates the account without a password; the invitation link (valid 7 days, usable once) lets the ' +
    'new team member choose one at /auth/reset-password.',
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({
              // The one rule for names and reserved addresses (shared/person-name.ts), as at sign-up.
              name: z
                .string({ error: fieldMessages.enter('their name') })
                .refine((value) => describeNameProblem(value) === null, {
                  error: (issue) => describeNameProblem(issue.input) ?? 'is not a valid name',
                })
                .transform((value) => value.trim()),
              email: z
                .string({ error: fieldMessages.enter('their email address') })
                .trim()
                .max(254, 'must be at most 254 characters')
                .pipe(z.email(fieldMessages.email))
                .refine((value) => !isReservedEmail(value), RESERVED_EMAIL_MESSAGE),
              role: z.enum(STAFF_ROLES, { error: 'must be one of staff, manager, admin' }),
            })
            .strict(),
        },
      },
    },
  },
  responses: {
    201: { description: 'Created; the invitation was sent', content: userJson },
    409: { description: 'An account with this e-mail address exists', content: errorJson },
    503: { description: 'Created, but the invitation e-mail could not be sent', content: errorJson },
  },
});

const roleRoute = defineRoute('admin', {
  method: 'patch',
  path: '/api/admin/users/{id}/role',
  tags: TAGS,
  summary: 'Change a user’s role',
  description:
    'Takes effect on the user’s next request. An admin cannot change their own role, and the last active ' +
    'administrator cannot be demoted.',
  request: {
    params: IdParamsSchema,
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({ role: z.enum(ROLES, { error: 'must be one of customer, staff, manager, admin' }) })
            .strict(),
        },
      },
    },
  },
  responses: {
    200: { description: 'The account after the change', content: userJson },
    ...notFoundResponse,
    409: { description: 'It would leave no active administrator', content: errorJson },
  },
});

const disableRoute = defineRoute('admin', {
  method: 'post',
  path: '/api/admin/users/{id}/disable',
  tags: TAGS,
  summary: 'Disable an account and end its sessions',
  description:
    'The user is signed out at once and cannot sign in until enabled again. Not for oneself, nor for the ' +
    'last active administrator.',
  request: { params: IdParamsSchema },
  responses: {
    200: { description: 'The account, disabled', content: userJson },
    ...notFoundResponse,
    409: { description: 'It would leave no active administrator', content: errorJson },
  },
});

const enableRoute = defineRoute('admin', {
  method: 'post',
  path: '/api/admin/users/{id}/enable',
  tags: TAGS,
  summary: 'Enable a disabled account',
  request: { params: IdParamsSchema },
  responses: { 200: { description: 'The account, enabled', content: userJson }, ...notFoundResponse },
});

const emailOnItsWay = {
  description: 'The e-mail is on its way',
  content: { 'application/json': { schema: z.object({ sent: z.literal(true) }) } },
};

const resetRoute = defineRoute('admin', {
  method: 'post',
  path: '/api/admin/users/{id}/password-reset',
  tags: TAGS,
  summary: 'E-mail the user a password reset link',
  request: { params: IdParamsSchema },
  responses: {
    202: emailOnItsWay,
    ...notFoundResponse,
    409: { description: 'The account is disabled or has no e-mail address', content: errorJson },
  },
});

const invitationRoute = defineRoute('admin', {
  method: 'post',
  path: '/api/admin/users/{id}/invitation',
  tags: TAGS,
  summary: 'E-mail an invited team member a new invitation link',
  description:
    'For an invitation that was lost or expired: a new link (valid 7 days, usable once) replaces every ' +
    'earlier one. Only while the invitation is pending (`invitationPending`); at most 5 per person an hour.',
  request: { params: IdParamsSchema },
  responses: {
    202: emailOnItsWay,
    ...notFoundResponse,
    409: {
      description: 'Already accepted (the person can sign in), disabled, or a phone account',
      content: errorJson,
    },
    429: { description: 'Too many invitations sent to this person; try again later', content: errorJson },
    503: { description: 'The e-mail could not be sent', content: errorJson },
  },
});

export const userAdminRoutes = createRouter()
  .openapi(listRoute, async (c) =>
    c.json(await listUsers(c.var.deps.db, requireActor(c), c.req.valid('query')), 200),
  )
  .openapi(getRoute, async (c) =>
    c.json(await getUser(c.var.deps.db, requireActor(c), c.req.valid('param').id), 200),
  )
  .openapi(createRoute, async (c) =>
    c.json(
      await createStaffMember(c.var.deps, requireActor(c), {
        ...c.req.valid('json'),
        ipAddress: clientIp(c),
      }),
      201,
    ),
  )
  .openapi(roleRoute, async (c) =>
    c.json(
      await changeUserRole(c.var.deps.db, requireActor(c), {
        id: c.req.valid('param').id,
        role: c.req.valid('json').role,
        ipAddress: clientIp(c),
      }),
      200,
    ),
  )
  .openapi(disableRoute, async (c) =>
    c.json(
      await setUserDisabled(c.var.deps.db, requireActor(c), {
        id: c.req.valid('param').id,
        disabled: true,
        ipAddress: clientIp(c),
      }),
      200,
    ),
  )
  .openapi(enableRoute, async (c) =>
    c.json(
      await setUserDisabled(c.var.deps.db, requireActor(c), {
        id: c.req.valid('param').id,
        disabled: false,
        ipAddress: clientIp(c),
      }),
      200,
    ),
  )
  .openapi(invitationRoute, async (c) => {
    await resendInvitation(c.var.deps, requireActor(c), {
      id: c.req.valid('param').id,
      ipAddress: clientIp(c),
    });
    return c.json({ sent: true as const }, 202);
  })
  .openapi(resetRoute, async (c) => {
    await sendUserPasswordReset(c.var.deps, requireActor(c), {
      id: c.req.valid('param').id,
      ipAddress: clientIp(c),
    });
    return c.json({ sent: true as const }, 202);
  });

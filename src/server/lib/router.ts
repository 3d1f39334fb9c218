import { createRoute, OpenAPIHono, type RouteConfig, z } from '@hono/zod-openapi';
import { type Access, guard } from './auth-guards';
import type { AppEnv } from './context';
import { validationError } from './errors';

/** A router whose request validation failures become a 400 error envelope, naming the field. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) {
        throw validationError(result.error, result.target === 'json' ? 'request body' : result.target);
      }
    },
  });
}

export const ErrorResponseSchema = z
  .object({
    error: z.object({
      code: z.string().openapi({ example: 'invalid-argument' }),
      message: z.string(),
      details: z.unknown().optional(),
    }),
  })
  .openapi('Error');

/** A documented JSON answer of a route. */
export const jsonResponse = <T extends z.ZodType>(description: string, schema: T) => ({
  description,
  content: { 'application/json': { schema } },
});

/** A documented refusal: the error envelope. */
export const errorResponse = (description: string) => jsonResponse(description, ErrorResponseSchema);

/** A route's required JSON body. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  body: { required: true, content: { 'application/json': { schema } } },
});

const ACCESS_TEXT: Record<Access, string> = {
  public: 'Anyone.',
  'signed-in': 'Any signed-in user.',
  staff: 'Staff access: roles staff, manager and admin.',
  manager: 'Managers: roles manager and admin.',
  admin: 'Administrators only.',
};

/** The OpenAPI security scheme of the session cookie (its cookie name is filled in by the docs module). */
export const SESSION_SCHEME = 'sessionCookie';

/**
 * An operation's OpenAPI `security`: `none` anyone may call it without credentials (`[]`),
 * `required` it needs a session, `optional` it works without one and does more with one.
 */
export function sessionSecurity(use: 'none' | 'required' | 'optional'): NonNullable<RouteConfig['security']> {
  if (use === 'none') return [];
  return use === 'required' ? [{ [SESSION_SCHEME]: [] }] : [{ [SESSION_SCHEME]: [] }, {}];
}

type DefinedRoute<R extends RouteConfig> = R & { middleware: ReturnType<typeof guard> };

/**
 * `createRoute` with the access rule declared: the guard runs before validation and the handler,
 * the 400, 401 and 403 answers are documented for every route that can give them, and so is the
 * security: none (`[]`) for a public route, the session cookie for every other. `keptForWrite`
 * lets a signed-in write start from the session this process keeps (auth-guards.ts, `loadActor`).
 */
export function defineRoute<R extends Omit<RouteConfig, 'middleware'>>(
  access: Access,
  route: R,
  options: { keptForWrite?: boolean } = {},
): DefinedRoute<R & { middleware: ReturnType<typeof guard> }> {
  const responses: RouteConfig['responses'] = {
    ...route.responses,
    ...(route.request
      ? { 400: errorResponse('The request is not valid; the message names the field.') }
      : {}),
    ...(access === 'public' ? {} : { 401: errorResponse('Not signed in.') }),
    ...(access === 'public' || access === 'signed-in'
      ? {}
      : { 403: errorResponse('The role may not do this.') }),
  };
  return createRoute({
    ...route,
    description: [route.description, `Access: ${ACCESS_TEXT[access]}`].filter(Boolean).join('\n\n'),
    security: sessionSecurity(access === 'public' ? 'none' : 'required'),
    responses,
    middleware: guard(access, options),
  }) as DefinedRoute<R & { middleware: ReturnType<typeof guard> }>;
}

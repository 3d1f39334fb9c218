import { type OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { SessionResponseSchema } from '../../../shared/contracts/user';
import { isErrorBody } from '../../../shared/errors';
import type { AppEnv } from '../../lib/context';
import { errorBody } from '../../lib/errors';
import { createRouter, defineRoute, ErrorResponseSchema } from '../../lib/router';

const FALLBACK_MESSAGES: Record<number, string> = {
  400: 'The request is not valid.',
  401: 'Sign in to continue.',
  403: 'You do not have permission to do this.',
  404: 'Not found.',
  429: 'Too many attempts. Please wait a moment and try again.',
};

/** better-auth answers 422 for input it refuses; the seed's mapping has no 422. */
function envelopeStatus(status: number, reason: string | undefined): ContentfulStatusCode {
  if (status === 422) return reason?.includes('ALREADY_EXISTS') ? 409 : 400;
  return status as ContentfulStatusCode;
}

/**
 * better-auth also puts the session token in the JSON body of sign-in and sign-up (for bearer use,
 * which Brigade does not enable); the http-only cookie is the only place it belongs.
 */
async function withoutSessionToken(response: Response): Promise<Response> {
  if (!response.headers.get('content-type')?.includes('application/json')) return response;
  const payload: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  if (typeof payload !== 'object' || payload === null || !('token' in payload)) return response;
  const { token: _token, ...rest } = payload as Record<string, unknown>;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(rest), { status: response.status, headers });
}

/**
 * Passes a request to better-auth and rewrites its error answers into the seed's envelope, keeping
 * better-auth's own code as `details.reason` and every header (Set-Cookie included).
 */
export async function handleAuthRequest(c: Context<AppEnv>): Promise<Response> {
  const response = await c.var.deps.auth.handler(c.req.raw);
  if (response.status < 400) return withoutSessionToken(response);
  const payload: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  if (isErrorBody(payload)) return response;
  const { message, code } = (payload ?? {}) as { message?: unknown; code?: unknown };
  const reason = typeof code === 'string' ? code : undefined;
  const status = envelopeStatus(response.status, reason);
  const text =
    typeof message === 'string' && message
      ? message
      : (FALLBACK_MESSAGES[status] ?? 'The request could not be handled.');
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  headers.set('content-type', 'application/json; charset=UTF-8');
  const body = errorBody(status, text, reason ? { reason } : undefined);
  return new Response(JSON.stringify(body), { status, headers });
}

const syncClaims = defineRoute('signed-in', {
  method: 'post',
  path: '/api/auth/sync-claims',
  tags: ['Auth'],
  summary: 'Refresh the caller’s session after a role change',
  description:
    'Sessions live in the database and every request reads the user’s current role, so a role changed ' +
    'by an admin holds from the next request on; this call confirms the session is still valid.',
  responses: { 204: { description: 'The session is valid and current' } },
});

export const authRoutes = createRouter().openapi(syncClaims, (c) => c.body(null, 204));

const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });
const errors = {
  400: { description: 'Invalid input', content: json(ErrorResponseSchema) },
  401: { description: 'Wrong e-mail or password', content: json(ErrorResponseSchema) },
  409: { description: 'An account with this e-mail exists', content: json(ErrorResponseSchema) },
};

/** Documents the better-auth endpoints the app uses; better-auth itself serves them. */
export function documentAuthEndpoints(app: OpenAPIHono<AppEnv>): void {
  const AuthUser = z.object({ id: z.string(), email: z.string(), name: z.string(), role: z.string() });
  app.openAPIRegistry.registerPath({
    method: 'post',
    path: '/api/auth/sign-up/email',
    tags: ['Auth'],
    summary: 'Create a customer account with e-mail and password (signs in at once)',
    description: 'A `role` in the body is ignored: public sign-up always creates a customer.',
    request: {
      body: {
        required: true,
        content: json(z.object({ name: z.string(), email: z.email(), password: z.string() })),
      },
    },
    responses: {
      200: {
        description: 'Created and signed in; sets the session cookie',
        content: json(z.object({ user: AuthUser })),
      },
      400: errors[400],
      409: errors[409],
    },
  });
  app.openAPIRegistry.registerPath({
    method: 'post',
    path: '/api/auth/sign-in/email',
    tags: ['Auth'],
    summary: 'Sign in with e-mail and password',
    request: {
      body: {
        required: true,
        content: json(
          z.object({ email: z.email(), password: z.string(), rememberMe: z.boolean().optional() }),
        ),
      },
    },
    responses: {
      200: { description: 'Signed in; sets the session cookie', content: json(z.object({ user: AuthUser })) },
      400: errors[400],
      401: errors[401],
    },
  });
  app.openAPIRegistry.registerPath({
    method: 'post',
    path: '/api/auth/sign-out',
    tags: ['Auth'],
    summary: 'Sign out (ends the session in the database)',
    responses: { 200: { description: 'Signed out', content: json(z.object({ success: z.boolean() })) } },
  });
  app.openAPIRegistry.registerPath({
    method: 'get',
    path: '/api/auth/get-session',
    tags: ['Auth'],
    summary: 'The current session and user, or null',
    responses: { 200: { description: 'Session or null', content: json(SessionResponseSchema) } },
  });
}

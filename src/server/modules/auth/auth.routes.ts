import { type OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { SessionResponseSchema } from '../../../shared/contracts/user';
import { isErrorBody } from '../../../shared/errors';
import { clientIp } from '../../lib/client-ip';
import type { AppEnv } from '../../lib/context';
import { errorBody } from '../../lib/errors';
import { createRouter, defineRoute, ErrorResponseSchema } from '../../lib/router';
import { CLIENT_IP_HEADER } from './auth-links';

const FALLBACK_MESSAGES: Record<number, string> = {
  400: 'The request is not valid.',
  401: 'Sign in to continue.',
  403: 'You do not have permission to do this.',
  404: 'Not found.',
  429: 'Too many attempts. Please wait a moment and try again.',
};

/** The seed's words (section 5) where better-auth has its own, and plainer ones for the rest. */
const MESSAGES_BY_REASON: Record<string, string> = {
  INVALID_OTP: 'Invalid OTP. Please try again.',
  OTP_NOT_FOUND: 'No confirmation result found',
  OTP_EXPIRED: 'The code has expired. Please ask for a new one.',
  TOO_MANY_ATTEMPTS: 'Too many wrong codes. Please ask for a new one.',
  INVALID_PHONE_NUMBER: 'Enter the phone number with its country code, such as +15551234567.',
  INVALID_TOKEN: 'This link is no longer valid. Please ask for a new one.',
  INVALID_PASSWORD: 'The current password is not correct.',
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
  const headers = new Headers(c.req.raw.headers);
  headers.set(CLIENT_IP_HEADER, clientIp(c));
  const response = await c.var.deps.auth.handler(new Request(c.req.raw, { headers }));
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
    (reason && MESSAGES_BY_REASON[reason]) ||
    (typeof message === 'string' && message
      ? message
      : (FALLBACK_MESSAGES[status] ?? 'The request could not be handled.'));
  const answerHeaders = new Headers(response.headers);
  answerHeaders.delete('content-length');
  answerHeaders.set('content-type', 'application/json; charset=UTF-8');
  const body = errorBody(status, text, reason ? { reason } : undefined);
  return new Response(JSON.stringify(body), { status, headers: answerHeaders });
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

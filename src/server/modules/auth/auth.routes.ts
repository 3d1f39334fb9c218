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

interface AuthEndpointDoc {
  method: 'get' | 'post';
  path: string;
  summary: string;
  description?: string;
  body?: z.ZodType;
  ok: { description: string; schema?: z.ZodType };
  errors?: (400 | 401 | 403 | 404 | 409 | 429)[];
}

const HUMAN_CHECK_NOTE =
  'Needs a solved human check in the `X-Human-Check` header (see /api/human-check/challenge).';

const AUTH_ENDPOINTS: AuthEndpointDoc[] = [
  {
    method: 'post',
    path: '/api/auth/sign-up/email',
    summary: 'Create a customer account with e-mail and password (signs in at once)',
    description: `A \`role\` in the body is ignored: public sign-up always creates a customer. ${HUMAN_CHECK_NOTE}`,
    body: z.object({
      name: z.string(),
      email: z.email(),
      password: z.string(),
      callbackURL: z.string().optional(),
    }),
    ok: { description: 'Created and signed in; sets the session cookie' },
    errors: [400, 409, 429],
  },
  {
    method: 'post',
    path: '/api/auth/sign-in/email',
    summary: 'Sign in with e-mail and password',
    body: z.object({ email: z.email(), password: z.string(), rememberMe: z.boolean().optional() }),
    ok: { description: 'Signed in; sets the session cookie' },
    errors: [400, 401, 403, 429],
  },
  {
    method: 'post',
    path: '/api/auth/phone-number/send-otp',
    summary: 'Text a 6-digit code to a phone number (valid 5 minutes)',
    description: HUMAN_CHECK_NOTE,
    body: z.object({ phoneNumber: z.string().openapi({ example: '+15551234567' }) }),
    ok: { description: 'Code sent' },
    errors: [400, 429],
  },
  {
    method: 'post',
    path: '/api/auth/phone-number/verify',
    summary:
      'Confirm the code: signs in (a new number becomes a customer account), or with updatePhoneNumber sets the signed-in user’s phone',
    description:
      'Errors: "Invalid OTP. Please try again.", "No confirmation result found"; 3 tries per code.',
    body: z.object({ phoneNumber: z.string(), code: z.string(), updatePhoneNumber: z.boolean().optional() }),
    ok: { description: 'Verified; sets the session cookie' },
    errors: [400, 403, 429],
  },
  {
    method: 'post',
    path: '/api/auth/sign-in/social',
    summary: 'Start Google sign-in (only when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set)',
    description:
      'Answers the provider URL to send the browser to; the provider returns to /api/auth/callback/google.',
    body: z.object({
      provider: z.literal('google'),
      callbackURL: z.string(),
      errorCallbackURL: z.string().optional(),
    }),
    ok: {
      description: 'Where to send the browser',
      schema: z.object({ url: z.string(), redirect: z.boolean() }),
    },
    errors: [404],
  },
  {
    method: 'post',
    path: '/api/auth/request-password-reset',
    summary: 'E-mail a link to /auth/reset-password (same answer whether or not the address exists)',
    description: HUMAN_CHECK_NOTE,
    body: z.object({ email: z.email(), redirectTo: z.string().optional() }),
    ok: { description: 'Sent if the account exists' },
    errors: [400, 429],
  },
  {
    method: 'post',
    path: '/api/auth/reset-password',
    summary: 'Set a new password with the token of a reset or invitation link (once)',
    body: z.object({ token: z.string(), newPassword: z.string() }),
    ok: { description: 'Password set; other sessions end' },
    errors: [400],
  },
  {
    method: 'post',
    path: '/api/auth/change-password',
    summary: 'Change the password after re-checking the current one',
    body: z.object({
      currentPassword: z.string(),
      newPassword: z.string(),
      revokeOtherSessions: z.boolean().optional(),
    }),
    ok: { description: 'Changed' },
    errors: [400, 401],
  },
  {
    method: 'post',
    path: '/api/auth/update-user',
    summary: 'Change the display name or photo',
    body: z.object({ name: z.string().optional(), image: z.string().optional() }),
    ok: { description: 'Updated' },
    errors: [400, 401],
  },
  {
    method: 'post',
    path: '/api/auth/change-email',
    summary: 'Change the e-mail address; a verification link goes to the new address',
    body: z.object({ newEmail: z.email(), callbackURL: z.string().optional() }),
    ok: { description: 'Verification sent' },
    errors: [400, 401],
  },
  {
    method: 'post',
    path: '/api/auth/send-verification-email',
    summary: 'Send the e-mail verification link again',
    body: z.object({ email: z.email(), callbackURL: z.string().optional() }),
    ok: { description: 'Sent' },
    errors: [400, 429],
  },
  {
    method: 'post',
    path: '/api/auth/revoke-sessions',
    summary: 'Sign out of all devices',
    ok: { description: 'Every session ended' },
    errors: [401],
  },
  {
    method: 'post',
    path: '/api/auth/sign-out',
    summary: 'Sign out (ends the session in the database)',
    ok: { description: 'Signed out' },
  },
  {
    method: 'get',
    path: '/api/auth/get-session',
    summary: 'The current session and user, or null',
    ok: { description: 'Session or null', schema: SessionResponseSchema },
  },
];

/** Documents the better-auth endpoints the app uses; better-auth itself serves them. */
export function documentAuthEndpoints(app: OpenAPIHono<AppEnv>): void {
  for (const endpoint of AUTH_ENDPOINTS) {
    app.openAPIRegistry.registerPath({
      method: endpoint.method,
      path: endpoint.path,
      tags: ['Auth'],
      summary: endpoint.summary,
      description: endpoint.description,
      request: endpoint.body ? { body: { required: true, content: json(endpoint.body) } } : undefined,
      responses: {
        200: {
          description: endpoint.ok.description,
          ...(endpoint.ok.schema ? { content: json(endpoint.ok.schema) } : {}),
        },
        ...Object.fromEntries(
          (endpoint.errors ?? []).map((status) => [
            status,
            { description: 'Error (see the message)', content: json(ErrorResponseSchema) },
          ]),
        ),
      },
    });
  }
}

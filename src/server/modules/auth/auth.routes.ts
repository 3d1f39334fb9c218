import type { OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { isErrorBody } from '../../../shared/errors';
import { clientIp } from '../../lib/client-ip';
import type { AppEnv } from '../../lib/context';
import { errorBody } from '../../lib/errors';
import { createRouter, defineRoute, ErrorResponseSchema, sessionSecurity } from '../../lib/router';
import { AUTH_ENDPOINTS, isAllowedAuthEndpoint } from './auth-endpoints';
import { CLIENT_IP_HEADER } from './auth-links';

/** Where better-auth is mounted (its `basePath`). */
const AUTH_BASE_PATH = '/api/auth';

const FALLBACK_MESSAGES: Record<number, string> = {
  400: 'The request is not valid.',
  401: 'Sign in to continue.',
  403: 'You do not have permission to do this.',
  404: 'Not found.',
  429: 'Too many attempts. Please wait a moment and try again.',
};

/**
 * Our words for better-auth's refusals, by its reason code. The phone code's two messages ("Invalid
 * OTP. Please try again.", "No confirmation result found") stay word for word; the rest are plain.
 */
const MESSAGES_BY_REASON: Record<string, string> = {
  INVALID_OTP: 'Invalid OTP. Please try again.',
  OTP_NOT_FOUND: 'No confirmation result found',
  OTP_EXPIRED: 'The code has expired. Please ask for a new one.',
  TOO_MANY_ATTEMPTS: 'Too many wrong codes. Please ask for a new one.',
  INVALID_PHONE_NUMBER: 'Enter the phone number with its country code, such as +15551234567.',
  INVALID_TOKEN: 'This link is no longer valid. Please ask for a new one.',
  INVALID_PASSWORD: 'The current password is not correct.',
};

/** better-auth answers 422 for input it refuses; the error codes (shared/errors.ts) have no 422. */
function envelopeStatus(status: number, reason: string | undefined): ContentfulStatusCode {
  if (status === 422) return reason?.includes('ALREADY_EXISTS') ? 409 : 400;
  return status as ContentfulStatusCode;
}

/**
 * better-auth also puts the session token in the JSON body of sign-in and sign-up (for bearer use,
 * which Brigade does not enable) and in `session.token` of get-session; the http-only cookie is the
 * only place it belongs, so page scripts never see it.
 */
async function withoutSessionToken(response: Response): Promise<Response> {
  if (!response.headers.get('content-type')?.includes('application/json')) return response;
  const payload: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  if (typeof payload !== 'object' || payload === null) return response;
  const session = (payload as { session?: unknown }).session;
  const sessionHasToken = typeof session === 'object' && session !== null && 'token' in session;
  if (!('token' in payload) && !sessionHasToken) return response;
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(payload)) {
    if (key === 'token') continue;
    if (key === 'session' && sessionHasToken) {
      const { token: _token, ...rest } = value as Record<string, unknown>;
      body[key] = rest;
    } else body[key] = value;
  }
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(body), { status: response.status, headers });
}

/** The session cookie's name ends like this, with or without the `__Secure-` prefix. */
const SESSION_COOKIE = /(?:^|;)\s*(?:__Secure-)?brigade\.session_token=[^;]/;

/** An answer in the envelope, with the headers an error of ours needs. */
function refusal(status: ContentfulStatusCode, message: string, details?: unknown): Response {
  return new Response(JSON.stringify(errorBody(status, message, details)), {
    status,
    headers: { 'content-type': 'application/json; charset=UTF-8' },
  });
}

/**
 * Reads a POST body for better-auth: empty, or a JSON object. Anything else (`null`, `"x"`, `1`, an
 * array, broken JSON) is a 400 here; better-auth would otherwise fail on it with a 500.
 */
async function checkedBody(request: Request): Promise<{ text: string } | { refusal: Response }> {
  const text = await request.text();
  // An empty body is an empty object: better-auth's plugins read fields of the body without a check
  // (the phone-number plugin's update-user hook threw on `undefined`, a 500).
  if (text.trim() === '') return { text: '{}' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { refusal: refusal(400, 'The request body is not valid JSON.') };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return {
      refusal: refusal(400, 'The request body must be a JSON object.', {
        issues: [{ path: '', message: 'must be a JSON object' }],
      }),
    };
  }
  return { text };
}

/**
 * Passes a request to better-auth if its method and path are on the allow-list (auth-endpoints.ts),
 * and rewrites better-auth's error answers into the error envelope, keeping its own code as
 * `details.reason`, the refused field as `details.issues`, and every header (Set-Cookie included).
 */
export async function handleAuthRequest(c: Context<AppEnv>): Promise<Response> {
  const method = c.req.method;
  const path = c.req.path.slice(AUTH_BASE_PATH.length);
  if (!isAllowedAuthEndpoint(method, path)) {
    return refusal(404, `There is no API endpoint ${method} ${c.req.path}.`);
  }
  // Without a session cookie there is no session: answer at once, without better-auth or the database.
  if (path === '/get-session' && !SESSION_COOKIE.test(c.req.header('cookie') ?? '')) {
    return c.json(null, 200);
  }
  const headers = new Headers(c.req.raw.headers);
  headers.set(CLIENT_IP_HEADER, clientIp(c));
  let body: string | undefined;
  if (method === 'POST') {
    const checked = await checkedBody(c.req.raw);
    if ('refusal' in checked) return checked.refusal;
    body = checked.text;
    headers.set('content-type', 'application/json');
  }
  const forwarded = new Request(c.req.raw.url, { method, headers, body: body || undefined });
  const response = await c.var.deps.auth.handler(forwarded);
  if (response.status < 400) return withoutSessionToken(response);
  const payload: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  if (isErrorBody(payload)) return response;
  const { message, code, field } = (payload ?? {}) as { message?: unknown; code?: unknown; field?: unknown };
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
  const details: Record<string, unknown> = {};
  if (reason) details.reason = reason;
  if (typeof field === 'string') details.issues = [{ path: field, message: text }];
  const envelope = errorBody(status, text, Object.keys(details).length > 0 ? details : undefined);
  return new Response(JSON.stringify(envelope), { status, headers: answerHeaders });
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

/** Documents the better-auth endpoints the app uses; better-auth itself serves them. */
export function documentAuthEndpoints(app: OpenAPIHono<AppEnv>): void {
  for (const endpoint of AUTH_ENDPOINTS) {
    app.openAPIRegistry.registerPath({
      method: endpoint.method,
      path: `${AUTH_BASE_PATH}${endpoint.path}`,
      tags: ['Auth'],
      summary: endpoint.summary,
      description: endpoint.description,
      security: sessionSecurity(endpoint.session ?? 'none'),
      request: {
        ...(endpoint.body ? { body: { required: true, content: json(endpoint.body) } } : {}),
        ...(endpoint.query ? { query: endpoint.query } : {}),
      },
      responses: {
        [endpoint.ok.status ?? 200]: {
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

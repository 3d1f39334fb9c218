import { z } from '@hono/zod-openapi';
import { SessionResponseSchema } from '../../../shared/contracts/user';
import { PERSON_NAME_MAX } from '../../../shared/person-name';

/**
 * The one list of better-auth endpoints Brigade uses. It is both the OpenAPI documentation of them
 * and the allow-list `handleAuthRequest` applies: a method and path not listed here never reaches
 * better-auth (404 in the envelope), so an endpoint a plugin mounts by the way (the phone-number
 * plugin's password reset, say) is closed unless someone adds it here on purpose.
 * `tests/api/auth-endpoints.test.ts` compares what better-auth mounts with this list and
 * `REFUSED_AUTH_ENDPOINTS`, so an upgrade that mounts something new fails until it is sorted.
 */
export interface AuthEndpoint {
  method: 'get' | 'post';
  /** Below /api/auth, as better-auth names it (with the provider id filled in for callbacks). */
  path: string;
  summary: string;
  description?: string;
  body?: z.ZodType;
  query?: z.ZodObject;
  ok: { status?: 200 | 302; description: string; schema?: z.ZodType };
  errors?: (400 | 401 | 403 | 404 | 409 | 429)[];
  /**
   * The session cookie, as the OpenAPI `security` states it: `required` the endpoint acts on the
   * signed-in user (401 without one), `optional` it works without one and does more with one. Without
   * it the endpoint is public.
   */
  session?: 'required' | 'optional';
}

const HUMAN_CHECK_NOTE =
  'Needs a solved human check in the `X-Human-Check` header (see /api/human-check/challenge).';

export const AUTH_ENDPOINTS: AuthEndpoint[] = [
  {
    method: 'post',
    path: '/sign-up/email',
    summary: 'Create a customer account with e-mail and password (does not sign in)',
    description:
      'A `role` in the body is ignored: public sign-up always creates a customer. The answer is the same ' +
      'whether or not the address already has an account (the owner of a taken address gets an e-mail ' +
      'instead of a confirmation link), so it never tells who has an account; sign in afterwards. ' +
      `The name has 1 to ${PERSON_NAME_MAX} characters on one line; a photo is uploaded later, never ` +
      `given as an address. ${HUMAN_CHECK_NOTE}`,
    body: z.object({
      name: z.string(),
      email: z.email(),
      password: z.string(),
      callbackURL: z.string().optional(),
    }),
    ok: { description: 'Accepted: a confirmation link (or a notice to the owner) goes to the address' },
    errors: [400, 429],
  },
  {
    method: 'post',
    path: '/sign-in/email',
    summary: 'Sign in with e-mail and password',
    description:
      'After 10 failed attempts for one account within 15 minutes, further attempts need a solved ' +
      'human check in the `X-Human-Check` header; without it the answer is 429 with ' +
      '`details.reason` `HUMAN_CHECK_REQUIRED`. Failures per client are limited besides (429).',
    body: z.object({ email: z.email(), password: z.string(), rememberMe: z.boolean().optional() }),
    ok: { description: 'Signed in; sets the session cookie' },
    errors: [400, 401, 403, 429],
  },
  {
    method: 'post',
    path: '/phone-number/send-otp',
    summary: 'Text a 6-digit code to a phone number (valid 5 minutes)',
    description: HUMAN_CHECK_NOTE,
    body: z.object({ phoneNumber: z.string().openapi({ example: '+15551234567' }) }),
    ok: { description: 'Code sent' },
    errors: [400, 429],
  },
  {
    method: 'post',
    path: '/phone-number/verify',
    summary:
      'Confirm the code: signs in (a new number becomes a customer account), or with updatePhoneNumber sets the signed-in user’s phone',
    description:
      'Errors: "Invalid OTP. Please try again.", "No confirmation result found"; 3 tries per code. ' +
      'Failures are limited like e-mail sign-in (the human check after 10 for one number).',
    body: z.object({ phoneNumber: z.string(), code: z.string(), updatePhoneNumber: z.boolean().optional() }),
    ok: { description: 'Verified; sets the session cookie' },
    errors: [400, 403, 429],
    session: 'optional',
  },
  {
    method: 'post',
    path: '/sign-in/social',
    summary: 'Start Google sign-in (only when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set)',
    description:
      'Answers the provider URL to send the browser to; the provider returns to /api/auth/callback/google.',
    body: z.object({
      provider: z.literal('google'),
      callbackURL: z.string(),
      newUserCallbackURL: z.string().optional(),
      errorCallbackURL: z.string().optional(),
    }),
    ok: {
      description: 'Where to send the browser',
      schema: z.object({ url: z.string(), redirect: z.boolean() }),
    },
    errors: [404],
  },
  {
    method: 'get',
    path: '/callback/google',
    summary: 'Where Google sends the browser back (signs in, then redirects to the callbackURL)',
    description:
      'An existing account with the same address is joined only when Google says the address is ' +
      'verified (otherwise the errorCallbackURL). Joining an account whose address was never confirmed ' +
      'removes its password and ends its other sessions, so whoever registered the address first loses it.',
    query: z.object({ code: z.string().optional(), state: z.string().optional() }),
    ok: { status: 302, description: 'Redirect to the callbackURL (or errorCallbackURL)' },
  },
  {
    method: 'post',
    path: '/request-password-reset',
    summary:
      'E-mail a link to /auth/reset-password (same answer, in about the same time, whether or not the address exists)',
    description: HUMAN_CHECK_NOTE,
    body: z.object({ email: z.email(), redirectTo: z.string().optional() }),
    ok: { description: 'Sent if the account exists' },
    errors: [400, 429],
  },
  {
    method: 'post',
    path: '/reset-password',
    summary: 'Set a new password with the token of a reset or invitation link (once)',
    body: z.object({ token: z.string(), newPassword: z.string() }),
    ok: { description: 'Password set; other sessions end' },
    errors: [400],
  },
  {
    method: 'post',
    path: '/change-password',
    summary: 'Change the password after re-checking the current one',
    description: 'Wrong current passwords are limited per user (10 in 15 minutes, then 429).',
    body: z.object({
      currentPassword: z.string(),
      newPassword: z.string(),
      revokeOtherSessions: z.boolean().optional(),
    }),
    ok: { description: 'Changed' },
    errors: [400, 401, 429],
    session: 'required',
  },
  {
    method: 'post',
    path: '/update-user',
    summary: 'Change the display name',
    description: `1 to ${PERSON_NAME_MAX} characters on one line. A photo goes through /api/account/photo; \`image\` is refused.`,
    body: z.object({ name: z.string().optional() }),
    ok: { description: 'Updated' },
    errors: [400, 401],
    session: 'required',
  },
  {
    method: 'post',
    path: '/change-email',
    summary: 'Change the e-mail address; a verification link goes to the new address',
    body: z.object({ newEmail: z.email(), callbackURL: z.string().optional() }),
    ok: { description: 'Verification sent' },
    errors: [400, 401],
    session: 'required',
  },
  {
    method: 'post',
    path: '/send-verification-email',
    summary: 'Send the e-mail verification link again',
    body: z.object({ email: z.email(), callbackURL: z.string().optional() }),
    ok: { description: 'Sent' },
    errors: [400, 429],
    session: 'optional',
  },
  {
    method: 'get',
    path: '/verify-email',
    summary: 'The link in a confirmation e-mail: confirms the address (does not sign in), then redirects',
    query: z.object({ token: z.string(), callbackURL: z.string().optional() }),
    ok: { status: 302, description: 'Redirect to the callbackURL (with `error` when the link failed)' },
    errors: [400],
    session: 'optional',
  },
  {
    method: 'get',
    path: '/list-accounts',
    summary: 'The ways the signed-in user can sign in (password, Google)',
    ok: { description: 'The linked accounts' },
    errors: [401],
    session: 'required',
  },
  {
    method: 'post',
    path: '/revoke-sessions',
    summary: 'Sign out of all devices',
    ok: { description: 'Every session ended' },
    errors: [401],
    session: 'required',
  },
  {
    method: 'post',
    path: '/sign-out',
    summary: 'Sign out (ends the session in the database)',
    ok: { description: 'Signed out' },
    session: 'optional',
  },
  {
    method: 'get',
    path: '/get-session',
    summary: 'The current session and user, or null (at once when there is no session cookie)',
    ok: { description: 'Session or null', schema: SessionResponseSchema },
    session: 'optional',
  },
];

/**
 * What better-auth (with the phone-number and generic OAuth plugins) mounts besides, and Brigade does
 * not use. Paths without a parameter are also switched off in better-auth itself (`disabledPaths`),
 * so not even a server-side mistake can reach them through its router.
 */
export const REFUSED_AUTH_ENDPOINTS: { method: 'get' | 'post'; path: string }[] = [
  // The phone-number plugin: password sign-in by phone and a code-based password reset nobody asked for.
  { method: 'post', path: '/sign-in/phone-number' },
  { method: 'post', path: '/phone-number/request-password-reset' },
  { method: 'post', path: '/phone-number/reset-password' },
  { method: 'post', path: '/get-session' },
  { method: 'post', path: '/callback/:id' },
  { method: 'get', path: '/reset-password/:token' },
  { method: 'post', path: '/verify-password' },
  { method: 'post', path: '/update-session' },
  { method: 'post', path: '/delete-user' },
  { method: 'get', path: '/delete-user/callback' },
  { method: 'get', path: '/list-sessions' },
  { method: 'post', path: '/revoke-session' },
  { method: 'post', path: '/revoke-other-sessions' },
  { method: 'post', path: '/link-social' },
  { method: 'post', path: '/unlink-account' },
  { method: 'post', path: '/refresh-token' },
  { method: 'post', path: '/get-access-token' },
  { method: 'get', path: '/account-info' },
  { method: 'get', path: '/ok' },
  { method: 'get', path: '/error' },
];

const allowed = new Set(
  AUTH_ENDPOINTS.map((endpoint) => `${endpoint.method.toUpperCase()} ${endpoint.path}`),
);

/** Whether `method` and `path` (below /api/auth) are on the allow-list. */
export function isAllowedAuthEndpoint(method: string, path: string): boolean {
  return allowed.has(`${method.toUpperCase()} ${path}`);
}

/** For better-auth's `disabledPaths`: refused paths that no allowed method uses and that have no parameter. */
export const DISABLED_AUTH_PATHS = [
  ...new Set(
    REFUSED_AUTH_ENDPOINTS.map((endpoint) => endpoint.path).filter(
      (path) => !path.includes(':') && !AUTH_ENDPOINTS.some((endpoint) => endpoint.path === path),
    ),
  ),
];

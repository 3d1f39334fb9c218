import { betterAuth, type GenericEndpointContext } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { genericOAuth, phoneNumber } from 'better-auth/plugins';
import { eq } from 'drizzle-orm';
import { describePasswordProblem } from '../../../shared/password-policy';
import {
  describeNameProblem,
  isReservedEmail,
  RESERVED_EMAIL_MESSAGE,
  tidyName,
} from '../../../shared/person-name';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import * as schema from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { appOrigins } from '../../lib/origin';
import { SESSIONS_TOPIC } from '../../lib/session-fast-path';
import { publishChange } from '../events';
import type { Messenger } from '../messaging';
import type { HumanCheck } from '../security';
import { countAttempt, enforceRateLimit, isExhausted, RATE_LIMITS, refuseWhenExhausted } from '../security';
import { getPasswordPolicy, getSettings } from '../settings';
import { users } from './auth.schema';
import { DISABLED_AUTH_PATHS } from './auth-endpoints';
import {
  CLIENT_IP_HEADER,
  HUMAN_CHECK_HEADER,
  isPhoneOnlyEmail,
  passwordPageLink,
  phoneOnlyEmail,
} from './auth-links';

/** better-auth endpoints that set a password, and the body field that carries it. */
const PASSWORD_FIELDS: Record<string, string> = {
  '/sign-up/email': 'password',
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
  '/set-password': 'newPassword',
};

/**
 * Endpoints that end sessions or change what a kept session holds (role, name, e-mail, phone, photo,
 * whether the address is confirmed; lib/session-fast-path.ts): sign-out,
 * "sign out everywhere", a password change (may end the other sessions) or reset (ends them all), a
 * name or e-mail change, the e-mail link that confirms a new address, and a provider's callback (which
 * may take an unconfirmed account from whoever registered it first, ending their sessions).
 */
const SESSION_CHANGING_PATHS = new Set([
  '/sign-out',
  '/revoke-sessions',
  '/revoke-session',
  '/revoke-other-sessions',
  '/change-password',
  '/reset-password',
  '/set-password',
  '/update-user',
  '/change-email',
  '/verify-email',
  '/delete-user',
]);

function changesSessions(path: string): boolean {
  return (
    SESSION_CHANGING_PATHS.has(path) || path.startsWith('/callback/') || path.startsWith('/oauth2/callback/')
  );
}

/** Endpoints that sign in with a secret (password or code): their failures are limited. */
const SIGN_IN_PATHS = new Set(['/sign-in/email', '/phone-number/verify']);

function signInSubject(path: string, body: Record<string, unknown>): string {
  return String((path === '/sign-in/email' ? body.email : body.phoneNumber) ?? '');
}

/** Endpoints that a browser may call only after passing the human check. */
const HUMAN_CHECKED_PATHS = new Set(['/sign-up/email', '/phone-number/send-otp', '/request-password-reset']);

const SESSION_DAYS = 30;
/** Invitations give a new staff member time to find the e-mail; a reset link is short-lived. */
export const RESET_LINK_SECONDS = 60 * 60;

/** E.164: a plus sign, a country code and the subscriber number, 8 to 15 digits in all. */
const PHONE_NUMBER = /^\+[1-9]\d{7,14}$/;
/**
 * Where a failed sign-in is counted per account: past its limit a sign-in needs a solved human check
 * instead of being locked out, so an attacker cannot keep the owner out of their own account.
 */
export const HUMAN_CHECK_REQUIRED_MESSAGE =
  'There were too many failed sign-ins for this account. Please complete the check that you are human, then try again.';

export const DISABLED_ACCOUNT_MESSAGE = 'This account is disabled. Please contact the restaurant.';

/** A refusal of one body field, which handleAuthRequest reports as `details.issues` naming it. */
function fieldError(field: string, code: string, message: string): APIError {
  return new APIError('BAD_REQUEST', { code, message, field });
}

/**
 * The rule of `shared/person-name.ts` for what a request may put into an account: a name on one line
 * of 1 to 100 characters, no photo by address (photos are uploaded), no reserved phone-only address.
 */
function checkAccountInput(path: string, body: Record<string, unknown>): void {
  const creating = path === '/sign-up/email';
  if (path !== '/update-user' && !creating && path !== '/change-email') return;
  if (body.image !== undefined && path !== '/change-email') {
    // Photos arrive through /api/account/photo (decoded and resized), never as a URL.
    throw fieldError('image', 'IMAGE_BY_UPLOAD', 'Upload a photo instead of giving its address.');
  }
  if (creating || body.name !== undefined) {
    const problem = describeNameProblem(body.name);
    if (problem) throw fieldError('name', 'INVALID_NAME', problem);
  }
  const emailField = path === '/change-email' ? 'newEmail' : 'email';
  if (isReservedEmail(body[emailField]))
    throw fieldError(emailField, 'RESERVED_EMAIL', RESERVED_EMAIL_MESSAGE);
}

/** Rethrows an AppError (rate limit, human check) as the APIError better-auth knows how to answer. */
async function asAuthError(work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const status = error.status === 429 ? 'TOO_MANY_REQUESTS' : 'BAD_REQUEST';
    const code = error.status === 429 ? 'RATE_LIMITED' : 'HUMAN_CHECK';
    throw new APIError(status, { code, message: error.message });
  }
}

/**
 * Sends a message, turning a provider failure into a 503 that says what failed (the provider's own
 * error goes to the log, not to the user).
 */
async function deliver(
  logger: Logger,
  what: 'e-mail' | 'text message',
  send: () => Promise<void>,
): Promise<void> {
  try {
    await send();
  } catch (error) {
    logger.error({ err: error }, `sending the ${what} failed`);
    throw new APIError('SERVICE_UNAVAILABLE', {
      code: 'DELIVERY_FAILED',
      message: `We could not send the ${what} just now. Please try again in a few minutes.`,
    });
  }
}

/**
 * Sends an e-mail that a browser's request asked for without making the request wait for the provider:
 * forgot-password and sign-up then answer in the same time whether or not the address has an account
 * (the answer must not tell). A failure is logged. Calls from the server itself (`request` undefined,
 * an admin's "send reset link") wait, so the admin hears when the provider fails.
 */
async function deliverInBackground(
  logger: Logger,
  request: Request | undefined,
  send: () => Promise<void>,
): Promise<void> {
  if (!request) return deliver(logger, 'e-mail', send);
  void deliver(logger, 'e-mail', send).catch(() => {
    // deliver has logged the provider's error already.
  });
}

/**
 * Whether a provider's ID token says its `email_verified` is true. The token was verified against the
 * provider's keys (`requireIdTokenVerification`) before better-auth stores it with the account; a
 * missing or unreadable token proves nothing.
 */
function providerVerifiedEmail(idToken: string | null | undefined): boolean {
  const payload = idToken?.split('.')[1];
  if (!payload) return false;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    return claims.email_verified === true || claims.email_verified === 'true';
  } catch {
    return false;
  }
}

/**
 * When a provider account (Google) is being added to a user who already had another way in (a
 * password), the user and those other accounts; null for a password account, for the account of a user
 * the same sign-in has just created, and outside a request.
 */
async function linkToExistingUser(
  account: { providerId: string; userId: string; id?: string },
  ctx: GenericEndpointContext | null,
) {
  if (account.providerId === 'credential' || !ctx) return null;
  const adapter = ctx.context.internalAdapter;
  const others = (await adapter.findAccounts(account.userId)).filter(
    (other) => other.id !== account.id && other.providerId !== account.providerId,
  );
  if (others.length === 0) return null;
  const owner = await adapter.findUserById(account.userId);
  return owner ? { adapter, owner, others } : null;
}

/**
 * better-auth configured for Brigade: e-mail and password, a one-time code by text message, Google
 * (OpenID Connect, when configured), server-side sessions in PostgreSQL behind an http-only cookie,
 * `role` that no request can set, the restaurant's password policy, rate limits kept in the database
 * and the human check before anything that sends a message or creates an account.
 */
export function createAuth(options: {
  db: Database;
  config: Config;
  secret: string;
  logger: Logger;
  messenger: Messenger;
  humanCheck: HumanCheck;
}) {
  const { db, config, secret, logger, messenger, humanCheck } = options;

  async function restaurantName(): Promise<string> {
    return (await getSettings(db)).name;
  }

  return betterAuth({
    appName: 'Brigade',
    baseURL: config.baseUrl,
    basePath: '/api/auth',
    secret,
    database: drizzleAdapter(db, { provider: 'pg', usePlural: true, schema }),
    // Every endpoint the product does not use is off (auth-endpoints.ts; handleAuthRequest also passes
    // only the allow-listed ones).
    disabledPaths: DISABLED_AUTH_PATHS,
    emailAndPassword: {
      enabled: true,
      // Sign-up answers alike for a new and a taken address (better-auth then returns a stand-in user
      // for a taken one and calls onExistingUserSignUp), so it cannot sign anybody in; the form signs
      // in with the password right after.
      autoSignIn: false,
      onExistingUserSignUp: async ({ user }, request) => {
        if (isPhoneOnlyEmail(user.email)) return;
        const name = await restaurantName();
        await deliverInBackground(logger, request, () =>
          messenger.sendEmail({
            to: user.email,
            subject: `Someone tried to sign up for ${name} with your address`,
            text:
              `Hello ${user.name},\n\nSomeone tried to create a new ${name} account with this e-mail address, ` +
              'which already has one. No second account was made.\n\nIf it was you, sign in with your ' +
              `password, or choose a new one here: ${new URL('/auth/forgot-password', config.baseUrl)}\n\n` +
              'If it was not you, ignore this e-mail; your account stays as it is.',
            purpose: 'sign-up-existing',
          }),
        );
      },
      // The policy's own bounds are checked in the hook below; these are only outer limits.
      minPasswordLength: 6,
      maxPasswordLength: 4096,
      resetPasswordTokenExpiresIn: RESET_LINK_SECONDS,
      revokeSessionsOnPasswordReset: true,
      // The link came by e-mail, so whoever used it reads that inbox (invitations included).
      onPasswordReset: async ({ user }) => {
        await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
      },
      sendResetPassword: async ({ user, token }, request) => {
        const name = await restaurantName();
        await deliverInBackground(logger, request, () =>
          messenger.sendEmail({
            to: user.email,
            subject: `Reset your ${name} password`,
            text:
              `Hello ${user.name},\n\nSomeone asked to reset the password of your ${name} account. ` +
              `To choose a new password, open this link within an hour:\n\n${passwordPageLink(config, token)}\n\n` +
              'If it was not you, ignore this e-mail; your password stays as it is.',
            purpose: 'reset-password',
          }),
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // The link confirms the address and nothing more: whoever clicks it is not signed in. Otherwise an
      // attacker who registered someone's address first would be handed a session by the owner's click.
      autoSignInAfterVerification: false,
      sendVerificationEmail: async ({ user, url }, request) => {
        if (isPhoneOnlyEmail(user.email)) return;
        const name = await restaurantName();
        await deliverInBackground(logger, request, () =>
          messenger.sendEmail({
            to: user.email,
            subject: `Confirm your e-mail address for ${name}`,
            text: `Hello ${user.name},\n\nPlease confirm your e-mail address by opening this link:\n\n${url}\n`,
            purpose: 'verify-email',
          }),
        );
      },
    },
    user: {
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'customer', input: false },
        phoneNumber: { type: 'string', required: false, input: false },
        disabled: { type: 'boolean', required: false, defaultValue: false, input: false },
      },
      // Verification goes to the new address; the change holds once it is confirmed. An address that
      // was never confirmed (a phone-only account's placeholder) is replaced at once, and the new one
      // still gets its verification link.
      changeEmail: { enabled: true, updateEmailWithoutVerification: true },
    },
    session: {
      expiresIn: SESSION_DAYS * 24 * 60 * 60,
      updateAge: 24 * 60 * 60,
      // Every request reads the session and the user from the database, so a role change, a disabled
      // account or a sign-out on one process holds at once on every other.
      cookieCache: { enabled: false },
    },
    account: {
      // A Google sign-in with the address of an existing account joins that account (one person, one
      // account), but only on Google's word that the address is verified: no provider is "trusted"
      // without it. An existing account whose address was never confirmed may be joined too, because
      // the account hooks below then take it from whoever registered the address first (their password
      // and sessions end); better-auth's own gate would instead refuse the owner's Google sign-in and
      // leave the squatter in place. (better-auth marks this option deprecated, its gate becoming
      // unconditional; tests/api/google-sign-in.test.ts fails when that happens.)
      accountLinking: { enabled: true, trustedProviders: [], requireLocalEmailVerified: false },
    },
    advanced: {
      cookiePrefix: 'brigade',
      useSecureCookies: config.secure,
      database: { generateId: 'uuid' },
      // Set by handleAuthRequest from the socket (or a trusted proxy), never by the client.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    // Same-origin requests come from wherever the restaurant reaches the app (a tablet on the local
    // network uses the machine's address), so the request's own origin is trusted besides BASE_URL.
    trustedOrigins: (request) => appOrigins(request, config),
    // Brigade's own limits, kept in the database so that they hold across processes, are in the hook.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    logger: {
      level: 'warn',
      log: (level, message) => logger[level === 'debug' ? 'debug' : level](`auth: ${message}`),
    },
    onAPIError: {
      // Refused input (wrong password, bad JSON) is the caller's business, not an error of ours.
      onError: (error) => {
        if (error instanceof APIError && error.statusCode < 500) {
          logger.debug({ reason: error.message }, 'auth: request refused');
        } else {
          logger.error({ err: error }, 'auth: request failed');
        }
      },
    },
    databaseHooks: {
      user: {
        // The last word on what better-auth writes into an account, whatever the way in: a provider's
        // name (Google) is tidied and cut rather than refused, and a photo never comes as an address
        // (the photo upload writes its own); requests were already checked in the before hook.
        create: {
          before: async (user) => ({
            data: { ...user, name: tidyName(user.name, user.email.split('@')[0] ?? 'Guest'), image: null },
          }),
        },
        update: {
          before: async (data) => {
            const { image, ...rest } = data;
            const changes: Record<string, unknown> = image === null ? data : rest;
            if (typeof data.name === 'string') changes.name = tidyName(data.name, 'Guest');
            return { data: changes };
          },
        },
      },
      account: {
        create: {
          before: async (account, ctx) => {
            const link = await linkToExistingUser(account, ctx);
            // Only an address the provider itself verified proves that the person owns the account.
            if (link && !providerVerifiedEmail(account.idToken)) return false;
          },
          after: async (account, ctx) => {
            const link = await linkToExistingUser(account, ctx);
            if (!link || link.owner.emailVerified) return;
            // Pre-hijacking: someone registered this address first without confirming it. The person who
            // just proved they own the address gets the account alone: the earlier password and every
            // earlier session end here (the provider's session is created after this hook).
            for (const other of link.others) {
              if (other.providerId === 'credential') await link.adapter.deleteAccount(other.id);
            }
            await link.adapter.deleteUserSessions(link.owner.id);
            await link.adapter.updateUser(link.owner.id, { emailVerified: true });
            logger.info(
              { userId: link.owner.id },
              'auth: unconfirmed account taken over by its address owner',
            );
          },
        },
      },
      session: {
        create: {
          before: async (session) => {
            const [owner] = await db
              .select({ disabled: users.disabled })
              .from(users)
              .where(eq(users.id, session.userId));
            if (owner?.disabled)
              throw new APIError('FORBIDDEN', {
                code: 'ACCOUNT_DISABLED',
                message: DISABLED_ACCOUNT_MESSAGE,
              });
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        // Calls from the server itself (auth.api without a request) are trusted and not limited.
        const request = ctx.request;
        if (request) {
          const ip = request.headers.get(CLIENT_IP_HEADER) ?? 'unknown';
          checkAccountInput(ctx.path, body);
          await asAuthError(async () => {
            if (HUMAN_CHECKED_PATHS.has(ctx.path)) {
              await humanCheck.verify(db, request.headers.get(HUMAN_CHECK_HEADER));
            }
            switch (ctx.path) {
              case '/sign-in/email':
              case '/phone-number/verify': {
                // Spraying from one client is refused outright; one account's failures only ask for the
                // human check, so the owner can still get in while someone guesses.
                await refuseWhenExhausted(db, RATE_LIMITS.signInPerClient, ip);
                const subject = signInSubject(ctx.path, body);
                if (await isExhausted(db, RATE_LIMITS.signInPerAccount, subject)) {
                  const payload = request.headers.get(HUMAN_CHECK_HEADER);
                  if (!payload) {
                    throw new APIError('TOO_MANY_REQUESTS', {
                      code: 'HUMAN_CHECK_REQUIRED',
                      message: HUMAN_CHECK_REQUIRED_MESSAGE,
                    });
                  }
                  await humanCheck.verify(db, payload);
                }
                break;
              }
              case '/change-password': {
                const session = await getSessionFromCtx(ctx);
                if (session)
                  await refuseWhenExhausted(db, RATE_LIMITS.changePasswordPerUser, session.user.id);
                break;
              }
              case '/phone-number/send-otp':
                await enforceRateLimit(db, RATE_LIMITS.codeSendPerClient, ip);
                await enforceRateLimit(db, RATE_LIMITS.codeSendPerNumber, String(body.phoneNumber ?? ''));
                break;
              case '/sign-up/email':
                await enforceRateLimit(db, RATE_LIMITS.signUpPerClient, ip);
                break;
              case '/send-verification-email':
                await enforceRateLimit(db, RATE_LIMITS.verificationEmailPerClient, ip);
                await enforceRateLimit(db, RATE_LIMITS.verificationEmailPerAccount, String(body.email ?? ''));
                break;
              case '/request-password-reset':
                await enforceRateLimit(db, RATE_LIMITS.forgotPasswordPerClient, ip);
                await enforceRateLimit(db, RATE_LIMITS.forgotPasswordPerAccount, String(body.email ?? ''));
                break;
            }
          });
        }
        const field = PASSWORD_FIELDS[ctx.path];
        const password = field ? body[field] : undefined;
        if (typeof password === 'string') {
          const problem = describePasswordProblem(password, await getPasswordPolicy(db));
          if (problem) throw new APIError('BAD_REQUEST', { code: 'PASSWORD_POLICY', message: problem });
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        const outcome = ctx.context.returned;
        // A session ended or an actor changed: processes that keep sessions for a few seconds read them
        // again (lib/session-fast-path.ts). better-auth's writes are committed by now; this process
        // applies the event before the answer goes out (lib/own-events.ts).
        const setsPhone =
          ctx.path === '/phone-number/verify' &&
          (ctx.body as { updatePhoneNumber?: unknown })?.updatePhoneNumber;
        if (
          (changesSessions(ctx.path) || setsPhone) &&
          !(outcome instanceof APIError && outcome.statusCode >= 400)
        ) {
          await db.transaction((tx) => publishChange(tx, SESSIONS_TOPIC));
        }
        // A wrong current password on change-password counts against the user (a stolen session must
        // not become unlimited password guessing).
        if (ctx.request && ctx.path === '/change-password' && outcome instanceof APIError) {
          const session = await getSessionFromCtx(ctx);
          if (session && (outcome.body as { code?: string } | undefined)?.code === 'INVALID_PASSWORD')
            await countAttempt(db, RATE_LIMITS.changePasswordPerUser, session.user.id);
          return;
        }
        // A failed sign-in counts against the client and the account; a successful one does not.
        if (!ctx.request || !SIGN_IN_PATHS.has(ctx.path)) return;
        if (!(outcome instanceof APIError) || outcome.statusCode >= 500 || outcome.statusCode === 429) return;
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        await countAttempt(
          db,
          RATE_LIMITS.signInPerClient,
          ctx.request.headers.get(CLIENT_IP_HEADER) ?? 'unknown',
        );
        await countAttempt(db, RATE_LIMITS.signInPerAccount, signInSubject(ctx.path, body));
      }),
    },
    plugins: [
      phoneNumber({
        otpLength: 6,
        expiresIn: 5 * 60,
        allowedAttempts: 3,
        phoneNumberValidator: (value) => PHONE_NUMBER.test(value),
        sendOTP: async ({ phoneNumber: to, code }) => {
          const name = await restaurantName();
          await deliver(logger, 'text message', () =>
            messenger.sendSms({
              to,
              text: `${code} is your ${name} code. It is valid for 5 minutes.`,
              purpose: 'phone-code',
            }),
          );
        },
        // A phone-only account is a customer with a placeholder address nobody writes to.
        signUpOnVerification: {
          getTempEmail: phoneOnlyEmail,
          getTempName: (value) => value,
        },
      }),
      ...(config.google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: 'google',
                  discoveryUrl: `${config.google.issuer}/.well-known/openid-configuration`,
                  clientId: config.google.clientId,
                  clientSecret: config.google.clientSecret,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                  requireIdTokenVerification: true,
                },
              ],
            }),
          ]
        : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { genericOAuth, phoneNumber } from 'better-auth/plugins';
import { eq } from 'drizzle-orm';
import { describePasswordProblem } from '../../../shared/password-policy';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import * as schema from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { Messenger } from '../messaging/messaging.service';
import type { HumanCheck } from '../security/human-check.service';
import {
  countAttempt,
  enforceRateLimit,
  RATE_LIMITS,
  refuseWhenExhausted,
} from '../security/rate-limit.service';
import { getPasswordPolicy, getSettings } from '../settings/settings.service';
import { users } from './auth.schema';
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
/** A display name: 1 to 100 characters, no control characters. */
const NAME = /^[^\p{Cc}]{1,100}$/u;

export const DISABLED_ACCOUNT_MESSAGE = 'This account is disabled. Please contact the restaurant.';

/** The request's own origin, from its Host header: a same-origin browser request always sends it. */
function requestOrigin(request: Request | undefined): string | null {
  const host = request?.headers.get('host');
  if (!request || !host) return null;
  const protocol = new URL(request.url).protocol;
  return `${protocol}//${host}`;
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
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      // The policy's own bounds are checked in the hook below; these are only outer limits.
      minPasswordLength: 6,
      maxPasswordLength: 4096,
      resetPasswordTokenExpiresIn: RESET_LINK_SECONDS,
      revokeSessionsOnPasswordReset: true,
      // The link came by e-mail, so whoever used it reads that inbox (invitations included).
      onPasswordReset: async ({ user }) => {
        await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
      },
      sendResetPassword: async ({ user, token }) => {
        const name = await restaurantName();
        await deliver(logger, 'e-mail', () =>
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
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, url }) => {
        if (isPhoneOnlyEmail(user.email)) return;
        const name = await restaurantName();
        await deliver(logger, 'e-mail', () =>
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
      accountLinking: { enabled: true, trustedProviders: ['google'] },
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
    trustedOrigins: (request) => [config.baseUrl, requestOrigin(request)],
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
          await asAuthError(async () => {
            if (HUMAN_CHECKED_PATHS.has(ctx.path)) {
              await humanCheck.verify(db, request.headers.get(HUMAN_CHECK_HEADER));
            }
            switch (ctx.path) {
              case '/sign-in/email':
              case '/phone-number/verify':
                await refuseWhenExhausted(db, RATE_LIMITS.signInPerClient, ip);
                await refuseWhenExhausted(db, RATE_LIMITS.signInPerAccount, signInSubject(ctx.path, body));
                break;
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
        if (ctx.path === '/update-user' && request) {
          // Photos arrive through /api/account/photo (decoded and resized), never as a URL.
          if (body.image !== undefined) {
            throw new APIError('BAD_REQUEST', {
              code: 'IMAGE_BY_UPLOAD',
              message: 'Upload a photo instead of giving its address.',
            });
          }
          if (body.name !== undefined && (typeof body.name !== 'string' || !NAME.test(body.name.trim()))) {
            throw new APIError('BAD_REQUEST', {
              code: 'INVALID_NAME',
              message: 'The name must have 1 to 100 characters.',
            });
          }
        }
        const field = PASSWORD_FIELDS[ctx.path];
        const password = field ? body[field] : undefined;
        if (typeof password === 'string') {
          const problem = describePasswordProblem(password, await getPasswordPolicy(db));
          if (problem) throw new APIError('BAD_REQUEST', { code: 'PASSWORD_POLICY', message: problem });
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        // A failed sign-in counts against the client and the account; a successful one does not.
        if (!ctx.request || !SIGN_IN_PATHS.has(ctx.path)) return;
        const outcome = ctx.context.returned;
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

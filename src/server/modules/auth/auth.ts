import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { describePasswordProblem } from '../../../shared/password-policy';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import * as schema from '../../db/schema';
import type { Logger } from '../../lib/logger';
import type { Messenger } from '../messaging/messaging.service';
import type { HumanCheck } from '../security/human-check.service';
import { getPasswordPolicy } from '../settings/settings.service';

/** better-auth endpoints that set a password, and the body field that carries it. */
const PASSWORD_FIELDS: Record<string, string> = {
  '/sign-up/email': 'password',
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
  '/set-password': 'newPassword',
};

const SESSION_DAYS = 30;

/** The request's own origin, from its Host header: a same-origin browser request always sends it. */
function requestOrigin(request: Request | undefined): string | null {
  const host = request?.headers.get('host');
  if (!request || !host) return null;
  const protocol = new URL(request.url).protocol;
  return `${protocol}//${host}`;
}

/**
 * better-auth configured for Brigade: e-mail and password, server-side sessions in PostgreSQL behind an
 * http-only cookie, `role` that no request can set, and the restaurant's password policy.
 */
export function createAuth(options: {
  db: Database;
  config: Config;
  secret: string;
  logger: Logger;
  messenger: Messenger;
  humanCheck: HumanCheck;
}) {
  const { db, config, secret, logger } = options;
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
    },
    user: {
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'customer', input: false },
        phoneNumber: { type: 'string', required: false, input: false },
      },
    },
    session: {
      expiresIn: SESSION_DAYS * 24 * 60 * 60,
      updateAge: 24 * 60 * 60,
      // Every request reads the session and the user from the database, so a role change or a
      // sign-out on one process holds at once on every other.
      cookieCache: { enabled: false },
    },
    advanced: {
      cookiePrefix: 'brigade',
      useSecureCookies: config.secure,
      database: { generateId: 'uuid' },
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
    },
    // Same-origin requests come from wherever the restaurant reaches the app (a tablet on the local
    // network uses the machine's address), so the request's own origin is trusted besides BASE_URL.
    trustedOrigins: (request) => [config.baseUrl, requestOrigin(request)],
    // Limits that hold across processes come with the accounts issue (kept in the database).
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
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const field = PASSWORD_FIELDS[ctx.path];
        if (!field) return;
        const password = (ctx.body as Record<string, unknown> | undefined)?.[field];
        if (typeof password !== 'string') return;
        const problem = describePasswordProblem(password, await getPasswordPolicy(db));
        if (problem) throw new APIError('BAD_REQUEST', { code: 'PASSWORD_POLICY', message: problem });
      }),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

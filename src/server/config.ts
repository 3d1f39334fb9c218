import path from 'node:path';
import { z } from 'zod';
import { fieldMessages } from '../shared/contracts/fields';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** True for `https://host[:port]` with nothing after it; false for a path or for no URL at all. */
function hasNoPath(value: string): boolean {
  try {
    const { pathname, search, hash } = new URL(value);
    return (pathname === '/' || pathname === '') && !search && !hash;
  } catch {
    // Not a URL: the url check reports that.
    return true;
  }
}

/** TRUST_PROXY as a number of proxy hops: `true` is one proxy, `false` none. */
function proxyHops(value: string): number {
  if (value === 'true') return 1;
  if (value === 'false') return 0;
  return Number(value);
}

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

const CUSTOMER_REQUESTS_MESSAGE = 'must be a whole number of order requests from 1 to 1000000';
const FOLD_MESSAGE = 'must be a whole number of seconds from 0 (never fold) to 3600';
const CUSTOMER_PENDING_MESSAGE = 'must be a whole number of waiting order requests from 1 to 1000000';
const STREAM_CAP_MESSAGE = 'must be a whole number of open live-update streams from 1 to 1000000';

const RESTORE_CAP_MESSAGE = 'must be a whole number of GB from 1 to 1024';
/**
 * A restore reads at most this much decompressed backup (BACKUP_RESTORE_MAX_GB). The 100,000-order
 * bench backup (decision 009) is 49 MB compressed and 200 MB decompressed; the largest upload accepted,
 * 2 GB, would hold about 8 GB at that rate. 16 GB is twice that, and bounds the work of any file.
 */
export const DEFAULT_BACKUP_RESTORE_MAX_GB = 16;

const EnvSchema = z.object({
  PORT: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: 'must be a port number from 0 to 65535' }).int().min(0).max(65535).default(3000),
  ),
  HOST: z.preprocess(emptyToUndefined, z.string().min(1).default('0.0.0.0')),
  BASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' })
      .refine(hasNoPath, { message: 'must be an origin without a path, such as https://cafe.example.com' })
      .optional(),
  ),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().min(1).default('./data')),
  // Where the automatic daily backups and the safety copies before a restore go; DATA_DIR/backups by default.
  BACKUP_DIR: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
  // The most a backup may hold once decompressed for a restore to read it, in GB (whole numbers).
  BACKUP_RESTORE_MAX_GB: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: RESTORE_CAP_MESSAGE })
      .int({ error: RESTORE_CAP_MESSAGE })
      .min(1, { error: RESTORE_CAP_MESSAGE })
      .max(1024, { error: RESTORE_CAP_MESSAGE })
      .default(DEFAULT_BACKUP_RESTORE_MAX_GB),
  ),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((value) => /^postgres(ql)?:\/\//.test(value), {
        message: 'must start with postgres:// or postgresql://',
      })
      .optional(),
  ),
  AUTH_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, 'must be at least 32 characters long').optional(),
  ),
  ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.email(fieldMessages.email).default('admin@brigade.local')),
  ADMIN_PASSWORD: z.preprocess(
    emptyToUndefined,
    z.string().min(6, 'must be at least 6 characters long').optional(),
  ),
  POLL_INTERVAL_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(500).max(600_000).default(3000),
  ),
  DATABASE_STATEMENT_TIMEOUT_MS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a number of milliseconds (0 turns it off)' })
      .int()
      .min(0)
      .max(3_600_000)
      .default(30_000),
  ),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a number of milliseconds (0 turns it off)' })
      .int()
      .min(0)
      .max(3_600_000)
      .default(60_000),
  ),
  CUSTOMER_ORDER_REQUESTS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: CUSTOMER_REQUESTS_MESSAGE })
      .int({ error: CUSTOMER_REQUESTS_MESSAGE })
      .min(1, { error: CUSTOMER_REQUESTS_MESSAGE })
      .max(1_000_000, { error: CUSTOMER_REQUESTS_MESSAGE })
      .default(10),
  ),
  ORDER_REQUEST_FOLD_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: FOLD_MESSAGE })
      .int({ error: FOLD_MESSAGE })
      .min(0, { error: FOLD_MESSAGE })
      .max(3600, { error: FOLD_MESSAGE })
      .default(60),
  ),
  CUSTOMER_PENDING_ORDERS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: CUSTOMER_PENDING_MESSAGE })
      .int({ error: CUSTOMER_PENDING_MESSAGE })
      .min(1, { error: CUSTOMER_PENDING_MESSAGE })
      .max(1_000_000, { error: CUSTOMER_PENDING_MESSAGE })
      .default(3),
  ),
  MAX_EVENT_STREAMS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: STREAM_CAP_MESSAGE })
      .int({ error: STREAM_CAP_MESSAGE })
      .min(1, { error: STREAM_CAP_MESSAGE })
      .max(1_000_000, { error: STREAM_CAP_MESSAGE })
      .default(1000),
  ),
  LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(LOG_LEVELS).default('info')),
  NODE_ENV: z.preprocess(emptyToUndefined, z.string().default('development')),
  TRUST_PROXY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(true|false|[0-9]{1,2})$/, {
        message: 'must be true, false or the number of reverse proxies in front of the app (0 to 99)',
      })
      .default('false'),
  ),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((value) => /^smtps?:\/\//.test(value), { message: 'must start with smtp:// or smtps://' })
      .optional(),
  ),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().min(3).default('Brigade <no-reply@brigade.local>')),
  SMS_GATEWAY_URL: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^https?$/, error: 'must be an http(s) address' }).optional(),
  ),
  SMS_GATEWAY_TOKEN: z.preprocess(emptyToUndefined, z.string().optional()),
  DEMO_DATA: z.preprocess(
    emptyToUndefined,
    z.enum(['true', 'false'], { error: 'must be true or false' }).default('true'),
  ),
  ORDERS_FROM_MEMORY: z.preprocess(
    emptyToUndefined,
    z.enum(['true', 'false'], { error: 'must be true or false' }).default('true'),
  ),
  GOOGLE_CLIENT_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  GOOGLE_CLIENT_SECRET: z.preprocess(emptyToUndefined, z.string().optional()),
  GOOGLE_ISSUER: z.preprocess(
    emptyToUndefined,
    z
      .url({ protocol: /^https?$/, error: 'must be an http(s) address' })
      .default('https://accounts.google.com'),
  ),
  STRIPE_SECRET_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  STRIPE_WEBHOOK_SECRET: z.preprocess(emptyToUndefined, z.string().optional()),
  // Tests only: a local fake of Stripe's API (tests/support/fake-stripe.ts) instead of api.stripe.com.
  STRIPE_API_BASE: z.preprocess(
    emptyToUndefined,
    z
      .url({ protocol: /^https?$/, error: 'must be an http(s) address' })
      .refine(hasNoPath, { message: 'must be an origin without a path, such as http://127.0.0.1:12111' })
      .optional(),
  ),
  // Push services allowed besides the known https ones (push.service.ts): a self-hosted one, or the
  // tests' local service (http allowed). Comma-separated origins.
  PUSH_SERVICE_ORIGINS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
      )
      .refine((origins) => origins.every(isHttpOrigin), {
        message:
          'must be comma-separated origins without a path, such as https://push.example.com,http://127.0.0.1:8090',
      })
      .optional(),
  ),
});

/** True for `http(s)://host[:port]` with nothing after it. */
function isHttpOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && hasNoPath(value);
  } catch {
    return false;
  }
}

const SECRET_VARIABLES = new Set([
  'AUTH_SECRET',
  'ADMIN_PASSWORD',
  'SMTP_URL',
  'SMS_GATEWAY_TOKEN',
  'GOOGLE_CLIENT_SECRET',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
]);

export interface CustomerOrderLimits {
  /** Order requests per customer in `CUSTOMER_ORDER_WINDOW_SECONDS`. */
  requestsPerWindow: number;
  /** Order requests of one customer waiting to be accepted at once. */
  pending: number;
}

/** The window `CUSTOMER_ORDER_REQUESTS` counts in. */
export const CUSTOMER_ORDER_WINDOW_SECONDS = 10 * 60;

export interface Config {
  port: number;
  host: string;
  /** The public origin, without a trailing slash. */
  baseUrl: string;
  /** True when the public origin is https: secure cookies and HSTS. */
  secure: boolean;
  dataDir: string;
  /** The folder of the automatic backups and safety copies (BACKUP_DIR, else DATA_DIR/backups). */
  backupDir: string;
  /**
   * The most a backup may hold decompressed for a restore to read it (BACKUP_RESTORE_MAX_GB, in bytes);
   * a file that expands past it is refused as soon as it does.
   */
  backupRestoreMaxBytes: number;
  databaseUrl: string | undefined;
  authSecret: string | undefined;
  adminEmail: string;
  adminPassword: string | undefined;
  pollIntervalMs: number;
  /** Pause between the comment lines that keep an idle event stream open (not an environment variable). */
  liveHeartbeatMs: number;
  /**
   * Most live-update streams (`GET /api/events`) this process holds open at once, whoever opened them
   * (MAX_EVENT_STREAMS); the next is refused with 429 and the web app polls instead.
   */
  maxEventStreams: number;
  /**
   * What one customer may ask of the staff side: order requests per 10 minutes
   * (CUSTOMER_ORDER_REQUESTS, then 429) and requests waiting to be accepted at once
   * (CUSTOMER_PENDING_ORDERS, then 409).
   */
  customerOrderLimits: CustomerOrderLimits;
  /**
   * New order requests within this many seconds of an unread one are folded into it on each staff
   * member's bell, with one push (ORDER_REQUEST_FOLD_SECONDS; 0: each is told on its own).
   */
  orderRequestFoldSeconds: number;
  /** PostgreSQL `statement_timeout` and `idle_in_transaction_session_timeout` of the pool (0: off). */
  databaseTimeouts: { statementMs: number; idleInTransactionMs: number };
  logLevel: (typeof LOG_LEVELS)[number];
  /** NODE_ENV=production: the development outbox never shows message contents. */
  production: boolean;
  /**
   * How many reverse proxies in front of the app append to X-Forwarded-For (0: none, the socket's peer
   * is the client). `TRUST_PROXY=true` is 1. See lib/client-ip.ts.
   */
  trustProxy: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  smsGateway: { url: string; token: string | undefined } | undefined;
  /** Google sign-in, on when both the client id and secret are set. */
  google: { clientId: string; clientSecret: string; issuer: string } | undefined;
  /** Fill a brand-new database with the demo cafe on its first start (DEMO_DATA, default true). */
  demoData: boolean;
  /**
   * Place plain point-of-sale orders from the menu and settings this process keeps (ORDERS_FROM_MEMORY,
   * default true); false places every order the ordinary way, reading the rows first.
   */
  ordersFromMemory: boolean;
  /**
   * Online payment through Stripe Checkout, on when both the secret key and the webhook's signing
   * secret are set (one without the other is a configuration error). `apiBase`: where the Stripe
   * client sends its requests instead of https://api.stripe.com (tests only: a local fake).
   */
  stripe: StripeConfig | undefined;
  /**
   * Origins (`http(s)://host[:port]`) a browser's push subscription may point at besides the known
   * https push services (PUSH_SERVICE_ORIGINS): a self-hosted push service, or the tests' local one.
   */
  pushServiceOrigins: string[];
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  apiBase: { protocol: 'http' | 'https'; host: string; port: number } | undefined;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads the configuration from environment variables only. Every bad variable is reported on its own
 * line, naming the variable, so a start fails with one clear line per problem.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const shown = SECRET_VARIABLES.has(name) ? '(hidden)' : JSON.stringify(env[name]);
      return `${name}=${shown}: ${issue.message}`;
    });
    throw new ConfigError(problems);
  }
  const values = parsed.data;
  const stripe = stripeConfig(values.STRIPE_SECRET_KEY, values.STRIPE_WEBHOOK_SECRET, values.STRIPE_API_BASE);
  const baseUrl = (values.BASE_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, '');
  return {
    port: values.PORT,
    host: values.HOST,
    baseUrl,
    secure: baseUrl.startsWith('https://'),
    dataDir: path.resolve(values.DATA_DIR),
    backupDir: path.resolve(values.BACKUP_DIR ?? path.join(values.DATA_DIR, 'backups')),
    backupRestoreMaxBytes: values.BACKUP_RESTORE_MAX_GB * 1024 ** 3,
    databaseUrl: values.DATABASE_URL,
    authSecret: values.AUTH_SECRET,
    adminEmail: values.ADMIN_EMAIL.toLowerCase(),
    adminPassword: values.ADMIN_PASSWORD,
    pollIntervalMs: values.POLL_INTERVAL_MS,
    liveHeartbeatMs: 25_000,
    maxEventStreams: values.MAX_EVENT_STREAMS,
    customerOrderLimits: {
      requestsPerWindow: values.CUSTOMER_ORDER_REQUESTS,
      pending: values.CUSTOMER_PENDING_ORDERS,
    },
    orderRequestFoldSeconds: values.ORDER_REQUEST_FOLD_SECONDS,
    databaseTimeouts: {
      statementMs: values.DATABASE_STATEMENT_TIMEOUT_MS,
      idleInTransactionMs: values.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
    logLevel: values.LOG_LEVEL,
    production: values.NODE_ENV === 'production',
    trustProxy: proxyHops(values.TRUST_PROXY),
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    smsGateway: values.SMS_GATEWAY_URL
      ? { url: values.SMS_GATEWAY_URL, token: values.SMS_GATEWAY_TOKEN }
      : undefined,
    google:
      values.GOOGLE_CLIENT_ID && values.GOOGLE_CLIENT_SECRET
        ? {
            clientId: values.GOOGLE_CLIENT_ID,
            clientSecret: values.GOOGLE_CLIENT_SECRET,
            issuer: values.GOOGLE_ISSUER.replace(/\/+$/, ''),
          }
        : undefined,
    demoData: values.DEMO_DATA === 'true',
    ordersFromMemory: values.ORDERS_FROM_MEMORY === 'true',
    stripe,
    pushServiceOrigins: (values.PUSH_SERVICE_ORIGINS ?? []).map((origin) => new URL(origin).origin),
  };
}

/**
 * Stripe is on with both secrets and off with neither. One alone is refused: a key without the
 * webhook's secret would take money whose confirmation depends on the guest's browser coming back,
 * and a webhook secret alone means a key was forgotten.
 */
function stripeConfig(
  secretKey: string | undefined,
  webhookSecret: string | undefined,
  apiBase: string | undefined,
): StripeConfig | undefined {
  if (!secretKey && !webhookSecret) return undefined;
  if (!secretKey) {
    throw new ConfigError([
      'STRIPE_SECRET_KEY=(unset): must be set together with STRIPE_WEBHOOK_SECRET (the secret API key, sk_…)',
    ]);
  }
  if (!webhookSecret) {
    throw new ConfigError([
      'STRIPE_WEBHOOK_SECRET=(unset): must be set together with STRIPE_SECRET_KEY (the webhook endpoint’s signing secret, whsec_…)',
    ]);
  }
  const url = apiBase ? new URL(apiBase) : undefined;
  return {
    secretKey,
    webhookSecret,
    apiBase: url
      ? {
          protocol: url.protocol === 'http:' ? 'http' : 'https',
          host: url.hostname,
          port: Number(url.port || (url.protocol === 'http:' ? 80 : 443)),
        }
      : undefined,
  };
}

import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { inject } from 'vitest';
import { createApp } from '../../src/server/app';
import { prepareDatabase } from '../../src/server/bootstrap';
import { type Config, loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { users } from '../../src/server/modules/auth/auth.schema';
import { createServices } from '../../src/server/services';
import type { Role } from '../../src/shared/roles';
import { solveHumanCheck } from './human-check';
import { createDatabaseFromTemplate, databaseUrl, dropDatabase } from './test-server';

export const TEST_ORIGIN = 'http://localhost:3000';
export const ADMIN_EMAIL = 'owner@test.brigade';
export const ADMIN_PASSWORD = 'owner-password-1';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  role: Role;
  /** The `Cookie` header value of a signed-in session. */
  cookie: string;
}

interface RequestOptions {
  as?: TestUser | { cookie: string } | null;
  headers?: Record<string, string>;
  /** The client's address; by default every request comes from a different one (rate limits). */
  ip?: string;
}

let addressCounter = 0;
/** A fresh address from the documentation range 198.18.0.0/15 for each call. */
function nextClientAddress(): string {
  addressCounter += 1;
  return `198.18.${Math.floor(addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;
}

/** Reads `name=value` pairs out of a response's Set-Cookie headers. */
export function cookieFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .filter((pair) => pair && !pair.endsWith('='))
    .join('; ');
}

/**
 * The real app on its own fresh database (copied from the run's migrated template), driven through
 * `app.request()`: real HTTP semantics, real PostgreSQL, no network. Without the demo cafe unless
 * `{ demoData: true }` is given.
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: {
    /** The app's logger (silent by default): a test that checks what is logged passes its own. */
    logger?: pino.Logger;
  } = {},
) {
  const { adminUrl, template } = inject('testDatabase');
  const databaseName = await createDatabaseFromTemplate(adminUrl, template);
  const handle = openDatabase(databaseUrl(adminUrl, databaseName), { max: 5 });
  const config: Config = {
    ...loadConfig({
      BASE_URL: TEST_ORIGIN,
      DATA_DIR: '.tmp/test-data',
      LOG_LEVEL: 'silent',
      TRUST_PROXY: 'true',
      DEMO_DATA: 'false',
      // Tests share customers over many orders; order-request-limits.test.ts holds the real limits.
      CUSTOMER_ORDER_REQUESTS: '100000',
      CUSTOMER_PENDING_ORDERS: '100000',
      // `ORDERS_FROM_MEMORY=false npx vitest …` runs a file with every order placed the ordinary way.
      ORDERS_FROM_MEMORY: process.env.ORDERS_FROM_MEMORY ?? 'true',
    }),
    ...overrides,
  };
  // TEST_LOG_LEVEL=error shows what a 500 hid.
  const logger = options.logger ?? pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const url = databaseUrl(adminUrl, databaseName);
  // Kept for secondApp(): processes of one deployment share the secret that signs session cookies.
  const secret = randomBytes(32).toString('hex');
  const services = createServices({
    databaseUrl: url,
    config,
    db: handle.db,
    logger,
    secret,
    // Easy puzzles: the tests solve human checks themselves.
    humanCheckDifficulty: 200,
  });
  const { auth } = services;
  await prepareDatabase(handle.db, auth, {
    adminEmail: ADMIN_EMAIL,
    adminPassword: ADMIN_PASSWORD,
    logger,
    demoData: config.demoData,
  });
  await services.liveTopics.start();
  // Pushes go out as in the server (tests point subscriptions at tests/support/test-push-service.ts).
  services.pushSender.start();
  const app = createApp({ ...services, webRoot: '.tmp/no-web-build' });

  function request(path: string, init: RequestInit = {}, options: RequestOptions = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('origin', TEST_ORIGIN);
    headers.set('x-forwarded-for', options.ip ?? nextClientAddress());
    if (options.as) headers.set('cookie', options.as.cookie);
    for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
    return Promise.resolve(app.request(`${TEST_ORIGIN}${path}`, { ...init, headers }));
  }

  function send(method: string, path: string, body: unknown, options: RequestOptions = {}) {
    return request(
      path,
      {
        method,
        headers: { 'content-type': 'application/json' },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      },
      options,
    );
  }

  /** A solved human check, as the altcha widget would send it. */
  async function humanCheck(): Promise<string> {
    return solveHumanCheck(await services.humanCheck.createChallenge());
  }

  /** POST /api/auth/sign-up/email with a solved human check, as the sign-up form sends it. */
  async function signUp(body: Record<string, unknown>, options: RequestOptions = {}) {
    return send('POST', '/api/auth/sign-up/email', body, {
      ...options,
      headers: { 'x-human-check': await humanCheck(), ...options.headers },
    });
  }

  async function signIn(email: string, password: string): Promise<string> {
    const response = await send('POST', '/api/auth/sign-in/email', { email, password });
    if (response.status !== 200)
      throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
    return cookieFrom(response);
  }

  let counter = 0;
  /** A signed-in user with the given role (a customer signs up; other roles are then set directly). */
  async function buildUser(input: { role?: Role; email?: string; name?: string } = {}): Promise<TestUser> {
    counter += 1;
    const role = input.role ?? 'customer';
    const email = input.email ?? `${role}-${counter}-${randomBytes(3).toString('hex')}@test.brigade`;
    const password = 'user-password-1';
    const response = await signUp({ name: input.name ?? `Test ${role} ${counter}`, email, password });
    if (response.status !== 200)
      throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
    const { user } = (await response.json()) as { user: { id: string } };
    if (role !== 'customer') await handle.db.update(users).set({ role }).where(eq(users.id, user.id));
    return { id: user.id, email, password, role, cookie: await signIn(email, password) };
  }

  return {
    app,
    services,
    db: handle.db,
    auth,
    config,
    request,
    get: (path: string, options?: RequestOptions) => request(path, { method: 'GET' }, options),
    post: (path: string, body?: unknown, options?: RequestOptions) => send('POST', path, body, options),
    patch: (path: string, body?: unknown, options?: RequestOptions) => send('PATCH', path, body, options),
    /**
     * PATCH of a versioned record (menu item, settings, master data) based on its latest version: reads
     * it first as the same user (version 1 when that read is refused, so guards still answer), and adds
     * `version` to an object body that has none. Tests of stale writes use `patch` with a version.
     */
    async patchLatest(path: string, body?: unknown, options?: RequestOptions) {
      if (typeof body !== 'object' || body === null || Array.isArray(body) || 'version' in body) {
        return send('PATCH', path, body, options);
      }
      const current = await request(path, { method: 'GET' }, options);
      const record = current.ok ? ((await current.json()) as { version?: unknown }) : {};
      const version = typeof record.version === 'number' ? record.version : 1;
      return send('PATCH', path, { ...body, version }, options);
    },
    del: (path: string, options?: RequestOptions) => request(path, { method: 'DELETE' }, options),
    signIn,
    signUp,
    humanCheck,
    buildUser,
    /**
     * Resolves once this app's live-topics hub has seen every committed event: a change made through
     * the app is announced by it; one written directly (a test's own transaction) is read by the hub's
     * catch-up, run here at once instead of at its next second.
     */
    async liveSettled() {
      const result = await handle.pool.query('select coalesce(max(id), 0)::int as id from events');
      await services.liveTopics.catchUp();
      const last = Number(result.rows[0]?.id ?? 0);
      const started = Date.now();
      while (services.liveTopics.lastEventId < last) {
        if (Date.now() - started > 5000) throw new Error('live-topics hub did not catch up');
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    },
    /**
     * Another app process on the same database (its own pool, live-topics hub and memory, the same
     * secret and configuration), driven through `app.request()` like this one; close it before this.
     */
    async secondApp() {
      const second = openDatabase(url, { max: 5 });
      const secondServices = createServices({
        databaseUrl: url,
        config,
        db: second.db,
        logger,
        secret,
        humanCheckDifficulty: 200,
      });
      await secondServices.liveTopics.start();
      secondServices.pushSender.start();
      const secondApp = createApp({ ...secondServices, webRoot: '.tmp/no-web-build' });
      const requestSecond = (path: string, init: RequestInit = {}, options: RequestOptions = {}) => {
        const headers = new Headers(init.headers);
        headers.set('origin', TEST_ORIGIN);
        headers.set('x-forwarded-for', options.ip ?? nextClientAddress());
        if (options.as) headers.set('cookie', options.as.cookie);
        for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
        return Promise.resolve(secondApp.request(`${TEST_ORIGIN}${path}`, { ...init, headers }));
      };
      const sendSecond = (method: string, path: string, body: unknown, options: RequestOptions = {}) =>
        requestSecond(
          path,
          {
            method,
            headers: { 'content-type': 'application/json' },
            body: body === undefined ? undefined : JSON.stringify(body),
          },
          options,
        );
      return {
        app: secondApp,
        services: secondServices,
        db: second.db,
        get: (path: string, options?: RequestOptions) => requestSecond(path, { method: 'GET' }, options),
        post: (path: string, body?: unknown, options?: RequestOptions) =>
          sendSecond('POST', path, body, options),
        patch: (path: string, body?: unknown, options?: RequestOptions) =>
          sendSecond('PATCH', path, body, options),
        /** PATCH of a versioned record based on its latest version, as `patchLatest` does here. */
        async patchLatest(path: string, body: Record<string, unknown>, options: RequestOptions = {}) {
          const current = await requestSecond(path, { method: 'GET' }, options);
          const { version } = (await current.json()) as { version: number };
          return sendSecond('PATCH', path, { ...body, version }, options);
        },
        async close() {
          await secondServices.pushSender.stop();
          await secondServices.liveTopics.stop();
          await second.close();
        },
      };
    },
    async close() {
      await services.pushSender.stop();
      await services.liveTopics.stop();
      await handle.close();
      await dropDatabase(adminUrl, databaseName);
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** Asserts the error envelope (status, code, a safe message) and returns it. */
export async function expectErrorBody(response: Response, status: number, code: string) {
  const { expect } = await import('vitest');
  expect(response.status).toBe(status);
  const body = (await response.json()) as { error: { code: string; message: string; details?: unknown } };
  expect(body).toEqual({ error: expect.objectContaining({ code, message: expect.any(String) }) });
  expect(body.error.message.length).toBeGreaterThan(0);
  expect(JSON.stringify(body)).not.toMatch(/at .+\.ts:\d+|select |insert into|stack/i);
  return body.error;
}

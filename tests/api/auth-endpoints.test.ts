import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, sessions, users, verifications } from '../../src/server/modules/auth/auth.schema';
import {
  AUTH_ENDPOINTS,
  DISABLED_AUTH_PATHS,
  REFUSED_AUTH_ENDPOINTS,
} from '../../src/server/modules/auth/auth-endpoints';
import { devOutbox } from '../../src/server/modules/messaging/messaging.schema';
import { createTestApp, expectErrorBody, TEST_ORIGIN, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Every method and path better-auth mounts, as `GET /get-session`, read from its own endpoint table. */
function mountedEndpoints(): string[] {
  const mounted: string[] = [];
  for (const endpoint of Object.values(t.auth.api) as { path?: string; options?: { method?: unknown } }[]) {
    // Server-only functions (setPassword, …) have no path and no HTTP route.
    if (!endpoint.path) continue;
    const methods = endpoint.options?.method;
    for (const method of Array.isArray(methods) ? methods : [methods]) {
      mounted.push(`${String(method).toUpperCase()} ${endpoint.path}`);
    }
  }
  return mounted.sort();
}

/** `/callback/:id` on the list of better-auth's routes covers `/callback/google` on the allow-list. */
function routeOf(path: string): string {
  return path.replace(/^\/callback\/[^/]+$/, '/callback/:id');
}

describe('the auth endpoints better-auth mounts', () => {
  it('are each either on the allow-list or refused on purpose, so an upgrade that mounts more fails here', () => {
    const allowed = AUTH_ENDPOINTS.map(
      (endpoint) => `${endpoint.method.toUpperCase()} ${routeOf(endpoint.path)}`,
    );
    const refused = REFUSED_AUTH_ENDPOINTS.map(
      (endpoint) => `${endpoint.method.toUpperCase()} ${endpoint.path}`,
    );
    expect(new Set(allowed).size + new Set(refused).size).toBe(new Set([...allowed, ...refused]).size);
    expect(mountedEndpoints()).toEqual([...allowed, ...refused].sort());
  });

  it('the web app calls only allow-listed endpoints', async () => {
    const { apiPaths } = await import('../../src/web/lib/paths');
    const allowedPaths = new Set(AUTH_ENDPOINTS.map((endpoint) => `/api/auth${endpoint.path}`));
    const used = Object.values(apiPaths).filter(
      (path) => path.startsWith('/api/auth/') && path !== '/api/auth/sync-claims',
    );
    expect(used.filter((path) => !allowedPaths.has(path))).toEqual([]);
  });

  it('answers 404 in the envelope for every refused endpoint and for unknown ones', async () => {
    const user = await t.buildUser();
    for (const endpoint of REFUSED_AUTH_ENDPOINTS) {
      const path = `/api/auth${endpoint.path.replace(/:[a-z]+/, 'x')}`;
      const response =
        endpoint.method === 'get' ? await t.get(path, { as: user }) : await t.post(path, {}, { as: user });
      const error = await expectErrorBody(response, 404, 'not-found');
      expect(error.message, `${endpoint.method} ${path}`).toContain(path);
    }
    await expectErrorBody(await t.post('/api/auth/no-such-thing', {}), 404, 'not-found');
    await expectErrorBody(await t.get('/api/auth/sign-in/email'), 404, 'not-found');
  });

  it('switches the refused paths off in better-auth itself, too', async () => {
    expect(DISABLED_AUTH_PATHS).toEqual(
      expect.arrayContaining([
        '/sign-in/phone-number',
        '/phone-number/request-password-reset',
        '/phone-number/reset-password',
      ]),
    );
    for (const path of DISABLED_AUTH_PATHS) {
      const direct = await t.auth.handler(
        new Request(`${TEST_ORIGIN}/api/auth${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
          body: '{}',
        }),
      );
      expect(direct.status, path).toBe(404);
    }
  });
});

describe('the phone-number plugin’s password endpoints', () => {
  it('are gone: no reset code is sent, no password is reset, nobody signs in with phone and password', async () => {
    const user = await t.buildUser();
    const phoneNumber = '+15550009001';
    await t.db.update(users).set({ phoneNumber, phoneNumberVerified: true }).where(eq(users.id, user.id));
    const before = {
      outbox: (await t.db.select().from(devOutbox).where(eq(devOutbox.recipient, phoneNumber))).length,
      verifications: (await t.db.select().from(verifications)).length,
      sessions: (await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).length,
      password: (await t.db.select().from(accounts).where(eq(accounts.userId, user.id)))[0]?.password,
    };

    const check = { headers: { 'x-human-check': await t.humanCheck() } };
    await expectErrorBody(
      await t.post('/api/auth/phone-number/request-password-reset', { phoneNumber }, check),
      404,
      'not-found',
    );
    await expectErrorBody(
      await t.post('/api/auth/phone-number/reset-password', {
        phoneNumber,
        otp: '123456',
        newPassword: 'taken-over-1',
      }),
      404,
      'not-found',
    );
    await expectErrorBody(
      await t.post('/api/auth/sign-in/phone-number', { phoneNumber, password: user.password }),
      404,
      'not-found',
    );

    expect((await t.db.select().from(devOutbox).where(eq(devOutbox.recipient, phoneNumber))).length).toBe(
      before.outbox,
    );
    expect((await t.db.select().from(verifications)).length).toBe(before.verifications);
    expect((await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).length).toBe(
      before.sessions,
    );
    expect((await t.db.select().from(accounts).where(eq(accounts.userId, user.id)))[0]?.password).toBe(
      before.password,
    );
    expect(await t.signIn(user.email, user.password)).toContain('brigade.session_token=');
  });
});

describe('bodies that are not a JSON object', () => {
  it('are refused with 400 on every auth endpoint that takes a body', async () => {
    const user = await t.buildUser();
    const posts = AUTH_ENDPOINTS.filter((endpoint) => endpoint.method === 'post');
    for (const endpoint of posts) {
      for (const raw of ['null', '"x"', '1', '[]', 'true', '{"broken"']) {
        const response = await t.request(
          `/api/auth${endpoint.path}`,
          { method: 'POST', headers: { 'content-type': 'application/json' }, body: raw },
          { as: user },
        );
        expect(response.status, `${endpoint.path} with ${raw}`).toBe(400);
        await expectErrorBody(response, 400, 'invalid-argument');
      }
    }
    // The user is unchanged and still signed in.
    expect((await t.get('/api/me', { as: user })).status).toBe(200);
  });
});

describe('get-session', () => {
  it('answers null without a session cookie', async () => {
    const response = await t.get('/api/auth/get-session');
    expect(response.status).toBe(200);
    expect(await response.json()).toBeNull();
    const other = await t.get('/api/auth/get-session', { as: { cookie: 'theme=dark' } });
    expect(await other.json()).toBeNull();
  });

  it('never gives page scripts the session token (the cookie is http-only)', async () => {
    const user = await t.buildUser();
    const response = await t.get('/api/auth/get-session', { as: user });
    const body = (await response.json()) as { session: Record<string, unknown>; user: { email: string } };
    expect(body.user.email).toBe(user.email);
    expect(body.session).toHaveProperty('id');
    expect(body.session).not.toHaveProperty('token');
    const token = decodeURIComponent(user.cookie.split('=')[1]!.split('.')[0]!);
    expect(JSON.stringify(body)).not.toContain(token);
  });
});

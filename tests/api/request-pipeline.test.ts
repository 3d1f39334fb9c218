import { randomBytes } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { forwardedClient } from '../../src/server/lib/client-ip';
import { toErrorResponse } from '../../src/server/lib/errors';
import { auditLog } from '../../src/server/modules/audit/audit.schema';
import { users } from '../../src/server/modules/auth/auth.schema';
import { restaurantSettings } from '../../src/server/modules/settings/settings.schema';
import { createServices } from '../../src/server/services';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  createTestApp,
  expectErrorBody,
  TEST_ORIGIN,
  type TestApp,
  type TestUser,
} from '../support/test-app';

let t: TestApp;
let admin: { cookie: string };
let customer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = { cookie: await t.signIn(ADMIN_EMAIL, ADMIN_PASSWORD) };
  customer = await t.buildUser();
});
afterAll(() => t.close());

const EVIL = 'https://evil.example';
const SIBLING = 'http://shop.localhost:3000';

/** A request straight to the app with exactly these headers (no Origin added by the test helper). */
function raw(path: string, init: RequestInit = {}) {
  return Promise.resolve(t.app.request(`${TEST_ORIGIN}${path}`, init));
}

async function isDisabled(id: string): Promise<boolean> {
  const [row] = await t.db.select({ disabled: users.disabled }).from(users).where(eq(users.id, id));
  return row?.disabled === true;
}

async function logoUrl(): Promise<string | null> {
  const [row] = await t.db.select({ logo: restaurantSettings.logoImageId }).from(restaurantSettings);
  return row?.logo ?? null;
}

async function logoForm(): Promise<FormData> {
  const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set('logo', new File([png], 'logo.png', { type: 'image/png' }));
  return form;
}

describe('cross-site request forgery (finding 2)', () => {
  it('refuses a cross-origin POST without a body (disabling a user) and changes nothing', async () => {
    const victim = await t.buildUser();
    const refused: Record<string, string>[] = [
      { origin: EVIL },
      { origin: SIBLING },
      { origin: 'null' },
      { 'sec-fetch-site': 'same-site' },
    ];
    for (const headers of refused) {
      const response = await raw(`/api/admin/users/${victim.id}/disable`, {
        method: 'POST',
        headers: { cookie: admin.cookie, ...headers },
      });
      const error = await expectErrorBody(response, 403, 'permission-denied');
      expect(error.message).toMatch(/another site/);
    }
    expect(await isDisabled(victim.id)).toBe(false);
    // The same request from the app's own page works.
    const own = await raw(`/api/admin/users/${victim.id}/disable`, {
      method: 'POST',
      headers: { cookie: admin.cookie, origin: TEST_ORIGIN, 'sec-fetch-site': 'same-origin' },
    });
    expect(own.status).toBe(200);
    expect(await isDisabled(victim.id)).toBe(true);
  });

  it('refuses cross-origin JSON, form-urlencoded and text bodies and changes nothing', async () => {
    const before = (await (await t.get('/api/settings', { as: admin })).json()) as { name: string };
    const bodies: [string, string][] = [
      ['application/json', JSON.stringify({ name: 'Hijacked' })],
      ['application/x-www-form-urlencoded', 'name=Hijacked'],
      ['text/plain', JSON.stringify({ name: 'Hijacked' })],
    ];
    for (const [type, body] of bodies) {
      const response = await raw('/api/settings', {
        method: 'PATCH',
        headers: { cookie: admin.cookie, 'content-type': type, origin: EVIL, 'sec-fetch-site': 'cross-site' },
        body,
      });
      await expectErrorBody(response, 403, 'permission-denied');
    }
    const after = (await (await t.get('/api/settings', { as: admin })).json()) as {
      name: string;
      version: number;
    };
    expect(after.name).toBe(before.name);
    const own = await raw('/api/settings', {
      method: 'PATCH',
      headers: { cookie: admin.cookie, 'content-type': 'application/json', origin: TEST_ORIGIN },
      body: JSON.stringify({ name: 'Own Change', version: after.version }),
    });
    expect(own.status).toBe(200);
    await t.patchLatest('/api/settings', { name: before.name }, { as: admin });
  });

  it('refuses a cross-origin multipart upload (the logo) and keeps the logo', async () => {
    const before = await logoUrl();
    const refused = await raw('/api/settings/logo', {
      method: 'POST',
      headers: { cookie: admin.cookie, origin: EVIL },
      body: await logoForm(),
    });
    await expectErrorBody(refused, 403, 'permission-denied');
    expect(await logoUrl()).toBe(before);
    const own = await raw('/api/settings/logo', {
      method: 'POST',
      headers: { cookie: admin.cookie, origin: TEST_ORIGIN, 'sec-fetch-site': 'same-origin' },
      body: await logoForm(),
    });
    expect(own.status).toBe(200);
    expect(await logoUrl()).not.toBe(before);
  });

  it('accepts the request origin of a tablet that reaches the app by the machine address', async () => {
    const victim = await t.buildUser();
    const tablet = 'http://192.168.1.20:3000';
    const response = await Promise.resolve(
      t.app.request(`${tablet}/api/admin/users/${victim.id}/disable`, {
        method: 'POST',
        headers: {
          cookie: admin.cookie,
          host: '192.168.1.20:3000',
          origin: tablet,
          'sec-fetch-site': 'same-origin',
        },
      }),
    );
    expect(response.status).toBe(200);
    // Another machine's address claimed in Origin is not the request's own.
    const other = await raw(`/api/admin/users/${customer.id}/disable`, {
      method: 'POST',
      headers: { cookie: admin.cookie, host: 'localhost:3000', origin: tablet },
    });
    await expectErrorBody(other, 403, 'permission-denied');
  });

  it('lets requests without Origin or Sec-Fetch-Site through (scripts, servers), and every GET', async () => {
    const victim = await t.buildUser();
    const response = await raw(`/api/admin/users/${victim.id}/disable`, {
      method: 'POST',
      headers: { cookie: admin.cookie },
    });
    expect(response.status).toBe(200);
    const read = await raw('/api/me', {
      headers: { cookie: customer.cookie, origin: EVIL, 'sec-fetch-site': 'cross-site' },
    });
    expect(read.status).toBe(200);
  });

  it('guards better-auth routes the same way, which keep working from the app itself', async () => {
    const body = JSON.stringify({ email: customer.email, password: customer.password });
    const refused: Record<string, string>[] = [{ origin: EVIL }, { 'sec-fetch-site': 'cross-site' }];
    for (const headers of refused) {
      const response = await raw('/api/auth/sign-in/email', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.19.1.1', ...headers },
        body,
      });
      await expectErrorBody(response, 403, 'permission-denied');
      expect(response.headers.getSetCookie()).toEqual([]);
    }
    const own = await raw('/api/auth/sign-in/email', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': '198.19.1.2',
        origin: TEST_ORIGIN,
        'sec-fetch-site': 'same-origin',
      },
      body,
    });
    expect(own.status).toBe(200);
    expect(own.headers.getSetCookie().join()).toMatch(/session_token=/);
    // A cross-origin sign-out does not end the session either.
    const signOut = await raw('/api/auth/sign-out', {
      method: 'POST',
      headers: { cookie: customer.cookie, origin: EVIL },
    });
    expect(signOut.status).toBe(403);
    expect((await t.get('/api/me', { as: customer })).status).toBe(200);
  });
});

describe('TRUST_PROXY and the client address (finding 3)', () => {
  it('takes the entry the trusted proxies added, never the client’s own claim', () => {
    expect(forwardedClient('6.6.6.6, 203.0.113.7', 1)).toBe('203.0.113.7');
    expect(forwardedClient('6.6.6.6,203.0.113.7 , 10.0.0.2', 2)).toBe('203.0.113.7');
    expect(forwardedClient('203.0.113.7', 1)).toBe('203.0.113.7');
    expect(forwardedClient('203.0.113.7', 3)).toBe('203.0.113.7');
    expect(forwardedClient('203.0.113.7', 0)).toBeUndefined();
    expect(forwardedClient(' , ', 1)).toBeUndefined();
  });

  it('reads TRUST_PROXY as true, false or a number of proxies', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(0);
    expect(loadConfig({}).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(
      /TRUST_PROXY="yes": must be true, false or the number/,
    );
    expect(() => loadConfig({ TRUST_PROXY: '-1' })).toThrow(/TRUST_PROXY/);
  });

  it('counts sign-in attempts per client by the proxy’s entry, whatever the client puts first', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 21; attempt++) {
      const response = await t.post(
        '/api/auth/sign-in/email',
        { email: `nobody-${attempt}@test.brigade`, password: 'wrong-password-1' },
        { ip: `10.${attempt}.0.1, 203.0.113.50` },
      );
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('records the proxy’s entry in the audit log', async () => {
    const victim = await t.buildUser();
    const response = await t.post(`/api/admin/users/${victim.id}/disable`, undefined, {
      as: admin,
      ip: '6.6.6.6, 203.0.113.7',
    });
    expect(response.status).toBe(200);
    const [entry] = await t.db
      .select({ ipAddress: auditLog.ipAddress, targetId: auditLog.targetId })
      .from(auditLog)
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(entry).toEqual({ ipAddress: '203.0.113.7', targetId: victim.id });
  });
});

describe('NUL characters and out-of-range dates (finding 5)', () => {
  it('refuses a NUL in a JSON value, naming the field, before it reaches PostgreSQL', async () => {
    const signIn = await t.post('/api/auth/sign-in/email', { email: 'a\u0000@test.brigade', password: 'x' });
    const error = await expectErrorBody(signIn, 400, 'invalid-argument');
    expect(error.details).toEqual({ issues: [{ path: 'email', message: expect.stringMatching(/NUL/) }] });

    const reset = await t.post('/api/auth/reset-password', {
      token: 'abc\u0000',
      newPassword: 'new-password-1',
    });
    expect((await expectErrorBody(reset, 400, 'invalid-argument')).details).toMatchObject({
      issues: [{ path: 'token' }],
    });

    const nested = await t.patchLatest(
      '/api/settings',
      { openingHours: { monday: [{ open: '08:00', close: 'b\u0000d' }] } },
      { as: admin },
    );
    expect((await expectErrorBody(nested, 400, 'invalid-argument')).details).toMatchObject({
      issues: [{ path: 'openingHours.monday.0.close' }],
    });
    const key = await t.patchLatest('/api/settings', { 'na\u0000me': 'x' }, { as: admin });
    expect((await expectErrorBody(key, 400, 'invalid-argument')).details).toMatchObject({
      issues: [{ path: 'na\\0me' }],
    });
  });

  it('refuses a NUL in the query and the path of every list', async () => {
    for (const list of ['/api/customers', '/api/admin/users', '/api/admin/audit', '/api/menu/items']) {
      const response = await t.get(`${list}?search=%00`, { as: admin });
      const error = await expectErrorBody(response, 400, 'invalid-argument');
      expect(error.details).toEqual({ issues: [{ path: 'search', message: expect.stringMatching(/NUL/) }] });
    }
    await expectErrorBody(await t.get('/api/admin/users/ab%00cd', { as: admin }), 400, 'invalid-argument');
  });

  it('refuses a NUL in form fields, and nesting deeper than any contract', async () => {
    const form = await t.request(
      '/api/auth/sign-in/email',
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'email=a%00b&password=x',
      },
      {},
    );
    expect((await expectErrorBody(form, 400, 'invalid-argument')).details).toMatchObject({
      issues: [{ path: 'email' }],
    });
    const multipart = new FormData();
    multipart.set('name', 'a\u0000b');
    const upload = await t.request('/api/admin/users', { method: 'POST', body: multipart }, { as: admin });
    expect((await expectErrorBody(upload, 400, 'invalid-argument')).details).toMatchObject({
      issues: [{ path: 'name' }],
    });
    const deep = await t.patchLatest('/api/settings', `{"name":${'['.repeat(100)}${']'.repeat(100)}}`, {
      as: admin,
    });
    expect((await expectErrorBody(deep, 400, 'invalid-argument')).message).toMatch(/nested too deeply/);
  });

  it('refuses audit dates outside 1900 to 2999, naming the field', async () => {
    const cases: [string, string][] = [
      ['from=0001-01-01&to=9999-12-31', 'from'],
      ['to=9999-12-31', 'to'],
      ['from=0000-01-01T00:00:00Z', 'from'],
    ];
    for (const [query, field] of cases) {
      const response = await t.get(`/api/admin/audit?${query}`, { as: admin });
      const error = await expectErrorBody(response, 400, 'invalid-argument');
      expect(error.details).toMatchObject({
        issues: expect.arrayContaining([expect.objectContaining({ path: field })]),
      });
    }
    expect((await t.get('/api/admin/audit?from=1900-01-01&to=2999-12-31', { as: admin })).status).toBe(200);
  });
});

describe('PostgreSQL refusing a value the schemas let through', () => {
  it('is a 400, not a 500 (a NUL in text, a date out of range)', async () => {
    const failures = await Promise.all([
      t.db.execute(sql`select ${'a\u0000b'}::text`).catch((error: unknown) => error),
      t.db.execute(sql`select ${'300000-01-01T00:00:00Z'}::timestamptz`).catch((error: unknown) => error),
      t.db.execute(sql`select ${'2025-02-30'}::date`).catch((error: unknown) => error),
      t.db.execute(sql`select ${'not a date'}::date`).catch((error: unknown) => error),
    ]);
    for (const failure of failures) {
      expect(failure, String(failure)).toBeInstanceOf(Error);
      expect(toErrorResponse(failure).status).toBe(400);
    }
  });
});

describe('Cache-Control of signed-in answers (finding 6)', () => {
  it('marks every signed-in API answer no-store, errors included', async () => {
    for (const [path, status] of [
      ['/api/me', 200],
      ['/api/settings', 403],
      ['/api/no-such-thing', 404],
    ] as const) {
      const response = await t.get(path, { as: customer });
      expect(response.status).toBe(status);
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
    const signIn = await t.post('/api/auth/sign-in/email', {
      email: customer.email,
      password: customer.password,
    });
    expect(signIn.status).toBe(200);
    expect(signIn.headers.get('cache-control')).toMatch(/no-store/);
  });

  it('keeps shared answers cacheable: pictures stay public, the public menu revalidates privately', async () => {
    const logo = await t.request(
      '/api/settings/logo',
      { method: 'POST', body: await logoForm() },
      { as: admin },
    );
    const { logoUrl: url } = (await logo.json()) as { logoUrl: string };
    const picture = await t.get(url, { as: customer });
    expect(picture.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

    const menu = await t.get('/api/menu/public', { as: customer });
    expect(menu.headers.get('cache-control')).toBe('private, no-cache');
    const etag = menu.headers.get('etag') as string;
    const again = await t.get('/api/menu/public', { as: customer, headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    const anonymous = await t.get('/api/menu/public');
    expect(anonymous.headers.get('cache-control')).toBe('no-cache');
  });
});

describe('logs of refused requests (finding 6)', () => {
  it('logs 4xx answers at warn and nothing at error', async () => {
    const lines: { level: number; msg: string; status?: number }[] = [];
    const logger = pino({ level: 'trace' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    // Services of their own, so that better-auth's log lines are captured too.
    const services = createServices({
      config: t.config,
      db: t.db,
      logger,
      secret: randomBytes(32).toString('hex'),
      humanCheckDifficulty: 200,
    });
    const app = createApp({ ...services, webRoot: '.tmp/no-web-build' });
    const send = (path: string, init: RequestInit = {}) =>
      Promise.resolve(app.request(`${TEST_ORIGIN}${path}`, init));
    const statuses = [
      (await send('/api/me')).status,
      (await send('/api/no-such-thing')).status,
      (
        await send('/api/settings', {
          method: 'PATCH',
          body: '{',
          headers: { 'content-type': 'application/json' },
        })
      ).status,
      (
        await send('/api/auth/sign-in/email', {
          method: 'POST',
          body: '{"email":1}',
          headers: { 'content-type': 'application/json' },
        })
      ).status,
      (await send('/api/customers?search=%00')).status,
      (
        await send('/api/auth/sign-in/email', {
          method: 'POST',
          body: '{"email":"x@test.brigade","password":"wrong-1"}',
          headers: { 'content-type': 'application/json' },
        })
      ).status,
      (
        await send('/api/auth/reset-password', {
          method: 'POST',
          body: '{"token":"nope","newPassword":"new-password-1"}',
          headers: { 'content-type': 'application/json' },
        })
      ).status,
      (
        await send('/api/auth/sign-up/email', {
          method: 'POST',
          body: '{"name":"x"}',
          headers: { 'content-type': 'application/json' },
        })
      ).status,
      (await send('/api/auth/verify-email?token=nope')).status,
      (
        await send('/api/auth/update-user', {
          method: 'POST',
          body: 'null',
          headers: { 'content-type': 'application/json' },
        })
      ).status,
      (await send('/api/auth/sign-out', { method: 'POST', headers: { origin: EVIL } })).status,
      (
        await send('/api/contact', {
          method: 'POST',
          body: 'x'.repeat(2 * 1024 * 1024),
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ];
    expect(statuses.filter((status) => status < 400 || status >= 500)).toEqual([]);
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    const requestLines = lines.filter((line) => line.msg === 'request');
    expect(requestLines).toHaveLength(statuses.length);
    expect(requestLines.every((line) => line.level === 40)).toBe(true);
  });
});

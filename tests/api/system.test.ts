import { createHash } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { APP_LOADER_SCRIPT } from '../../src/server/lib/page-render';
import { duplicateOperationIds, operationsOf } from '../../src/server/modules/docs/openapi-document';
import { COOKIE_CHOICE_SCRIPT } from '../../src/shared/cookie-consent';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  createTestApp,
  expectErrorBody,
  TEST_ORIGIN,
  type TestApp,
} from '../support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('answers 200 when the database answers', async () => {
    const response = await t.get('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: 'ok' });
  });
});

describe('GET /api/config', () => {
  it('gives the restaurant name, address and phone, currency, poll interval, sign-in methods, push key and password policy', async () => {
    const response = await t.get('/api/config');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      restaurantName: 'Brigade Cafe',
      restaurantAddress: '',
      restaurantPhone: '',
      baseUrl: TEST_ORIGIN,
      currency: 'USD',
      locale: 'en-US',
      timeZone: 'UTC',
      pollIntervalMs: 3000,
      signInMethods: { emailPassword: true, google: false, phone: true },
      // The server's VAPID public key (65 bytes, base64url); push.test.ts checks it further.
      pushPublicKey: expect.stringMatching(/^[A-Za-z0-9_-]{87}$/),
      passwordPolicy: expect.objectContaining({ minLength: 6 }),
    });
  });

  it('follows a settings change', async () => {
    const admin = { cookie: await t.signIn(ADMIN_EMAIL, ADMIN_PASSWORD) };
    await t.patchLatest(
      '/api/settings',
      {
        name: 'Cafe Renamed',
        currency: 'EUR',
        address: '1 Harbour Road',
        phone: '+15550100',
      },
      { as: admin },
    );
    const body = (await (await t.get('/api/config')).json()) as { restaurantName: string; currency: string };
    expect(body).toMatchObject({
      restaurantName: 'Cafe Renamed',
      restaurantAddress: '1 Harbour Road',
      restaurantPhone: '+15550100',
      currency: 'EUR',
    });
    await t.patchLatest(
      '/api/settings',
      { name: 'Brigade Cafe', currency: 'USD', address: '', phone: '' },
      { as: admin },
    );
  });
});

describe('error envelope', () => {
  it('answers an unknown /api path with 404 JSON', async () => {
    const error = await expectErrorBody(await t.get('/api/no-such-thing'), 404, 'not-found');
    expect(error.message).toContain('/api/no-such-thing');
    await expectErrorBody(await t.post('/api/orders/123/teleport', {}), 404, 'not-found');
  });

  it('answers malformed JSON with 400, on our routes and on the sign-in routes', async () => {
    const admin = { cookie: await t.signIn(ADMIN_EMAIL, ADMIN_PASSWORD) };
    await expectErrorBody(
      await t.patchLatest('/api/settings', '{"name": ', { as: admin }),
      400,
      'invalid-argument',
    );
    await expectErrorBody(await t.post('/api/auth/sign-in/email', '{"email": '), 400, 'invalid-argument');
  });

  it('answers an oversized body with 413 and the envelope', async () => {
    const huge = JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) });
    const response = await t.post('/api/auth/sign-up/email', huge, {
      headers: { 'x-human-check': await t.humanCheck() },
    });
    expect(response.status).toBe(413);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.message).toMatch(/larger than the limit/);
  });

  it('names the field in a validation error and rejects unknown fields', async () => {
    const admin = { cookie: await t.signIn(ADMIN_EMAIL, ADMIN_PASSWORD) };
    const unknown = await expectErrorBody(
      await t.patchLatest('/api/settings', { name: 'X', owner: 'me' }, { as: admin }),
      400,
      'invalid-argument',
    );
    expect(unknown.details).toEqual({ issues: [{ path: 'owner', message: 'is not a known field' }] });
    const badZone = await expectErrorBody(
      await t.patchLatest('/api/settings', { timeZone: 'Mars/Olympus' }, { as: admin }),
      400,
      'invalid-argument',
    );
    expect(badZone.message).toContain('timeZone');
    const badPolicy = await expectErrorBody(
      await t.patchLatest(
        '/api/settings',
        {
          passwordPolicy: {
            minLength: 10,
            maxLength: 8,
            requireLowercase: false,
            requireUppercase: false,
            requireDigit: false,
            requireSymbol: false,
          },
        },
        { as: admin },
      ),
      400,
      'invalid-argument',
    );
    expect(badPolicy.message).toContain('passwordPolicy.maxLength');
    await expectErrorBody(
      await t.patchLatest('/api/settings', { name: '   ' }, { as: admin }),
      400,
      'invalid-argument',
    );
    const settings = (await (await t.get('/api/settings', { as: admin })).json()) as {
      name: string;
      timeZone: string;
    };
    expect(settings).toMatchObject({ name: 'Brigade Cafe', timeZone: 'UTC' });
  });
});

describe('security headers', () => {
  it('sends a CSP with no inline script but the rendered page’s own, frame-ancestors none, nosniff and a referrer policy, and no HSTS on http', async () => {
    const response = await t.get('/api/health');
    const csp = response.headers.get('content-security-policy') ?? '';
    // The inline scripts of a rendered page are allowed by the hashes of their exact texts.
    const hash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    expect(csp).toContain(`script-src 'self' ${hash(COOKIE_CHOICE_SCRIPT)} ${hash(APP_LOADER_SCRIPT)};`);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('strict-transport-security')).toBeNull();
    expect(response.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
  });

  it('keeps a 304 to the fields that update the stored copy (RFC 9110), for every revalidated answer', async () => {
    for (const path of ['/api/config', '/api/menu/public']) {
      const first = await t.get(path);
      const etag = first.headers.get('etag') ?? '';
      expect(first.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
      const again = await t.app.request(path, { headers: { 'if-none-match': etag } });
      expect(again.status, path).toBe(304);
      expect(again.headers.get('etag'), path).toBe(etag);
      expect(again.headers.get('cache-control'), path).toBe(first.headers.get('cache-control'));
      expect(again.headers.get('x-request-id'), path).toMatch(/^[\w-]{8,}$/);
      // The security headers and the type stay with the stored 200 the browser keeps using.
      const names = [...again.headers.keys()].sort();
      expect(names, path).toEqual(
        names.filter((name) => ['cache-control', 'etag', 'vary', 'x-request-id', 'date'].includes(name)),
      );
    }
  });

  it('sends HSTS and secure cookies when BASE_URL is https', async () => {
    const secure = await createTestApp({ baseUrl: 'https://cafe.example', secure: true });
    try {
      const health = await secure.app.request('https://cafe.example/api/health');
      expect(health.headers.get('strict-transport-security')).toContain('max-age=');
      const signUp = await secure.app.request('https://cafe.example/api/auth/sign-up/email', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: 'https://cafe.example',
          'x-human-check': await secure.humanCheck(),
        },
        body: JSON.stringify({ name: 'S', email: 'secure@test.brigade', password: 'secret1' }),
      });
      expect(signUp.status).toBe(200);
      // Sign-up no longer signs in (the same answer for a taken address); the session comes from sign-in.
      const signIn = await secure.app.request('https://cafe.example/api/auth/sign-in/email', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'https://cafe.example' },
        body: JSON.stringify({ email: 'secure@test.brigade', password: 'secret1' }),
      });
      expect(signIn.status).toBe(200);
      const cookie = signIn.headers.getSetCookie().find((line) => line.includes('session_token='));
      expect(cookie).toMatch(/^__Secure-brigade\.session_token=.*Secure/i);
    } finally {
      await secure.close();
    }
  });
});

describe('API documentation', () => {
  it('publishes an OpenAPI document listing the routes with their access', async () => {
    const response = await t.get('/api/openapi.json');
    expect(response.status).toBe(200);
    const doc = (await response.json()) as {
      openapi: string;
      paths: Record<string, Record<string, { description?: string }>>;
    };
    expect(doc.openapi).toBe('3.1.0');
    for (const route of [
      '/api/health',
      '/api/config',
      '/api/me',
      '/api/customers',
      '/api/settings',
      '/api/auth/sync-claims',
      '/api/auth/sign-in/email',
    ]) {
      expect(Object.keys(doc.paths)).toContain(route);
    }
    expect(doc.paths['/api/settings']?.patch?.description).toContain('Administrators only');
  });

  it('names every operation once, by an id derived from its method and path', async () => {
    const doc = (await (await t.get('/api/openapi.json')).json()) as Parameters<typeof operationsOf>[0];
    const operations = operationsOf(doc);
    expect(operations.length).toBeGreaterThan(100);
    for (const { method, path: route, operation } of operations) {
      expect(operation.operationId, `${method} ${route}`).toMatch(/^[a-z]+[A-Z][A-Za-z0-9]*$/);
    }
    expect(duplicateOperationIds(doc)).toEqual([]);
    const idOf = (route: string, method: string) =>
      operations.find((entry) => entry.path === route && entry.method === method)?.operation.operationId;
    expect(idOf('/api/orders', 'post')).toBe('postOrders');
    expect(idOf('/api/orders/{id}', 'get')).toBe('getOrdersById');
    expect(idOf('/api/auth/change-password', 'post')).toBe('postAuthChangePassword');
  });

  it('states who may call each operation: nobody signed in, or the session cookie', async () => {
    const doc = (await (await t.get('/api/openapi.json')).json()) as {
      servers: unknown;
      components: { securitySchemes: Record<string, unknown> };
      paths: Record<string, Record<string, { security?: unknown; description?: string }>>;
    };
    expect(doc.servers).toEqual([{ url: TEST_ORIGIN, description: expect.any(String) }]);
    expect(doc.components.securitySchemes).toEqual({
      sessionCookie: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'brigade.session_token' }),
    });
    const session = [{ sessionCookie: [] }];
    const optionalSession = [{ sessionCookie: [] }, {}];
    for (const [route, methods] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const access = /Access: (.*)$/.exec(operation.description ?? '')?.[1];
        // Routes of defineRoute say who may call them; the better-auth endpoints are checked below.
        if (access === undefined) continue;
        expect(operation.security, `${method} ${route}`).toEqual(access === 'Anyone.' ? [] : session);
      }
    }
    expect(doc.paths['/api/health']?.get?.security).toEqual([]);
    expect(doc.paths['/api/settings']?.patch?.security).toEqual(session);
    expect(doc.paths['/api/auth/sign-in/email']?.post?.security).toEqual([]);
    expect(doc.paths['/api/auth/change-password']?.post?.security).toEqual(session);
    expect(doc.paths['/api/auth/get-session']?.get?.security).toEqual(optionalSession);
    for (const methods of Object.values(doc.paths)) {
      for (const operation of Object.values(methods)) expect(operation.security).toBeDefined();
    }
  });

  it('writes every regex pattern as JSON Schema reads it: a Unicode regex without flags', async () => {
    const text = await (await t.get('/api/openapi.json')).text();
    const patterns = [...text.matchAll(/"pattern":("(?:[^"\\]|\\.)*")/g)].map(
      (match) => JSON.parse(match[1] as string) as string,
    );
    expect(patterns.length).toBeGreaterThan(0);
    for (const pattern of patterns) {
      expect(pattern, pattern).not.toMatch(/(?<!\\)\/[dgimsuvy]+$/);
      expect(() => new RegExp(pattern, 'u'), pattern).not.toThrow();
    }
    // The contact form's single-line rule: a name passes, a line break does not.
    const line = patterns.find((pattern) => pattern.includes('\\p{Cc}') && !pattern.includes('\\n'));
    expect(new RegExp(line as string, 'u').test('Ada Lovelace')).toBe(true);
    expect(new RegExp(line as string, 'u').test('Ada\nLovelace')).toBe(false);
  });

  it('serves a reference page that loads only local scripts', async () => {
    const page = await t.get('/api/docs');
    expect(page.status).toBe(200);
    const html = await page.text();
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/src="\/api\/docs\//);
      expect(body?.trim()).toBe('');
    }
    for (const asset of ['/api/docs/swagger-ui-bundle.js', '/api/docs/swagger-ui.css', '/api/docs/init.js']) {
      const response = await t.get(asset);
      expect(response.status, asset).toBe(200);
      expect((await response.text()).length).toBeGreaterThan(10);
    }
  });
});

const BIG_SCRIPT = `${'console.log("Brigade serves this script compressed");\n'.repeat(200)}`;

describe('the web app', () => {
  const webRoot = path.resolve('.tmp', `web-root-${process.pid}`);

  beforeAll(async () => {
    await mkdir(path.join(webRoot, 'assets'), { recursive: true });
    await writeFile(
      path.join(webRoot, 'index.html'),
      '<!doctype html><title>Brigade</title><div id="root"></div>',
    );
    await writeFile(path.join(webRoot, 'assets', 'index-abc123.js'), 'console.log(1);');
    await writeFile(path.join(webRoot, 'assets', 'index-abc123.css'), 'body{margin:0}');
    await writeFile(path.join(webRoot, 'assets', 'big-abc123.js'), BIG_SCRIPT);
    await writeFile(path.join(webRoot, 'assets', 'big-abc123.js.br'), brotliCompressSync(BIG_SCRIPT));
    await writeFile(path.join(webRoot, 'assets', 'big-abc123.js.gz'), gzipSync(BIG_SCRIPT));
    await writeFile(path.join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  });
  afterAll(() => rm(webRoot, { recursive: true, force: true }));

  function appWithWebRoot() {
    return createApp({ ...t.services, webRoot });
  }

  it('serves hashed assets with a long immutable cache', async () => {
    const response = await appWithWebRoot().request('/assets/index-abc123.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('sends a built script or stylesheet the headers it obeys, and none that only bind a document', async () => {
    const app = appWithWebRoot();
    for (const file of ['/assets/index-abc123.js', '/assets/index-abc123.css']) {
      const response = await app.request(file, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
      expect(response.status, file).toBe(200);
      expect(response.headers.get('x-content-type-options'), file).toBe('nosniff');
      expect(response.headers.get('cross-origin-resource-policy'), file).toBe('same-origin');
      expect(response.headers.get('referrer-policy'), file).toBe('strict-origin-when-cross-origin');
      for (const name of [
        'content-security-policy',
        'x-frame-options',
        'cross-origin-opener-policy',
        'origin-agent-cluster',
        'x-xss-protection',
        'x-dns-prefetch-control',
        'x-download-options',
        'x-permitted-cross-domain-policies',
      ]) {
        expect(response.headers.get(name), `${file}: ${name}`).toBeNull();
      }
    }
    // Every document keeps them: the pages, other files, the API.
    for (const document of ['/login', '/favicon.svg', '/api/health']) {
      const response = await app.request(document);
      expect(response.headers.get('content-security-policy'), document).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-frame-options'), document).toBe('DENY');
      expect(response.headers.get('cross-origin-opener-policy'), document).toBe('same-origin');
    }
  });

  it('sends the Brotli or gzip copy the build made to a browser that takes it, and the file to others', async () => {
    const app = appWithWebRoot();
    const brotli = await app.request('/assets/big-abc123.js', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('vary')).toContain('Accept-Encoding');
    expect(brotli.headers.get('content-type')).toContain('javascript');
    expect(brotli.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const brotliBytes = Buffer.from(await brotli.arrayBuffer());
    expect(brotliBytes.length).toBeLessThan(BIG_SCRIPT.length / 10);
    expect(brotliDecompressSync(brotliBytes).toString()).toBe(BIG_SCRIPT);

    const gzip = await app.request('/assets/big-abc123.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(BIG_SCRIPT);

    const plain = await app.request('/assets/big-abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(BIG_SCRIPT);
  });

  it('serves index.html for page routes, with 404 for paths no page owns', async () => {
    const app = appWithWebRoot();
    for (const page of [
      '/',
      '/login',
      '/orders',
      '/orders/add',
      '/orders/123',
      '/menu/items/5',
      '/feedback/abc',
    ]) {
      const response = await app.request(page);
      expect(response.status, page).toBe(200);
      expect(await response.text()).toContain('<div id="root">');
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
    const missing = await app.request('/no/such/page');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<div id="root">');
  });

  it('serves top-level files and does not let a path escape the web root', async () => {
    const app = appWithWebRoot();
    expect((await app.request('/favicon.svg')).status).toBe(200);
    const escaped = await app.request('/assets/..%2f..%2fpackage.json');
    expect(escaped.status).not.toBe(200);
  });
});

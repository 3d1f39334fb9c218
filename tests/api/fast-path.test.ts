import { mkdir, rm, writeFile } from 'node:fs/promises';
import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { getRequestListener } from '@hono/node-server';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { createFastRoutes } from '../../src/server/fast-routes';
import { captureNotModified, notModifiedFastRoute, withFastLane } from '../../src/server/lib/fast-lane';
import { readActorFast } from '../../src/server/lib/session-fast-path';
import { pageFastRoute } from '../../src/server/lib/web-app';
import { sessions, users } from '../../src/server/modules/auth/auth.schema';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app';

/** The fast request path: the SPA page from memory with an ETag; the session fast path. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the SPA page', () => {
  const webRoot = path.resolve('.tmp', `web-root-fast-${process.pid}`);
  beforeAll(async () => {
    await mkdir(webRoot, { recursive: true });
    await writeFile(
      path.join(webRoot, 'index.html'),
      '<!doctype html><title>Brigade</title><div id="root"></div>',
    );
  });
  afterAll(() => rm(webRoot, { recursive: true, force: true }));

  it('answers a page with a strong ETag and a revalidation with 304, for every page route', async () => {
    const app = createApp({ ...t.services, webRoot });
    const first = await app.request('/');
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    for (const page of ['/', '/login', '/menu']) {
      const again = await app.request(page, { headers: { 'if-none-match': etag ?? '' } });
      expect(again.status, page).toBe(304);
      expect(await again.text()).toBe('');
      expect(again.headers.get('etag')).toBe(etag);
    }
    const weak = await app.request('/', { headers: { 'if-none-match': `"other", W/${etag}` } });
    expect(weak.status).toBe(304);
    const stale = await app.request('/', { headers: { 'if-none-match': '"an-older-build"' } });
    expect(stale.status).toBe(200);
    expect(await stale.text()).toContain('<div id="root">');
    // A path no page owns stays a 404 with the page, never a 304.
    const missing = await app.request('/no/such/page', { headers: { 'if-none-match': etag ?? '' } });
    expect(missing.status).toBe(404);
  });

  it('is answered by the fast lane exactly as the app answers it, and everything else goes to the app', async () => {
    const app = createApp({ ...t.services, webRoot });
    const route = await pageFastRoute(app);
    expect(route).toBeDefined();
    let fastAnswers = 0;
    const server: Server = createServer(
      withFastLane(getRequestListener(app.fetch), [
        (request, path) => {
          const answer = route?.(request, path);
          if (answer) fastAnswers += 1;
          return answer;
        },
      ]),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const comparable = (response: Response) =>
      [...response.headers].filter(
        ([name]) => !['date', 'x-request-id', 'connection', 'keep-alive'].includes(name),
      );
    try {
      for (const page of ['/', '/login', '/menu?table=5']) {
        const before = fastAnswers;
        const fast = await fetch(`${base}${page}`);
        expect(fastAnswers, page).toBe(before + 1);
        const own = await app.request(page);
        expect(fast.status).toBe(own.status);
        expect(await fast.text()).toBe(await own.text());
        expect(comparable(fast).sort()).toEqual(
          [...comparable(own), ['content-length', fast.headers.get('content-length') ?? '']].sort(),
        );
        expect(fast.headers.get('x-request-id')).toMatch(/^[\w-]{36}$/);
        const etag = fast.headers.get('etag') ?? '';
        const fast304 = await fetch(`${base}${page}`, { headers: { 'if-none-match': etag } });
        const own304 = await app.request(page, { headers: { 'if-none-match': etag } });
        expect(fast304.status).toBe(304);
        expect(comparable(fast304).sort()).toEqual(comparable(own304).sort());
      }
      const before = fastAnswers;
      for (const other of ['/no/such/page', '/api/health', '/favicon.svg', '/%6Cogin']) {
        await (await fetch(`${base}${other}`)).arrayBuffer();
      }
      expect((await fetch(`${base}/no/such/page`)).status).toBe(404);
      expect((await fetch(`${base}/api/health`)).status).toBe(200);
      expect(fastAnswers).toBe(before);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('the server-rendered guests page', () => {
  // The layout of a build: dist/web beside dist/ssr. The render module here is a stand-in with the real
  // one's signature (the real render is tested in the browser tier: tests/e2e/home-page-render.spec.ts).
  const buildRoot = path.resolve('.tmp', `home-render-${process.pid}`);
  const webRoot = path.join(buildRoot, 'web');
  beforeAll(async () => {
    await mkdir(webRoot, { recursive: true });
    await mkdir(path.join(buildRoot, 'ssr'), { recursive: true });
    await writeFile(
      path.join(webRoot, 'index.html'),
      '<!doctype html><head><meta name="description" content="Brigade" /><title>Brigade</title></head><div id="root"></div>',
    );
    await writeFile(
      path.join(buildRoot, 'ssr', 'render-page.js'),
      'export async function renderPage(url, data) { return "<h1>" + data.menu.restaurant.name + "</h1><p>" + url + "</p>"; }',
    );
  });
  afterAll(() => rm(buildRoot, { recursive: true, force: true }));

  const comparable = (response: Response) =>
    [...response.headers]
      .filter(
        ([name]) => !['date', 'x-request-id', 'connection', 'keep-alive', 'transfer-encoding'].includes(name),
      )
      .sort();

  it('is rendered per version and table, compressed, answered from the fast lane like the app, and renewed on a change', async () => {
    const admin = await t.buildUser({ role: 'admin' });
    expect((await t.patchLatest('/api/settings', { name: 'Fig & Olive' }, { as: admin })).status).toBe(200);
    await t.liveSettled();
    const app = createApp({ ...t.services, webRoot });
    const route = await pageFastRoute(app);
    let fastAnswers = 0;
    const server: Server = createServer(
      withFastLane(getRequestListener(app.fetch), [
        (request, path) => {
          const answer = route?.(request, path);
          if (answer) fastAnswers += 1;
          return answer;
        },
      ]),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const own = await app.request('/');
      expect(own.status).toBe(200);
      expect(own.headers.get('etag')).toMatch(/^"page-[\w-]{27}"$/);
      expect(own.headers.get('vary')).toBe('Accept-Encoding');
      const html = await own.text();
      expect(html).toContain('<title>Fig &#38; Olive</title>');
      expect(html).toContain('<div id="root"><h1>Fig & Olive</h1><p>http://localhost/</p></div>');
      expect(html).toContain('<script type="application/json" id="page-data">');

      for (const [page, encoding] of [
        ['/', 'br'],
        ['/', 'gzip'],
        ['/', undefined],
        ['/?table=T5', 'br'],
      ] as const) {
        const headers: Record<string, string> = encoding ? { 'accept-encoding': encoding } : {};
        const ownAnswer = await app.request(page, { headers });
        const ownBytes = Buffer.from(await ownAnswer.arrayBuffer());
        const before = fastAnswers;
        // fetch() asks for and decodes compression itself; a raw request shows the bytes as sent.
        const fast = await new Promise<{ status: number; headers: Headers; body: Buffer }>(
          (resolve, reject) => {
            get(`${base}${page}`, { headers }, (answer) => {
              const chunks: Buffer[] = [];
              answer.on('data', (chunk: Buffer) => chunks.push(chunk));
              answer.on('end', () =>
                resolve({
                  status: answer.statusCode ?? 0,
                  headers: new Headers(answer.headers as Record<string, string>),
                  body: Buffer.concat(chunks),
                }),
              );
            }).on('error', reject);
          },
        );
        expect(fastAnswers, `${page} ${encoding}`).toBe(before + 1);
        expect(fast.status).toBe(200);
        expect(fast.body.equals(ownBytes), `${page} ${encoding}`).toBe(true);
        expect(fast.headers.get('content-encoding') ?? undefined).toBe(encoding);
        const text =
          encoding === 'br'
            ? brotliDecompressSync(fast.body).toString()
            : encoding === 'gzip'
              ? gunzipSync(fast.body).toString()
              : fast.body.toString();
        expect(text).toContain(
          page === '/' ? '<p>http://localhost/</p>' : '<p>http://localhost/?table=T5</p>',
        );
        expect(comparable(new Response(null, { headers: fast.headers }))).toEqual(
          comparable(new Response(null, { headers: ownAnswer.headers }))
            .concat(
              ownAnswer.headers.get('content-length') ? [] : [['content-length', String(fast.body.length)]],
            )
            .sort(),
        );
        const etag = fast.headers.get('etag') ?? '';
        const fast304 = await fetch(`${base}${page}`, { headers: { 'if-none-match': etag } });
        expect(fast304.status).toBe(304);
        expect(comparable(fast304)).toEqual(
          comparable(await app.request(page, { headers: { 'if-none-match': etag } })),
        );
      }

      // A change of the settings: the kept page is not served again, the next one shows the change.
      expect((await t.patchLatest('/api/settings', { name: 'Fig & Olive Bar' }, { as: admin })).status).toBe(
        200,
      );
      await t.liveSettled();
      const before = fastAnswers;
      const renewed = await fetch(`${base}/`);
      expect(fastAnswers).toBe(before);
      expect(await renewed.text()).toContain('<h1>Fig & Olive Bar</h1>');
      await fetch(`${base}/`);
      expect(fastAnswers).toBe(before + 1);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('the session fast path', () => {
  const DAY = 24 * 60 * 60 * 1000;
  const fast = (cookie: string | undefined) => readActorFast(t.services, cookie);

  async function sessionRow(user: TestUser) {
    const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    return row;
  }

  it('reads the actor of a signed cookie without better-auth, and /api/me answers for it', async () => {
    const user = await t.buildUser();
    const actor = await fast(user.cookie);
    expect(actor).toEqual({
      id: user.id,
      email: user.email,
      name: expect.any(String),
      role: 'customer',
      sessionId: (await sessionRow(user))?.id,
    });
    const me = await t.get('/api/me', { as: user });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { uid: string }).uid).toBe(user.id);
  });

  it('treats a tampered cookie as anonymous: another token, another signature, a cut signature', async () => {
    const user = await t.buildUser();
    const [name, value] = user.cookie.split(/=(.*)/s) as [string, string];
    const decoded = decodeURIComponent(value);
    const dot = decoded.lastIndexOf('.');
    const token = decoded.slice(0, dot);
    const signature = decoded.slice(dot + 1);
    const flip = (text: string, at: number) =>
      text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);
    const tampered = [
      `${flip(token, 0)}.${signature}`,
      `${token}.${flip(signature, 3)}`,
      `${token}.${signature.slice(0, 20)}`,
      token,
      `${token}.`,
      '%E0%A4%A',
    ];
    for (const forged of tampered) {
      const cookie = `${name}=${forged.startsWith('%') ? forged : encodeURIComponent(forged)}`;
      expect(await fast(cookie), forged).toBeNull();
      const me = await t.get('/api/me', { as: { cookie } });
      expect(me.status, forged).toBe(401);
    }
    // The real cookie still works: nothing above ended the session.
    expect((await t.get('/api/me', { as: user })).status).toBe(200);
  });

  it('leaves a cookie given twice to better-auth', async () => {
    const user = await t.buildUser();
    expect(await fast(`${user.cookie}; ${user.cookie}`)).toBeUndefined();
  });

  it('leaves an expired session to better-auth, which ends it: 401', async () => {
    const user = await t.buildUser();
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    expect(await fast(user.cookie)).toBeUndefined();
    const me = await t.get('/api/me', { as: user });
    expect(me.status).toBe(401);
    expect(await sessionRow(user)).toBeUndefined();
  });

  it('leaves a session due for its daily refresh to better-auth, which moves its expiry; then it is fast again', async () => {
    const user = await t.buildUser();
    const dueAt = new Date(Date.now() + 10 * DAY);
    await t.db.update(sessions).set({ expiresAt: dueAt }).where(eq(sessions.userId, user.id));
    expect(await fast(user.cookie)).toBeUndefined();
    expect((await t.get('/api/me', { as: user })).status).toBe(200);
    const refreshed = await sessionRow(user);
    expect(refreshed?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * DAY);
    expect((await fast(user.cookie))?.id).toBe(user.id);
  });

  it('holds a disable, a role change and a sign-out at the very next request', async () => {
    const user = await t.buildUser();
    expect((await t.get('/api/menu/items', { as: user })).status).toBe(403);
    await t.db.update(users).set({ role: 'staff' }).where(eq(users.id, user.id));
    expect((await fast(user.cookie))?.role).toBe('staff');
    expect((await t.get('/api/menu/items', { as: user })).status).toBe(200);

    // A disabled user with a leftover session (a sign-in racing the disable) is anonymous.
    await t.db.update(users).set({ disabled: true }).where(eq(users.id, user.id));
    expect(await fast(user.cookie)).toBeNull();
    expect((await t.get('/api/me', { as: user })).status).toBe(401);
    await t.db.update(users).set({ disabled: false }).where(eq(users.id, user.id));
    expect((await t.get('/api/me', { as: user })).status).toBe(200);

    expect((await t.post('/api/auth/sign-out', {}, { as: user })).status).toBe(200);
    expect(await fast(user.cookie)).toBeNull();
    expect((await t.get('/api/me', { as: user })).status).toBe(401);
  });

  it('holds a disable and a role change made through User Management at the next request', async () => {
    const admin = await t.buildUser({ role: 'admin' });
    const user = await t.buildUser({ role: 'staff' });
    expect((await t.get('/api/me', { as: user })).status).toBe(200);
    const [{ count } = { count: 0 }] = await t.db
      .select({ count: sql<number>`count(*)::int` })
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    expect(count).toBe(1);
    const disable = await t.post(`/api/admin/users/${user.id}/disable`, undefined, { as: admin });
    expect(disable.status, await disable.clone().text()).toBe(200);
    expect((await t.get('/api/me', { as: user })).status).toBe(401);
    expect(await fast(user.cookie)).toBeNull();
  });
});

describe('a 304 from memory (notModifiedFastRoute)', () => {
  it('answers an idle poll of the public menu as the app would, and leaves everything else to the app', async () => {
    const app = createApp({ ...t.services, webRoot: '.tmp/no-web-build' });
    const menu = await app.request('/api/menu/public');
    expect(menu.status).toBe(200);
    const etag = menu.headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    const headers = await captureNotModified(app, '/api/menu/public', etag);
    expect(headers).toBeDefined();
    let current: string | undefined = etag;
    let fastAnswers = 0;
    const route = notModifiedFastRoute({
      path: '/api/menu/public',
      currentEtag: () => current,
      headers: headers ?? {},
    });
    const server: Server = createServer(
      withFastLane(getRequestListener(app.fetch), [
        (request, path) => {
          const answer = route(request, path);
          if (answer) fastAnswers += 1;
          return answer;
        },
      ]),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const comparable = (response: Response) =>
      [...response.headers]
        .filter(([name]) => !['date', 'x-request-id', 'connection', 'keep-alive'].includes(name))
        .sort();
    const poll = (extra: Record<string, string> = {}) =>
      fetch(`${base}/api/menu/public`, { headers: { 'if-none-match': etag, ...extra } });
    try {
      const fast = await poll();
      expect(fast.status).toBe(304);
      expect(fastAnswers).toBe(1);
      const own = await app.request('/api/menu/public', { headers: { 'if-none-match': etag } });
      expect(comparable(fast)).toEqual(comparable(own));

      // A signed-in poll, a stale ETag, an unknown version: the app answers.
      expect((await poll({ cookie: 'brigade.session_token=x' })).status).toBe(304);
      expect((await poll({ 'if-none-match': '"older"' })).status).toBe(200);
      current = undefined;
      expect((await poll()).status).toBe(304);
      current = '"a-newer-version"';
      expect((await poll()).status).toBe(304);
      expect(fastAnswers).toBe(1);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('the fast routes of the process (src/server/fast-routes.ts)', () => {
  let server: Server;
  let base: string;
  let fastAnswers = 0;
  let app: ReturnType<typeof createApp>;
  let admin: TestUser;

  beforeAll(async () => {
    app = createApp({ ...t.services, webRoot: '.tmp/no-web-build' });
    admin = await t.buildUser({ role: 'admin' });
    const routes = await createFastRoutes(app, t.services);
    // The SPA page is not built here: the public menu's 304, /api/config and /api/me.
    expect(routes).toHaveLength(3);
    server = createServer(
      withFastLane(
        getRequestListener(app.fetch),
        routes.map((route) => (request, path) => {
          const answer = route(request, path);
          if (answer) fastAnswers += 1;
          return answer;
        }),
      ),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const comparable = (response: Response) =>
    [...response.headers]
      .filter(([name]) => !['date', 'x-request-id', 'connection', 'keep-alive'].includes(name))
      .sort();
  /** A GET through the server, and whether the fast lane answered it. */
  async function fetchCounted(path: string, headers: Record<string, string> = {}) {
    const before = fastAnswers;
    const response = await fetch(`${base}${path}`, { headers });
    const body = await response.text();
    return { response, body, fast: fastAnswers === before + 1 };
  }

  it("answers the public menu's idle 304 exactly as the app does, and a menu change at once", async () => {
    const admin = await t.buildUser({ role: 'admin' });
    const first = await fetchCounted('/api/menu/public');
    expect(first.fast).toBe(false);
    const etag = first.response.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"menu-\d+"$/);

    const poll = await fetchCounted('/api/menu/public', { 'if-none-match': etag });
    expect(poll.response.status).toBe(304);
    expect(poll.fast).toBe(true);
    const own = await app.request('/api/menu/public', { headers: { 'if-none-match': etag } });
    expect(own.status).toBe(304);
    expect(comparable(poll.response)).toEqual(comparable(own));

    // A signed-in poll goes to the app (its answer is private).
    const signedIn = await fetchCounted('/api/menu/public', { 'if-none-match': etag, cookie: admin.cookie });
    expect(signedIn.fast).toBe(false);
    expect(signedIn.response.status).toBe(304);
    expect(signedIn.response.headers.get('cache-control')).toBe('private, no-cache');

    // A menu change through the app: its answer comes once this process knows the new version, so the
    // very next poll with the old ETag gets the new menu (from the app), then 304 from memory again.
    const created = await t.post('/api/food-categories', { name: 'Fast lane tea' }, { as: admin });
    expect(created.status, await created.clone().text()).toBe(201);
    const categoryId = ((await created.json()) as { id: string }).id;
    const item = await t.post(
      '/api/menu/items',
      { name: 'Fast lane chai', categoryId, price: 310 },
      { as: admin },
    );
    expect(item.status).toBe(201);
    const changed = await fetchCounted('/api/menu/public', { 'if-none-match': etag });
    expect(changed.fast).toBe(false);
    expect(changed.response.status).toBe(200);
    expect(changed.body).toContain('Fast lane chai');
    const newEtag = changed.response.headers.get('etag') ?? '';
    expect(newEtag).not.toBe(etag);
    const again = await fetchCounted('/api/menu/public', { 'if-none-match': newEtag });
    expect(again.response.status).toBe(304);
    expect(again.fast).toBe(true);
    expect(again.response.headers.get('etag')).toBe(newEtag);
  });

  it('answers a signed-in /api/me from the kept session as the app does, and holds every change at the next request', async () => {
    const user = await t.buildUser({ role: 'staff' });
    const asUser = { cookie: user.cookie };
    const first = await fetchCounted('/api/me', asUser);
    expect(first.response.status).toBe(200);
    expect(first.fast).toBe(false);
    const fast = await fetchCounted('/api/me', asUser);
    expect(fast.fast).toBe(true);
    const own = await app.request('/api/me', { headers: asUser });
    expect(own.status).toBe(200);
    expect(fast.body).toBe(await own.text());
    expect(comparable(fast.response)).toEqual(
      [...comparable(own), ['content-length', String(Buffer.byteLength(fast.body))]].sort(),
    );
    expect(fast.response.headers.get('cache-control')).toBe('no-store');

    // A name change, a role change, a sign-out: the next /api/me (the app's) shows it, then memory again.
    const renamed = await t.post('/api/auth/update-user', { name: 'Renamed Fast' }, { as: user });
    expect(renamed.status, await renamed.clone().text()).toBe(200);
    const afterRename = await fetchCounted('/api/me', asUser);
    expect(afterRename.fast).toBe(false);
    expect(JSON.parse(afterRename.body).displayName).toBe('Renamed Fast');
    expect(JSON.parse((await fetchCounted('/api/me', asUser)).body).displayName).toBe('Renamed Fast');

    const demoted = await t.patch(`/api/admin/users/${user.id}/role`, { role: 'customer' }, { as: admin });
    expect(demoted.status).toBe(200);
    expect(JSON.parse((await fetchCounted('/api/me', asUser)).body).role).toBe('customer');

    expect((await t.post('/api/auth/sign-out', {}, { as: user })).status).toBe(200);
    const signedOut = await fetchCounted('/api/me', asUser);
    expect(signedOut.fast).toBe(false);
    expect(signedOut.response.status).toBe(401);
  });

  it('answers /api/config from memory exactly as the app does, and shows a settings change at the next request', async () => {
    const admin = await t.buildUser({ role: 'admin' });
    // The first request after start builds the answer (the app); the next come from memory.
    await fetchCounted('/api/config');
    const fast = await fetchCounted('/api/config');
    expect(fast.fast).toBe(true);
    expect(fast.response.status).toBe(200);
    const own = await app.request('/api/config');
    expect(fast.body).toBe(await own.text());
    expect(comparable(fast.response)).toEqual(
      [...comparable(own), ['content-length', String(Buffer.byteLength(fast.body))]].sort(),
    );
    const etag = fast.response.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"config-[\w-]{22}"$/);
    const notModified = await fetchCounted('/api/config', { 'if-none-match': etag });
    expect(notModified.fast).toBe(true);
    expect(notModified.response.status).toBe(304);
    const own304 = await app.request('/api/config', { headers: { 'if-none-match': etag } });
    expect(own304.status).toBe(304);
    expect(comparable(notModified.response)).toEqual(comparable(own304));
    // The answer does not depend on who asks: a signed-in caller (through the app) gets the same bytes.
    const signedIn = await fetchCounted('/api/config', { cookie: admin.cookie });
    expect(signedIn.fast).toBe(false);
    expect(signedIn.body).toBe(fast.body);

    const renamed = await t.patchLatest('/api/settings', { name: 'Fast Lane Bistro' }, { as: admin });
    expect(renamed.status, await renamed.clone().text()).toBe(200);
    // No waiting: the change's own answer came after this process applied its event.
    const after = await fetchCounted('/api/config', { 'if-none-match': etag });
    expect(after.response.status).toBe(200);
    expect(JSON.parse(after.body).restaurantName).toBe('Fast Lane Bistro');
    const newEtag = after.response.headers.get('etag') ?? '';
    expect(newEtag).not.toBe(etag);
    const fromMemory = await fetchCounted('/api/config', { 'if-none-match': newEtag });
    expect(fromMemory.fast).toBe(true);
    expect(fromMemory.response.status).toBe(304);
    expect(JSON.parse((await fetchCounted('/api/config')).body).restaurantName).toBe('Fast Lane Bistro');
    // Through the app directly too.
    expect(((await (await t.get('/api/config')).json()) as { restaurantName: string }).restaurantName).toBe(
      'Fast Lane Bistro',
    );
  });
});

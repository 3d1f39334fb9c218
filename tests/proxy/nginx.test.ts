import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cleanUpApps,
  freePort,
  makeTempDir,
  REPO_ROOT,
  type SpawnedApp,
  spawnApp,
} from '../support/spawn-app';

/**
 * The app behind nginx as docs/deploy/nginx.conf sets it up, the file changed only in its names, ports
 * and certificate paths: TLS ends at nginx, TRUST_PROXY=true takes the client's address from the entry
 * nginx appends to X-Forwarded-For (not from one the client sent) and the scheme from
 * X-Forwarded-Proto, same-origin writes pass with the Host nginx passes on, and the live stream's
 * changes arrive as they happen. Needs nginx and openssl (`npm run test:proxy`).
 */
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => existsSync(file));
if (!NGINX) throw new Error('nginx is not installed: apt-get install -y nginx-light');

/** The client connects from this loopback address, so it differs from nginx's own (127.0.0.1). */
const CLIENT_ADDRESS = '127.0.0.2';
/** The administrator every spawned app starts with (tests/support/spawn-app.ts). */
const ADMIN_EMAIL = 'admin@brigade.local';
const ADMIN_PASSWORD = 'process-test-admin-password';

let dir: string;
let app: SpawnedApp;
let nginx: ReturnType<typeof spawn>;
let tlsPort: number;
let plainPort: number;
let ca: string;
let origin: string;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function request(
  method: string,
  pathname: string,
  options: { headers?: Record<string, string>; body?: unknown } = {},
): Promise<Answer> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        host: '127.0.0.1',
        servername: 'localhost',
        port: tlsPort,
        method,
        path: pathname,
        ca,
        localAddress: CLIENT_ADDRESS,
        headers: {
          host: `localhost:${tlsPort}`,
          ...(body ? { 'content-type': 'application/json', origin } : {}),
          ...options.headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The owner's file with this run's names, ports and paths, and nothing else changed. */
async function siteConfig(appPort: number): Promise<string> {
  const owner = await fs.readFile(path.join(REPO_ROOT, 'docs/deploy/nginx.conf'), 'utf8');
  const site = owner
    .replaceAll('cafe.example.com', 'localhost')
    .replaceAll('/etc/letsencrypt/live/localhost/fullchain.pem', path.join(dir, 'cert.pem'))
    .replaceAll('/etc/letsencrypt/live/localhost/privkey.pem', path.join(dir, 'key.pem'))
    .replace('server 127.0.0.1:3000;', `server 127.0.0.1:${appPort};`)
    .replace(/^\s*listen \[::\]:.*$/gm, '')
    .replace('listen 80;', `listen 127.0.0.1:${plainPort};`)
    .replace('listen 443 ssl http2;', `listen 127.0.0.1:${tlsPort} ssl http2;`);
  expect(site).not.toContain('cafe.example.com');
  expect(site).toContain(`server 127.0.0.1:${appPort};`);
  return site;
}

beforeAll(async () => {
  dir = await makeTempDir('nginx');
  await fs.chmod(dir, 0o755);
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  ca = await fs.readFile(path.join(dir, 'cert.pem'), 'utf8');
  tlsPort = await freePort();
  plainPort = await freePort();
  origin = `https://localhost:${tlsPort}`;

  app = await spawnApp({
    dataDir: path.join(dir, 'data'),
    env: { BASE_URL: origin, TRUST_PROXY: 'true', ADMIN_PASSWORD },
  });
  await app.waitForHealthy(170_000);

  await fs.writeFile(path.join(dir, 'site.conf'), await siteConfig(app.port));
  const temp = (name: string) => path.join(dir, name);
  await fs.writeFile(
    path.join(dir, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      'user root;',
      `pid ${temp('nginx.pid')};`,
      `error_log ${temp('error.log')} warn;`,
      'events { worker_connections 256; }',
      'http {',
      `  access_log ${temp('access.log')};`,
      `  client_body_temp_path ${temp('body')};`,
      `  proxy_temp_path ${temp('proxy')};`,
      `  fastcgi_temp_path ${temp('fastcgi')};`,
      `  uwsgi_temp_path ${temp('uwsgi')};`,
      `  scgi_temp_path ${temp('scgi')};`,
      `  include ${temp('site.conf')};`,
      '}',
    ].join('\n'),
  );
  nginx = spawn(NGINX, ['-c', path.join(dir, 'nginx.conf'), '-p', dir], { stdio: 'inherit' });
  // Up once it answers through TLS.
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      if ((await request('GET', '/api/health')).status === 200) break;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}, 240_000);

afterAll(async () => {
  nginx?.kill('SIGTERM');
  await cleanUpApps();
});

async function signInAsAdmin(): Promise<string> {
  const signIn = await request('POST', '/api/auth/sign-in/email', {
    body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
  });
  expect(signIn.status, signIn.body).toBe(200);
  const cookies = [signIn.headers['set-cookie'] ?? []].flat();
  expect(cookies.length).toBeGreaterThan(0);
  // BASE_URL is https: the session cookie is only ever sent over TLS.
  for (const cookie of cookies) expect(cookie).toMatch(/;\s*Secure/i);
  return cookies.map((cookie) => cookie.split(';')[0]).join('; ');
}

describe('the app behind nginx (docs/deploy/nginx.conf)', () => {
  it('sends plain HTTP to HTTPS', async () => {
    const answer = await new Promise<{ status: number; location?: string }>((resolve, reject) => {
      http
        .get(
          { host: '127.0.0.1', port: plainPort, path: '/menu?x=1', headers: { host: 'localhost' } },
          (res) => {
            res.resume();
            resolve({ status: res.statusCode ?? 0, location: res.headers.location });
          },
        )
        .on('error', reject);
    });
    expect(answer).toEqual({ status: 301, location: 'https://localhost/menu?x=1' });
  });

  it('serves the guests’ page and the API over TLS with the app’s own security headers', async () => {
    const page = await request('GET', '/');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['strict-transport-security']).toContain('max-age=');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('takes the client’s address from nginx’s entry, never from one the client sent', async () => {
    const cookie = await signInAsAdmin();
    const email = `proxy-${Date.now()}@example.com`;
    const made = await request('POST', '/api/admin/users', {
      headers: { cookie, 'x-forwarded-for': '203.0.113.9' },
      body: { name: 'Proxy Check', email, role: 'staff' },
    });
    // A same-origin write passes: nginx passes the browser's Host on, and the scheme as https.
    expect(made.status, made.body).toBe(201);
    const audit = await request('GET', '/api/admin/audit?limit=20', { headers: { cookie } });
    expect(audit.status, audit.body).toBe(200);
    const entries = (JSON.parse(audit.body) as { items: { summary: string; ipAddress: string | null }[] })
      .items;
    const entry = entries.find(
      (item) => item.summary.includes(email) || item.summary.includes('Proxy Check'),
    );
    expect(entry, JSON.stringify(entries.slice(0, 3))).toBeDefined();
    expect(entry?.ipAddress).toBe(CLIENT_ADDRESS);
  });

  it('refuses a write from another origin through the proxy', async () => {
    const cookie = await signInAsAdmin();
    const answer = await request('POST', '/api/food-categories', {
      headers: { cookie, origin: 'https://evil.example' },
      body: { name: 'Not from here' },
    });
    expect(answer.status).toBe(403);
  });

  it('passes each change of the live stream on as it happens', async () => {
    const cookie = await signInAsAdmin();
    const received: string[] = [];
    let resolveChange!: (at: number) => void;
    const changed = new Promise<number>((resolve) => {
      resolveChange = resolve;
    });
    let resolveOpen!: () => void;
    const opened = new Promise<void>((resolve) => {
      resolveOpen = resolve;
    });
    const stream = https.request(
      {
        host: '127.0.0.1',
        servername: 'localhost',
        port: tlsPort,
        path: '/api/events?topics=menu',
        ca,
        localAddress: CLIENT_ADDRESS,
        headers: { host: `localhost:${tlsPort}`, accept: 'text/event-stream' },
      },
      (res) => {
        expect(res.statusCode).toBe(200);
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          received.push(chunk);
          if (chunk.includes('retry:')) resolveOpen();
          if (chunk.includes('event: change')) resolveChange(Date.now());
        });
      },
    );
    stream.end();
    try {
      // The stream's first message arrives while the answer is still open: nothing holds it back.
      await opened;
      const sent = Date.now();
      const made = await request('POST', '/api/food-categories', {
        headers: { cookie },
        body: { name: `Proxy ${Date.now()}` },
      });
      expect(made.status, made.body).toBe(201);
      const arrived = await Promise.race([
        changed,
        new Promise<number>((_, reject) =>
          setTimeout(() => reject(new Error(`no change within 5 s: ${received.join('')}`)), 5000),
        ),
      ]);
      // Pushed, not buffered until the answer ends: well within the second a live screen allows.
      expect(arrived - sent).toBeLessThan(1000);
      expect(received.join('')).toMatch(/event: change\nid: \d+\ndata: \{"topic":"menu"/);
    } finally {
      stream.destroy();
    }
  });
});

import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';

import { humanCheckFor } from '../tests/support/human-check';
import { cleanUpApps, makeTempDir, spawnApp } from '../tests/support/spawn-app';

/**
 * `npm run bench`: starts the real app (embedded PostgreSQL, or TEST_DATABASE_URL's server with a
 * fresh database) and measures requests per second and latency percentiles of the endpoints every
 * screen touches, with a fixed number of concurrent clients, plus the app's memory afterwards.
 * Numbers depend on the machine; compare runs on the same one.
 */
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 5000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);

interface Result {
  name: string;
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function measure(name: string, request: () => Promise<Response>, expected = 200): Promise<Result> {
  const latencies: number[] = [];
  let errors = 0;
  const end = Date.now() + DURATION_MS;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < end) {
        const started = performance.now();
        const response = await request();
        await response.arrayBuffer();
        latencies.push(performance.now() - started);
        if (response.status !== expected) errors += 1;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const round = (value: number) => Math.round(value * 100) / 100;
  return {
    name,
    requests: latencies.length,
    perSecond: Math.round(latencies.length / (DURATION_MS / 1000)),
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    p99: round(percentile(latencies, 99)),
    errors,
  };
}

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function main(): Promise<void> {
  const dataDir = await makeTempDir('bench');
  const env: Record<string, string> = { LOG_LEVEL: 'warn', ADMIN_PASSWORD: 'bench-admin-password' };
  if (process.env.TEST_DATABASE_URL) {
    const { createDatabaseFromTemplate, createTemplateDatabase, databaseUrl, dropDatabase } = await import(
      '../tests/support/test-server'
    );
    const template = `brigade_bench_${process.pid}`;
    await createTemplateDatabase(process.env.TEST_DATABASE_URL, template);
    const name = await createDatabaseFromTemplate(process.env.TEST_DATABASE_URL, template);
    await dropDatabase(process.env.TEST_DATABASE_URL, template);
    env.DATABASE_URL = databaseUrl(process.env.TEST_DATABASE_URL, name);
  }
  const app = await spawnApp({ dataDir, env });
  try {
    await app.waitForHealthy();
    const base = app.baseUrl;
    const email = `bench-${randomBytes(3).toString('hex')}@bench.brigade`;
    const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-human-check': await humanCheckFor(base) },
      body: JSON.stringify({ name: 'Bench', email, password: 'bench-password' }),
    });
    const cookie = signUp.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const adminSignIn = await fetch(`${base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@brigade.local', password: env.ADMIN_PASSWORD }),
    });
    const adminCookie = adminSignIn.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const menuEtag = (await fetch(`${base}/api/menu/public`)).headers.get('etag') ?? '';
    const rssBefore = rssOf(app.child.pid!);

    const results = [
      await measure('GET /api/health', () => fetch(`${base}/api/health`)),
      await measure('GET /api/config', () => fetch(`${base}/api/config`)),
      await measure('GET /api/auth/get-session (signed in)', () =>
        fetch(`${base}/api/auth/get-session`, { headers: { cookie } }),
      ),
      await measure('GET /api/me (signed in)', () => fetch(`${base}/api/me`, { headers: { cookie } })),
      await measure('GET / (page)', () => fetch(`${base}/`)),
      await measure('GET /api/menu/public (demo menu)', () => fetch(`${base}/api/menu/public`)),
      await measure(
        'GET /api/menu/public (If-None-Match → 304)',
        () => fetch(`${base}/api/menu/public`, { headers: { 'if-none-match': menuEtag } }),
        304,
      ),
      await measure('GET /api/menu/items?sort=position (admin)', () =>
        fetch(`${base}/api/menu/items?sort=position&limit=100`, { headers: { cookie: adminCookie } }),
      ),
      await measure('GET /api/suppliers (admin)', () =>
        fetch(`${base}/api/suppliers`, { headers: { cookie: adminCookie } }),
      ),
    ];
    const rssAfter = rssOf(app.child.pid!);
    console.log(
      `\nBrigade benchmark: ${CONCURRENCY} concurrent clients, ${DURATION_MS / 1000} s per endpoint, ${env.DATABASE_URL ? 'PostgreSQL server' : 'embedded PostgreSQL'}\n`,
    );
    console.table(results.map(({ name, ...rest }) => ({ endpoint: name, ...rest })));
    console.log(
      `app memory (RSS): ${rssBefore.toFixed(1)} MiB before, ${rssAfter.toFixed(1)} MiB after the load`,
    );
    if (results.some((result) => result.errors > 0)) {
      console.error('Some requests failed; the numbers above are not trustworthy.');
      process.exitCode = 1;
    }
  } finally {
    await app.stop().catch(() => {});
    await cleanUpApps();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

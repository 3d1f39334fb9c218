import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { buildWebIfStale } from '../scripts/build-web';
import type { PointOfSale } from '../src/shared/contracts/orders';
import { humanCheckFor } from '../tests/support/human-check';
import { cleanUpApps, makeTempDir, REPO_ROOT, spawnApp } from '../tests/support/spawn-app';
import { runBusyOutlet, sampleOrder } from './busy-outlet';
import { prepareFinanceYear } from './finance-lines';
import { prepareCompletions, prepareCountFinish } from './inventory-lines';
import { benchDatabaseUrl, prepareOrderYear } from './order-year';
import { measureReports, type ReportTiming } from './report-lines';
import { captureSql, prepareRounds } from './write-lines';

/**
 * `npm run bench`: starts the real app (embedded PostgreSQL, or TEST_DATABASE_URL's server with a
 * fresh database) and, in the same run, a bare `node:http` server answering the same small JSON. The
 * load comes from autocannon in a process of its own (bench/load.mjs), one endpoint at a time, so the
 * load generator does not compete with this script's event loop. Every line is reported as a share of
 * the bare server's requests per second (measured before, halfway through and after the app's lines;
 * the median is the yardstick; a line with a share goal is paired with its own bare runs, see below), with the absolute requests/s, p50 and p99 latency and the app's memory after the line.
 * `/api/config` and the SPA page are paired with a bare server answering their own bytes and headers;
 * their share of the small JSON is printed beside it.
 * Each line's goal (`goal` below) is checked and printed; the numbers depend on the machine and its load
 * (the load average is printed too), so compare runs on the same machine.
 *
 * BENCH_DURATION_S (default 5), BENCH_CONNECTIONS (default 10), BENCH_ROUNDS (pairs per line with a share
 * goal; default 3), BENCH_ONLY (a regular expression over
 * the line names), BENCH_JSON (where to write the results; default .tmp/bench-last.json) and
 * BENCH_PROFILE (a folder for the app's CPU profile, written when it stops).
 */
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 1);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : null;
const JSON_FILE = process.env.BENCH_JSON ?? path.join(REPO_ROOT, '.tmp', 'bench-last.json');
const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const OUTLET_S = Number(process.env.BENCH_OUTLET_S ?? 60);
const OUTLET_COMPRESSION = Number(process.env.BENCH_OUTLET_COMPRESSION ?? 10);

/** Completes every open order (the order line leaves thousands on the board). */
async function closeOpenOrders(base: string, cookie: string): Promise<void> {
  const next = {
    confirmed: 'preparing',
    preparing: 'ready',
    ready: 'completed',
    pending: 'rejected',
  } as const;
  for (;;) {
    const response = await fetch(`${base}/api/orders?status=pending,confirmed,preparing,ready&limit=500`, {
      headers: { cookie },
    });
    const { items } = (await response.json()) as {
      items: { id: string; status: keyof typeof next; version: number }[];
    };
    if (items.length === 0) return;
    const queue = [...items];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let order = queue.shift(); order; order = queue.shift()) {
          let { status, version } = order;
          while (status in next) {
            const moved = await fetch(`${base}/api/orders/${order.id}/status`, {
              method: 'POST',
              headers: { cookie, 'content-type': 'application/json' },
              body: JSON.stringify({ status: next[status], version, reason: 'Bench' }),
            });
            if (moved.status !== 200) break;
            ({ status, version } = (await moved.json()) as { status: keyof typeof next; version: number });
          }
        }
      }),
    );
  }
}

interface Goal {
  /** Least share of bare node's requests/s (0.8 = 80 %). */
  share?: number;
  /** Least absolute requests/s. */
  perSecond?: number;
  /** Most p99 latency in ms. */
  p99?: number;
  /** Most p97.5 latency in ms (autocannon's percentile nearest above p95: meeting it meets p95). */
  p97_5?: number;
}

interface Line {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  body?: string;
  /** A header that gets a new UUID on every request (an order's Idempotency-Key). */
  uniqueHeader?: string;
  headers?: Record<string, string>;
  /** The status every answer must have (default 200). */
  expect?: number;
  /** A line measured by its own loop instead of autocannon (a request that depends on the last answer). */
  custom?: (durationS: number, connections: number) => Promise<Omit<Measured, 'name' | 'rssMiB'>>;
  goal?: Goal;
  /** Connections of its own (default BENCH_CONNECTIONS): the back office's pages have few users at once. */
  connections?: number;
  /**
   * A bare node:http server answering this line's own bytes and headers, or running its own SQL
   * (`request`: how to call it): the line's share goal is paired with it instead of the small JSON.
   */
  twin?: { child: ChildProcess; port: number; label: string; request?: Partial<Line> };
  /** Another line of the app the share goal is paired with (measured right before, each round). */
  pairedWith?: Line;
}

interface Measured {
  name: string;
  perSecond: number;
  p50: number;
  /**
   * With p97.5, the two percentiles autocannon gives around p95 (the order line's goal is a p95, checked as
   * p97.5).
   */
  p90: number;
  p97_5: number;
  p99: number;
  requests: number;
  /** Answers with another status than expected, errors and timeouts. */
  failed: number;
  rssMiB: number;
}

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p90: number; p97_5: number; p99: number };
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number }>;
}

function runLoad(url: string, line: Line): Promise<AutocannonResult> {
  const options = {
    url,
    headers: { ...line.headers, ...(line.body ? { 'content-type': 'application/json' } : {}) },
    method: line.method ?? 'GET',
    ...(line.body ? { body: line.body } : {}),
    ...(line.uniqueHeader ? { uniqueHeader: line.uniqueHeader } : {}),
    connections: line.connections ?? CONNECTIONS,
    duration: DURATION_S,
    warmupSeconds: WARMUP_S,
  };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(BENCH_DIR, 'load.mjs'), JSON.stringify(options)], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`the load generator exited with ${code}`));
      try {
        resolve(JSON.parse(output.trim().split('\n').pop() ?? '') as AutocannonResult);
      } catch (error) {
        reject(error);
      }
    });
  });
}

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 102.4) / 10;
}

async function measure(base: string, line: Line, pid: number): Promise<Measured> {
  if (line.custom)
    return { ...(await line.custom(DURATION_S, CONNECTIONS)), name: line.name, rssMiB: rssOf(pid) };
  const result = await runLoad(`${base}${line.path}`, line);
  const expected = String(line.expect ?? 200);
  const total = Object.values(result.statusCodeStats).reduce((sum, { count }) => sum + count, 0);
  const matching = result.statusCodeStats[expected]?.count ?? 0;
  return {
    name: line.name,
    perSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p90: result.latency.p90,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    requests: result.requests.total,
    failed: total - matching + result.errors + result.timeouts,
    rssMiB: rssOf(pid),
  };
}

/** Starts bench/bare-server.mjs answering `body` (and `headers`); resolves with its process and port. */
function startBareServer(
  body: string,
  headers?: Record<string, string>,
): Promise<{ child: ChildProcess; port: number }> {
  return startScript('bare-server.mjs', [body, ...(headers ? [JSON.stringify(headers)] : [])]);
}

/** Starts a bench script that prints its port once listening; resolves with its process and port. */
function startScript(script: string, scriptArgs: string[]): Promise<{ child: ChildProcess; port: number }> {
  const args = [path.join(BENCH_DIR, script), ...scriptArgs];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.once('error', reject);
    child.stdout
      ?.setEncoding('utf8')
      .once('data', (chunk: string) => resolve({ child, port: Number(chunk) }));
  });
}

function cookieOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

function goalText(goal: Goal | undefined): string {
  if (!goal) return '';
  const parts: string[] = [];
  if (goal.share !== undefined) parts.push(`≥ ${goal.share * 100} %`);
  if (goal.perSecond !== undefined) parts.push(`≥ ${goal.perSecond}/s`);
  if (goal.p99 !== undefined) parts.push(`p99 ≤ ${goal.p99} ms`);
  if (goal.p97_5 !== undefined) parts.push(`p97.5 ≤ ${goal.p97_5} ms`);
  return parts.join(', ');
}

function meets(goal: Goal | undefined, measured: Measured, share: number): boolean | null {
  if (!goal) return null;
  return (
    (goal.share === undefined || share >= goal.share) &&
    (goal.perSecond === undefined || measured.perSecond >= goal.perSecond) &&
    (goal.p99 === undefined || measured.p99 <= goal.p99) &&
    (goal.p97_5 === undefined || measured.p97_5 <= goal.p97_5)
  );
}

async function main(): Promise<void> {
  if (!buildWebIfStale()) throw new Error('the web app could not be built');
  const dataDir = await makeTempDir('bench');
  const loopFile = path.join(dataDir, 'event-loop.json');
  const sqlFile = path.join(dataDir, 'sql.json');
  const env: Record<string, string> = {
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD: 'bench-admin-password',
    // The app's event-loop delay, measured from outside its code (bench/loop-probe.mjs).
    // And the SQL each request sends (bench/sql-probe.mjs), for the write lines' own yardstick.
    NODE_OPTIONS: [
      process.env.NODE_OPTIONS,
      `--import=${path.join(BENCH_DIR, 'loop-probe.mjs')}`,
      `--import=${path.join(BENCH_DIR, 'sql-probe.mjs')}`,
    ]
      .filter(Boolean)
      .join(' '),
    BENCH_LOOP_FILE: loopFile,
    BENCH_SQL_FILE: sqlFile,
  };
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
  // BENCH_PROFILE=<folder>: the app writes a CPU profile there when it stops (open it in Chrome's
  // DevTools, or read its heaviest functions with `node bench/profile-top.mjs <file>`).
  const profileDir = process.env.BENCH_PROFILE;
  const app = await spawnApp({
    dataDir,
    env,
    ...(profileDir ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] } : {}),
  });
  let bare: { child: ChildProcess; port: number } | undefined;
  const twins: ChildProcess[] = [];
  try {
    await app.waitForHealthy();
    const base = app.baseUrl;
    const appPid = app.child.pid ?? 0;
    const healthBody = await (await fetch(`${base}/api/health`)).text();
    bare = await startBareServer(healthBody);
    const bareBase = `http://127.0.0.1:${bare.port}`;

    const email = `bench-${randomBytes(3).toString('hex')}@bench.brigade`;
    await fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-human-check': await humanCheckFor(base) },
      body: JSON.stringify({ name: 'Bench', email, password: 'bench-password' }),
    });
    const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'bench-password' }),
    });
    const cookie = cookieOf(signIn);
    const adminSignIn = await fetch(`${base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@brigade.local', password: env.ADMIN_PASSWORD }),
    });
    const adminCookie = cookieOf(adminSignIn);
    if (!cookie || !adminCookie) throw new Error('signing in for the bench failed');
    const pos = (await (
      await fetch(`${base}/api/orders/point-of-sale`, { headers: { cookie: adminCookie } })
    ).json()) as PointOfSale;
    // A cashier's order: 3 lines, each with the options its groups need (and one more where allowed).
    const posOrder = JSON.stringify(sampleOrder(pos, 1, 3));
    // An order as its page reads it: paid by card and partly refunded, so the read puts the order
    // together with its payments, refunds, account and people. Before payments existed the calls are
    // refused and the line reads the order alone.
    const adminJson = { 'content-type': 'application/json', cookie: adminCookie };
    const readOrder = (await (
      await fetch(`${base}/api/orders`, {
        method: 'POST',
        headers: { ...adminJson, 'idempotency-key': randomBytes(8).toString('hex') },
        body: posOrder,
      })
    ).json()) as { id: string; total: number };
    const payment = await fetch(`${base}/api/orders/${readOrder.id}/payments`, {
      method: 'POST',
      headers: adminJson,
      body: JSON.stringify({ method: 'card', amount: readOrder.total }),
    });
    if (payment.ok) {
      const { id } = (await payment.json()) as { id: string };
      await fetch(`${base}/api/payments/${id}/refunds`, {
        method: 'POST',
        headers: adminJson,
        body: JSON.stringify({ amount: 100, reason: 'Bench' }),
      });
    }
    // A coupon every order of its line uses: its row lock puts those orders one after the other.
    await fetch(`${base}/api/coupons`, {
      method: 'POST',
      headers: adminJson,
      body: JSON.stringify({ code: 'BENCH10', kind: 'percent', value: 10, channels: ['pos'] }),
    });
    const couponOrder = JSON.stringify({ ...JSON.parse(posOrder), couponCode: 'bench10' });
    const orderEtag = (
      await fetch(`${base}/api/orders/${readOrder.id}`, { headers: { cookie: adminCookie } })
    ).headers.get('etag');
    // The bell's revalidation: a point-of-sale order tells nobody, so this ETag holds through the run.
    const bellEtag = (
      await fetch(`${base}/api/notifications?limit=20`, { headers: { cookie: adminCookie } })
    ).headers.get('etag');
    // Staff screens for the busy outlet: 8 event streams per user at most, so several staff members.
    const staffCookies = [adminCookie];
    for (let index = 0; index < 4; index++) {
      const staffEmail = `bench-staff-${index}-${randomBytes(3).toString('hex')}@bench.brigade`;
      const made = await fetch(`${base}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-human-check': await humanCheckFor(base) },
        body: JSON.stringify({ name: `Bench staff ${index}`, email: staffEmail, password: 'bench-password' }),
      });
      const { user } = (await made.json()) as { user: { id: string } };
      await fetch(`${base}/api/admin/users/${user.id}/role`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', cookie: adminCookie },
        body: JSON.stringify({ role: 'staff' }),
      });
      const staffSignIn = await fetch(`${base}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: staffEmail, password: 'bench-password' }),
      });
      staffCookies.push(cookieOf(staffSignIn));
    }
    const menuEtag = (await fetch(`${base}/api/menu/public`)).headers.get('etag') ?? '';
    const config = await fetch(`${base}/api/config`);
    const configEtag = config.headers.get('etag');
    // The SPA page is any page but `/`, which is rendered on the server (its own lines below).
    const page = await fetch(`${base}/login`);
    const pageEtag = page.headers.get('etag');
    const homeEtag = (await fetch(`${base}/`, { headers: { 'accept-encoding': 'br' } })).headers.get('etag');
    // The yardstick for /api/config and the SPA page: bare node giving the line's own
    // bytes and headers, which cost more to send and to read than the small JSON (the load generator
    // pays for them too). Both shares are reported.
    const twinOf = async (answer: Response, label: string) => {
      const headers = Object.fromEntries(
        [...answer.headers].filter(
          ([name]) => !['date', 'connection', 'keep-alive', 'content-length'].includes(name),
        ),
      );
      const twin = await startBareServer(await answer.text(), headers);
      twins.push(twin.child);
      return { ...twin, label };
    };
    const configTwin = await twinOf(config, 'the /api/config answer');
    // The order line's yardstick: bare node running the SQL the app runs to place one order.
    const orderRequest = {
      method: 'POST' as const,
      body: posOrder,
      uniqueHeader: 'idempotency-key',
      headers: { cookie: adminCookie },
    };
    const orderSql = await captureSql(appPid, sqlFile, () =>
      fetch(`${base}/api/orders`, {
        method: 'POST',
        headers: { ...adminJson, 'idempotency-key': randomBytes(8).toString('hex') },
        body: posOrder,
      }),
    );
    let sqlTwin: Line['twin'];
    if (orderSql) {
      const planFile = path.join(dataDir, 'order-sql-plan.json');
      writeFileSync(planFile, JSON.stringify(orderSql));
      const started = await startScript('bare-sql-server.mjs', [planFile]);
      twins.push(started.child);
      console.log(
        `Placing an order runs ${orderSql.queries.length} SQL statement(s): ${orderSql.queries
          .map((query) => query.text.replace(/\s+/g, ' ').slice(0, 48))
          .join(' | ')}`,
      );
      sqlTwin = {
        ...started,
        label: `the same ${orderSql.queries.length} SQL statement(s) with node-postgres`,
        request: orderRequest,
      };
    } else {
      console.log('The SQL of placing an order could not be captured: its yardstick line is left out.');
    }
    const rounds = await prepareRounds(base, adminCookie, posOrder, pos);
    // Made on their first run only: a run that leaves these lines out (BENCH_ONLY) makes nothing.
    const completions = prepareCompletions(base, adminCookie, pos);
    const countFinish = prepareCountFinish(base, adminCookie);
    const completeWithout: Line = {
      name: 'POST /api/orders/{id}/status → completed (3 lines, dishes without recipes)',
      path: '/api/orders/{id}/status',
      custom: completions.withoutRecipes,
    };
    const pageTwin = await twinOf(page, 'the SPA page');
    // The owner's lists and account pages over a year of books (made only when one of them runs).
    const books = 'a year of books';
    const finance = !ONLY || ONLY.test(books) ? await prepareFinanceYear(base, adminCookie) : null;
    const orderYear = finance
      ? await prepareOrderYear(base, adminCookie, await benchDatabaseUrl(dataDir, env.DATABASE_URL))
      : null;
    const financeLine = (name: string, linePath: string): Line => ({
      name: `${name} (${books}, 2 at once)`,
      path: linePath,
      headers: { cookie: adminCookie },
      // The owner and a manager at once: the back office is not the counter's rush.
      connections: 2,
      goal: { p97_5: 100 },
    });
    // The statement of the last twelve months, and its ETag while nothing has changed yet.
    const yearAgo = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
    const statementPath = `/api/reports/statement?from=${yearAgo}&to=${new Date().toISOString().slice(0, 10)}`;
    const statementEtag = finance
      ? (await fetch(`${base}${statementPath}`, { headers: { cookie: adminCookie } })).headers.get('etag')
      : null;
    const financeLines: Line[] = finance
      ? [
          financeLine('GET /api/expenses (first page, totals over 3000)', '/api/expenses?limit=50'),
          financeLine(
            'GET /api/expenses?from&categoryId&search (filtered)',
            `/api/expenses?from=${finance.yearAgo}&categoryId=${finance.categoryId}&search=repair&limit=50`,
          ),
          financeLine(
            'GET /api/bank-accounts/{id}/transactions?from (running balance over the year)',
            `/api/bank-accounts/${finance.bankId}/transactions?from=${finance.yearAgo}&limit=50`,
          ),
          financeLine('GET /api/bank-account-balances', '/api/bank-account-balances'),
          financeLine('GET /api/budget-allocations (six months side by side)', '/api/budget-allocations'),
          financeLine('GET /api/purchase-orders (first page)', '/api/purchase-orders?limit=50'),
          financeLine('GET /api/suppliers/{id}/balance', `/api/suppliers/${finance.supplierId}/balance`),
          financeLine('GET /api/orders (first page of a year of orders)', '/api/orders?limit=50'),
          ...(orderYear
            ? [
                financeLine(
                  'GET /api/settlements?partnerId (a partner’s twelve months)',
                  `/api/settlements?partnerId=${orderYear.partnerId}`,
                ),
                financeLine(
                  `GET /api/settlements/{id} (a month: ${orderYear.monthOrders} orders, payout report matched)`,
                  `/api/settlements/${orderYear.settlementId}`,
                ),
                financeLine(
                  'GET /api/cash-closes/preview (the drawer and the day so far)',
                  `/api/cash-closes/preview?accountId=${orderYear.cashId}`,
                ),
              ]
            : []),
        ]
      : [];

    const allLines: Line[] = [
      // First, before any line writes: a write of any record the statement reads changes its ETag.
      ...(statementEtag
        ? [
            {
              name: `GET /api/reports/statement (${books}), If-None-Match (idle, 304)`,
              path: statementPath,
              headers: { cookie: adminCookie, 'if-none-match': statementEtag },
              expect: 304,
            },
          ]
        : []),
      {
        name: 'GET /api/menu/public, If-None-Match (idle poll, 304)',
        path: '/api/menu/public',
        headers: { 'if-none-match': menuEtag },
        expect: 304,
        goal: { share: 0.8, p99: 5 },
      },
      { name: 'GET /api/config', path: '/api/config', goal: { share: 0.8 }, twin: configTwin },
      ...(configEtag
        ? [
            {
              name: 'GET /api/config, If-None-Match (304)',
              path: '/api/config',
              headers: { 'if-none-match': configEtag },
              expect: 304,
            },
          ]
        : []),
      { name: 'GET /api/health (database round trip)', path: '/api/health' },
      { name: 'GET /login (the SPA page)', path: '/login', goal: { share: 0.8 }, twin: pageTwin },
      ...(pageEtag
        ? [
            {
              name: 'GET /login, If-None-Match (304)',
              path: '/login',
              headers: { 'if-none-match': pageEtag },
              expect: 304,
            },
          ]
        : []),
      {
        name: 'GET / (server-rendered guests page, Brotli)',
        path: '/',
        headers: { 'accept-encoding': 'br' },
      },
      ...(homeEtag
        ? [
            {
              name: 'GET / (server-rendered), If-None-Match (304)',
              path: '/',
              headers: { 'if-none-match': homeEtag },
              expect: 304,
            },
          ]
        : []),
      { name: 'GET /api/menu/public (demo menu, full)', path: '/api/menu/public' },
      { name: 'GET /api/me (signed in)', path: '/api/me', headers: { cookie }, goal: { share: 0.4 } },
      { name: 'GET /api/auth/get-session (signed in)', path: '/api/auth/get-session', headers: { cookie } },
      { name: 'GET /api/suppliers (admin)', path: '/api/suppliers', headers: { cookie: adminCookie } },
      {
        name: 'GET /api/suppliers?search=dairy (admin, ILIKE)',
        path: '/api/suppliers?search=dairy',
        headers: { cookie: adminCookie },
      },
      {
        name: 'GET /api/menu/items?sort=position (admin menu list)',
        path: '/api/menu/items?sort=position&limit=500',
        headers: { cookie: adminCookie },
        goal: { perSecond: 2000, p99: 20 },
      },
      // Before the orders are placed: placing one changes the orders' version, and with it this ETag.
      {
        name: 'GET /api/orders/{id} (staff: the order with its payments and a refund)',
        path: `/api/orders/${readOrder.id}`,
        headers: { cookie: adminCookie },
      },
      ...(orderEtag
        ? [
            {
              name: 'GET /api/orders/{id}, If-None-Match (304)',
              path: `/api/orders/${readOrder.id}`,
              headers: { cookie: adminCookie, 'if-none-match': orderEtag },
              expect: 304,
            },
          ]
        : []),
      ...(bellEtag
        ? [
            {
              name: 'GET /api/notifications, If-None-Match (an idle bell, 304)',
              path: '/api/notifications?limit=20',
              headers: { cookie: adminCookie, 'if-none-match': bellEtag },
              expect: 304,
            },
          ]
        : []),
      {
        name: 'POST /api/orders (point of sale, 3 lines with options)',
        path: '/api/orders',
        ...orderRequest,
        expect: 201,
        goal: { perSecond: 1000, p97_5: 20 },
      },
      ...(sqlTwin
        ? [
            {
              name: 'POST /api/orders (the same, against its own SQL on bare node)',
              path: '/api/orders',
              ...orderRequest,
              expect: 201,
              goal: { share: 0.5 },
              twin: sqlTwin,
            },
          ]
        : []),
      {
        name: 'POST /api/orders/{id}/lines (a round of 2 lines on an open check, 10 checks at once)',
        path: '/api/orders/{id}/lines',
        custom: rounds,
      },
      completeWithout,
      {
        name: 'POST /api/orders/{id}/status → completed (3 lines × 3-ingredient recipes: 9 sale movements)',
        path: '/api/orders/{id}/status',
        custom: completions.withRecipes,
        goal: { share: 0.7 },
        pairedWith: completeWithout,
      },
      {
        name: 'POST /api/inventory/counts/{id}/finish (300 items counted, 300 differences)',
        path: '/api/inventory/counts/{id}/finish',
        custom: countFinish,
        goal: { p99: 1000 },
      },
      {
        name: 'POST /api/orders with a coupon (all use one coupon: its row is locked per order)',
        path: '/api/orders',
        method: 'POST',
        body: couponOrder,
        uniqueHeader: 'idempotency-key',
        headers: { cookie: adminCookie },
        expect: 201,
      },
      {
        name: 'GET /api/orders?status=… (the kitchen board, If-None-Match: idle, 304)',
        path: '/api/orders?status=confirmed,preparing,ready,out-for-delivery&limit=500',
        headers: { cookie: adminCookie, 'if-none-match': '"set-below"' },
        expect: 304,
      },
    ];
    allLines.push(...financeLines);
    const lines = allLines.filter((line) => !ONLY || ONLY.test(line.name));

    const load = loadavg().map((value) => value.toFixed(2));
    console.log(
      `\nBrigade benchmark: ${CONNECTIONS} connections, ${DURATION_S} s per line after ${WARMUP_S} s of warm-up, autocannon in its own process, ${env.DATABASE_URL ? 'PostgreSQL server' : 'embedded PostgreSQL'}; ${cpus().length} cores, load average ${load.join(' ')} at the start`,
    );
    const barePid = bare.child.pid ?? 0;
    const bareLine = (when: string) =>
      measure(bareBase, { name: `bare node:http (${when})`, path: '/' }, barePid);
    const twinLine = (twin: NonNullable<Line['twin']>) =>
      measure(
        `http://127.0.0.1:${twin.port}`,
        {
          name: `bare node:http ${twin.request ? 'running' : 'answering'} ${twin.label}${twin.request ? '' : ' (same bytes and headers)'}`,
          path: '/',
          ...twin.request,
          ...(twin.request ? { expect: 201 } : {}),
        },
        twin.child.pid ?? 0,
      );
    // The machine's other work comes and goes within seconds: bare node is measured before, halfway
    // and after, and the median of the three is the yardstick of the lines without a share goal. A
    // line with a share goal is measured in ROUNDS pairs, bare node right before the line each time,
    // and its share is the median of the pairs' shares (the round it comes from gives its numbers).
    const bareRuns = [await bareLine('before')];
    const results: Measured[] = [];
    const pairedShares = new Map<
      string,
      { share: number; rounds: string; twin?: string; pairedWith?: string }
    >();
    for (const [index, line] of lines.entries()) {
      if (index === Math.floor(lines.length / 2)) bareRuns.push(await bareLine('halfway'));
      if (line.headers?.['if-none-match'] === '"set-below"') {
        // The board's ETag after the orders above: what an idle board revalidates with. The requests
        // the line before left in flight finish first (each changes the orders' version).
        await new Promise((resolve) => setTimeout(resolve, 1500));
        const current = await fetch(`${base}${line.path}`, { headers: { cookie: adminCookie } });
        line.headers['if-none-match'] = current.headers.get('etag') ?? '';
      }
      if (line.goal?.share === undefined) {
        results.push(await measure(base, line, appPid));
      } else {
        const pairs: { bare: Measured; app: Measured; share: number }[] = [];
        for (let round = 0; round < ROUNDS; round += 1) {
          const bareRun = line.pairedWith
            ? await measure(base, line.pairedWith, appPid)
            : line.twin
              ? await twinLine(line.twin)
              : await bareLine('paired');
          // A yardstick that fails answers fast and means nothing (its errors cost less than the work);
          // the SQL yardstick prints its first error. It is checked here, not before the lines: a replayed
          // order changes the orders' version, which the ETag lines above measure with.
          if (bareRun.failed > 0) {
            throw new Error(
              `the yardstick of '${line.name}' failed ${bareRun.failed} of ${bareRun.requests} requests`,
            );
          }
          const appRun = await measure(base, line, appPid);
          pairs.push({ bare: bareRun, app: appRun, share: appRun.perSecond / bareRun.perSecond });
        }
        pairs.sort((a, b) => a.share - b.share);
        const median = pairs[Math.floor(pairs.length / 2)]!;
        results.push({ ...median.app, failed: pairs.reduce((sum, pair) => sum + pair.app.failed, 0) });
        pairedShares.set(line.name, {
          share: median.share,
          rounds: pairs.map((pair) => `${pair.app.perSecond}/${pair.bare.perSecond}`).join(', '),
          ...(line.twin ? { twin: `${line.twin.request ? 'running' : 'answering'} ${line.twin.label}` } : {}),
          ...(line.pairedWith ? { pairedWith: line.pairedWith.name } : {}),
        });
      }
      process.stdout.write('.');
    }
    bareRuns.push(await bareLine('after'));
    process.stdout.write('\n');
    const yardstick = [...bareRuns].sort((a, b) => a.perSecond - b.perSecond)[
      Math.floor(bareRuns.length / 2)
    ]!.perSecond;

    const goals = new Map(lines.map((line) => [line.name, line.goal]));
    const rows = [...bareRuns, ...results].map((measured) => {
      const paired = pairedShares.get(measured.name);
      const share = paired?.share ?? measured.perSecond / yardstick;
      const goal = goals.get(measured.name);
      const met = meets(goal, measured, share);
      const percent = (value: number) => `${(value * 100).toFixed(1)} %`;
      return {
        line: measured.name,
        'of bare': `${percent(share)}${paired ? (paired.pairedWith ? ' (of the line above)' : paired.twin ? ' (same answer)' : ' (paired)') : ''}`,
        'of small JSON': paired?.twin ? percent(measured.perSecond / yardstick) : '',
        'req/s': measured.perSecond,
        'p50 ms': measured.p50,
        'p90 ms': measured.p90,
        'p97.5 ms': measured.p97_5,
        'p99 ms': measured.p99,
        'RSS MiB': measured.rssMiB,
        failed: measured.failed,
        goal: goalText(goal),
        met: met === null ? '' : met ? 'yes' : 'NO',
      };
    });
    console.table(rows);
    console.log(
      `bare node:http ${bareRuns.map((run) => `${run.perSecond}/s`).join(', ')} (before, halfway, after); shares are of the median, ${yardstick}/s. Load average at the end: ${loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}`,
    );
    for (const [name, paired] of pairedShares) {
      const against = paired.pairedWith
        ? `'${paired.pairedWith}'`
        : paired.twin
          ? `bare node ${paired.twin}`
          : 'bare node';
      console.log(`paired rounds of '${name}' (app/${against}, req/s): ${paired.rounds}`);
    }
    let reports: { scanMs: number; orders: number; timings: ReportTiming[] } | null = null;
    if (finance && orderYear) {
      reports = await measureReports(base, adminCookie, await benchDatabaseUrl(dataDir, env.DATABASE_URL), [
        { name: 'GET /api/reports/statement (twelve months, against the month before)', path: statementPath },
        {
          name: 'GET /api/reports/dashboard (the last 30 days)',
          path: `/api/reports/dashboard?from=${new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10)}&to=${new Date().toISOString().slice(0, 10)}`,
        },
      ]);
      console.log(
        `\nReports against one bare sum(total) scan of the year's ${reports.orders} completed orders (${reports.scanMs} ms, PostgreSQL through node-postgres), one request at a time, median of 21 (goal: ratio < 1.0):`,
      );
      console.table(
        Object.fromEntries(
          reports.timings.map((timing) => [
            timing.name,
            {
              'median ms': timing.medianMs,
              'p90 ms': timing.p90Ms,
              'scan ms': timing.scanMs,
              ratio: timing.ratio,
              goal: timing.ratio < 1 ? 'met' : 'NOT met',
            },
          ]),
        ),
      );
      for (const timing of reports.timings) {
        if (timing.serverTiming) console.log(`${timing.name}, its parts (ms): ${timing.serverTiming}`);
      }
    }
    let outlet: Awaited<ReturnType<typeof runBusyOutlet>> | null = null;
    if (!ONLY || ONLY.test('busy outlet')) {
      // Completed orders leave the board; the ones the order line above left open are closed first.
      await closeOpenOrders(base, adminCookie);
      outlet = await runBusyOutlet({
        base,
        cookies: staffCookies,
        appPid,
        loopFile,
        durationS: OUTLET_S,
        screens: 60,
        ordersPerHour: 400,
        compression: OUTLET_COMPRESSION,
        pos,
      });
      const outletGoals = {
        'p99 ≤ 50 ms': outlet.p99 <= 50,
        'event-loop delay p99 ≤ 20 ms': outlet.loop.p99 <= 20,
        'order-to-board p95 ≤ 1 s (pushed screens)': outlet.pushedBoardP95 <= 1000,
      };
      console.log(
        `\nBusy outlet: 400 orders an hour compressed ${OUTLET_COMPRESSION}× (${outlet.orders} orders in ${OUTLET_S} s, each moved to preparing, ready and completed: ${outlet.moves} moves), ${outlet.pushedScreens} screens following the event stream and ${outlet.polledScreens} polling every 3 s with ETags, for ${OUTLET_S} s:`,
      );
      console.table({
        'HTTP answers': { value: `${outlet.requests} (${outlet.failed} failed)` },
        'latency p50 / p99': { value: `${outlet.p50} / ${outlet.p99} ms` },
        'event-loop delay p50 / p99 / max': {
          value: `${outlet.loop.p50} / ${outlet.loop.p99} / ${outlet.loop.max} ms`,
        },
        'order-to-board p95 (pushed screens)': {
          value: `${outlet.pushedBoardP95} ms (max ${outlet.pushedBoardMax} ms)`,
        },
        'order-to-board p95 (3 s polls)': { value: `${outlet.polledBoardP95} ms` },
        ...Object.fromEntries(
          Object.entries(outletGoals).map(([goal, met]) => [goal, { value: met ? 'met' : 'NOT met' }]),
        ),
      });
      if (outlet.failed > 0) process.exitCode = 1;
    }
    writeFileSync(
      JSON_FILE,
      `${JSON.stringify({ at: new Date().toISOString(), connections: CONNECTIONS, durationS: DURATION_S, loadAverage: load, yardstick, rows, reports, outlet }, null, 2)}\n`,
    );
    console.log(`results written to ${path.relative(process.cwd(), JSON_FILE)}`);
    if (results.some((result) => result.failed > 0)) {
      console.error('Some answers had another status than expected; those numbers are not trustworthy.');
      process.exitCode = 1;
    }
  } finally {
    bare?.child.kill('SIGTERM');
    for (const twin of twins) twin.kill('SIGTERM');
    await app.stop().catch(() => {});
    await cleanUpApps();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

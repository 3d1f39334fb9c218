import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  createDatabaseFromTemplate,
  createTemplateDatabase,
  databaseUrl,
  dropDatabase,
} from '../tests/support/test-server';

/**
 * CI's multi-process check: two app processes on one PostgreSQL database (as behind a load balancer)
 * start together, and a session made on one works on the other; a sign-out on the other ends it on
 * the first. Uses TEST_DATABASE_URL, else the machine's PostgreSQL on 127.0.0.1:5432.
 */
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(base: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${base}: the app exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not yet listening
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${base}: not healthy after 60 s`);
}

let passedChecks = 0;
function check(condition: boolean, message: string): void {
  if (!condition) throw new Error(`FAILED: ${message}`);
  passedChecks += 1;
  console.log(`ok - ${message}`);
}

async function main(): Promise<void> {
  const template = `brigade_two_process_template_${process.pid}`;
  await createTemplateDatabase(adminUrl, template);
  const name = await createDatabaseFromTemplate(adminUrl, template);
  await dropDatabase(adminUrl, template);
  // An empty database: both processes must migrate and seed it at once without tripping over each other.
  const url = databaseUrl(adminUrl, name);
  const pg = await import('pg');
  const client = new pg.default.Client({ connectionString: url });
  await client.connect();
  await client.query(
    'drop schema public cascade; create schema public; drop schema if exists drizzle cascade',
  );
  await client.end();

  const secret = randomBytes(32).toString('hex');
  const children: ChildProcess[] = [];
  const dataDirs: string[] = [];
  try {
    const bases: string[] = [];
    for (let index = 0; index < 2; index++) {
      const port = await freePort();
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'brigade-two-process-'));
      dataDirs.push(dataDir);
      const base = `http://127.0.0.1:${port}`;
      bases.push(base);
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
        env: {
          ...process.env,
          DATABASE_URL: url,
          PORT: String(port),
          HOST: '127.0.0.1',
          BASE_URL: 'http://brigade.test',
          DATA_DIR: dataDir,
          AUTH_SECRET: secret,
          ADMIN_PASSWORD: 'two-process-admin',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      children.push(child);
    }
    const [a, b] = bases as [string, string];
    await Promise.all(bases.map((base, index) => waitForHealth(base, children[index]!)));
    check(true, 'two processes started together on one empty database');

    const headers = { 'content-type': 'application/json', origin: 'http://brigade.test' };
    const signUp = await fetch(`${a}/api/auth/sign-up/email`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Roaming Guest', email: 'roaming@two.process', password: 'roaming-1' }),
    });
    check(signUp.status === 200, 'sign-up on process A');
    const cookie = signUp.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');

    const meOnB = await fetch(`${b}/api/me`, { headers: { cookie } });
    const profile = (await meOnB.json()) as { email?: string };
    check(
      meOnB.status === 200 && profile.email === 'roaming@two.process',
      'the session made on A works on B',
    );

    const signOutOnB = await fetch(`${b}/api/auth/sign-out`, {
      method: 'POST',
      headers: { ...headers, cookie },
      body: '{}',
    });
    check(signOutOnB.status === 200, 'sign-out on B');
    const meOnA = await fetch(`${a}/api/me`, { headers: { cookie } });
    check(meOnA.status === 401, 'the session ended on B is refused on A');

    const adminCount = await (async () => {
      const c = new pg.default.Client({ connectionString: url });
      await c.connect();
      const result = await c.query("select count(*)::int as n from users where role = 'admin'");
      await c.end();
      return result.rows[0].n as number;
    })();
    check(adminCount === 1, 'exactly one admin was created by the two first starts');
    console.log(`two-process check: all ${passedChecks} checks passed`);
  } finally {
    for (const child of children) {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
    }
    for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
    await dropDatabase(adminUrl, name).catch(() => {});
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

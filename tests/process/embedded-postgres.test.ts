import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import pino from 'pino';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, type DataDirLock } from '../../src/server/db/data-dir-lock';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../../src/server/db/embedded';
import { StartupError } from '../../src/server/lib/startup-error';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TMP_ROOT = path.join(REPO_ROOT, '.tmp');
const LOCK_MODULE = path.join(REPO_ROOT, 'src/server/db/data-dir-lock.ts');
const EMBEDDED_MODULE = path.join(REPO_ROOT, 'src/server/db/embedded.ts');
const isRoot = process.getuid?.() === 0;
const logger = pino({ level: 'silent' });

const tempDirs: string[] = [];
const servers: EmbeddedPostgres[] = [];
const locks: DataDirLock[] = [];
const children: ChildProcess[] = [];

async function tempDir(label: string): Promise<string> {
  const dir = path.join(TMP_ROOT, `embedded-${label}-${process.pid}-${randomBytes(3).toString('hex')}`);
  await fs.mkdir(dir, { recursive: true });
  tempDirs.push(dir);
  return dir;
}

async function start(dataDir: string, extra: { database?: string; port?: number } = {}) {
  const server = await startEmbeddedPostgres({ dataDir, logger, durable: false, ...extra });
  servers.push(server);
  return server;
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

function postmasterFile(dataDir: string): string[] | undefined {
  try {
    return readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !['Z', 'X'].includes(stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3));
  } catch {
    return process.platform !== 'linux';
  }
}

/** Runs an ES module snippet in a separate node process, the way the app would run our code. */
function runNode(code: string): {
  child: ChildProcess;
  output: () => string;
  waitFor: (text: string) => Promise<void>;
} {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    output: () => output,
    async waitFor(text) {
      const deadline = Date.now() + 60_000;
      while (!output.includes(text)) {
        if (child.exitCode !== null || Date.now() > deadline) {
          throw new Error(`expected "${text}" from the child; it wrote:\n${output}`);
        }
        await Promise.race([sleep(25), exited]);
      }
    },
  };
}

async function killAndWait(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

afterEach(async () => {
  for (const lock of locks.splice(0)) await lock.release();
  for (const child of children.splice(0)) await killAndWait(child);
});

afterAll(async () => {
  for (const server of servers) await server.stop();
  for (const dir of tempDirs) {
    // A test that failed half-way may have left a PostgreSQL behind.
    const pid = Number(postmasterFile(dir)?.[0]);
    if (pid > 0 && isAlive(pid)) process.kill(pid, 'SIGINT');
    for (let i = 0; i < 100 && pid > 0 && isAlive(pid); i++) await sleep(50);
    await fs.chmod(dir, 0o755).catch(() => {});
    await fs.rm(dir, { recursive: true, force: true });
  }
});

describe('startEmbeddedPostgres', () => {
  it('creates a cluster on loopback only, with a saved password, and reuses it on the next start', async () => {
    const dataDir = await tempDir('fresh');
    const first = await start(dataDir);
    const url = new URL(first.url);
    expect(url.protocol).toBe('postgres:');
    expect(url.hostname).toBe('127.0.0.1');
    expect(url.username).toBe('brigade');
    expect(url.pathname).toBe('/brigade');

    const password = readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
    expect(decodeURIComponent(url.password)).toBe(password);
    expect(statSync(path.join(dataDir, 'pg-password')).mode & 0o777).toBe(0o600);
    // postmaster.pid lines: pid, data dir, start time, port, socket dir, listen address.
    const lines = postmasterFile(dataDir)!;
    expect(lines[3]).toBe(url.port);
    expect(lines[4]).toBe('');
    expect(lines[5]).toBe('127.0.0.1');

    await query(first.url, 'create table kept (value text); insert into kept values ($$committed$$)');
    const rows = await query<{ addr: string }>(first.url, 'select host(inet_server_addr()) as addr');
    expect(rows[0]!.addr).toBe('127.0.0.1');
    const wrong = new URL(first.url);
    wrong.password = 'wrong';
    await expect(query(wrong.toString(), 'select 1')).rejects.toThrow(/password authentication failed/);

    const pid = Number(lines[0]);
    await first.stop();
    await first.stop();
    expect(isAlive(pid)).toBe(false);
    expect(postmasterFile(dataDir)).toBeUndefined();

    const second = await start(dataDir, { database: 'other' });
    expect(new URL(second.url).pathname).toBe('/other');
    expect(decodeURIComponent(new URL(second.url).password)).toBe(password);
    const brigadeUrl = new URL(second.url);
    brigadeUrl.pathname = '/brigade';
    expect(await query(brigadeUrl.toString(), 'select value from kept')).toEqual([{ value: 'committed' }]);
    await second.stop();
  }, 120_000);

  it('stops a PostgreSQL left running by a killed app and keeps its committed data', async () => {
    const dataDir = await tempDir('leftover');
    const app = runNode(`
      import pg from 'pg';
      import pino from 'pino';
      import { startEmbeddedPostgres } from ${JSON.stringify(EMBEDDED_MODULE)};
      const db = await startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)}, logger: pino({ level: 'silent' }), durable: false });
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      await client.query("create table kept (value text); insert into kept values ('before kill -9')");
      // An open transaction at the time of the kill must simply roll back.
      await client.query("begin; insert into kept values ('uncommitted')");
      console.log('READY');
      setInterval(() => {}, 1000);
    `);
    await app.waitFor('READY');
    const leftover = Number(postmasterFile(dataDir)![0]);
    await killAndWait(app.child);
    expect(isAlive(leftover)).toBe(true);

    const server = await start(dataDir);
    expect(isAlive(leftover)).toBe(false);
    expect(Number(postmasterFile(dataDir)![0])).not.toBe(leftover);
    expect(await query(server.url, 'select value from kept')).toEqual([{ value: 'before kill -9' }]);
    await server.stop();
  }, 120_000);

  it('ignores a stale postmaster.pid whose pid now belongs to another program or another cluster', async () => {
    const otherDir = await tempDir('other-cluster');
    const other = await start(otherDir);
    const otherPid = Number(postmasterFile(otherDir)![0]);
    const dataDir = await tempDir('stale-pid');
    await (await start(dataDir)).stop();
    const stalePidFile = (pid: number) =>
      fs.writeFile(path.join(dataDir, 'pg', 'postmaster.pid'), `${pid}\n${path.join(dataDir, 'pg')}\n`);

    // As after a reboot: the recorded pid is alive but is some other program...
    const unrelated = spawn('sleep', ['60']);
    children.push(unrelated);
    await stalePidFile(unrelated.pid!);
    const first = await start(dataDir);
    await first.stop();
    expect(isAlive(unrelated.pid!)).toBe(true);

    // ...or the postmaster of another cluster, which must be left alone.
    await stalePidFile(otherPid);
    const second = await start(dataDir);
    expect(isAlive(otherPid)).toBe(true);
    expect(await query(other.url, 'select 1 as one')).toEqual([{ one: 1 }]);
    await second.stop();
    await other.stop();
  }, 120_000);

  it('tries another port when the chosen one is taken before PostgreSQL listens', async () => {
    const dataDir = await tempDir('port');
    const squatter = net.createServer();
    await new Promise<void>((resolve) => squatter.listen(0, '127.0.0.1', resolve));
    const taken = (squatter.address() as net.AddressInfo).port;
    try {
      const server = await start(dataDir, { port: taken });
      expect(Number(new URL(server.url).port)).not.toBe(taken);
      expect(await query(server.url, 'select 1 as one')).toEqual([{ one: 1 }]);
      await server.stop();
    } finally {
      squatter.close();
    }
  }, 120_000);

  it("reports PostgreSQL's own last log lines when it cannot start", async () => {
    const dataDir = await tempDir('broken');
    const server = await start(dataDir);
    await server.stop();
    await fs.appendFile(path.join(dataDir, 'pg', 'postgresql.conf'), "\nshared_buffers = 'banana'\n");

    const failure = await startEmbeddedPostgres({ dataDir, logger, durable: false }).catch((error) => error);
    expect(failure).toBeInstanceOf(StartupError);
    expect(failure.message).toContain(`PostgreSQL failed to start on ${path.join(dataDir, 'pg')}`);
    expect(failure.message).toContain('invalid value for parameter "shared_buffers": "banana"');
  }, 120_000);

  it('names the data folder when it cannot be created', async () => {
    const parent = await tempDir('file');
    await fs.writeFile(path.join(parent, 'a-file'), '');
    const dataDir = path.join(parent, 'a-file', 'data');
    const failure = await startEmbeddedPostgres({ dataDir, logger }).catch((error) => error);
    expect(failure).toBeInstanceOf(StartupError);
    expect(failure.message).toContain(`The data folder ${dataDir} cannot be created`);
  });

  it.runIf(isRoot)('as root, names the folder that the postgres user cannot enter', async () => {
    const parent = await tempDir('private');
    await fs.chmod(parent, 0o700);
    const dataDir = path.join(parent, 'inner', 'data');
    const failure = await startEmbeddedPostgres({ dataDir, logger }).catch((error) => error);
    expect(failure).toBeInstanceOf(StartupError);
    expect(failure.message).toContain(`user postgres, which cannot enter the folder ${parent}`);
    expect(failure.message).toContain(`chmod o+x ${parent}`);
    expect(existsSync(path.join(dataDir, 'pg'))).toBe(false);
  });

  it('refuses a pg folder that is not a cluster, and a cluster whose password file is gone', async () => {
    const notCluster = await tempDir('not-cluster');
    await fs.mkdir(path.join(notCluster, 'pg'));
    if (isRoot) {
      const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
      await fs.chown(path.join(notCluster, 'pg'), uid, -1);
    }
    const first = await startEmbeddedPostgres({ dataDir: notCluster, logger }).catch((error) => error);
    expect(first).toBeInstanceOf(StartupError);
    expect(first.message).toContain(
      `${path.join(notCluster, 'pg')} exists but is not a PostgreSQL database folder`,
    );

    const noPassword = await tempDir('no-password');
    await (await start(noPassword)).stop();
    await fs.rm(path.join(noPassword, 'pg-password'));
    const second = await startEmbeddedPostgres({ dataDir: noPassword, logger }).catch((error) => error);
    expect(second).toBeInstanceOf(StartupError);
    expect(second.message).toContain(`${path.join(noPassword, 'pg-password')} is missing`);
  }, 120_000);

  it('starts over when a first start was killed during initdb', async () => {
    const dataDir = await tempDir('half-init');
    await fs.mkdir(path.join(dataDir, 'pg.initializing'));
    await fs.writeFile(path.join(dataDir, 'pg.initializing', 'PG_VERSION'), '17\n');
    const server = await start(dataDir);
    expect(await query(server.url, 'select 1 as one')).toEqual([{ one: 1 }]);
    expect(existsSync(path.join(dataDir, 'pg.initializing'))).toBe(false);
    await server.stop();
  }, 120_000);
});

describe('acquireDataDirLock', () => {
  it('refuses a second holder with its pid until the first releases', async () => {
    const dataDir = await tempDir('lock');
    const lock = await acquireDataDirLock(dataDir);
    locks.push(lock);
    const refusal = await acquireDataDirLock(dataDir).catch((error) => error);
    expect(refusal).toBeInstanceOf(StartupError);
    expect(refusal.message).toBe(
      `Another Brigade process (pid ${process.pid}) is already using the data folder ${dataDir}.\n` +
        'Stop it first, or set DATA_DIR to another folder.',
    );
    await lock.release();
    await lock.release();
    locks.push(await acquireDataDirLock(dataDir));
  });

  it('is released when its holder is killed with SIGKILL', async () => {
    const dataDir = await tempDir('lock-kill');
    const holder = runNode(`
      import { acquireDataDirLock } from ${JSON.stringify(LOCK_MODULE)};
      await acquireDataDirLock(${JSON.stringify(dataDir)});
      console.log('LOCKED');
      setInterval(() => {}, 1000);
    `);
    await holder.waitFor('LOCKED');
    const refusal = await acquireDataDirLock(dataDir).catch((error) => error);
    expect(refusal.message).toContain(`(pid ${holder.child.pid}) is already using the data folder`);

    await killAndWait(holder.child);
    expect(existsSync(path.join(dataDir, 'brigade.lock.sock'))).toBe(true);
    locks.push(await acquireDataDirLock(dataDir));
  }, 120_000);

  it('lets exactly one of several simultaneous starters win over a stale lock file', async () => {
    const dataDir = await tempDir('lock-race');
    const first = runNode(`
      import { acquireDataDirLock } from ${JSON.stringify(LOCK_MODULE)};
      await acquireDataDirLock(${JSON.stringify(dataDir)});
      console.log('LOCKED');
      setInterval(() => {}, 1000);
    `);
    await first.waitFor('LOCKED');
    await killAndWait(first.child);

    const racers = Array.from({ length: 6 }, () =>
      runNode(`
        import { acquireDataDirLock } from ${JSON.stringify(LOCK_MODULE)};
        // Start together: every racer waits for the same wall-clock moment.
        const at = ${Date.now() + 2500};
        while (Date.now() < at) await new Promise((resolve) => setTimeout(resolve, 1));
        try {
          await acquireDataDirLock(${JSON.stringify(dataDir)});
          console.log('WON');
          setInterval(() => {}, 1000);
        } catch (error) {
          console.log(error.message.includes('already using') ? 'REFUSED' : 'FAILED ' + error.message);
          process.exit(2);
        }
      `),
    );
    const deadline = Date.now() + 60_000;
    const settled = () => racers.every((racer) => /WON|REFUSED|FAILED/.test(racer.output()));
    while (!settled() && Date.now() < deadline) await sleep(50);
    const results = racers.map((racer) => racer.output().trim());
    expect(results.filter((result) => result === 'WON')).toHaveLength(1);
    expect(results.filter((result) => result === 'REFUSED')).toHaveLength(racers.length - 1);
  }, 120_000);

  it('falls back to a socket in the temp folder when the data folder path is too long for one', async () => {
    const base = await tempDir('long');
    const dataDir = path.join(base, 'x'.repeat(120));
    const lock = await acquireDataDirLock(dataDir);
    locks.push(lock);
    expect(existsSync(path.join(dataDir, 'brigade.lock.sock'))).toBe(false);
    const refusal = await acquireDataDirLock(dataDir).catch((error) => error);
    expect(refusal.message).toContain('already using the data folder');
    // A short spelling of the same folder finds the same lock.
    const viaSymlink = path.join(os.tmpdir(), `brigade-link-${process.pid}`);
    await fs.symlink(dataDir, viaSymlink);
    try {
      const again = await acquireDataDirLock(viaSymlink).catch((error) => error);
      expect(again).toBeInstanceOf(StartupError);
    } finally {
      await fs.unlink(viaSymlink);
    }
  });
});

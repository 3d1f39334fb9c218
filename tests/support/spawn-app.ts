import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TMP_ROOT = path.join(REPO_ROOT, '.tmp');

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface SpawnedApp {
  child: ChildProcess;
  port: number;
  dataDir: string;
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  /** Resolves once GET /api/health answers 200; rejects (with the app's output) if the app exits first. */
  waitForHealthy(timeoutMs?: number): Promise<void>;
  /** Resolves when the app has exited; rejects after `timeoutMs`. */
  waitForExit(timeoutMs?: number): Promise<ExitInfo>;
  /** Sends `signal` (default SIGTERM) and waits for the exit. */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<ExitInfo>;
  /** Everything the app wrote so far, stdout and stderr interleaved. */
  output(): string;
  /** What the app wrote to stderr so far. */
  errorOutput(): string;
}

const spawnedApps = new Set<SpawnedApp>();
const dataDirs = new Set<string>();

/** A fresh, empty folder under .tmp/, removed by cleanUpApps(). */
export async function makeTempDir(label: string): Promise<string> {
  const dir = path.join(TMP_ROOT, `process-${label}-${process.pid}-${randomBytes(3).toString('hex')}`);
  await fs.mkdir(dir, { recursive: true });
  dataDirs.add(dir);
  return dir;
}

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Starts the real app (`node --import tsx src/server/index.ts`) on a free port with its own data folder. */
export async function spawnApp(options: {
  dataDir: string;
  env?: Record<string, string>;
  /** A fixed port instead of a free one. */
  port?: number;
  /** Run as another user (we must be root), e.g. to meet permissions that root would bypass. */
  user?: { uid: number; gid: number };
  /** Node's own flags before the app's (`npm run bench` with BENCH_PROFILE: `--cpu-prof`). */
  nodeArgs?: string[];
}): Promise<SpawnedApp> {
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env };
  // A DATABASE_URL from the surroundings would bypass the embedded server these tests are about.
  delete env.DATABASE_URL;
  Object.assign(env, {
    DATA_DIR: options.dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    BASE_URL: baseUrl,
    LOG_LEVEL: 'info',
    ADMIN_PASSWORD: 'process-test-admin-password',
    NODE_ENV: 'test',
    ...options.env,
  });
  dataDirs.add(options.dataDir);

  const child = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), '--import', 'tsx', 'src/server/index.ts'],
    {
      cwd: REPO_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      ...options.user,
    },
  );
  let all = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    all += chunk;
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    all += chunk;
    stderr += chunk;
  });
  const exited = new Promise<ExitInfo>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  let exitInfo: ExitInfo | undefined;
  void exited.then((info) => {
    exitInfo = info;
  });

  const waitForExit = async (timeoutMs = 60_000): Promise<ExitInfo> => {
    const timedOut = Symbol('timeout');
    const result = await Promise.race([exited, sleep(timeoutMs, timedOut, { ref: false })]);
    if (result === timedOut) throw new Error(`the app did not exit within ${timeoutMs} ms. Output:\n${all}`);
    return result as ExitInfo;
  };

  const app: SpawnedApp = {
    child,
    port,
    dataDir: options.dataDir,
    baseUrl,
    output: () => all,
    errorOutput: () => stderr,
    waitForExit,
    async waitForHealthy(timeoutMs = 120_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (exitInfo) {
          throw new Error(
            `the app exited (${JSON.stringify(exitInfo)}) before it was healthy. Output:\n${all}`,
          );
        }
        try {
          const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) });
          if (response.status === 200) return;
        } catch {
          // not listening yet
        }
        await sleep(100);
      }
      throw new Error(`the app was not healthy within ${timeoutMs} ms. Output:\n${all}`);
    },
    async stop(signal = 'SIGTERM', timeoutMs = 60_000) {
      if (!exitInfo) child.kill(signal);
      return waitForExit(timeoutMs);
    },
  };
  spawnedApps.add(app);
  return app;
}

/** The pid in `<dataDir>/pg/postmaster.pid`, if the file exists. */
export function postmasterPid(dataDir: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8'), 10);
    return pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** True while `pid` is a running (not zombie) process. */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state !== 'Z' && state !== 'X';
  } catch {
    return process.platform !== 'linux';
  }
}

/** Pids of live processes whose command line mentions `<dataDir>/pg` (a postmaster and its children). */
export function postgresProcessesOf(dataDir: string): number[] {
  const needle = path.join(dataDir, 'pg');
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ');
      if (cmdline.includes(needle) && isProcessAlive(Number(entry))) pids.push(Number(entry));
    } catch {
      // exited while we looked
    }
  }
  return pids;
}

/** Polls until `check()` is true; false if it never was within `timeoutMs`. */
export async function eventually(check: () => boolean, timeoutMs = 10_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (check()) return true;
    await sleep(50);
  }
  return check();
}

/**
 * Kills every app spawned here and any PostgreSQL left on their data folders (a killed app leaves its
 * PostgreSQL running), then removes the temp folders. Safe to call after a failed test.
 */
export async function cleanUpApps(): Promise<void> {
  for (const app of spawnedApps) {
    if (app.child.exitCode === null && app.child.signalCode === null) {
      app.child.kill('SIGKILL');
      await app.waitForExit(10_000).catch(() => {});
    }
  }
  spawnedApps.clear();
  for (const dir of dataDirs) {
    const pid = postmasterPid(dir);
    if (pid && isProcessAlive(pid)) {
      process.kill(pid, 'SIGINT');
      if (!(await eventually(() => !isProcessAlive(pid), 15_000))) process.kill(pid, 'SIGKILL');
    }
    if (process.platform === 'linux') {
      for (const stray of postgresProcessesOf(dir)) process.kill(stray, 'SIGKILL');
    }
  }
  for (const dir of dataDirs) {
    if (dir.startsWith(TMP_ROOT)) await fs.rm(dir, { recursive: true, force: true });
  }
  dataDirs.clear();
}

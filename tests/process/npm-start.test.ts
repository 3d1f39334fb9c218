import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import {
  cleanUpApps,
  eventually,
  freePort,
  isProcessAlive,
  makeTempDir,
  postgresProcessesOf,
  REPO_ROOT,
} from '../support/spawn-app';

afterAll(async () => {
  await cleanUpApps();
});

/** Every live descendant of `pid` (found through /proc/<pid>/task/<pid>/children). */
function descendantsOf(pid: number): number[] {
  const result: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const current = queue.shift()!;
    let children: number[] = [];
    try {
      children = readFileSync(`/proc/${current}/task/${current}/children`, 'utf8')
        .trim()
        .split(/\s+/)
        .filter(Boolean)
        .map(Number);
    } catch {
      // gone already
    }
    for (const child of children) {
      result.push(child);
      queue.push(child);
    }
  }
  return result;
}

describe('npm start', () => {
  it('stops the app and its PostgreSQL when npm itself gets SIGTERM (as systemd or a shell sends it)', async () => {
    const dataDir = await makeTempDir('npm-start');
    const port = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env };
    delete env.DATABASE_URL;
    Object.assign(env, {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: `http://127.0.0.1:${port}`,
      DEMO_DATA: 'false',
      ADMIN_PASSWORD: 'npm-start-admin-password',
      NODE_ENV: 'test',
      // The server under test, not the web build: a stale build would make this test build it.
      SKIP_WEB_BUILD: 'true',
    });
    const npm = spawn('npm', ['start', '--silent'], {
      cwd: REPO_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    npm.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
    });
    npm.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
    });
    const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));

    let healthy = false;
    for (let attempt = 0; attempt < 600 && !healthy; attempt++) {
      try {
        healthy = (await fetch(`http://127.0.0.1:${port}/api/health`)).status === 200;
      } catch {
        await sleep(100);
      }
    }
    expect(healthy, output).toBe(true);
    const appProcesses = descendantsOf(npm.pid!);
    expect(appProcesses.length, 'npm runs the app below itself').toBeGreaterThan(0);
    expect(postgresProcessesOf(dataDir).length).toBeGreaterThan(0);

    npm.kill('SIGTERM');
    const code = await Promise.race([exited, sleep(45_000, 'timeout' as const)]);
    expect(code, output).not.toBe('timeout');
    expect(await eventually(() => appProcesses.every((pid) => !isProcessAlive(pid)), 15_000), output).toBe(
      true,
    );
    expect(await eventually(() => postgresProcessesOf(dataDir).length === 0, 15_000)).toBe(true);
    // Nothing answers on the port any more.
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
  });
});

import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { humanCheckFor } from '../support/human-check';
import {
  cleanUpApps,
  eventually,
  isProcessAlive,
  makeTempDir,
  postgresProcessesOf,
  postmasterPid,
  spawnApp,
} from '../support/spawn-app';

const isRoot = process.getuid?.() === 0;

afterAll(async () => {
  await cleanUpApps();
});

async function postJson(baseUrl: string, route: string, body: unknown): Promise<Response> {
  return fetch(`${baseUrl}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-human-check': await humanCheckFor(baseUrl) },
    body: JSON.stringify(body),
  });
}

describe('the embedded database of the real app', () => {
  it('survives kill -9 of the app: the next start stops the leftover PostgreSQL and keeps committed data', async () => {
    const dataDir = await makeTempDir('kill9');
    const first = await spawnApp({ dataDir });
    await first.waitForHealthy();
    const user = { name: 'Kill Nine', email: 'kill-nine@example.com', password: 'survive-kill-9' };
    const signUp = await postJson(first.baseUrl, '/api/auth/sign-up/email', user);
    expect(signUp.status, await signUp.clone().text()).toBe(200);

    const leftover = postmasterPid(dataDir);
    expect(leftover).toBeDefined();
    first.child.kill('SIGKILL');
    expect((await first.waitForExit()).signal).toBe('SIGKILL');
    // The situation under test: the app is gone, its PostgreSQL is not.
    expect(isProcessAlive(leftover!)).toBe(true);

    const second = await spawnApp({ dataDir });
    await second.waitForHealthy();
    expect(isProcessAlive(leftover!)).toBe(false);
    expect(postmasterPid(dataDir)).not.toBe(leftover);
    const signIn = await postJson(second.baseUrl, '/api/auth/sign-in/email', {
      email: user.email,
      password: user.password,
    });
    expect(signIn.status, await signIn.clone().text()).toBe(200);
    expect((await second.stop()).code).toBe(0);
  });

  it('refuses a second app on the same data folder and leaves the first one serving', async () => {
    const dataDir = await makeTempDir('second');
    const first = await spawnApp({ dataDir });
    await first.waitForHealthy();

    const second = await spawnApp({ dataDir });
    const exit = await second.waitForExit(45_000);
    expect(exit.code, second.output()).not.toBe(0);
    expect(exit.code).not.toBeNull();
    expect(second.errorOutput()).toContain('already using the data folder');
    expect(second.errorOutput()).toContain(dataDir);
    expect(second.errorOutput()).toContain(`pid ${first.child.pid}`);

    const health = await fetch(`${first.baseUrl}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok' });
    expect((await first.stop()).code).toBe(0);
  });

  it('fails with a message naming the data folder when it cannot be created', async () => {
    const parent = await makeTempDir('not-a-folder');
    // A file where a folder is expected: not writable as a folder even for root.
    const file = path.join(parent, 'a-file');
    await fs.writeFile(file, 'not a folder');
    const dataDir = path.join(file, 'data');

    const app = await spawnApp({ dataDir });
    const exit = await app.waitForExit(45_000);
    expect(exit.code, app.output()).toBe(1);
    expect(app.errorOutput()).toContain(`The data folder ${dataDir} cannot be created`);
    expect(app.errorOutput()).toContain('DATA_DIR');
  });

  it('fails with a message naming the data folder when it is read-only', async () => {
    const dataDir = await makeTempDir('read-only');
    await fs.chmod(dataDir, 0o555);
    // Root writes anywhere, so as root the app runs as nobody to meet the permission.
    const user = isRoot ? { uid: 65534, gid: 65534 } : undefined;
    const app = await spawnApp({ dataDir, user });
    const exit = await app.waitForExit(45_000);
    expect(exit.code, app.output()).toBe(1);
    expect(app.errorOutput()).toContain(`The data folder ${dataDir} is not writable (permission denied)`);
  });

  it.runIf(isRoot)('as root, names a folder the postgres user cannot enter and how to fix it', async () => {
    const parent = await makeTempDir('private');
    await fs.chmod(parent, 0o700);
    const dataDir = path.join(parent, 'data');

    const app = await spawnApp({ dataDir });
    const exit = await app.waitForExit(45_000);
    expect(exit.code, app.output()).toBe(1);
    expect(app.errorOutput()).toContain(`cannot enter the folder ${parent}`);
    expect(app.errorOutput()).toContain(`chmod o+x ${parent}`);
    expect(existsSync(path.join(dataDir, 'pg'))).toBe(false);
  });

  it('stops PostgreSQL on SIGTERM and exits 0', async () => {
    const dataDir = await makeTempDir('sigterm');
    const app = await spawnApp({ dataDir });
    await app.waitForHealthy();
    const postmaster = postmasterPid(dataDir);
    expect(postmaster).toBeDefined();
    expect(postgresProcessesOf(dataDir)).toContain(postmaster);

    const exit = await app.stop('SIGTERM');
    expect(exit, app.output()).toEqual({ code: 0, signal: null });
    expect(isProcessAlive(postmaster!)).toBe(false);
    // Backends and auxiliary processes exit before the postmaster does; allow the kernel a moment.
    expect(await eventually(() => postgresProcessesOf(dataDir).length === 0, 15_000)).toBe(true);
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'brigade.lock.sock'))).toBe(false);
  });
});

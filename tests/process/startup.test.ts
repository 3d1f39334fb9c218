import { readdir } from 'node:fs/promises';
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import {
  cleanUpApps,
  eventually,
  freePort,
  makeTempDir,
  postgresProcessesOf,
  spawnApp,
} from '../support/spawn-app';

afterAll(async () => {
  await cleanUpApps();
});

describe('starting the real app', () => {
  it('refuses a bad configuration with one line per problem, before touching the data folder', async () => {
    const dataDir = await makeTempDir('bad-config');
    const app = await spawnApp({
      dataDir,
      env: { PORT: 'eighty', LOG_LEVEL: 'loud', BASE_URL: 'cafe.example' },
    });
    const exit = await app.waitForExit(45_000);
    expect(exit.code).toBe(1);
    const lines = app.errorOutput().trim().split('\n');
    expect(lines[0]).toBe('Brigade cannot start: the configuration is not valid.');
    expect(lines.slice(1).map((line) => line.split('=')[0])).toEqual(['PORT', 'BASE_URL', 'LOG_LEVEL']);
    expect(postgresProcessesOf(dataDir)).toEqual([]);
  });

  it('says so at once when its HTTP port is taken, before it starts PostgreSQL', async () => {
    const dataDir = await makeTempDir('port-taken');
    const port = await freePort();
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', resolve));
    try {
      const app = await spawnApp({ dataDir, port });
      const exit = await app.waitForExit(45_000);
      expect(exit.code).toBe(1);
      // Nothing was created: the check comes before the data folder's lock and database.
      expect(await readdir(dataDir)).toEqual([]);
      expect(app.errorOutput()).toContain(
        `Brigade cannot start: Port ${port} on 127.0.0.1 is already in use. Stop what uses it, or set PORT to another port.`,
      );
      expect(await eventually(() => postgresProcessesOf(dataDir).length === 0, 15_000)).toBe(true);
    } finally {
      blocker.close();
    }
  });

  it('prints a generated admin password once, on the first start only, and it signs in', async () => {
    const dataDir = await makeTempDir('admin-password');
    const env = { ADMIN_PASSWORD: '', ADMIN_EMAIL: 'owner@first.start' };
    const first = await spawnApp({ dataDir, env });
    await first.waitForHealthy();
    const match = /password: (\S+)/.exec(first.output());
    expect(match, first.output()).not.toBeNull();
    const password = match![1]!;
    const signIn = await fetch(`${first.baseUrl}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@first.start', password }),
    });
    expect(signIn.status).toBe(200);
    // The password is on the console, never in the structured log lines.
    const logLines = first
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'));
    expect(logLines.join('\n')).not.toContain(password);
    expect((await first.stop()).code).toBe(0);

    const second = await spawnApp({ dataDir, env });
    await second.waitForHealthy();
    expect(second.output()).not.toContain('password:');
    expect((await second.stop()).code).toBe(0);
  });
});

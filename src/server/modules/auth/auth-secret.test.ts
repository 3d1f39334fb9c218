import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveAuthSecret } from './auth-secret';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'brigade-secret-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('resolveAuthSecret', () => {
  it('uses AUTH_SECRET when it is set and writes nothing', async () => {
    const configured = 'x'.repeat(40);
    expect(await resolveAuthSecret(configured, dir)).toBe(configured);
    await expect(stat(path.join(dir, 'auth-secret'))).rejects.toThrow();
  });

  it('generates one secret, keeps it private in the data folder and returns it again', async () => {
    const first = await resolveAuthSecret(undefined, dir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect((await stat(path.join(dir, 'auth-secret'))).mode & 0o777).toBe(0o600);
    expect(await resolveAuthSecret(undefined, dir)).toBe(first);
  });

  it('gives every process starting at once the same secret', async () => {
    const secrets = await Promise.all(Array.from({ length: 8 }, () => resolveAuthSecret(undefined, dir)));
    expect(new Set(secrets).size).toBe(1);
    expect((await readFile(path.join(dir, 'auth-secret'), 'utf8')).trim()).toBe(secrets[0]);
  });

  it('refuses a damaged secret file instead of signing with it', async () => {
    await writeFile(path.join(dir, 'auth-secret'), 'short');
    await expect(resolveAuthSecret(undefined, dir)).rejects.toThrow(/damaged/);
  });
});

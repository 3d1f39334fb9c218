import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Database } from './db/client';
import type { Actor } from './lib/context';
import { assertMayFollow, STATIC_TOPICS } from './modules/events';
import { installModules, MODULES } from './services';

/**
 * Modules hand their hooks (live-topic rules, bank-account referrers) to the modules below them only
 * through `installModules`: a module left out of `MODULES` would silently have none.
 */
describe('installModules', () => {
  it('knows every module folder', () => {
    const folders = readdirSync(path.join(import.meta.dirname, 'modules'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(Object.keys(MODULES).sort()).toEqual(folders);
  });

  it('gives every live topic a rule, but the internal ones', async () => {
    installModules();
    const admin = { id: '00000000-0000-4000-8000-000000000001', role: 'admin' } as Actor;
    const db = {} as Database; // no rule reads the database for an administrator
    const keyed = ['order', 'my-orders', 'notifications'].map((prefix) => `${prefix}:${admin.id}`);
    const internal = ['push', 'sessions'];
    for (const topic of [...STATIC_TOPICS.filter((name) => !internal.includes(name)), ...keyed]) {
      await expect(assertMayFollow(db, admin, [topic]), topic).resolves.toBeUndefined();
    }
    for (const topic of internal) await expect(assertMayFollow(db, admin, [topic])).rejects.toThrow();
  });
});

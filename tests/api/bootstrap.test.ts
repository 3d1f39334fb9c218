import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, inject, it } from 'vitest';
import { prepareDatabase } from '../../src/server/bootstrap';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { users } from '../../src/server/modules/auth/auth.schema';
import { createServices } from '../../src/server/services';
import { createDatabaseFromTemplate, databaseUrl, dropDatabase } from '../support/test-server';

describe('first start', () => {
  it('creates exactly one admin with a generated password when two processes start at once', async () => {
    const { adminUrl, template } = inject('testDatabase');
    const name = await createDatabaseFromTemplate(adminUrl, template);
    const url = databaseUrl(adminUrl, name);
    const config = loadConfig({ BASE_URL: 'http://localhost:3000', LOG_LEVEL: 'silent' });
    const secret = randomBytes(32).toString('hex');
    const logger = pino({ level: 'silent' });
    const processes = [openDatabase(url, { max: 3 }), openDatabase(url, { max: 3 })];
    try {
      const results = await Promise.all(
        processes.map((handle) =>
          prepareDatabase(handle.db, createServices({ db: handle.db, config, secret, logger }).auth, {
            adminEmail: 'owner@first.start',
            adminPassword: undefined,
            logger,
          }),
        ),
      );
      expect(results.filter((result) => result.created)).toHaveLength(1);
      const generated = results.find((result) => result.created)?.generatedPassword;
      expect(generated).toMatch(/^[\w-]{16}$/);
      const admins = await processes[0]!.db.select().from(users).where(eq(users.role, 'admin'));
      expect(admins.map((row) => row.email)).toEqual(['owner@first.start']);
      // The generated password really signs in.
      const { auth } = createServices({ db: processes[0]!.db, config, secret, logger });
      const signedIn = await auth.api.signInEmail({
        body: { email: 'owner@first.start', password: generated! },
      });
      expect(signedIn.user.email).toBe('owner@first.start');
    } finally {
      await Promise.all(processes.map((handle) => handle.close()));
      await dropDatabase(adminUrl, name);
    }
  });
});

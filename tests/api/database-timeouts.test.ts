import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/client';
import { toErrorResponse } from '../../src/server/lib/errors';
import { createDatabaseFromTemplate, databaseUrl, dropDatabase } from '../support/test-server';

/** The pool's statement and idle-in-transaction timeouts (db/client.ts), on a real PostgreSQL. */
let adminUrl: string;
let name: string;
let url: string;
const handles: DatabaseHandle[] = [];

beforeAll(async () => {
  const testDatabase = inject('testDatabase');
  adminUrl = testDatabase.adminUrl;
  name = await createDatabaseFromTemplate(adminUrl, testDatabase.template);
  url = databaseUrl(adminUrl, name);
});
afterAll(async () => {
  for (const handle of handles) await handle.close();
  await dropDatabase(adminUrl, name);
});

function open(options: Parameters<typeof openDatabase>[1]) {
  const handle = openDatabase(url, options);
  handles.push(handle);
  return handle;
}

describe('database timeouts', () => {
  it('sets 30 s and 60 s on every pooled connection by default', async () => {
    const { db } = open({ max: 1 });
    const result = await db.execute(
      sql`select current_setting('statement_timeout') as statement, current_setting('idle_in_transaction_session_timeout') as idle`,
    );
    expect(result.rows[0]).toEqual({ statement: '30s', idle: '1min' });
  });

  it('cancels a runaway query with a clean error, which the API answers as 504', async () => {
    const { db } = open({ max: 1, statementTimeoutMs: 300 });
    const started = Date.now();
    const error = await db.execute(sql`select pg_sleep(10)`).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(Date.now() - started).toBeLessThan(5000);
    expect(error).not.toBeNull();
    const { status, body } = toErrorResponse(error);
    expect(status).toBe(504);
    expect(body.error.code).toBeTruthy();
    expect(body.error.message).toBe('The database took too long to answer.');
    // The connection is still usable afterwards.
    const after = await db.execute(sql`select 1 as one`);
    expect(after.rows[0]).toEqual({ one: 1 });
  });

  it('ends a transaction left idle, so it cannot hold its locks', async () => {
    const { db, pool } = open({ max: 2, idleInTransactionTimeoutMs: 300 });
    const client = await pool.connect();
    client.on('error', () => {});
    try {
      await client.query('begin');
      await client.query('select 1');
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const error = await client.query('select 1').then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error).not.toBeNull();
    } finally {
      client.release(true);
    }
    // The pool hands out a working connection afterwards.
    const after = await db.execute(sql`select 2 as two`);
    expect(after.rows[0]).toEqual({ two: 2 });
  });
});

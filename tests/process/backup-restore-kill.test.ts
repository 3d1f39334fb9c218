import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { BACKUP_API, type BackupOverview } from '../../src/shared/contracts/backup';
import { cleanUpApps, makeTempDir, type SpawnedApp, spawnApp } from '../support/spawn-app';
import { databaseUrl, dropDatabase } from '../support/test-server';

/**
 * A process killed (kill -9) in the middle of a restore leaves the old data intact after a restart.
 * The real app (its embedded PostgreSQL in its data folder, or a fresh database on TEST_DATABASE_URL's
 * server) is filled until a restore takes seconds, a backup is downloaded, the data
 * is changed, and the restore of that backup is killed with SIGKILL as soon as PostgreSQL shows one of
 * its `COPY … FROM STDIN`. The app started again on the same data folder and database must hold every
 * table exactly as before the restore, keep the sessions (the restore's "everyone signs in again" never
 * happened), and leave no `.partial` file in its backup folder.
 */

const ADMIN = { email: 'owner@restore-kill.test', password: 'restore-kill-admin-password' };
/** Enough that the restore's COPY of `audit_log` runs for a second or more (the poll is every 10 ms). */
const FILLER_ROWS = 200_000;
const CHANGED_NAME = 'Restaurant After The Backup';

const external = process.env.TEST_DATABASE_URL;
const createdDatabases: string[] = [];

afterAll(async () => {
  await cleanUpApps();
  if (external) for (const name of createdDatabases) await dropDatabase(external, name);
});

/** A URL of the database the app in `dataDir` uses: its embedded server's (port and password on disk). */
function embeddedUrl(dataDir: string): string {
  const lines = readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n');
  const port = Number(lines[3]);
  const password = readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
  return `postgres://brigade:${encodeURIComponent(password)}@127.0.0.1:${port}/brigade`;
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, application_name: 'restore-kill-test' });
  // A failed assertion leaves it open; cleanUpApps then stops the embedded server under it.
  client.on('error', () => {});
  await client.connect();
  return client;
}

/**
 * Every table of `public` as a row count and an md5 of its rows' text (sorted, so the order rows are
 * stored in does not matter), and every sequence's position.
 */
async function tableHashes(client: pg.Client): Promise<Record<string, string>> {
  const tables = await client.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
  );
  const state: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const ident = `"${name.replaceAll('"', '""')}"`;
    const result = await client.query<{ rows: string; hash: string }>(
      `select count(*)::text as rows, md5(coalesce(string_agg(x::text, E'\\n' order by x::text), '')) as hash
       from ${ident} x`,
    );
    state[name] = `${result.rows[0]?.rows} rows, md5 ${result.rows[0]?.hash}`;
  }
  const sequences = await client.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'S' order by c.relname`,
  );
  for (const { name } of sequences.rows) {
    const result = await client.query<{ last_value: string; is_called: boolean }>(
      `select last_value::text, is_called from "${name.replaceAll('"', '""')}"`,
    );
    state[`sequence ${name}`] = `${result.rows[0]?.last_value} ${result.rows[0]?.is_called}`;
  }
  return state;
}

/** Every file under `dir` (relative paths), subfolders included. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

async function signIn(app: SpawnedApp): Promise<string> {
  const response = await fetch(`${app.baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.baseUrl },
    body: JSON.stringify(ADMIN),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

describe('a restore killed midway', () => {
  it('kill -9 during the COPY of a restore: after a restart the old data, sessions and files are intact', async () => {
    const started = Date.now();
    const dataDir = await makeTempDir('restore-kill');
    const backupDir = path.join(dataDir, 'backups');
    const env: Record<string, string> = {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
    };
    if (external) {
      const name = `brigade_restore_kill_${randomBytes(4).toString('hex')}`;
      const admin = await connect(external);
      await admin.query(`create database "${name}"`);
      await admin.end();
      createdDatabases.push(name);
      env.DATABASE_URL = databaseUrl(external, name);
    }
    const urlOf = () => env.DATABASE_URL ?? embeddedUrl(dataDir);

    const first = await spawnApp({ dataDir, env });
    await first.waitForHealthy();
    const cookie = await signIn(first);

    // A database big enough that the restore's COPY runs for a while.
    let db = await connect(urlOf());
    await db.query(
      `insert into audit_log (area, action, target_type, target_id, summary, after, created_at)
       select 'load', 'filler.row', 'filler', g::text, 'Filler row number ' || g,
              jsonb_build_object('n', g, 'text', repeat(md5(g::text), 3)),
              timestamptz '2026-01-01' + g * interval '1 second'
       from generate_series(1, $1::int) g`,
      [FILLER_ROWS],
    );

    const download = await fetch(`${first.baseUrl}${BACKUP_API.download}`, { headers: { cookie } });
    expect(download.status, await download.clone().text()).toBe(200);
    const backup = Buffer.from(await download.arrayBuffer());
    const atBackup = await tableHashes(db);

    // The old data: different from the backup's (a renamed restaurant, a new row, deleted rows).
    await db.query('update restaurant_settings set name = $1', [CHANGED_NAME]);
    await db.query(
      `insert into audit_log (area, action, summary) values ('test', 'marker', 'written after the backup')`,
    );
    await db.query(`delete from audit_log where area = 'load' and target_id::int % 100 = 0`);
    const before = await tableHashes(db);
    expect(before.audit_log).not.toBe(atBackup.audit_log);
    expect(before.restaurant_settings).not.toBe(atBackup.restaurant_settings);

    const settings = await fetch(`${first.baseUrl}/api/settings`, { headers: { cookie } });
    expect(settings.status).toBe(200);
    const confirm = ((await settings.json()) as { name: string }).name;
    expect(confirm).toBe(CHANGED_NAME);

    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(backup)], { type: 'application/gzip' }), 'backup.gz');
    form.append('confirm', confirm);
    form.append('password', ADMIN.password);
    // What the restore request came to: an answer (it must not get one) or the connection's failure.
    const request: { answered: string | null } = { answered: null };
    const restore = fetch(`${first.baseUrl}${BACKUP_API.restore}`, {
      method: 'POST',
      headers: { cookie, origin: first.baseUrl },
      body: form,
    }).then(
      async (response) => {
        request.answered = `${response.status} ${await response.text().catch(() => '')}`;
      },
      (error: Error) => error,
    );

    // Watch PostgreSQL for the restore's COPY into a table, then kill the app at once.
    const deadline = Date.now() + 45_000;
    let copying: string | null = null;
    while (!copying && Date.now() < deadline && request.answered === null) {
      const seen = await db.query<{ query: string }>(
        `select query from pg_stat_activity
         where datname = current_database() and application_name = 'brigade' and state = 'active'
           and query like 'COPY % FROM STDIN'`,
      );
      copying = seen.rows[0]?.query ?? null;
      if (!copying) await sleep(10);
    }
    if (copying) first.child.kill('SIGKILL');
    if (!copying) {
      first.child.kill('SIGKILL');
      throw new Error(
        request.answered !== null
          ? `the restore answered (${request.answered}) before its COPY was seen: make the database bigger`
          : 'no COPY … FROM STDIN of the restore was seen within 45 s',
      );
    }
    expect((await first.waitForExit()).signal).toBe('SIGKILL');
    const outcome = await restore;
    // The restore never answered: the connection died with the process.
    expect(request.answered, `the restore answered: ${request.answered}`).toBeNull();
    expect(outcome).toBeInstanceOf(Error);
    console.info(`killed the app while PostgreSQL ran: ${copying.slice(0, 60)}…`);

    // The database still shows the old data once the dead connection's transaction is gone.
    if (external) {
      await expect
        .poll(
          async () =>
            (
              await db.query(
                `select count(*)::int as n from pg_stat_activity
                 where datname = current_database() and application_name = 'brigade'`,
              )
            ).rows[0]?.n,
          { timeout: 10_000 },
        )
        .toBe(0);
    }
    await db.end();

    const second = await spawnApp({ dataDir, env });
    await second.waitForHealthy();
    db = await connect(urlOf());
    const after = await tableHashes(db);
    await db.end();

    // `backup_runs` gained the safety backup, written and committed before the replacement began.
    const { backup_runs: runsBefore, ...restBefore } = before;
    const { backup_runs: runsAfter, ...restAfter } = after;
    expect(restAfter).toEqual(restBefore);
    expect(runsAfter).not.toBe(runsBefore);

    // The old session still works (a restore that finished would have deleted every session).
    const overview = await fetch(`${second.baseUrl}${BACKUP_API.list}`, { headers: { cookie } });
    expect(overview.status, await overview.clone().text()).toBe(200);
    const { restaurantName, backups } = (await overview.json()) as BackupOverview;
    expect(restaurantName).toBe(CHANGED_NAME);
    expect(backups).toEqual([
      expect.objectContaining({ kind: 'safety', status: 'succeeded', available: true }),
    ]);

    // No half-written file is left: the upload being restored and any cut-off backup are removed.
    const files = await filesUnder(backupDir);
    expect(files.filter((file) => file.endsWith('.partial'))).toEqual([]);
    expect(files).toEqual([backups[0]?.fileName]);

    expect((await second.stop()).code, second.output()).toBe(0);
    console.info(`restore-kill test took ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });
});

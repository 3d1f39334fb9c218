import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import pgCopy from 'pg-copy-streams';
import type { Tx } from '../../db/transaction';
import type { Actor } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit';
import { STATIC_TOPICS, topicQueryCtes } from '../events';
import {
  appMigrations,
  backedUpTables,
  catalogTables,
  isBackedUp,
  LOCAL_TABLES,
  quoteIdent,
  schemaLevel,
} from './backup-database';
import {
  type BackupHeader,
  type BackupManifest,
  backupRefused,
  REFUSALS,
  readBackup,
  type TableSink,
  writeChunk,
} from './backup-format';

/** PostgreSQL advisory lock held by whoever writes a backup file or restores: one at a time. */
export const BACKUP_LOCK_KEY = 7_141_016;
/** The start-up lock (db/migrate.ts): a process starting meanwhile does not migrate under a restore. */
const STARTUP_LOCK_KEY = 7_141_001;

/**
 * How far a backup may expand when decompressed, relative to its compressed size. Real backups expand
 * 2 to 5 times (measured: the demo cafe's, mostly photos, 1.9 times; an empty installation's 5.2; the
 * 100,000-order bench's of decision 009, 49 MB, 4.0); gzip reaches about 1,000 times on data made to.
 */
export const MAX_EXPANSION_RATIO = 50;
/** Up to this, any file may expand (a tiny file's ratio says little, and this much is read in a blink). */
export const EXPANSION_FLOOR_BYTES = 64 * 1024 * 1024;

/** The decompressed bytes a restore reads of a backup of `compressedBytes` at most. */
export function expansionLimit(compressedBytes: number, maxBytes: number): number {
  return Math.min(maxBytes, Math.max(compressedBytes * MAX_EXPANSION_RATIO, EXPANSION_FLOOR_BYTES));
}

/**
 * A backup refused because it expands past its limit; it carries how much was read, for the log (a
 * file made to expand is an attack on the server's time).
 */
export class ExpansionRefused extends AppError {
  constructor(
    status: 400 | 413,
    message: string,
    readonly counts: { compressedBytes: number; compressedBytesRead: number; decompressedBytes: number },
  ) {
    super(status, message, { issues: [{ path: 'file', message }] });
  }
}

const GB = 1024 ** 3;
const sizeText = (bytes: number) =>
  bytes >= GB ? `${Math.round((bytes / GB) * 10) / 10} GB` : `${Math.round(bytes / 1024 ** 2)} MB`;

/**
 * Decompresses a backup file, turning zlib's failures into the owner's words. It refuses the file as
 * soon as it expands past `expansionLimit` (MAX_EXPANSION_RATIO times its size, or `maxBytes`), and
 * stops decompressing there: nothing more of it is read.
 */
export async function* backupFileLines(filePath: string, maxBytes: number): AsyncGenerator<Buffer> {
  const { size } = await fs.stat(filePath);
  const limit = expansionLimit(size, maxBytes);
  const file = createReadStream(filePath);
  const magic = await new Promise<Buffer>((resolve, reject) => {
    const head = createReadStream(filePath, { start: 0, end: 1 });
    const parts: Buffer[] = [];
    head.on('data', (part) => parts.push(part as Buffer));
    head.on('end', () => resolve(Buffer.concat(parts)));
    head.on('error', reject);
  });
  if (magic.length < 2 || magic[0] !== 0x1f || magic[1] !== 0x8b) {
    file.destroy();
    throw backupRefused(magic.length === 0 ? REFUSALS.notBackup : REFUSALS.notCompressed);
  }
  const gunzip = createGunzip();
  file.on('error', (error) => gunzip.destroy(error));
  file.pipe(gunzip);
  let decompressed = 0;
  try {
    for await (const chunk of gunzip) {
      decompressed += (chunk as Buffer).length;
      if (decompressed > limit) {
        const counts = {
          compressedBytes: size,
          compressedBytesRead: gunzip.bytesWritten,
          decompressedBytes: decompressed,
        };
        if (limit === maxBytes) {
          throw new ExpansionRefused(
            413,
            `This backup holds more than ${sizeText(maxBytes)} once decompressed, the most this server restores (BACKUP_RESTORE_MAX_GB). Nothing was restored.`,
            counts,
          );
        }
        throw new ExpansionRefused(
          400,
          `This file expands to more than ${MAX_EXPANSION_RATIO} times its size when decompressed, far more than a Brigade backup does: it is not a Brigade backup, or it was made to overload the server. Nothing was restored.`,
          counts,
        );
      }
      yield chunk as Buffer;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'Z_BUF_ERROR' || /unexpected end of file/i.test(String((error as Error).message))) {
      throw backupRefused(REFUSALS.incomplete);
    }
    if (code?.startsWith('Z_'))
      throw backupRefused(REFUSALS.damaged('its compressed data does not check out'));
    throw error;
  } finally {
    // Stops reading and decompressing at once, whether the file was read to its end or refused.
    file.destroy();
    gunzip.destroy();
  }
}

/** The app's schema level and what a backup's header must agree with to be restored here. */
export function checkHeaderAgainstApp(header: BackupHeader): void {
  const { migrations, tags } = appMigrations();
  if (header.schemaLevel > migrations.length) {
    throw backupRefused(
      `This backup was made by a newer version of Brigade (schema level ${header.schemaLevel}; this installation is at level ${migrations.length}). Update Brigade to version ${header.appVersion} or later, then restore it. Nothing was restored.`,
    );
  }
  if (tags[header.schemaLevel - 1] !== header.schemaTag) {
    throw backupRefused(
      `This backup's schema (${header.schemaTag}) is not one this version of Brigade knows: it was made by another build. Nothing was restored.`,
    );
  }
}

/**
 * Checks a backup file completely without touching the database (the first pass of a restore), reading
 * at most `expansionLimit(size, maxBytes)` decompressed bytes of it.
 */
export async function checkBackupFile(filePath: string, maxBytes: number): Promise<BackupManifest> {
  return readBackup(backupFileLines(filePath, maxBytes), { onHeader: checkHeaderAgainstApp });
}

export interface RestoreOutcome {
  manifest: BackupManifest;
  migratedTo: number;
}

/**
 * Replaces every table with a checked backup's, in one transaction on `client` (which must hold
 * BACKUP_LOCK_KEY): the schema is rebuilt at the backup's level by the app's own migrations, the rows
 * are loaded with COPY (PostgreSQL checks every row against its table, and the foreign keys once all
 * are in), and the later migrations bring it to the app's level. Sessions and other throwaway tables
 * come back empty; `events` and `backup_runs` keep this installation's rows. Any failure rolls all of
 * it back: a `kill -9` midway leaves the old data as it was.
 */
export async function restoreIntoDatabase(
  client: pg.PoolClient,
  filePath: string,
  audit: { actor: Actor | null; ipAddress: string | null },
  /** The most the file may hold decompressed (config's backupRestoreMaxBytes). */
  maxBytes: number,
): Promise<RestoreOutcome> {
  const { migrations } = appMigrations();
  await client.query('begin');
  try {
    await client.query('set local statement_timeout = 0');
    await client.query("set local lock_timeout = '30s'");
    await client.query('select pg_advisory_xact_lock($1)', [STARTUP_LOCK_KEY]);
    const current = await schemaLevel(client);
    if (current.level !== migrations.length) {
      throw new AppError(409, 'This installation is being upgraded; restore again once it has started.');
    }
    // This installation's own rows, kept across the rebuild.
    const kept: Record<string, string[]> = {};
    for (const table of await catalogTables(client)) {
      if (!(LOCAL_TABLES as readonly string[]).includes(table.name)) continue;
      kept[table.name] = table.columns;
      await client.query(
        `create temp table ${quoteIdent(`kept_${table.name}`)} on commit drop as select * from ${quoteIdent(table.name)}`,
      );
    }
    const eventsSequence = await client.query<{ last_value: string; is_called: boolean }>(
      'select last_value::text, is_called from events_id_seq',
    );

    let level = 0;
    const loaded = new Set<string>();
    const manifest = await readBackup(backupFileLines(filePath, maxBytes), {
      onHeader: (header) => {
        checkHeaderAgainstApp(header);
        level = header.schemaLevel;
      },
      sinkFor: async (name, columns) => {
        if (loaded.size === 0) await rebuildSchema(client, level);
        loaded.add(name);
        return copySink(client, name, columns);
      },
    });
    if (loaded.size === 0) await rebuildSchema(client, level);
    // Every table the schema has at that level must have come from the file.
    for (const table of await backedUpTables(client)) {
      if (!loaded.has(table.name)) {
        throw backupRefused(
          `The backup has no table “${table.name}”, which Brigade had at schema level ${level}: the file is not a complete Brigade backup. Nothing was restored.`,
        );
      }
    }
    // The checks deferred to commit (the ledger's: a row's source exists, a transfer sums to zero) run
    // now, with every table loaded: a table with checks still pending cannot take its foreign keys back.
    await client.query('set constraints all immediate');
    await restoreForeignKeys(client);
    for (const sequence of manifest.sequences) {
      const exists = await client.query(
        `select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind = 'S' and c.relname = $1`,
        [sequence.name],
      );
      if (exists.rowCount === 0) continue;
      await client.query('select setval($1::regclass, $2::bigint, $3)', [
        quoteIdent(sequence.name),
        sequence.lastValue,
        sequence.isCalled,
      ]);
    }
    // Then forward to this version's schema.
    await applyMigrations(client, level, migrations.length);
    // The per-day totals, from the rows as restored (the triggers that kept them ran row by row during
    // the load, some before the settings' time zone was in).
    await client.query('select brigade_rebuild_day_totals()');

    for (const [table, columns] of Object.entries(kept)) {
      const list = columns.map(quoteIdent).join(', ');
      await client.query(
        `insert into ${quoteIdent(table)} (${list}) select ${list} from ${quoteIdent(`kept_${table}`)}`,
      );
    }
    const sequenceRow = eventsSequence.rows[0];
    if (sequenceRow) {
      await client.query("select setval('events_id_seq', $1::bigint, $2)", [
        sequenceRow.last_value,
        sequenceRow.is_called,
      ]);
    }

    const db = drizzle({ client });
    // Every topic any process may hold a version of moves on, so no answer cached before the restore
    // (an ETag, a kept list, a session) is taken for the restored data.
    const staticTopics = `{${STATIC_TOPICS.join(',')}}`;
    await db.execute(sql`with ${topicQueryCtes(sql`
        select unnest(${staticTopics}::text[]) as topic
        union select topic from events
        union select 'notifications:' || id from users
        union select 'my-orders:' || id from users`)}
      select count(*) from event_rows`);
    const actorExists = audit.actor
      ? ((await client.query('select 1 from users where id = $1', [audit.actor.id])).rowCount ?? 0) > 0
      : false;
    await recordAudit(db as unknown as Tx, actorExists ? audit.actor : null, {
      area: 'backup',
      action: 'backup.restored',
      summary: `Restored the backup of ${manifest.createdAt} (${manifest.restaurantName}, ${manifest.rows} rows)`,
      after: {
        backupCreatedAt: manifest.createdAt,
        restaurantName: manifest.restaurantName,
        schemaLevel: manifest.schemaLevel,
        migratedTo: migrations.length,
        rows: manifest.rows,
        restoredBy: audit.actor?.email ?? null,
      },
      ipAddress: audit.ipAddress ?? undefined,
    });
    await client.query('commit');
    return { manifest, migratedTo: migrations.length };
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw translateDatabaseError(error);
  }
}

/** Drops every table of `public` and builds the schema of `level` with the app's own migrations. */
async function rebuildSchema(client: pg.PoolClient, level: number): Promise<void> {
  await client.query('drop schema public cascade');
  await client.query('create schema public');
  await client.query('delete from drizzle.__drizzle_migrations');
  await applyMigrations(client, 0, level);
  // Rows go in with their foreign keys off; `restoreForeignKeys` puts them back, checking every row.
  const keys = await client.query<{ table: string; name: string; definition: string }>(`
    select c.conrelid::regclass::text as table, c.conname as name, pg_get_constraintdef(c.oid) as definition
    from pg_constraint c join pg_namespace n on n.oid = c.connamespace
    where n.nspname = 'public' and c.contype = 'f'`);
  await client.query(
    'create temp table restore_foreign_keys (tbl text, name text, definition text) on commit drop',
  );
  for (const key of keys.rows) {
    await client.query('insert into restore_foreign_keys values ($1, $2, $3)', [
      key.table,
      key.name,
      key.definition,
    ]);
    await client.query(`alter table ${key.table} drop constraint ${quoteIdent(key.name)}`);
  }
  // Rows a migration wrote (a default settings row) give way to the backup's.
  const tables = await backedUpTables(client);
  if (tables.length > 0)
    await client.query(`truncate ${tables.map((table) => quoteIdent(table.name)).join(', ')}`);
}

async function restoreForeignKeys(client: pg.PoolClient): Promise<void> {
  const keys = await client.query<{ tbl: string; name: string; definition: string }>(
    'select tbl, name, definition from restore_foreign_keys',
  );
  for (const key of keys.rows) {
    await client.query(`alter table ${key.tbl} add constraint ${quoteIdent(key.name)} ${key.definition}`);
  }
}

/** Runs the app's migrations `from` (exclusive level) up to `to`, recording them as drizzle does. */
async function applyMigrations(client: pg.PoolClient, from: number, to: number): Promise<void> {
  const { migrations } = appMigrations();
  for (const migration of migrations.slice(from, to)) {
    for (const statement of migration.sql) {
      if (statement.trim()) await client.query(statement);
    }
    await client.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [
      migration.hash,
      migration.folderMillis,
    ]);
  }
}

/** A table's rows from the file go into PostgreSQL with COPY, which checks each against the table. */
async function copySink(client: pg.PoolClient, name: string, columns: string[]): Promise<TableSink> {
  const table = (await catalogTables(client)).find((shape) => shape.name === name);
  if (!table || !isBackedUp(name)) {
    throw backupRefused(
      `The backup has a table “${name}” that Brigade does not have at its schema level: the file is foreign or was changed. Nothing was restored.`,
    );
  }
  if ([...table.columns].sort().join('\t') !== [...columns].sort().join('\t')) {
    throw backupRefused(
      `The table “${name}” in the backup does not have the columns Brigade has at its schema level: the file is foreign or was changed. Nothing was restored.`,
    );
  }
  const stream = client.query(
    pgCopy.from(`COPY ${quoteIdent(name)} (${columns.map(quoteIdent).join(', ')}) FROM STDIN`),
  );
  let failure: Error | null = null;
  stream.on('error', (error: Error) => {
    failure = error;
  });
  return {
    write: (data) => (failure ? Promise.reject(failure) : writeChunk(stream, data)),
    end: async () => {
      if (failure) throw failure;
      stream.end();
      await finished(stream);
    },
  };
}

/** A row PostgreSQL refused is the file's fault: a 400 saying where, not a 500. */
function translateDatabaseError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const pgError = error as { code?: string; message?: string; where?: string; table?: string };
  const code = pgError.code ?? '';
  if (code === '55P03') {
    return new AppError(
      409,
      'The database is busy (a download or a long task holds its tables); try the restore again in a minute. Nothing was restored.',
    );
  }
  // Data exceptions (22…), integrity violations (23…) and COPY format errors: the file's rows.
  if (/^2[23]/.test(code)) {
    const where = pgError.where ? ` (${pgError.where.split('\n')[0]})` : '';
    return backupRefused(
      `The backup's rows could not be loaded: ${pgError.message}${where}. Nothing was restored.`,
    );
  }
  return error;
}

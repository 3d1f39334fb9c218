import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type pg from 'pg';
import pgCopy from 'pg-copy-streams';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION } from '../../../shared/contracts/backup';
import { MIGRATIONS_FOLDER } from '../../db/migrate';
import { type BackupHeader, type BackupManifest, type BackupSequence, BackupWriter } from './backup-format';

/**
 * What a backup holds and how it is read from and written into PostgreSQL: every table of the
 * `public` schema, found in the catalog (so a table added later is in backups without a change here),
 * except the ones below.
 */

/** Not in a backup, and emptied by a restore: sign-ins and short-lived security data. */
export const THROWAWAY_TABLES = [
  'sessions',
  'verifications',
  'rate_limits',
  'spent_human_checks',
  'order_idempotency_keys',
  'push_subscriptions',
  'dev_outbox',
] as const;
/**
 * Not in a backup, and kept as they are by a restore: they describe this installation, not the
 * restaurant. `events` keeps its ids counting up, so every process's topic versions only grow, and a
 * restore then moves every topic on (`restoreIntoDatabase`); `backup_runs` lists files on this
 * machine; `web_push_keys` is the key pair every running process signs pushes with (kept in memory),
 * and the browsers' subscriptions to it are not in a backup either.
 */
export const LOCAL_TABLES = ['events', 'backup_runs', 'web_push_keys'] as const;
/**
 * Not in a backup: sums the database keeps of other tables' rows (per-day totals), rebuilt from the
 * restored rows by `brigade_rebuild_day_totals()` at the end of a restore.
 */
export const DERIVED_TABLES = ['order_day_totals', 'stock_day_totals', 'ledger_day_totals'] as const;
const NOT_BACKED_UP: ReadonlySet<string> = new Set([...THROWAWAY_TABLES, ...LOCAL_TABLES, ...DERIVED_TABLES]);
/** The events' sequence is the installation's own (LOCAL_TABLES). */
const LOCAL_SEQUENCES: ReadonlySet<string> = new Set(['events_id_seq']);

export const APP_VERSION: string = (() => {
  try {
    const file = path.resolve(MIGRATIONS_FOLDER, '../package.json');
    return String((JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version ?? 'unknown');
  } catch {
    return 'unknown';
  }
})();

interface Migration {
  sql: string[];
  folderMillis: number;
  hash: string;
}

let migrationsCache: { migrations: Migration[]; tags: string[] } | null = null;

/** The app's migrations in order, with their tags (`0013_backups`): level n means the first n applied. */
export function appMigrations(): { migrations: Migration[]; tags: string[] } {
  if (!migrationsCache) {
    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
      entries: { tag: string }[];
    };
    migrationsCache = {
      migrations: readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }) as Migration[],
      tags: journal.entries.map((entry) => entry.tag),
    };
  }
  return migrationsCache;
}

/** The database's schema level: how many of the app's migrations it has applied. */
export async function schemaLevel(client: pg.ClientBase): Promise<{ level: number; tag: string }> {
  const result = await client.query<{ created_at: string }>(
    'select created_at::text from drizzle.__drizzle_migrations order by created_at desc limit 1',
  );
  const last = Number(result.rows[0]?.created_at ?? 0);
  const { migrations, tags } = appMigrations();
  const index = migrations.findIndex((migration) => migration.folderMillis === last);
  if (index === -1)
    throw new Error('the database was migrated by a version of Brigade this one does not know');
  return { level: index + 1, tag: tags[index] as string };
}

export interface TableShape {
  name: string;
  columns: string[];
}

/** The tables of `public` with their stored columns (generated ones are computed, not stored). */
export async function catalogTables(client: pg.ClientBase): Promise<TableShape[]> {
  const result = await client.query<{ name: string; columns: string[] }>(`
    select c.relname as name, array_agg(a.attname::text order by a.attnum) as columns
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
    where n.nspname = 'public' and c.relkind in ('r', 'p')
    group by c.relname
    order by c.relname`);
  return result.rows;
}

/** The tables a backup holds, in file order. */
export async function backedUpTables(client: pg.ClientBase): Promise<TableShape[]> {
  return (await catalogTables(client)).filter((table) => !NOT_BACKED_UP.has(table.name));
}

export function isBackedUp(table: string): boolean {
  return !NOT_BACKED_UP.has(table);
}

/** The sequences of `public` (order numbers…) and where they stand. */
export async function sequenceValues(client: pg.ClientBase): Promise<BackupSequence[]> {
  const names = await client.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'S' order by c.relname`,
  );
  const values: BackupSequence[] = [];
  for (const { name } of names.rows) {
    if (LOCAL_SEQUENCES.has(name)) continue;
    const row = await client.query<{ last_value: string; is_called: boolean }>(
      `select last_value::text, is_called from ${quoteIdent(name)}`,
    );
    const value = row.rows[0];
    if (value) values.push({ name, lastValue: value.last_value, isCalled: value.is_called });
  }
  return values;
}

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** The restaurant's name as the settings hold it (the confirmation a restore asks for). */
export async function restaurantName(client: pg.ClientBase): Promise<string> {
  const result = await client.query<{ name: string }>('select name from restaurant_settings limit 1');
  return result.rows[0]?.name ?? '';
}

/**
 * Writes the whole database to `out` as a backup, from one snapshot: the caller's client must be in a
 * `repeatable read` transaction. Rows are streamed table by table with COPY, never held.
 */
export async function writeBackup(
  client: pg.ClientBase,
  out: import('node:stream').Writable,
): Promise<BackupManifest> {
  const { level, tag } = await schemaLevel(client);
  const tables = await backedUpTables(client);
  const header: BackupHeader = {
    format: BACKUP_FORMAT,
    formatVersion: BACKUP_FORMAT_VERSION,
    schemaLevel: level,
    schemaTag: tag,
    appVersion: APP_VERSION,
    createdAt: new Date().toISOString(),
    restaurantName: await restaurantName(client),
    tables: tables.map((table) => table.name),
  };
  const sequences = await sequenceValues(client);
  const writer = new BackupWriter(out);
  await writer.start(header);
  for (const table of tables) {
    const columns = table.columns.map(quoteIdent).join(', ');
    const stream = client.query(
      pgCopy.to(`COPY (SELECT ${columns} FROM ${quoteIdent(table.name)}) TO STDOUT`),
    );
    await writer.table(table.name, table.columns, stream as AsyncIterable<Buffer>);
  }
  return writer.finish(header, sequences);
}

/** Rows a backup made now would hold (for the download's progress). */
export async function countBackedUpRows(client: pg.ClientBase): Promise<number> {
  const tables = await backedUpTables(client);
  if (tables.length === 0) return 0;
  const result = await client.query<{ rows: string }>(
    `select (${tables.map((table) => `(select count(*) from ${quoteIdent(table.name)})`).join(' + ')})::text as rows`,
  );
  return Number(result.rows[0]?.rows ?? 0);
}

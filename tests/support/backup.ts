import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { expect } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { poolOf } from '../../src/server/modules/backup/backup.service';
import { backedUpTables, quoteIdent, sequenceValues } from '../../src/server/modules/backup/backup-database';
import { BACKUP_API, type RestoreResult } from '../../src/shared/contracts/backup';
import type { TestApp } from './test-app';

/**
 * Backups in API tests (backup.test.ts, backup-refusals.test.ts): a hash of every table a
 * backup holds (to compare a database row by row with another state), the download, the restore
 * upload, and editing a backup file's lines the way a tamperer would (with its checksums fixed up or not).
 */

/** A fresh backup folder under .tmp/: the kept files of one host are pruned, so no two apps share one. */
export async function freshBackupDir(): Promise<string> {
  await fs.mkdir('.tmp', { recursive: true });
  return path.resolve(await fs.mkdtemp('.tmp/backup-test-'));
}

/** Who sends a request: a signed-in user's cookie. */
type As = { cookie: string };

/**
 * Every backed-up table's rows as one md5 (order-independent: the rows' text sorted) and its row count,
 * plus the sequences' positions. `audit_log` leaves out the entries a restore writes about itself.
 */
export async function databaseState(db: Database): Promise<Record<string, string>> {
  const client = await poolOf(db).connect();
  try {
    const state: Record<string, string> = {};
    for (const table of await backedUpTables(client)) {
      const where =
        table.name === 'audit_log' ? ` where not (x.area = 'backup' and x.action = 'backup.restored')` : '';
      const result = await client.query<{ hash: string; rows: string }>(
        `select md5(coalesce(string_agg(x::text, E'\\n' order by x::text), '')) as hash, count(*)::text as rows
         from ${quoteIdent(table.name)} x${where}`,
      );
      const row = result.rows[0];
      state[table.name] = `${row?.rows} rows, md5 ${row?.hash}`;
    }
    for (const sequence of await sequenceValues(client)) {
      state[`sequence ${sequence.name}`] = `${sequence.lastValue} ${sequence.isCalled}`;
    }
    return state;
  } finally {
    client.release();
  }
}

/** The number of rows of `table`, optionally with a `where` clause. */
export async function countRows(db: Database, table: string, where = ''): Promise<number> {
  const result = await poolOf(db).query<{ n: number }>(
    `select count(*)::int as n from ${quoteIdent(table)}${where ? ` where ${where}` : ''}`,
  );
  return result.rows[0]?.n ?? 0;
}

/** `GET /api/admin/backup` as `as`, expecting 200: the file's bytes and the response. */
export async function downloadBackup(t: TestApp, as: As): Promise<{ bytes: Buffer; response: Response }> {
  const response = await t.get(BACKUP_API.download, { as });
  expect(response.status, response.status === 200 ? '' : await response.clone().text()).toBe(200);
  const bytes = Buffer.from(await response.arrayBuffer());
  return { bytes, response };
}

/**
 * `POST /api/admin/backup/restore` as `as` with `file` (any bytes), `confirm` and `password`; any may be
 * left out. The fields go first and the file last, as the web page sends them.
 */
export function uploadRestore(
  t: TestApp,
  as: As | null,
  fields: { file?: Buffer | Uint8Array; confirm?: string; password?: string; fileName?: string },
): Promise<Response> {
  const form = new FormData();
  if (fields.confirm !== undefined) form.append('confirm', fields.confirm);
  if (fields.password !== undefined) form.append('password', fields.password);
  if (fields.file !== undefined) {
    form.append(
      'file',
      new Blob([new Uint8Array(fields.file)], { type: 'application/gzip' }),
      fields.fileName ?? 'brigade-backup.gz',
    );
  }
  return t.request(BACKUP_API.restore, { method: 'POST', body: form }, { as });
}

/** The same with the admin's own password, expecting 200: the restore's result. */
export async function restored(
  t: TestApp,
  as: As & { password: string },
  file: Buffer,
  confirm: string,
): Promise<RestoreResult> {
  const response = await uploadRestore(t, as, { file, confirm, password: as.password });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as RestoreResult;
}

/** The name a restore must be confirmed with (the restaurant's, from the settings). */
export async function restaurantNameOf(t: TestApp, as: As): Promise<string> {
  const response = await t.get('/api/settings', { as });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { name: string }).name;
}

/** A backup file's lines (decompressed), the last one empty (the file ends with a newline). */
export function backupLines(file: Buffer): string[] {
  return gunzipSync(file).toString('utf8').split('\n');
}

/**
 * Lines back into a compressed file; with `fixChecksum` the closing `end` line's SHA-256 is computed
 * again over every byte before it, as a tamperer who knows the format would.
 */
export function backupFromLines(lines: string[], options: { fixChecksum: boolean }): Buffer {
  const copy = [...lines];
  if (options.fixChecksum) {
    const endIndex = copy.findIndex((line) => line.startsWith('end '));
    if (endIndex === -1) throw new Error('the backup has no end line');
    const before = `${copy.slice(0, endIndex).join('\n')}\n`;
    copy[endIndex] = `end ${createHash('sha256').update(before, 'utf8').digest('hex')}`;
  }
  return gzipSync(Buffer.from(copy.join('\n'), 'utf8'));
}

/** The manifest line's JSON, parsed, and its index among the lines. */
export function manifestOf(lines: string[]): { index: number; manifest: BackupManifestJson } {
  const index = lines.findIndex((line) => line.startsWith('manifest '));
  if (index === -1) throw new Error('the backup has no manifest line');
  return { index, manifest: JSON.parse((lines[index] as string).slice('manifest '.length)) };
}

export interface BackupManifestJson {
  schemaLevel: number;
  restaurantName: string;
  rows: number;
  tables: { name: string; columns: string[]; rows: number; sha256: string }[];
  sequences: { name: string; lastValue: string; isCalled: boolean }[];
  [key: string]: unknown;
}

/** The index of the first row line of `table` in the lines, and its column names. */
export function firstRowOf(lines: string[], table: string): { index: number; columns: string[] } {
  const header = lines.findIndex((line) => line.startsWith(`table ${table} `));
  if (header === -1) throw new Error(`the backup has no table ${table}`);
  const columns = JSON.parse((lines[header] as string).slice(`table ${table} `.length)) as string[];
  if (lines[header + 1] === '\\.') throw new Error(`the backup's table ${table} has no rows`);
  return { index: header + 1, columns };
}

/** The SHA-256 of a table's row lines (each with its newline), as the manifest gives it. */
export function tableSha(lines: string[], table: string): string {
  const { index } = firstRowOf(lines, table);
  const hash = createHash('sha256');
  for (let at = index; lines[at] !== '\\.'; at++) hash.update(`${lines[at]}\n`, 'utf8');
  return hash.digest('hex');
}

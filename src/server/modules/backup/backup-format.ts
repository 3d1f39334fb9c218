import { createHash, type Hash } from 'node:crypto';
import type { Writable } from 'node:stream';
import { z } from 'zod';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION } from '../../../shared/contracts/backup';
import { AppError } from '../../lib/errors';

/**
 * The backup file (decision 009): a gzip stream of UTF-8 lines, readable with `zcat` and written and read
 * one row at a time, so no table is ever held in memory.
 *
 * ```
 * BRIGADE-BACKUP 1                                   the format and its version
 * header {"format":"brigade-backup",…}              who made it: schema level, app version, time, restaurant
 * table orders ["id","number",…]                     a table and its columns, then its rows in
 * <rows, PostgreSQL COPY text format>                 PostgreSQL's COPY text format, one per line
 * \.                                                 end of the table's rows
 * …                                                   every other table
 * manifest {…,"tables":[{"name","columns","rows","sha256"}],"sequences":[…]}
 * end <sha256 of every byte before this line>
 * ```
 *
 * A table's `sha256` covers its row lines (each with its newline); the `end` line covers the whole file
 * before it, manifest included, so a changed byte anywhere, a cut-off file or an edited manifest is
 * found before anything is replaced.
 */

export const BACKUP_MAGIC = 'BRIGADE-BACKUP';
/** A line longer than this (a 5 MB photo is about 10 MB of hex) is damage, not data. */
const MAX_LINE_BYTES = 64 * 1024 * 1024;

const identity = {
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(BACKUP_FORMAT_VERSION),
  schemaLevel: z.number().int().positive(),
  schemaTag: z.string().min(1),
  appVersion: z.string(),
  createdAt: z.string(),
  restaurantName: z.string(),
};

export const BackupHeaderSchema = z.object({ ...identity, tables: z.array(z.string()) });
export type BackupHeader = z.infer<typeof BackupHeaderSchema>;

const TableEntrySchema = z.object({
  name: z.string(),
  columns: z.array(z.string()).min(1),
  rows: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
const SequenceEntrySchema = z.object({
  name: z.string(),
  lastValue: z.string().regex(/^-?[0-9]+$/),
  isCalled: z.boolean(),
});
export const BackupManifestSchema = z.object({
  ...identity,
  tables: z.array(TableEntrySchema),
  sequences: z.array(SequenceEntrySchema),
  rows: z.number().int().nonnegative(),
});
export type BackupManifest = z.infer<typeof BackupManifestSchema>;
export type BackupTableEntry = z.infer<typeof TableEntrySchema>;
export type BackupSequence = z.infer<typeof SequenceEntrySchema>;

/** A backup refused: a 400 whose message says what is wrong with the file, in words for the owner. */
export function backupRefused(message: string): AppError {
  return new AppError(400, message, { issues: [{ path: 'file', message }] });
}

export const REFUSALS = {
  notBackup: 'This file is not a Brigade backup.',
  notCompressed:
    'This file is not a Brigade backup: it is not a compressed backup file (a Brigade backup ends in .gz and starts compressed).',
  damaged: (why: string) =>
    `The backup file is damaged (${why}): it was changed or broken after it was made. Nothing was restored.`,
  incomplete:
    'The backup file is incomplete: it ends before its closing checksum, so it was cut off while being copied or downloaded. Nothing was restored.',
  newerFormat: (version: number) =>
    `This backup was made by a newer version of Brigade (backup format ${version}; this installation reads format ${BACKUP_FORMAT_VERSION}). Update Brigade, then restore it. Nothing was restored.`,
  tableChecksum: (table: string) =>
    `The table “${table}” in the backup does not match its checksum in the manifest: the file was changed after it was made. Nothing was restored.`,
  tableRows: (table: string) =>
    `The table “${table}” in the backup does not have the number of rows its manifest names: the file was changed after it was made. Nothing was restored.`,
  fileChecksum:
    'The backup file does not match its own checksum: it was changed after it was made. Nothing was restored.',
} as const;

/** Writes `data`, waiting while `out` is full; rejects if `out` closes or fails meanwhile. */
export function writeChunk(out: Writable, data: Buffer | string): Promise<void> {
  if (out.destroyed || out.writableEnded) return Promise.reject(new Error('the backup output was closed'));
  if (out.write(data)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      out.off('drain', onDrain);
      out.off('close', onClose);
      out.off('error', done);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = () => done();
    const onClose = () => done(new Error('the backup output was closed'));
    out.on('drain', onDrain);
    out.on('close', onClose);
    out.on('error', done);
  });
}

/**
 * Writes a backup's lines to `out` (a gzip stream), hashing as it goes. `rows(table, columns)` yields
 * a table's rows in COPY text format; the caller supplies them from one snapshot.
 */
export class BackupWriter {
  private readonly fileHash = createHash('sha256');
  private readonly tables: BackupTableEntry[] = [];

  constructor(private readonly out: Writable) {}

  private async line(text: string): Promise<void> {
    const data = Buffer.from(`${text}\n`, 'utf8');
    this.fileHash.update(data);
    await writeChunk(this.out, data);
  }

  async start(header: BackupHeader): Promise<void> {
    await this.line(`${BACKUP_MAGIC} ${BACKUP_FORMAT_VERSION}`);
    await this.line(`header ${JSON.stringify(header)}`);
  }

  async table(name: string, columns: string[], rows: AsyncIterable<Buffer>): Promise<number> {
    await this.line(`table ${name} ${JSON.stringify(columns)}`);
    const tableHash = createHash('sha256');
    let count = 0;
    for await (const chunk of rows) {
      tableHash.update(chunk);
      this.fileHash.update(chunk);
      count += countByte(chunk, 10);
      await writeChunk(this.out, chunk);
    }
    await this.line('\\.');
    this.tables.push({ name, columns, rows: count, sha256: tableHash.digest('hex') });
    return count;
  }

  async finish(header: BackupHeader, sequences: BackupSequence[]): Promise<BackupManifest> {
    const { tables: _names, ...fields } = header;
    const manifest: BackupManifest = {
      ...fields,
      tables: this.tables,
      sequences,
      rows: this.tables.reduce((sum, table) => sum + table.rows, 0),
    };
    await this.line(`manifest ${JSON.stringify(manifest)}`);
    await writeChunk(this.out, `end ${this.fileHash.digest('hex')}\n`);
    return manifest;
  }
}

function countByte(buffer: Buffer, byte: number): number {
  let count = 0;
  let at = buffer.indexOf(byte);
  while (at !== -1) {
    count += 1;
    at = buffer.indexOf(byte, at + 1);
  }
  return count;
}

/** Where a table's rows go while a backup is read (a COPY into the database), or nowhere (a check). */
export interface TableSink {
  write(data: Buffer): Promise<void>;
  end(): Promise<void>;
}

export interface ReadBackupOptions {
  /** Called once the header is read; throws to refuse the file (a newer schema level). */
  onHeader?(header: BackupHeader): void;
  /** Where a table's rows go; called when its section starts. Throws to refuse (an unknown table). */
  sinkFor?(name: string, columns: string[]): Promise<TableSink | null>;
}

type State = 'magic' | 'header' | 'between' | 'data' | 'manifest' | 'done';
interface OpenTable {
  name: string;
  columns: string[];
  fields: number;
  rows: number;
  hash: Hash;
  sink: TableSink | null;
}

/**
 * Reads a backup (already decompressed) from `source` and checks all of it: the format line, the
 * header, every table's rows (their number of fields, their count and checksum against the manifest)
 * and the file's own checksum. Rows go to `sinkFor`'s sink as they are read. Throws a 400 naming what
 * is wrong; a caller that loads rows must roll back on any throw.
 */
export async function readBackup(
  source: AsyncIterable<Buffer>,
  options: ReadBackupOptions = {},
): Promise<BackupManifest> {
  const fileHash = createHash('sha256');
  let state = 'magic' as State;
  let header: BackupHeader | null = null;
  let manifest: BackupManifest | null = null;
  const seen: BackupTableEntry[] = [];
  let table = null as OpenTable | null;
  const partial: Buffer[] = [];
  let partialBytes = 0;

  const parseJson = (text: string): unknown => {
    try {
      return JSON.parse(text);
    } catch {
      throw backupRefused(REFUSALS.damaged('a line of its header or manifest cannot be read'));
    }
  };

  const controlLine = async (line: Buffer): Promise<void> => {
    const text = line.toString('utf8');
    if (state === 'magic') {
      const match = /^BRIGADE-BACKUP ([0-9]{1,6})$/.exec(text);
      if (!match) throw backupRefused(REFUSALS.notBackup);
      const version = Number(match[1]);
      if (version > BACKUP_FORMAT_VERSION) throw backupRefused(REFUSALS.newerFormat(version));
      if (version !== BACKUP_FORMAT_VERSION) throw backupRefused(REFUSALS.notBackup);
      fileHash.update(line).update('\n');
      state = 'header';
      return;
    }
    if (state === 'header') {
      if (!text.startsWith('header ')) throw backupRefused(REFUSALS.damaged('its header is missing'));
      const parsed = BackupHeaderSchema.safeParse(parseJson(text.slice(7)));
      if (!parsed.success) throw backupRefused(REFUSALS.damaged('its header is not valid'));
      header = parsed.data;
      options.onHeader?.(header);
      fileHash.update(line).update('\n');
      state = 'between';
      return;
    }
    if (state === 'between') {
      if (text.startsWith('table ')) {
        const space = text.indexOf(' ', 6);
        const name = space > 6 ? text.slice(6, space) : '';
        const columns = z
          .array(z.string())
          .min(1)
          .safeParse(parseJson(text.slice(space + 1)));
        if (
          !name ||
          !columns.success ||
          !header?.tables.includes(name) ||
          seen.some((t) => t.name === name)
        ) {
          throw backupRefused(REFUSALS.damaged('a table section is not valid'));
        }
        fileHash.update(line).update('\n');
        const sink = options.sinkFor ? await options.sinkFor(name, columns.data) : null;
        table = {
          name,
          columns: columns.data,
          fields: columns.data.length,
          rows: 0,
          hash: createHash('sha256'),
          sink,
        };
        state = 'data';
        return;
      }
      if (text.startsWith('manifest ')) {
        const parsed = BackupManifestSchema.safeParse(parseJson(text.slice(9)));
        if (!parsed.success) throw backupRefused(REFUSALS.damaged('its manifest is not valid'));
        manifest = parsed.data;
        checkManifest(header as BackupHeader, manifest, seen);
        fileHash.update(line).update('\n');
        state = 'manifest';
        return;
      }
      throw backupRefused(REFUSALS.damaged('an unexpected line between tables'));
    }
    if (state === 'manifest') {
      if (!text.startsWith('end ')) throw backupRefused(REFUSALS.damaged('its closing line is missing'));
      if (text.slice(4) !== fileHash.digest('hex')) throw backupRefused(REFUSALS.fileChecksum);
      state = 'done';
      return;
    }
    // After the end line only nothing may follow.
    throw backupRefused(REFUSALS.damaged('there is more after its closing line'));
  };

  /** A whole row line (without its newline) that arrived split across chunks. */
  const dataLine = async (line: Buffer): Promise<void> => {
    const current = table as OpenTable;
    if (line.length === 2 && line[0] === 92 && line[1] === 46) return endTable(current);
    checkFields(current, line, 0, line.length);
    current.rows += 1;
    const data = Buffer.concat([line, NEWLINE]);
    current.hash.update(data);
    fileHash.update(data);
    await current.sink?.write(data);
  };

  const endTable = async (current: OpenTable): Promise<void> => {
    fileHash.update(END_OF_ROWS);
    await current.sink?.end();
    seen.push({
      name: current.name,
      columns: current.columns,
      rows: current.rows,
      sha256: current.hash.digest('hex'),
    });
    table = null;
    state = 'between';
  };

  const checkFields = (current: OpenTable, buffer: Buffer, from: number, to: number) => {
    let fields = 1;
    let at = buffer.indexOf(9, from);
    while (at !== -1 && at < to) {
      fields += 1;
      at = buffer.indexOf(9, at + 1);
    }
    if (fields !== current.fields) {
      throw backupRefused(
        REFUSALS.damaged(
          `row ${current.rows + 1} of the table “${current.name}” has ${fields} fields, not ${current.fields}`,
        ),
      );
    }
  };

  for await (const chunk of source) {
    let position = 0;
    if (partialBytes > 0) {
      const newline = chunk.indexOf(10);
      if (newline === -1) {
        partial.push(chunk);
        partialBytes += chunk.length;
        checkPartial();
        continue;
      }
      partial.push(chunk.subarray(0, newline));
      const line = Buffer.concat(partial);
      partial.length = 0;
      partialBytes = 0;
      if (state === 'data') await dataLine(line);
      else await controlLine(line);
      position = newline + 1;
    }
    let runStart = position;
    for (;;) {
      const newline = chunk.indexOf(10, position);
      if (newline === -1) break;
      if (state === 'data') {
        const current = table as OpenTable;
        if (newline - position === 2 && chunk[position] === 92 && chunk[position + 1] === 46) {
          await flushRun(current, chunk, runStart, position);
          await endTable(current);
          position = newline + 1;
          runStart = position;
          continue;
        }
        checkFields(current, chunk, position, newline);
        current.rows += 1;
        position = newline + 1;
        continue;
      }
      await controlLine(chunk.subarray(position, newline));
      position = newline + 1;
      runStart = position;
    }
    if (state === 'data') await flushRun(table as OpenTable, chunk, runStart, position);
    if (position < chunk.length) {
      const rest = Buffer.from(chunk.subarray(position));
      partial.push(rest);
      partialBytes += rest.length;
      checkPartial();
    }
  }

  function checkPartial() {
    // The format line is short: a long first line is some other file, not a damaged backup.
    if (state === 'magic' && partialBytes > 64) throw backupRefused(REFUSALS.notBackup);
    if (partialBytes > MAX_LINE_BYTES) throw backupRefused(REFUSALS.damaged('a line is far too long'));
  }

  async function flushRun(current: OpenTable, chunk: Buffer, from: number, to: number) {
    if (to <= from) return;
    const run = chunk.subarray(from, to);
    current.hash.update(run);
    fileHash.update(run);
    await current.sink?.write(Buffer.from(run));
  }

  if (state === 'magic' && partialBytes === 0) throw backupRefused(REFUSALS.notBackup);
  if (state !== 'done') {
    if (state === 'magic' && !/^BRIGADE-BACKUP/.test(Buffer.concat(partial).toString('utf8'))) {
      throw backupRefused(REFUSALS.notBackup);
    }
    throw backupRefused(REFUSALS.incomplete);
  }
  if (partialBytes > 0) throw backupRefused(REFUSALS.damaged('there is more after its closing line'));
  return manifest as unknown as BackupManifest;
}

const NEWLINE = Buffer.from('\n');
const END_OF_ROWS = Buffer.from('\\.\n');

/** The manifest must name exactly the tables read, with their columns, row counts and checksums. */
function checkManifest(header: BackupHeader, manifest: BackupManifest, seen: BackupTableEntry[]): void {
  for (const key of [
    'format',
    'formatVersion',
    'schemaLevel',
    'schemaTag',
    'appVersion',
    'createdAt',
    'restaurantName',
  ] as const) {
    if (header[key] !== manifest[key])
      throw backupRefused(REFUSALS.damaged('its manifest does not match its header'));
  }
  if (
    manifest.tables.length !== seen.length ||
    header.tables.length !== seen.length ||
    manifest.rows !== seen.reduce((sum, table) => sum + table.rows, 0)
  ) {
    throw backupRefused(REFUSALS.damaged('its manifest does not list the tables it holds'));
  }
  for (const [index, entry] of manifest.tables.entries()) {
    const read = seen[index] as BackupTableEntry;
    if (entry.name !== read.name || entry.columns.join('\t') !== read.columns.join('\t')) {
      throw backupRefused(REFUSALS.damaged('its manifest does not list the tables it holds'));
    }
    if (entry.rows !== read.rows) throw backupRefused(REFUSALS.tableRows(entry.name));
    if (entry.sha256 !== read.sha256) throw backupRefused(REFUSALS.tableChecksum(entry.name));
  }
}

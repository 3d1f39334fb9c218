import { createHash } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION } from '../../../shared/contracts/backup';
import { type BackupHeader, BackupWriter, REFUSALS, readBackup } from './backup-format';

const header: BackupHeader = {
  format: BACKUP_FORMAT,
  formatVersion: BACKUP_FORMAT_VERSION,
  schemaLevel: 3,
  schemaTag: '0002_test',
  appVersion: '0.1.0',
  createdAt: '2026-11-26T03:00:00.000Z',
  restaurantName: 'Cafe Tab',
  tables: ['alpha', 'empty', 'photos'],
};

const photo = `\\\\x${'ab'.repeat(40_000)}`;
const tables: Record<string, { columns: string[]; rows: string[] }> = {
  alpha: {
    columns: ['id', 'name', 'note'],
    rows: ['1\tLatte\t\\N', '2\tTab\\there\tline\\nbreak', '3\t\\\\.\tx'],
  },
  empty: { columns: ['id'], rows: [] },
  photos: { columns: ['id', 'content'], rows: [`1\t${photo}`, '2\t\\\\x00'] },
};

/** A backup made by the writer, as one buffer. */
async function makeBackup(): Promise<Buffer> {
  const out = new PassThrough();
  const parts: Buffer[] = [];
  out.on('data', (part: Buffer) => parts.push(part));
  const writer = new BackupWriter(out);
  await writer.start(header);
  for (const name of header.tables) {
    const table = tables[name] as { columns: string[]; rows: string[] };
    // The rows arrive in chunks that split lines anywhere, as COPY's stream does.
    const text = Buffer.from(table.rows.map((row) => `${row}\n`).join(''));
    async function* chunks() {
      for (let at = 0; at < text.length; at += 7_001) yield text.subarray(at, at + 7_001);
    }
    await writer.table(name, table.columns, chunks());
  }
  await writer.finish(header, [{ name: 'order_number_seq', lastValue: '1042', isCalled: true }]);
  out.end();
  return Buffer.concat(parts);
}

async function* inChunks(data: Buffer, size: number) {
  for (let at = 0; at < data.length; at += size) yield data.subarray(at, at + size);
}

/** Reads `data` in chunks of `size`, collecting what each table's sink receives. */
async function read(data: Buffer, size = 65_536) {
  const received: Record<string, string> = {};
  const manifest = await readBackup(inChunks(data, size), {
    sinkFor: async (name) => {
      received[name] = '';
      return {
        write: async (part) => {
          received[name] += part.toString('utf8');
        },
        end: async () => {},
      };
    },
  });
  return { manifest, received };
}

/** Replaces the `end` line's checksum with the one of the bytes before it (a consistent forgery). */
function withFixedEnd(text: string): Buffer {
  const at = text.lastIndexOf('end ');
  const body = text.slice(0, at);
  return Buffer.from(`${body}end ${createHash('sha256').update(body).digest('hex')}\n`);
}

describe('the backup format', () => {
  it('reads back exactly what was written, whatever the chunk boundaries', async () => {
    const data = await makeBackup();
    for (const size of [1, 2, 3, 64, 7_001, 65_536, data.length]) {
      const { manifest, received } = await read(data, size);
      expect(manifest.rows).toBe(5);
      expect(manifest.tables.map((table) => [table.name, table.rows])).toEqual([
        ['alpha', 3],
        ['empty', 0],
        ['photos', 2],
      ]);
      expect(manifest.sequences).toEqual([{ name: 'order_number_seq', lastValue: '1042', isCalled: true }]);
      for (const name of header.tables) {
        const rows = (tables[name] as { rows: string[] }).rows;
        expect(received[name], `${name} at chunk size ${size}`).toBe(rows.map((row) => `${row}\n`).join(''));
      }
    }
  });

  it('keeps a row that is an escaped backslash-dot apart from the end of the rows', async () => {
    const { received } = await read(await makeBackup(), 5);
    expect(received.alpha).toContain('3\t\\\\.\tx\n');
  });

  it('refuses a file cut off anywhere', async () => {
    const data = await makeBackup();
    for (const cut of [1, 20, 200, Math.floor(data.length / 2), data.length - 80, data.length - 1]) {
      await expect(read(data.subarray(0, cut)), `cut at ${cut}`).rejects.toThrow(/incomplete|not a Brigade/);
    }
  });

  it('refuses a changed row by its table checksum, and a changed manifest by the closing checksum', async () => {
    const text = (await makeBackup()).toString('utf8');
    await expect(read(withFixedEnd(text.replace('Latte', 'Lotte')))).rejects.toThrow(
      REFUSALS.tableChecksum('alpha'),
    );
    await expect(read(Buffer.from(text.replace('"Cafe Tab"', '"Cafe Tub"')))).rejects.toThrow(
      /manifest does not match its header|does not match its own checksum/,
    );
    await expect(read(Buffer.from(text.replace('Latte', 'Lotte')))).rejects.toThrow(
      REFUSALS.tableChecksum('alpha'),
    );
    const manifestLine = text.split('\n').find((line) => line.startsWith('manifest ')) as string;
    const edited = manifestLine.replace('"rows":3', '"rows":4');
    await expect(read(Buffer.from(text.replace(manifestLine, edited)))).rejects.toThrow(
      REFUSALS.tableRows('alpha'),
    );
  });

  it('refuses a row with the wrong number of fields, other files and a newer format', async () => {
    const text = (await makeBackup()).toString('utf8');
    await expect(read(withFixedEnd(text.replace('1\tLatte\t\\N', '1\tLatte')))).rejects.toThrow(
      /row 1 of the table “alpha” has 2 fields, not 3/,
    );
    await expect(read(Buffer.from('hello\nworld\n'))).rejects.toThrow(REFUSALS.notBackup);
    await expect(read(Buffer.alloc(0))).rejects.toThrow(REFUSALS.notBackup);
    await expect(read(Buffer.from('x'.repeat(10_000)))).rejects.toThrow(REFUSALS.notBackup);
    await expect(read(Buffer.from(text.replace('BRIGADE-BACKUP 1', 'BRIGADE-BACKUP 2')))).rejects.toThrow(
      REFUSALS.newerFormat(2),
    );
    await expect(read(Buffer.from(`${text}more\n`))).rejects.toThrow(/more after its closing line/);
  });

  it('lets the header be refused before any row is read', async () => {
    let sinks = 0;
    const data = await makeBackup();
    await expect(
      readBackup(inChunks(data, 1024), {
        onHeader: () => {
          throw new Error('refused by level');
        },
        sinkFor: async () => {
          sinks += 1;
          return null;
        },
      }),
    ).rejects.toThrow('refused by level');
    expect(sinks).toBe(0);
  });
});

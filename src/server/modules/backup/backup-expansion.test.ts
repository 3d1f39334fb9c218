import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backupFileLines,
  EXPANSION_FLOOR_BYTES,
  ExpansionRefused,
  expansionLimit,
  MAX_EXPANSION_RATIO,
} from './backup-restore';

/**
 * How far a restore decompresses a backup file (`backupFileLines`): up to MAX_EXPANSION_RATIO times its
 * size (at least EXPANSION_FLOOR_BYTES) and never past the configured cap, refusing the file as soon as
 * it expands further and reading no more of it. Real files in a temporary folder, read by the real
 * generator.
 */

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;
let folder: string;

beforeAll(async () => {
  folder = await fs.mkdtemp(path.join(os.tmpdir(), 'backup-expansion-'));
});
afterAll(async () => {
  await fs.rm(folder, { recursive: true, force: true });
});

async function fileOf(name: string, bytes: Buffer): Promise<string> {
  const filePath = path.join(folder, name);
  await fs.writeFile(filePath, bytes);
  return filePath;
}

/** Reads the generator to its end or its refusal: the bytes it gave, and what it threw. */
async function readAll(filePath: string, maxBytes: number) {
  let yielded = 0;
  try {
    for await (const chunk of backupFileLines(filePath, maxBytes)) yielded += chunk.length;
    return { yielded, error: null };
  } catch (error) {
    return { yielded, error };
  }
}

/**
 * A gzip bomb of `members` gzip members, each 16 MiB of one repeated row (gzip expands it hundreds of
 * times): members are decompressed one after the other, as in any concatenated gzip file.
 */
function bomb(members: number): Buffer {
  const member = gzipSync(Buffer.alloc(16 * MiB, 'aaaaaaa\t\n'), { level: 9 });
  return Buffer.concat([gzipSync('BRIGADE-BACKUP 1\n'), ...Array.from({ length: members }, () => member)]);
}

describe('expansionLimit', () => {
  it('is the ratio times the compressed size, at least the floor, at most the cap', () => {
    expect(expansionLimit(10 * MiB, 64 * GiB)).toBe(10 * MiB * MAX_EXPANSION_RATIO);
    expect(expansionLimit(1000, 64 * GiB)).toBe(EXPANSION_FLOOR_BYTES);
    expect(expansionLimit(2 * GiB, 20 * GiB)).toBe(20 * GiB);
    expect(expansionLimit(1000, MiB)).toBe(MiB);
  });
});

describe('backupFileLines', () => {
  it('reads a file that expands less than the ratio to its end', async () => {
    // Random hex: about 2 times on decompression, like a backup's photos.
    const text = randomBytes(MiB).toString('hex');
    const filePath = await fileOf('ordinary.gz', gzipSync(text, { level: 1 }));
    const { yielded, error } = await readAll(filePath, 64 * GiB);
    expect(error).toBeNull();
    expect(yielded).toBe(text.length);
  });

  it('refuses a file that expands past the ratio as it passes it, having read a small part of it', async () => {
    // 512 MiB decompressed from about 1 MB: the limit is the floor, an eighth of it.
    const bytes = bomb(32);
    const filePath = await fileOf('bomb.gz', bytes);
    const limit = expansionLimit(bytes.length, 64 * GiB);
    expect(limit).toBe(EXPANSION_FLOOR_BYTES);
    const { yielded, error } = await readAll(filePath, 64 * GiB);
    expect(error).toBeInstanceOf(ExpansionRefused);
    const refused = error as ExpansionRefused;
    expect(refused.status).toBe(400);
    expect(refused.message).toBe(
      `This file expands to more than ${MAX_EXPANSION_RATIO} times its size when decompressed, far more than a Brigade backup does: it is not a Brigade backup, or it was made to overload the server. Nothing was restored.`,
    );
    expect(refused.details).toEqual({ issues: [{ path: 'file', message: refused.message }] });
    // It gave no more than the limit, decompressed one chunk past it, and read a fraction of the file:
    // the rest was never decompressed.
    expect(yielded).toBeLessThanOrEqual(limit);
    expect(refused.counts.decompressedBytes).toBeGreaterThan(limit);
    expect(refused.counts.decompressedBytes).toBeLessThan(limit + MiB);
    expect(refused.counts.compressedBytes).toBe(bytes.length);
    expect(refused.counts.compressedBytesRead).toBeLessThan(bytes.length / 4);
  });

  it('refuses a file that holds more than the cap with 413, naming the setting, even within the ratio', async () => {
    const text = randomBytes(MiB).toString('hex');
    const filePath = await fileOf('large.gz', gzipSync(text, { level: 1 }));
    const { yielded, error } = await readAll(filePath, MiB);
    expect(error).toBeInstanceOf(ExpansionRefused);
    const refused = error as ExpansionRefused;
    expect(refused.status).toBe(413);
    expect(refused.message).toBe(
      'This backup holds more than 1 MB once decompressed, the most this server restores (BACKUP_RESTORE_MAX_GB). Nothing was restored.',
    );
    expect(yielded).toBeLessThanOrEqual(MiB);
    expect(refused.counts.decompressedBytes).toBeLessThan(2 * MiB);
  });
});

import fs from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { poolOf } from '../../src/server/modules/backup/backup.service';
import { BACKUP_LOCK_KEY } from '../../src/server/modules/backup/backup-restore';
import { BACKUP_API } from '../../src/shared/contracts/backup';
import {
  backupFromLines,
  backupLines,
  countRows,
  databaseState,
  downloadBackup,
  firstRowOf,
  freshBackupDir,
  manifestOf,
  restaurantNameOf,
  tableSha,
  uploadRestore,
} from '../support/backup';
import { buildMenuItem, buildOrder, buildTable } from '../support/factories';
import { createTestApp, expectErrorBody, type TestApp, type TestUser } from '../support/test-app';

/**
 * Restores refused (issue 16, "Refusals"): a truncated file, one byte changed, a file of another format
 * (other text compressed, a picture, nothing), a table row changed, a manifest checksum that does not
 * match (with the file's own checksum fixed up, and without), a newer schema level or format, a row
 * PostgreSQL refuses, a missing or wrong confirmation, a missing file, a body that is not a form, and a
 * restore while another backup holds the lock. Each is answered with its reason, and afterwards every
 * table's rows are exactly as before (a hash per table), nobody was signed out, and the uploaded file
 * is gone from the server.
 */

let t: TestApp;
let admin: TestUser;
let staff: TestUser;
let backupDir: string;
/** A good backup of the app's data, downloaded once. */
let good: Buffer;
let confirm: string;

beforeAll(async () => {
  backupDir = await freshBackupDir();
  t = await createTestApp({ backupDir });
  [admin, staff] = (await Promise.all([t.buildUser({ role: 'admin' }), t.buildUser({ role: 'staff' })])) as [
    TestUser,
    TestUser,
  ];
  const item = await buildMenuItem(t, { price: 1250 }, { as: admin });
  await buildTable(t, {}, { as: admin });
  await buildOrder(t, { lines: [{ menuItemId: item.id, quantity: 2 }] }, { as: admin });
  good = (await downloadBackup(t, admin)).bytes;
  confirm = await restaurantNameOf(t, admin);
});

afterAll(async () => {
  await t?.close();
  if (backupDir) await fs.rm(backupDir, { recursive: true, force: true });
});

/**
 * Runs `attempt` and checks that it changed nothing: every table's rows, the sessions (both users'
 * cookies still work), no upload left behind; answers what the attempt answered.
 */
async function changesNothing(attempt: () => Promise<Response>): Promise<Response> {
  const before = await databaseState(t.db);
  const sessions = await countRows(t.db, 'sessions');
  const response = await attempt();
  expect(await databaseState(t.db)).toEqual(before);
  expect(await countRows(t.db, 'sessions')).toBe(sessions);
  expect((await t.get(BACKUP_API.list, { as: admin })).status).toBe(200);
  expect((await t.get('/api/orders', { as: staff })).status).toBe(200);
  const incoming = await fs.readdir(path.join(backupDir, 'incoming')).catch(() => [] as string[]);
  expect(incoming).toEqual([]);
  return response;
}

/** Uploads `file` with the right confirmation: a 400 whose message matches `reason`, and no change. */
async function refused(file: Buffer, reason: RegExp): Promise<string> {
  const response = await changesNothing(() => uploadRestore(t, admin, { file, confirm }));
  const error = await expectErrorBody(response, 400, 'invalid-argument');
  expect(error.message).toMatch(reason);
  return error.message;
}

/** The safety backups written so far (a refusal found by the check takes none). */
const safetyFiles = async () => (await fs.readdir(backupDir)).filter((name) => name.endsWith('-safety.gz'));

describe('a damaged or foreign file', () => {
  it('a file cut off at half is incomplete', async () => {
    const message = await refused(good.subarray(0, Math.floor(good.length / 2)), /incomplete/);
    expect(message).toMatch(/cut off.*Nothing was restored/);
  });

  it('a file cut off just before its end line is incomplete too', async () => {
    const lines = backupLines(good);
    const endIndex = lines.findIndex((line) => line.startsWith('end '));
    await refused(gzipSync(`${lines.slice(0, endIndex).join('\n')}\n`), /incomplete/);
  });

  it('one byte changed in the middle of the compressed data is damage', async () => {
    // A few places, so the test does not rest on what one flipped bit happens to do to the deflate stream.
    for (const at of [0.3, 0.5, 0.7]) {
      const changed = Buffer.from(good);
      const index = Math.floor(good.length * at);
      changed[index] = (changed[index] as number) ^ 0x5a;
      await refused(changed, /damaged|does not match its checksum|does not match its own checksum/);
    }
  });

  it('other text compressed, a picture and an empty file are not Brigade backups', async () => {
    await refused(gzipSync('id,name\n1,Espresso\n2,Latte\n'), /^This file is not a Brigade backup/);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    await refused(png, /^This file is not a Brigade backup: it is not a compressed backup file/);
    await refused(Buffer.alloc(0), /^This file is not a Brigade backup/);
    // A backup of a newer format than this installation reads says so.
    const lines = backupLines(good);
    lines[0] = 'BRIGADE-BACKUP 2';
    await refused(
      backupFromLines(lines, { fixChecksum: true }),
      /newer version of Brigade \(backup format 2/,
    );
  });

  it('one character changed inside a table row breaks that table’s checksum', async () => {
    const lines = backupLines(good);
    const { index } = firstRowOf(lines, 'menu_items');
    const row = lines[index] as string;
    const letter = row.search(/[A-Za-z]/);
    lines[index] = `${row.slice(0, letter)}${row[letter] === 'x' ? 'y' : 'x'}${row.slice(letter + 1)}`;
    expect(lines[index]).not.toBe(row);
    // Even with the file's own checksum made right again, the manifest's table checksum does not match.
    await refused(
      backupFromLines(lines, { fixChecksum: true }),
      /The table “menu_items” in the backup does not match its checksum/,
    );
    await refused(backupFromLines(lines, { fixChecksum: false }), /menu_items|checksum/);
  });

  it('a manifest whose table checksum does not match the rows is refused, end line fixed up or not', async () => {
    const lines = backupLines(good);
    const { index, manifest } = manifestOf(lines);
    const entry = manifest.tables.find((table) => table.name === 'orders');
    if (!entry) throw new Error('no orders in the manifest');
    entry.sha256 = entry.sha256.replace(/^./, (first) => (first === '0' ? '1' : '0'));
    lines[index] = `manifest ${JSON.stringify(manifest)}`;
    await refused(
      backupFromLines(lines, { fixChecksum: true }),
      /The table “orders” in the backup does not match its checksum in the manifest/,
    );
  });

  it('a manifest edited without fixing the end line fails the file’s own checksum', async () => {
    const lines = backupLines(good);
    const { index, manifest } = manifestOf(lines);
    // The order numbers' position is in the manifest alone: only the closing checksum covers it.
    const sequence = manifest.sequences.find((entry) => entry.name === 'order_number_seq');
    if (!sequence) throw new Error('no order_number_seq in the manifest');
    sequence.lastValue = String(Number(sequence.lastValue) + 1000);
    lines[index] = `manifest ${JSON.stringify(manifest)}`;
    await refused(
      backupFromLines(lines, { fixChecksum: false }),
      /^The backup file does not match its own checksum/,
    );
  });

  it('a backup of a newer schema level is refused with “newer version”', async () => {
    const lines = backupLines(good);
    const header = JSON.parse((lines[1] as string).slice('header '.length));
    header.schemaLevel += 1;
    lines[1] = `header ${JSON.stringify(header)}`;
    const { index, manifest } = manifestOf(lines);
    manifest.schemaLevel += 1;
    lines[index] = `manifest ${JSON.stringify(manifest)}`;
    const message = await refused(backupFromLines(lines, { fixChecksum: true }), /newer version of Brigade/);
    expect(message).toContain(`schema level ${header.schemaLevel}`);
    expect(message).toMatch(/Update Brigade/);
  });

  it('a row PostgreSQL refuses (checksums all fixed up) is refused and rolled back', async () => {
    const lines = backupLines(good);
    const { index, columns } = firstRowOf(lines, 'menu_items');
    const fields = (lines[index] as string).split('\t');
    const id = columns.indexOf('id');
    fields[id] = 'not-a-uuid';
    lines[index] = fields.join('\t');
    const { index: manifestIndex, manifest } = manifestOf(lines);
    const entry = manifest.tables.find((table) => table.name === 'menu_items');
    if (!entry) throw new Error('no menu_items in the manifest');
    entry.sha256 = tableSha(lines, 'menu_items');
    lines[manifestIndex] = `manifest ${JSON.stringify(manifest)}`;
    const safetyBefore = (await safetyFiles()).length;
    // The file checks out, so the restore starts (a safety backup, the schema rebuilt), then rolls back.
    const message = await refused(backupFromLines(lines, { fixChecksum: true }), /could not be loaded/);
    expect(message).toMatch(/uuid/);
    expect(message).toMatch(/Nothing was restored/);
    expect((await safetyFiles()).length).toBe(safetyBefore + 1);
  });

  it('a file that fails the check takes no safety backup', async () => {
    const before = await safetyFiles();
    await refused(good.subarray(0, good.length - 10), /incomplete|damaged/);
    expect(await safetyFiles()).toEqual(before);
  });
});

describe('the form', () => {
  it('a wrong, empty or missing confirmation is a 400 on the field confirm', async () => {
    for (const wrong of [`${confirm} Ltd`, '', undefined]) {
      const response = await changesNothing(() =>
        uploadRestore(t, admin, { file: good, ...(wrong === undefined ? {} : { confirm: wrong }) }),
      );
      const error = await expectErrorBody(response, 400, 'invalid-argument');
      expect(error.details).toEqual({ issues: [expect.objectContaining({ path: 'confirm' })] });
      if (wrong !== undefined) expect(error.message).toContain(`“${confirm}”`);
    }
    // The name with spaces around it is the name.
    expect(confirm.length).toBeGreaterThan(0);
  });

  it('a form without the file is a 400 on the field file', async () => {
    const response = await changesNothing(() => uploadRestore(t, admin, { confirm }));
    const error = await expectErrorBody(response, 400, 'invalid-argument');
    expect(error.message).toMatch(/Choose the backup file/);
    expect(error.details).toEqual({ issues: [expect.objectContaining({ path: 'file' })] });
  });

  it('a body that is not multipart/form-data is a 400', async () => {
    const asJson = await changesNothing(() =>
      t.post(BACKUP_API.restore, { file: good.toString('base64'), confirm }, { as: admin }),
    );
    const error = await expectErrorBody(asJson, 400, 'invalid-argument');
    expect(error.message).toMatch(/multipart\/form-data/);
    const raw = await changesNothing(() =>
      t.request(
        BACKUP_API.restore,
        { method: 'POST', headers: { 'content-type': 'application/gzip' }, body: new Uint8Array(good) },
        { as: admin },
      ),
    );
    await expectErrorBody(raw, 400, 'invalid-argument');
  });
});

describe('one at a time', () => {
  it('a restore while another backup or restore holds the lock is a 409, and changes nothing', async () => {
    const holder = await poolOf(t.db).connect();
    try {
      const locked = await holder.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [
        BACKUP_LOCK_KEY,
      ]);
      expect(locked.rows[0]?.ok).toBe(true);
      const safetyBefore = await safetyFiles();
      const response = await changesNothing(() => uploadRestore(t, admin, { file: good, confirm }));
      const error = await expectErrorBody(response, 409, 'aborted');
      expect(error.message).toMatch(/running right now/);
      expect(await safetyFiles()).toEqual(safetyBefore);
    } finally {
      await holder.query('select pg_advisory_unlock($1)', [BACKUP_LOCK_KEY]);
      holder.release();
    }
  });
});

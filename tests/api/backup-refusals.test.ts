import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { poolOf } from '../../src/server/modules/backup/backup.service';
import {
  BACKUP_LOCK_KEY,
  expansionLimit,
  MAX_EXPANSION_RATIO,
} from '../../src/server/modules/backup/backup-restore';
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
 * Restores refused: a truncated file, one byte changed, a file of another format (other text
 * compressed, a picture, nothing), a table row changed, a manifest checksum that does not match (with
 * the file's own checksum fixed up, and without), a newer schema level or format, a row PostgreSQL
 * refuses, a file that expands far past its size, a missing or wrong confirmation, a missing file, a
 * body that is not a form, a restore while another backup holds the lock or another restore runs, and
 * a missing or wrong password (limited like change-password's), or an admin without one. Each is
 * answered with its reason, and afterwards every table's rows are exactly as before (a hash per table),
 * nobody was signed out, and the uploaded file is gone from the server. Last, the right password
 * restores.
 */

let t: TestApp;
let admin: TestUser;
let staff: TestUser;
let backupDir: string;
/** A good backup of the app's data, downloaded once, and the data it holds. */
let good: Buffer;
let atGood: Record<string, string>;
let confirm: string;
/** What the app logged at warn and above (a refused file that expands says how far it got). */
const logged: { msg: string; [field: string]: unknown }[] = [];

beforeAll(async () => {
  backupDir = await freshBackupDir();
  t = await createTestApp(
    { backupDir },
    { logger: pino({ level: 'warn' }, { write: (line: string) => logged.push(JSON.parse(line)) }) },
  );
  [admin, staff] = (await Promise.all([t.buildUser({ role: 'admin' }), t.buildUser({ role: 'staff' })])) as [
    TestUser,
    TestUser,
  ];
  const item = await buildMenuItem(t, { price: 1250 }, { as: admin });
  await buildTable(t, {}, { as: admin });
  await buildOrder(t, { lines: [{ menuItemId: item.id, quantity: 2 }] }, { as: admin });
  atGood = await databaseState(t.db);
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
  const response = await changesNothing(() =>
    uploadRestore(t, admin, { file, confirm, password: admin.password }),
  );
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

describe('a file that expands far past its size', () => {
  /**
   * A backup's first lines, then `members` gzip members of 16 MiB each of one row repeated (a row of
   * the first table's number of fields, so every line checks out), hundreds of times smaller
   * compressed; the last member is cut off, so a restore that read it all would end at "incomplete".
   */
  function expandingBackup(members: number): Buffer {
    const lines = backupLines(good);
    const tableLine = lines.find((line) => line.startsWith('table ')) as string;
    const columns = JSON.parse(tableLine.slice(tableLine.indexOf(' ', 6) + 1)) as string[];
    // 256 bytes a row, so each member ends at the end of a row.
    const row = `${'x'.repeat(256 - columns.length)}${'\t'.repeat(columns.length - 1)}\n`;
    const member = gzipSync(Buffer.alloc(16 * 1024 * 1024, row), { level: 9 });
    return Buffer.concat([
      gzipSync(`${lines[0]}\n${lines[1]}\n${tableLine}\n`),
      ...Array.from({ length: members - 1 }, () => member),
      member.subarray(0, member.length - 100),
    ]);
  }

  it('is refused as soon as it passes the bound, before it is read to its end, and changes nothing', async () => {
    // 512 MiB decompressed from about 2 MB.
    const bomb = expandingBackup(32);
    const limit = expansionLimit(bomb.length, t.config.backupRestoreMaxBytes);
    expect(limit).toBeLessThan((32 * 16 * 1024 * 1024) / 4);
    const safetyBefore = await safetyFiles();
    logged.length = 0;
    const message = await refused(bomb, /expands to more than/);
    // The bound's refusal, not the "incomplete" that reading to the cut-off end would give.
    expect(message).toBe(
      `This file expands to more than ${MAX_EXPANSION_RATIO} times its size when decompressed, far more than a Brigade backup does: it is not a Brigade backup, or it was made to overload the server. Nothing was restored.`,
    );
    expect(await safetyFiles()).toEqual(safetyBefore);
    // It stopped at the bound: a chunk past it decompressed, a small part of the upload read.
    const line = logged.find((entry) => entry.msg === 'restore refused: the file expands past its limit');
    expect(line).toMatchObject({ compressedBytes: bomb.length, userId: admin.id });
    expect(line?.decompressedBytes as number).toBeGreaterThan(limit);
    expect(line?.decompressedBytes as number).toBeLessThan(limit + 1024 * 1024);
    expect(line?.compressedBytesRead as number).toBeLessThan(bomb.length / 4);
  });
});

describe('the form', () => {
  it('a wrong, empty or missing confirmation is a 400 on the field confirm', async () => {
    for (const wrong of [`${confirm} Ltd`, '', undefined]) {
      const response = await changesNothing(() =>
        uploadRestore(t, admin, {
          file: good,
          password: admin.password,
          ...(wrong === undefined ? {} : { confirm: wrong }),
        }),
      );
      const error = await expectErrorBody(response, 400, 'invalid-argument');
      expect(error.details).toEqual({ issues: [expect.objectContaining({ path: 'confirm' })] });
      if (wrong !== undefined) expect(error.message).toContain(`“${confirm}”`);
    }
    // The name with spaces around it is the name.
    expect(confirm.length).toBeGreaterThan(0);
  });

  it('a form without the file is a 400 on the field file', async () => {
    const response = await changesNothing(() =>
      uploadRestore(t, admin, { confirm, password: admin.password }),
    );
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

/**
 * A restore upload whose body is held after its first bytes (the fields and the file's first bytes)
 * until `finish()`, which sends the rest of `file` and ends the form. `reading` resolves once the
 * server has started to read the body.
 */
function heldUpload(file: Buffer, fields: Record<string, string>) {
  const boundary = `held-${Date.now()}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const head = Buffer.from(
    `${parts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="held.gz"\r\n` +
      'Content-Type: application/gzip\r\n\r\n',
  );
  let finish: () => void = () => {};
  const finished = new Promise<void>((resolve) => {
    finish = resolve;
  });
  let startedReading: () => void = () => {};
  const reading = new Promise<void>((resolve) => {
    startedReading = resolve;
  });
  let step = 0;
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        step += 1;
        if (step === 1) {
          startedReading();
          controller.enqueue(new Uint8Array(Buffer.concat([head, file.subarray(0, 100)])));
          return;
        }
        await finished;
        controller.enqueue(
          new Uint8Array(Buffer.concat([file.subarray(100), Buffer.from(`\r\n--${boundary}--\r\n`)])),
        );
        controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  const response = t.request(
    BACKUP_API.restore,
    {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: 'half',
    } as RequestInit,
    { as: admin },
  );
  return { response, reading, finish };
}

/** A body that records whether anybody read it (a refusal before the body is read leaves it unread). */
function watchedBody() {
  const watch = { read: false };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        watch.read = true;
        controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  const init = {
    method: 'POST',
    headers: { 'content-type': 'multipart/form-data; boundary=x' },
    body,
    duplex: 'half',
  } as RequestInit;
  return { watch, init };
}

describe('one at a time', () => {
  it('a second restore while one is being uploaded is refused at once with 429, its body unread', async () => {
    const safetyBefore = await safetyFiles();
    await changesNothing(async () => {
      // The first: a cut-off file, held after its first bytes.
      const cutOff = good.subarray(0, Math.floor(good.length / 2));
      const first = heldUpload(cutOff, { confirm, password: admin.password });
      await first.reading;

      const second = watchedBody();
      const refusedSecond = await expectErrorBody(
        await t.request(BACKUP_API.restore, second.init, { as: admin }),
        429,
        'resource-exhausted',
      );
      expect(refusedSecond.message).toBe(
        'A restore is already running on this server. Wait for it to finish, then try again.',
      );
      expect(second.watch.read).toBe(false);
      // A kept backup's restore waits its turn too (refused before the backup is even looked up).
      await expectErrorBody(
        await t.post(
          BACKUP_API.restoreKept(randomUUID()),
          { confirm, password: admin.password },
          { as: admin },
        ),
        429,
        'resource-exhausted',
      );

      first.finish();
      const answer = await first.response;
      const error = await expectErrorBody(answer.clone(), 400, 'invalid-argument');
      expect(error.message).toMatch(/incomplete/);
      // Its end frees the place: the next restore is read and judged (here a wrong name).
      const next = await expectErrorBody(
        await uploadRestore(t, admin, { file: good, confirm: 'Not the name', password: admin.password }),
        400,
        'invalid-argument',
      );
      expect(next.details).toEqual({ issues: [expect.objectContaining({ path: 'confirm' })] });
      return answer;
    });
    expect(await safetyFiles()).toEqual(safetyBefore);
  });

  it('a restore while another backup or restore holds the lock is a 409, and changes nothing', async () => {
    const holder = await poolOf(t.db).connect();
    try {
      const locked = await holder.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [
        BACKUP_LOCK_KEY,
      ]);
      expect(locked.rows[0]?.ok).toBe(true);
      const safetyBefore = await safetyFiles();
      const response = await changesNothing(() =>
        uploadRestore(t, admin, { file: good, confirm, password: admin.password }),
      );
      const error = await expectErrorBody(response, 409, 'aborted');
      expect(error.message).toMatch(/running right now/);
      expect(await safetyFiles()).toEqual(safetyBefore);
    } finally {
      await holder.query('select pg_advisory_unlock($1)', [BACKUP_LOCK_KEY]);
      holder.release();
    }
  });
});

describe('the password', () => {
  /** The admin's wrong passwords counted in the current window (the limit change-password uses). */
  const guessesOf = async (user: TestUser) =>
    (
      await poolOf(t.db).query<{ count: number }>('select count from rate_limits where key = $1', [
        `change-password:user:${user.id}`,
      ])
    ).rows[0]?.count ?? 0;

  it('a missing or empty password is a 400 on the field password, and changes nothing', async () => {
    for (const password of [undefined, '']) {
      const response = await changesNothing(() =>
        uploadRestore(t, admin, { file: good, confirm, ...(password === undefined ? {} : { password }) }),
      );
      const error = await expectErrorBody(response, 400, 'invalid-argument');
      expect(error.message).toBe('Enter your password to confirm the restore.');
      expect(error.details).toEqual({ issues: [{ path: 'password', message: 'enter your password' }] });
    }
  });

  it('a wrong password is a 400 on the field password, changes nothing and counts as a guess', async () => {
    const guesses = await guessesOf(admin);
    const safetyBefore = await safetyFiles();
    // Another admin's password is not this admin's.
    const response = await changesNothing(() =>
      uploadRestore(t, admin, { file: good, confirm, password: staff.password.replace(/1$/, '2') }),
    );
    const error = await expectErrorBody(response, 400, 'invalid-argument');
    expect(error.message).toBe('Your password is not correct. Nothing was restored.');
    expect(error.details).toEqual({ issues: [{ path: 'password', message: error.message }] });
    expect(await guessesOf(admin)).toBe(guesses + 1);
    expect(await safetyFiles()).toEqual(safetyBefore);
  });

  it('after ten wrong passwords the right one is refused with 429 before the body is read, here and on change-password', async () => {
    const guesser = await t.buildUser({ role: 'admin' });
    for (let attempt = 0; attempt < 10; attempt++) {
      const response = await uploadRestore(t, guesser, { file: good, confirm, password: `guess-${attempt}` });
      await expectErrorBody(response, 400, 'invalid-argument');
    }
    const { watch, init } = watchedBody();
    const limited = await changesNothing(() => t.request(BACKUP_API.restore, init, { as: guesser }));
    const error = await expectErrorBody(limited, 429, 'resource-exhausted');
    expect(error.message).toMatch(/^Too many attempts/);
    expect(watch.read).toBe(false);
    await expectErrorBody(
      await t.post(
        BACKUP_API.restoreKept(randomUUID()),
        { confirm, password: guesser.password },
        { as: guesser },
      ),
      429,
      'resource-exhausted',
    );
    // One budget of guesses with change-password's current password.
    await expectErrorBody(
      await t.post(
        '/api/auth/change-password',
        { currentPassword: guesser.password, newPassword: 'changed-pw-1' },
        { as: guesser },
      ),
      429,
      'resource-exhausted',
    );
  });

  it('an admin without a password (Google or phone sign-in) is told to set one first, before the body is read', async () => {
    const googleAdmin = await t.buildUser({ role: 'admin' });
    // As an account made by Google sign-in: no credential account (the session stays).
    await poolOf(t.db).query("delete from accounts where user_id = $1 and provider_id = 'credential'", [
      googleAdmin.id,
    ]);
    const { watch, init } = watchedBody();
    const refusedUpload = await changesNothing(() =>
      t.request(BACKUP_API.restore, init, { as: googleAdmin }),
    );
    const error = await expectErrorBody(refusedUpload, 403, 'permission-denied');
    expect(error.message).toBe(
      'Restoring asks for your password, and your account has none (you sign in with Google or a code sent to your phone). Set a password first with “Forgot password?” on the sign-in page, then restore.',
    );
    expect(error.details).toEqual({
      reason: 'no-password',
      issues: [{ path: 'password', message: error.message }],
    });
    expect(watch.read).toBe(false);
    const kept = await expectErrorBody(
      await t.post(
        BACKUP_API.restoreKept(randomUUID()),
        { confirm, password: 'anything' },
        { as: googleAdmin },
      ),
      403,
      'permission-denied',
    );
    expect(kept.details).toMatchObject({ reason: 'no-password' });
  });

  // Last in this file: a restore signs everybody out.
  it('the right password restores', async () => {
    const response = await uploadRestore(t, admin, { file: good, confirm, password: admin.password });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await databaseState(t.db)).toEqual(atGood);
  });
});

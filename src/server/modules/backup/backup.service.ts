import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Logger } from 'pino';
import type {
  BackupOverview,
  BackupSchedule,
  BackupScheduleInput,
  KeptBackup,
  RestoreResult,
} from '../../../shared/contracts/backup';
import { fieldMessages } from '../../../shared/field-messages';
import { restaurantClock } from '../../../shared/opening-hours';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Actor, AppDeps } from '../../lib/context';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { Semaphore } from '../../lib/semaphore';
import { staleWrite } from '../../lib/versions';
import { recordAudit } from '../audit';
import { checkCurrentPassword, hasPassword } from '../auth';
import { countAttempt, RATE_LIMITS, refuseWhenExhausted } from '../security';
import { getSettings } from '../settings';
import { backupRuns, backupSchedule } from './backup.schema';
import { countBackedUpRows, writeBackup } from './backup-database';
import { BACKUP_LOCK_KEY, checkBackupFile, ExpansionRefused, restoreIntoDatabase } from './backup-restore';

/** The pool behind a Drizzle database (every backup and restore needs one connection of its own). */
export function poolOf(db: Database): pg.Pool {
  return (db as unknown as { $client: pg.Pool }).$client;
}

/** `brigade-backup-2026-11-26-031500` (UTC), plus `-safety` for the copy before a restore. */
export function backupFileName(kind: 'download' | 'automatic' | 'safety', at = new Date()): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replace('T', '-')
    .replaceAll(':', '');
  return `brigade-backup-${stamp}${kind === 'safety' ? '-safety' : kind === 'automatic' ? '-daily' : ''}.gz`;
}

/** A snapshot's connection: repeatable read, read only, with no statement timeout for long tables. */
async function snapshotClient(db: Database): Promise<pg.PoolClient> {
  const client = await poolOf(db).connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    await client.query('set local statement_timeout = 0');
    // A slow download pauses between tables; ten minutes idle ends it rather than holding a snapshot.
    await client.query("set local idle_in_transaction_session_timeout = '10min'");
    return client;
  } catch (error) {
    client.release(true);
    throw error;
  }
}

/** Downloads one process serves at once per database (each holds a connection and a snapshot). */
export const MAX_DOWNLOADS_AT_ONCE = 2;
const downloadsInProgress = new WeakMap<Database, number>();

/**
 * The download: a gzip stream of the whole database from one snapshot, produced as it is read (the
 * client's pace holds the database's back), and the number of rows it will hold.
 */
export async function streamBackup(
  db: Database,
  logger: Logger,
): Promise<{ stream: Readable; fileName: string; rows: number }> {
  // Each download holds a pooled connection until its last byte: a few at once, not the pool.
  const running = downloadsInProgress.get(db) ?? 0;
  if (running >= MAX_DOWNLOADS_AT_ONCE) {
    throw new AppError(
      429,
      `${MAX_DOWNLOADS_AT_ONCE} backup downloads are running already. Wait for them to finish, then try again.`,
    );
  }
  downloadsInProgress.set(db, running + 1);
  let released = false;
  const releaseSlot = () => {
    if (released) return;
    released = true;
    downloadsInProgress.set(db, (downloadsInProgress.get(db) ?? 1) - 1);
  };
  let client: pg.PoolClient;
  let rows: number;
  try {
    client = await snapshotClient(db);
  } catch (error) {
    releaseSlot();
    throw error;
  }
  try {
    rows = await countBackedUpRows(client);
  } catch (error) {
    client.release(true);
    releaseSlot();
    throw error;
  }
  const gzip = createGzip({ level: 6 });
  const output = new PassThrough();
  gzip.pipe(output);
  gzip.on('error', (error) => output.destroy(error));
  output.on('close', () => {
    if (!gzip.writableEnded) gzip.destroy();
  });
  writeBackup(client, gzip)
    .then(async () => {
      gzip.end();
      await client.query('commit');
      client.release();
    })
    .catch((error) => {
      // The browser went away, or the database failed: the file is cut off, never silently short.
      logger.warn({ err: error }, 'backup download stopped');
      gzip.destroy(error instanceof Error ? error : new Error(String(error)));
      client.release(true);
    })
    .finally(releaseSlot);
  return { stream: output, fileName: backupFileName('download'), rows };
}

/**
 * Writes a backup into the backup folder (a temporary name, renamed when complete) and records it in
 * `backup_runs`. Throws when it fails (the run is recorded as failed with the reason).
 */
export async function writeBackupFile(
  deps: { db: Database; config: Config },
  kind: 'automatic' | 'safety',
  /** When it is taken: the scheduler's `now`, so the day it counts for is judged by one clock. */
  at: Date = new Date(),
): Promise<{ id: string; fileName: string; filePath: string; sizeBytes: number; rows: number }> {
  const { db, config } = deps;
  const fileName = await freeFileName(config.backupDir, backupFileName(kind, at));
  const filePath = path.join(config.backupDir, fileName);
  const [run] = await db
    .insert(backupRuns)
    .values({ kind, fileName, host: os.hostname(), startedAt: at })
    .returning({ id: backupRuns.id });
  const id = (run as { id: string }).id;
  const temporary = `${filePath}.${randomUUID().slice(0, 8)}.partial`;
  try {
    await fs.mkdir(config.backupDir, { recursive: true });
    const client = await snapshotClient(db);
    let rows = 0;
    try {
      const gzip = createGzip({ level: 6 });
      const written = pipeline(gzip, createWriteStream(temporary, { flags: 'wx' }));
      // Awaited below on success; on a failure the writer's error is the one reported.
      written.catch(() => {});
      const manifest = await writeBackup(client, gzip).catch((error) => {
        gzip.destroy(error);
        throw error;
      });
      gzip.end();
      await written;
      rows = manifest.rows;
      await client.query('commit');
      client.release();
    } catch (error) {
      client.release(true);
      throw error;
    }
    const handle = await fs.open(temporary, 'r');
    await handle.sync();
    await handle.close();
    await fs.rename(temporary, filePath);
    const { size } = await fs.stat(filePath);
    await db
      .update(backupRuns)
      .set({ status: 'succeeded', sizeBytes: size, rowCount: rows, finishedAt: sql`clock_timestamp()` })
      .where(eq(backupRuns.id, id));
    return { id, fileName, filePath, sizeBytes: size, rows };
  } catch (error) {
    await fs.rm(temporary, { force: true }).catch(() => {});
    await db
      .update(backupRuns)
      .set({ status: 'failed', error: describeFailure(error), finishedAt: sql`clock_timestamp()` })
      .where(eq(backupRuns.id, id))
      .catch(() => {});
    throw error;
  }
}

/**
 * `name`, or `name` with `-2`, `-3`… before `.gz` when a file of that name exists (two backups in one
 * second; the caller holds the backup lock, so nobody takes the name meanwhile).
 */
async function freeFileName(folder: string, name: string): Promise<string> {
  for (let attempt = 1; ; attempt += 1) {
    const candidate = attempt === 1 ? name : name.replace(/\.gz$/, `-${attempt}.gz`);
    const taken = await fs
      .stat(path.join(folder, candidate))
      .then(() => true)
      .catch(() => false);
    if (!taken) return candidate;
  }
}

function describeFailure(error: unknown): string {
  const code = (error as { code?: string }).code;
  if (code === 'ENOSPC') return 'The disk is full.';
  if (code === 'EACCES' || code === 'EPERM') return 'The backup folder cannot be written to.';
  if (code === 'EROFS') return 'The backup folder is on a read-only disk.';
  return `The backup could not be written: ${error instanceof Error ? error.message : String(error)}`;
}

/** Deletes the files and rows of `kind` past the newest `keep` that succeeded. */
export async function pruneBackups(
  deps: { db: Database; config: Config },
  kind: 'automatic' | 'safety',
  keep: number,
) {
  const { db, config } = deps;
  const rows = await db
    .select({ id: backupRuns.id, fileName: backupRuns.fileName, status: backupRuns.status })
    .from(backupRuns)
    .where(and(eq(backupRuns.kind, kind), eq(backupRuns.host, os.hostname())))
    .orderBy(desc(backupRuns.startedAt));
  const succeeded = rows.filter((row) => row.status === 'succeeded');
  const old = succeeded.slice(keep);
  // Failed attempts older than the oldest kept backup go too (the newest failures stay on the page).
  const oldest = succeeded[Math.min(keep, succeeded.length) - 1];
  const oldFailures = oldest
    ? rows.slice(rows.indexOf(oldest) + 1).filter((row) => row.status === 'failed')
    : [];
  for (const row of old) {
    await fs.rm(path.join(config.backupDir, path.basename(row.fileName)), { force: true });
  }
  const ids = [...old, ...oldFailures].map((row) => row.id);
  if (ids.length > 0) await db.delete(backupRuns).where(inArray(backupRuns.id, ids));
}

/** Runs `work` holding the backup lock on a connection of its own; null when someone else holds it. */
async function withBackupLock<T>(
  db: Database,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T | null> {
  const client = await poolOf(db).connect();
  let broken = false;
  try {
    const locked = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [
      BACKUP_LOCK_KEY,
    ]);
    if (!locked.rows[0]?.ok) return null;
    try {
      return await work(client);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [BACKUP_LOCK_KEY]).catch(() => {
        broken = true;
      });
    }
  } catch (error) {
    broken = true;
    throw error;
  } finally {
    client.release(broken);
  }
}

const SAFETY_BACKUPS_KEPT = 5;

/**
 * One restore at a time per process (per database): each reads, decompresses and checks a whole file,
 * so a second one is refused at once, before its body is read, instead of doubling that work.
 */
const restoreSlots = new WeakMap<Database, Semaphore>();

const RESTORE_RUNNING_MESSAGE =
  'A restore is already running on this server. Wait for it to finish, then try again.';

/**
 * An admin without a password (signed in by Google or by a code sent to their phone) cannot confirm a
 * restore with one: they set a password first, by the e-mailed link of "Forgot password?".
 */
const NO_PASSWORD_MESSAGE =
  'Restoring asks for your password, and your account has none (you sign in with Google or a code sent to your phone). Set a password first with “Forgot password?” on the sign-in page, then restore.';

const PASSWORD_MISSING_MESSAGE = 'Enter your password to confirm the restore.';
const PASSWORD_WRONG_MESSAGE = 'Your password is not correct. Nothing was restored.';

/**
 * What is settled before a restore reads its body: this process's one restore slot (429 when taken),
 * a password to confirm with (403 without one) and guesses of it left (the same per-user budget as
 * change-password's current password, 429 when used up). Returns the slot's release, which the caller
 * calls when the restore has ended; on a refusal the slot is released here.
 */
export async function startRestore(deps: Pick<AppDeps, 'db' | 'auth'>, actor: Actor): Promise<() => void> {
  let slots = restoreSlots.get(deps.db);
  if (!slots) {
    slots = new Semaphore(1, 0);
    restoreSlots.set(deps.db, slots);
  }
  const release = slots.tryAcquire();
  if (!release) throw new AppError(429, RESTORE_RUNNING_MESSAGE);
  try {
    if (!(await hasPassword(deps, actor.id))) {
      throw new AppError(403, NO_PASSWORD_MESSAGE, {
        reason: 'no-password',
        issues: [{ path: 'password', message: NO_PASSWORD_MESSAGE }],
      });
    }
    await refuseWhenExhausted(deps.db, RATE_LIMITS.changePasswordPerUser, actor.id);
    return release;
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * The admin's current password, checked as change-password checks it; a wrong one counts against the
 * same per-user limit, so a stolen session gets no more guesses here than there.
 */
async function confirmWithPassword(
  deps: Pick<AppDeps, 'db' | 'auth'>,
  actor: Actor,
  password: string,
): Promise<void> {
  if (password === '') {
    throw badRequest(PASSWORD_MISSING_MESSAGE, {
      issues: [{ path: 'password', message: fieldMessages.enter('your password') }],
    });
  }
  const outcome = await checkCurrentPassword(deps, actor.id, password);
  if (outcome === 'no-password') {
    throw new AppError(403, NO_PASSWORD_MESSAGE, {
      reason: 'no-password',
      issues: [{ path: 'password', message: NO_PASSWORD_MESSAGE }],
    });
  }
  if (outcome === 'wrong') {
    await countAttempt(deps.db, RATE_LIMITS.changePasswordPerUser, actor.id);
    throw badRequest(PASSWORD_WRONG_MESSAGE, {
      issues: [{ path: 'password', message: PASSWORD_WRONG_MESSAGE }],
    });
  }
}

/**
 * A restore from a file on this server (an upload written to disk, or a kept backup), once
 * `startRestore` has let it start: the admin's password, the restaurant's name, the complete check of
 * the file (bounded in what it decompresses), the safety backup, then the replacement in one
 * transaction.
 */
export async function restoreFromFile(
  deps: Pick<AppDeps, 'db' | 'auth' | 'config' | 'logger'>,
  actor: Actor,
  filePath: string,
  confirmation: { confirm: string; password: string },
  ipAddress: string | null,
): Promise<RestoreResult> {
  const { db, logger, config } = deps;
  await confirmWithPassword(deps, actor, confirmation.password);
  const settings = await getSettings(db);
  if (confirmation.confirm.trim() !== settings.name.trim()) {
    const message = `The restaurant's name does not match: type “${settings.name}” to confirm.`;
    throw new AppError(400, message, { issues: [{ path: 'confirm', message }] });
  }
  const checked = await checkBackupFile(filePath, config.backupRestoreMaxBytes).catch((error) => {
    if (error instanceof ExpansionRefused) {
      // A file made to expand is an attack on the server's time: how far it got is worth a line.
      logger.warn({ ...error.counts, userId: actor.id }, 'restore refused: the file expands past its limit');
    }
    throw error;
  });
  const outcome = await withBackupLock(db, async (client) => {
    const safety = await writeBackupFile(deps, 'safety');
    logger.warn(
      { backup: checked.createdAt, rows: checked.rows, safetyBackup: safety.fileName },
      'restore: replacing all data with a backup',
    );
    const restored = await restoreIntoDatabase(
      client,
      filePath,
      { actor, ipAddress },
      config.backupRestoreMaxBytes,
    );
    // After the restore: the file restored may itself be an older safety backup.
    await pruneBackups(deps, 'safety', SAFETY_BACKUPS_KEPT);
    return { restored, safety };
  });
  if (!outcome) throw conflict('A backup or a restore is running right now. Try again in a minute.');
  const { restored, safety } = outcome;
  logger.warn({ backup: restored.manifest.createdAt, rows: restored.manifest.rows }, 'restore: done');
  return {
    restaurantName: restored.manifest.restaurantName,
    backupCreatedAt: restored.manifest.createdAt,
    schemaLevel: restored.manifest.schemaLevel,
    migratedTo: restored.migratedTo,
    tables: restored.manifest.tables.length,
    rows: restored.manifest.rows,
    safetyBackup: safety.fileName,
  };
}

/** The audit entry of a download (who took all the data away, and when). */
export async function auditDownload(db: Database, actor: Actor, rows: number, ipAddress: string | null) {
  await recordAudit(db, actor, {
    area: 'backup',
    action: 'backup.downloaded',
    summary: `Downloaded a backup (${rows} rows)`,
    after: { rows },
    ipAddress: ipAddress ?? undefined,
  });
}

// ---- Kept backups and the schedule -------------------------------------------------------------------

async function readSchedule(db: Database) {
  const [row] = await db.select().from(backupSchedule).limit(1);
  if (row) return row;
  await db.insert(backupSchedule).values({ id: 1 }).onConflictDoNothing();
  const [created] = await db.select().from(backupSchedule).limit(1);
  if (!created) throw new Error('backup schedule row missing');
  return created;
}

/** When the last scheduled time was (at or before `now`), and when the next is, in the restaurant's zone. */
export function scheduleTimes(time: string, timeZone: string, now: Date): { due: Date; next: Date } {
  const [hours = '0', minutes = '0'] = time.split(':');
  const scheduled = Number(hours) * 60 + Number(minutes);
  const { minutes: current } = restaurantClock(timeZone, now);
  const minuteStart = Math.floor(now.getTime() / 60_000) * 60_000;
  const sinceDue = (current - scheduled + 1440) % 1440;
  const due = new Date(minuteStart - sinceDue * 60_000);
  return { due, next: new Date(due.getTime() + 1440 * 60_000) };
}

async function presentSchedule(db: Database, now = new Date()): Promise<BackupSchedule> {
  const row = await readSchedule(db);
  const { timeZone } = await getSettings(db);
  const { due, next } = scheduleTimes(row.time, timeZone, now);
  const lastAutomatic = await lastAutomaticSince(db, due);
  return {
    enabled: row.enabled,
    time: row.time,
    keep: row.keep,
    version: row.version,
    timeZone,
    nextRunAt: row.enabled
      ? (lastAutomatic || row.updatedAt > due
          ? next
          : new Date(Math.max(due.getTime(), now.getTime()))
        ).toISOString()
      : null,
  };
}

async function lastAutomaticSince(db: Database, since: Date) {
  const [row] = await db
    .select({ id: backupRuns.id })
    .from(backupRuns)
    .where(and(eq(backupRuns.kind, 'automatic'), sql`${backupRuns.startedAt} >= ${since.toISOString()}`))
    .limit(1);
  return row ?? null;
}

export async function backupOverview(deps: { db: Database; config: Config }): Promise<BackupOverview> {
  const { db, config } = deps;
  const settings = await getSettings(db);
  const rows = await db.select().from(backupRuns).orderBy(desc(backupRuns.startedAt)).limit(200);
  const backups: KeptBackup[] = [];
  for (const row of rows) backups.push(await presentRun(config, row));
  return {
    restaurantName: settings.name,
    folder: config.backupDir,
    schedule: await presentSchedule(db),
    backups,
  };
}

async function presentRun(config: Config, row: typeof backupRuns.$inferSelect): Promise<KeptBackup> {
  const available =
    row.status === 'succeeded' &&
    row.host === os.hostname() &&
    (await fs
      .stat(path.join(config.backupDir, path.basename(row.fileName)))
      .then((stat) => stat.isFile())
      .catch(() => false));
  return {
    id: row.id,
    kind: row.kind as KeptBackup['kind'],
    status: row.status as KeptBackup['status'],
    fileName: row.fileName,
    sizeBytes: row.sizeBytes,
    rowCount: row.rowCount,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    error: row.error,
    available,
  };
}

/** A kept backup's file on this server, or a 404 saying why not. */
export async function keptBackupFile(deps: { db: Database; config: Config }, id: string) {
  const [row] = await deps.db.select().from(backupRuns).where(eq(backupRuns.id, id)).limit(1);
  if (!row) throw notFound('There is no kept backup with this id.');
  const kept = await presentRun(deps.config, row);
  if (!kept.available) throw notFound('This backup file is not on this server any more.');
  return { fileName: row.fileName, filePath: path.join(deps.config.backupDir, path.basename(row.fileName)) };
}

export async function updateSchedule(
  db: Database,
  actor: Actor,
  input: BackupScheduleInput,
  ipAddress: string | null,
): Promise<BackupSchedule> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(backupSchedule).where(eq(backupSchedule.id, 1)).for('update');
    if (!before) throw new Error('backup schedule row missing');
    if (before.version !== input.version) {
      throw staleWrite('the backup schedule', before.version);
    }
    await tx
      .update(backupSchedule)
      .set({ enabled: input.enabled, time: input.time, keep: input.keep, version: before.version + 1 })
      .where(eq(backupSchedule.id, 1));
    await recordAudit(tx as unknown as Database, actor, {
      area: 'backup',
      action: 'backup-schedule.updated',
      summary: 'Changed the automatic backups',
      before: { enabled: before.enabled, time: before.time, keep: before.keep },
      after: { enabled: input.enabled, time: input.time, keep: input.keep },
      ipAddress: ipAddress ?? undefined,
    });
  });
  return presentSchedule(db);
}

// ---- The daily backup ---------------------------------------------------------------------------------

/**
 * Takes the daily backup when it is due: every minute each process looks; the one that gets the backup
 * lock checks again that nobody took this day's backup meanwhile, writes it, and prunes past `keep`.
 * A day missed while the app was down is taken at the next start.
 */
export class BackupScheduler {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(private readonly deps: { db: Database; config: Config; logger: Logger }) {}

  start(intervalMs = 60_000): void {
    this.timer = setInterval(() => void this.tick(), intervalMs);
    this.timer.unref();
    setTimeout(() => void this.tick(), 5_000).unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One look (tests call it): resolves when a due backup is written, or at once. */
  tick(now = new Date()): Promise<void> {
    this.running ??= this.run(now).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async run(now: Date): Promise<void> {
    const { db, logger } = this.deps;
    try {
      await closeAbandonedRuns(db);
      const schedule = await readSchedule(db);
      if (!schedule.enabled) return;
      const { timeZone } = await getSettings(db);
      const { due } = scheduleTimes(schedule.time, timeZone, now);
      // A schedule made or changed after its time today starts tomorrow (a new installation does not
      // back up at its first start).
      if (schedule.updatedAt > due) return;
      if (await lastAutomaticSince(db, due)) return;
      await withBackupLock(db, async () => {
        // Another process may have taken it while this one waited for the lock.
        if (await lastAutomaticSince(db, due)) return;
        try {
          const written = await writeBackupFile(this.deps, 'automatic', now);
          logger.info(
            { file: written.fileName, bytes: written.sizeBytes, rows: written.rows },
            'daily backup written',
          );
        } catch (error) {
          logger.error({ err: error }, 'daily backup failed');
        }
        await pruneBackups(this.deps, 'automatic', schedule.keep);
      });
    } catch (error) {
      logger.error({ err: error }, 'daily backup check failed');
    }
  }
}

/**
 * Removes `.partial` files a crash left behind: a backup cut off midway (never listed), and an upload
 * being restored (`incoming/`, deleted after the restore unless the process died during it).
 */
export async function removePartialFiles(config: Config): Promise<void> {
  for (const folder of [config.backupDir, path.join(config.backupDir, 'incoming')]) {
    const names = await fs.readdir(folder).catch(() => [] as string[]);
    await Promise.all(
      names
        .filter((name) => name.endsWith('.partial'))
        .map((name) => fs.rm(path.join(folder, name), { force: true })),
    );
  }
}

/** Marks runs left `running` by a process that died as failed (at start, before the scheduler). */
export async function closeAbandonedRuns(db: Database): Promise<void> {
  await db
    .update(backupRuns)
    .set({
      status: 'failed',
      error: 'The app stopped while this backup was being written.',
      finishedAt: sql`clock_timestamp()`,
    })
    .where(
      and(
        eq(backupRuns.status, 'running'),
        eq(backupRuns.host, os.hostname()),
        lt(backupRuns.startedAt, sql`clock_timestamp() - interval '6 hours'`),
      ),
    );
}

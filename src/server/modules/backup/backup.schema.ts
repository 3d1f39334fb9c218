import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { idColumn, instantColumn, timestampColumns, versionColumn } from '../../db/columns';

/**
 * Backup files this installation wrote into its backup folder: the automatic daily ones and the
 * safety copy taken before every restore (a download goes to the browser and is not kept). One row
 * per attempt, with its outcome, so the page can say what the last automatic backup did. Not part of
 * a backup and kept by a restore: it describes files on this machine, not the restaurant's data.
 */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: idColumn(),
    /** `automatic` (the daily schedule) or `safety` (taken before a restore). */
    kind: text('kind').notNull(),
    /** `running`, `succeeded` or `failed`. */
    status: text('status').notNull().default('running'),
    /** The file's name inside the backup folder (no path). */
    fileName: text('file_name').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    rowCount: bigint('row_count', { mode: 'number' }),
    startedAt: instantColumn('started_at').notNull().default(sql`clock_timestamp()`),
    finishedAt: instantColumn('finished_at'),
    /** What went wrong, in words for the owner. */
    error: text('error'),
    /** The host that wrote it (several app machines may share one database but not one folder). */
    host: text('host').notNull(),
    ...timestampColumns(),
  },
  (table) => [
    index('backup_runs_started_idx').on(table.startedAt),
    check('backup_runs_kind_check', sql`${table.kind} in ('automatic', 'safety')`),
    check('backup_runs_status_check', sql`${table.status} in ('running', 'succeeded', 'failed')`),
  ],
);

/** The daily backup's schedule: one row. Part of a backup (it is the owner's setting). */
export const backupSchedule = pgTable(
  'backup_schedule',
  {
    id: smallint('id').primaryKey().default(1),
    enabled: boolean('enabled').notNull().default(true),
    /** The restaurant's local time of day, `HH:MM` (24 h), in the settings' time zone. */
    time: text('time').notNull().default('03:00'),
    /** How many automatic backups are kept; older files are deleted. */
    keep: integer('keep').notNull().default(7),
    version: versionColumn(),
    ...timestampColumns(),
  },
  (table) => [
    check('backup_schedule_one_row_check', sql`${table.id} = 1`),
    check('backup_schedule_time_check', sql`${table.time} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check('backup_schedule_keep_check', sql`${table.keep} between 1 and 90`),
  ],
);

import { z } from 'zod';
import { fieldMessages } from '../field-messages';

/**
 * Backup and restore (docs/PRODUCT-RULES.md, Backups): the file format's identity, the automatic
 * backups' list and schedule, and what a restore answers.
 */

export const BACKUP_API = {
  /** GET: the whole database as one compressed file (a download). */
  download: '/api/admin/backup',
  /** POST multipart `file` + `confirm` (the restaurant's name) + `password` (the admin's). */
  restore: '/api/admin/backup/restore',
  /** GET: the schedule and the backups kept in the backup folder. */
  list: '/api/admin/backups',
  /** PUT: the daily schedule. */
  schedule: '/api/admin/backups/schedule',
  /** GET: one kept backup's file. */
  file: (id: string) => `/api/admin/backups/${id}/file`,
  /** POST `{ confirm, password }`: restore one kept backup. */
  restoreKept: (id: string) => `/api/admin/backups/${id}/restore`,
} as const;

/** The format's name and version, written first in every file. */
export const BACKUP_FORMAT = 'brigade-backup';
export const BACKUP_FORMAT_VERSION = 1;
/** The largest file a restore accepts (an upload is written to disk, never held in memory). */
export const MAX_BACKUP_UPLOAD_BYTES = 2 * 1024 * 1024 * 1024;
export const BACKUP_KEEP_MIN = 1;
export const BACKUP_KEEP_MAX = 90;

export const BACKUP_KINDS = ['automatic', 'safety'] as const;
export const BACKUP_STATUSES = ['running', 'succeeded', 'failed'] as const;

export const KeptBackupSchema = z.object({
  id: z.string(),
  /** `automatic` (daily) or `safety` (taken before a restore). */
  kind: z.enum(BACKUP_KINDS),
  status: z.enum(BACKUP_STATUSES),
  fileName: z.string(),
  sizeBytes: z.number().int().nullable(),
  /** Rows written, all tables together. */
  rowCount: z.number().int().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Why it failed, in words for the owner. */
  error: z.string().nullable(),
  /** Whether its file is in this server's backup folder (and can be downloaded or restored here). */
  available: z.boolean(),
});
export type KeptBackup = z.infer<typeof KeptBackupSchema>;

const timeOfDay = z
  .string({ error: 'enter a time such as 03:00' })
  .regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'enter a time such as 03:00 (24-hour clock)');

export const BackupScheduleSchema = z.object({
  enabled: z.boolean(),
  /** The restaurant's local time, `HH:MM`. */
  time: z.string(),
  keep: z.number().int(),
  version: z.number().int(),
  /** The restaurant's time zone (settings), in which `time` is read. */
  timeZone: z.string(),
  /** When the next automatic backup is due (ISO), or null when they are off. */
  nextRunAt: z.string().nullable(),
});
export type BackupSchedule = z.infer<typeof BackupScheduleSchema>;

export const BackupScheduleInputSchema = z
  .object({
    enabled: z.boolean({ error: 'must be true or false' }),
    time: timeOfDay,
    keep: z
      .number({ error: 'enter how many backups to keep' })
      .int('enter a whole number')
      .min(BACKUP_KEEP_MIN, `keep at least ${BACKUP_KEEP_MIN}`)
      .max(BACKUP_KEEP_MAX, `keep at most ${BACKUP_KEEP_MAX}`),
    /** The version the change was based on (409 when the schedule has moved on). */
    version: z.number({ error: 'must be the version you read' }).int().positive(),
  })
  .strict();
export type BackupScheduleInput = z.infer<typeof BackupScheduleInputSchema>;

export const BackupOverviewSchema = z.object({
  /** The name a restore must be confirmed with. */
  restaurantName: z.string(),
  /** The folder the automatic backups are written to, on the server. */
  folder: z.string(),
  schedule: BackupScheduleSchema,
  /** Newest first: the automatic backups and the safety copies taken before restores. */
  backups: z.array(KeptBackupSchema),
});
export type BackupOverview = z.infer<typeof BackupOverviewSchema>;

/** The longest password a restore's confirmation takes (the password policy's own upper bound). */
export const MAX_RESTORE_PASSWORD_LENGTH = 4096;

export const RestoreKeptInputSchema = z
  .object({
    confirm: z.string({ error: "type the restaurant's name" }).max(200),
    /** The admin's current password (an account without one sets it first). */
    password: z
      .string({ error: fieldMessages.enter('your password') })
      .min(1, fieldMessages.enter('your password'))
      .max(MAX_RESTORE_PASSWORD_LENGTH, `enter at most ${MAX_RESTORE_PASSWORD_LENGTH} characters`),
  })
  .strict();

export const RestoreResultSchema = z.object({
  restaurantName: z.string(),
  /** When the restored backup was made. */
  backupCreatedAt: z.string(),
  /** The backup's schema level, and the installation's after the restore (migrated forward). */
  schemaLevel: z.number().int(),
  migratedTo: z.number().int(),
  tables: z.number().int(),
  rows: z.number().int(),
  /** The safety backup taken just before (a file in the backup folder). */
  safetyBackup: z.string(),
});
export type RestoreResult = z.infer<typeof RestoreResultSchema>;

import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { z } from '@hono/zod-openapi';
import busboy from 'busboy';
import type { Context } from 'hono';
import {
  BACKUP_API,
  BackupOverviewSchema,
  BackupScheduleInputSchema,
  BackupScheduleSchema,
  MAX_BACKUP_UPLOAD_BYTES,
  MAX_RESTORE_PASSWORD_LENGTH,
  RestoreKeptInputSchema,
  RestoreResultSchema,
} from '../../../shared/contracts/backup';
import { fieldMessages } from '../../../shared/field-messages';
import { requireActor } from '../../lib/auth-guards';
import { clientIp } from '../../lib/client-ip';
import type { AppEnv } from '../../lib/context';
import { AppError, badRequest } from '../../lib/errors';
import { createRouter, defineRoute, ErrorResponseSchema } from '../../lib/router';
import {
  auditDownload,
  backupOverview,
  keptBackupFile,
  restoreFromFile,
  startRestore,
  streamBackup,
  updateSchedule,
} from './backup.service';
import { MAX_EXPANSION_RATIO } from './backup-restore';

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: ErrorResponseSchema } },
});
const GZIP = { 'application/gzip': { schema: { type: 'string' as const, format: 'binary' } } };
const IdParams = z.object({
  id: z.uuid('must be a backup id').openapi({ param: { name: 'id', in: 'path' }, format: 'uuid' }),
});
const REFUSALS_TEXT =
  '`password` is the signed-in admin’s current password; wrong ones count against the same per-user ' +
  'limit as change-password’s (10 in 15 minutes, then 429). An admin without a password (Google or ' +
  'phone sign-in only) is refused with 403 (`details.reason: no-password`) and sets one first. ' +
  '400 with the reason when the password is missing or wrong, the file is not a Brigade backup, is ' +
  'damaged, cut off or changed (checksums), was made by a newer version (schema level), expands to ' +
  `more than ${MAX_EXPANSION_RATIO} times its size when decompressed, or the confirmation is not the ` +
  'restaurant’s name; 413 when it holds more than the server restores (`BACKUP_RESTORE_MAX_GB`). ' +
  'Nothing is changed then. One restore runs at a time per server: another is 429 at once. 409 while ' +
  'another backup or restore holds the database.';
const restoreResponses = {
  200: { description: 'Restored', content: { 'application/json': { schema: RestoreResultSchema } } },
  409: errorResponse('Another backup or restore is running'),
  429: errorResponse(
    'A restore is running on this server already, or too many wrong passwords (`details.retryAfterSeconds`)',
  ),
};

const downloadRoute = defineRoute('admin', {
  method: 'get',
  path: BACKUP_API.download,
  tags: ['Backup'],
  summary: 'Download a full backup',
  description:
    'One gzip file with every table’s rows (PostgreSQL COPY text), a manifest with the format, schema ' +
    'level, app version, time, restaurant, row counts and SHA-256 checksums, streamed from one snapshot. ' +
    'Sessions and throwaway data are left out. `X-Backup-Rows` gives the rows it will hold.',
  responses: {
    200: { description: 'The backup file', content: GZIP },
    429: errorResponse('Two downloads are running already (each holds a database connection)'),
  },
});

const restoreRoute = defineRoute('admin', {
  method: 'post',
  path: BACKUP_API.restore,
  tags: ['Backup'],
  summary: 'Restore a backup file (replaces all data)',
  description:
    'Multipart form: `file` (a backup), `confirm` (the restaurant’s name) and `password` (the admin’s). ' +
    'The restore slot, a password to confirm with and the wrong-password limit are settled before the ' +
    'body is read. The file is checked completely (reading at most what a backup of its size can hold), ' +
    'a safety backup is written to the backup folder, then every table is replaced in one transaction and ' +
    `migrated forward when the backup is older. Everyone is signed out. ${REFUSALS_TEXT}`,
  request: {
    body: {
      required: true,
      content: {
        'multipart/form-data': {
          // A plain schema: the handler streams the form to disk itself (a backup is never held in memory).
          schema: {
            type: 'object' as const,
            required: ['file', 'confirm', 'password'],
            properties: {
              file: { type: 'string' as const, format: 'binary' },
              confirm: { type: 'string' as const },
              password: { type: 'string' as const, format: 'password' },
            },
          },
        },
      },
    },
  },
  responses: {
    ...restoreResponses,
    413: errorResponse('The file is larger than the upload limit, or expands past BACKUP_RESTORE_MAX_GB'),
  },
});

const overviewRoute = defineRoute('admin', {
  method: 'get',
  path: BACKUP_API.list,
  tags: ['Backup'],
  summary: 'The automatic backups, the safety backups and the schedule',
  responses: {
    200: { description: 'Overview', content: { 'application/json': { schema: BackupOverviewSchema } } },
  },
});

const scheduleRoute = defineRoute('admin', {
  method: 'put',
  path: BACKUP_API.schedule,
  tags: ['Backup'],
  summary: 'Set the daily backup’s time and how many are kept',
  request: {
    body: { required: true, content: { 'application/json': { schema: BackupScheduleInputSchema } } },
  },
  responses: {
    200: { description: 'The schedule', content: { 'application/json': { schema: BackupScheduleSchema } } },
    409: errorResponse('The schedule was changed meanwhile (stale version)'),
  },
});

const keptFileRoute = defineRoute('admin', {
  method: 'get',
  path: '/api/admin/backups/{id}/file',
  tags: ['Backup'],
  summary: 'Download a kept backup',
  request: { params: IdParams },
  responses: {
    200: { description: 'The backup file', content: GZIP },
    404: errorResponse('No such backup, or its file is not on this server'),
  },
});

const restoreKeptRoute = defineRoute('admin', {
  method: 'post',
  path: '/api/admin/backups/{id}/restore',
  tags: ['Backup'],
  summary: 'Restore a kept backup (replaces all data)',
  description: `Restores a backup from the backup folder, as the upload does. ${REFUSALS_TEXT}`,
  request: {
    params: IdParams,
    body: { required: true, content: { 'application/json': { schema: RestoreKeptInputSchema } } },
  },
  responses: {
    ...restoreResponses,
    404: errorResponse('No such backup, or its file is not on this server'),
    413: errorResponse('The backup expands past BACKUP_RESTORE_MAX_GB'),
  },
});

function download(stream: Readable, fileName: string, extra: Record<string, string> = {}): Response {
  return new Response(Readable.toWeb(stream) as ReadableStream, {
    status: 200,
    headers: {
      'Content-Type': 'application/gzip',
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'no-store',
      ...extra,
    },
  });
}

/**
 * Streams a multipart upload's `file` to a new file under `folder` and reads `confirm` and
 * `password`; the caller deletes the file. Nothing of the file is held in memory.
 */
async function receiveUpload(
  c: Context<AppEnv>,
  folder: string,
): Promise<{ filePath: string; confirm: string; password: string }> {
  const contentType = c.req.header('content-type') ?? '';
  if (!/^multipart\/form-data\b/i.test(contentType) || !c.req.raw.body) {
    throw badRequest('Send the backup as multipart/form-data with the fields file, confirm and password.', {
      issues: [{ path: 'file', message: 'Required' }],
    });
  }
  await fs.mkdir(folder, { recursive: true });
  const filePath = path.join(folder, `upload-${randomUUID()}.partial`);
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      limits: {
        files: 1,
        fields: 4,
        fileSize: MAX_BACKUP_UPLOAD_BYTES,
        fieldSize: MAX_RESTORE_PASSWORD_LENGTH * 4,
        parts: 6,
      },
    });
  } catch {
    throw badRequest('The form could not be read: send multipart/form-data with a boundary.');
  }
  let confirm: string | null = null;
  let password: string | null = null;
  let fileSeen = false;
  let tooLarge = false;
  let written: Promise<void> = Promise.resolve();
  const done = new Promise<void>((resolve, reject) => {
    parser.on('field', (name, value) => {
      if (name === 'confirm') confirm = value;
      if (name === 'password') password = value;
    });
    parser.on('file', (name, stream) => {
      if (name !== 'file' || fileSeen) {
        stream.resume();
        return;
      }
      fileSeen = true;
      stream.on('limit', () => {
        tooLarge = true;
      });
      written = pipeline(stream, createWriteStream(filePath, { flags: 'wx' }));
      written.catch(() => {});
    });
    parser.on('close', resolve);
    parser.on('error', reject);
  });
  try {
    await pipeline(Readable.fromWeb(c.req.raw.body as import('node:stream/web').ReadableStream), parser);
    await done;
    await written;
  } catch (error) {
    await fs.rm(filePath, { force: true });
    if (error instanceof AppError) throw error;
    throw badRequest('The upload was cut off or is not a valid form. Choose the file and try again.', {
      issues: [{ path: 'file', message: 'The upload was cut off.' }],
    });
  }
  if (tooLarge) {
    await fs.rm(filePath, { force: true });
    throw new AppError(413, `The file is larger than ${MAX_BACKUP_UPLOAD_BYTES / 1024 ** 3} GB.`);
  }
  if (!fileSeen)
    throw badRequest('Choose the backup file to restore.', {
      issues: [{ path: 'file', message: 'Required' }],
    });
  if (password === null) {
    await fs.rm(filePath, { force: true });
    throw badRequest('Enter your password to confirm the restore.', {
      issues: [{ path: 'password', message: fieldMessages.enter('your password') }],
    });
  }
  if (confirm === null) {
    await fs.rm(filePath, { force: true });
    const message = "Type the restaurant's name to confirm.";
    throw badRequest(message, { issues: [{ path: 'confirm', message }] });
  }
  return { filePath, confirm, password };
}

export const backupRoutes = createRouter()
  .openapi(downloadRoute, async (c) => {
    const actor = requireActor(c);
    const { stream, fileName, rows } = await streamBackup(c.var.deps.db, c.var.deps.logger);
    await auditDownload(c.var.deps.db, actor, rows, clientIp(c));
    return download(stream, fileName, { 'X-Backup-Rows': String(rows) }) as never;
  })
  .openapi(restoreRoute, async (c) => {
    const actor = requireActor(c);
    const { config } = c.var.deps;
    // Before a byte of the body is read: a second restore, or one that cannot be confirmed, is
    // refused without receiving its file.
    const release = await startRestore(c.var.deps, actor);
    try {
      const upload = await receiveUpload(c, path.join(config.backupDir, 'incoming'));
      try {
        return c.json(await restoreFromFile(c.var.deps, actor, upload.filePath, upload, clientIp(c)), 200);
      } finally {
        await fs.rm(upload.filePath, { force: true });
      }
    } finally {
      release();
    }
  })
  .openapi(overviewRoute, async (c) => c.json(await backupOverview(c.var.deps), 200))
  .openapi(scheduleRoute, async (c) =>
    c.json(await updateSchedule(c.var.deps.db, requireActor(c), c.req.valid('json'), clientIp(c)), 200),
  )
  .openapi(keptFileRoute, async (c) => {
    const kept = await keptBackupFile(c.var.deps, c.req.valid('param').id);
    const { size } = await fs.stat(kept.filePath);
    return download(createReadStream(kept.filePath), kept.fileName, {
      'Content-Length': String(size),
    }) as never;
  })
  .openapi(restoreKeptRoute, async (c) => {
    const actor = requireActor(c);
    const release = await startRestore(c.var.deps, actor);
    try {
      const kept = await keptBackupFile(c.var.deps, c.req.valid('param').id);
      const confirmation = c.req.valid('json');
      return c.json(await restoreFromFile(c.var.deps, actor, kept.filePath, confirmation, clientIp(c)), 200);
    } finally {
      release();
    }
  });

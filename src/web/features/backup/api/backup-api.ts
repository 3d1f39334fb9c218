import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BACKUP_API,
  type BackupOverview,
  type BackupSchedule,
  type BackupScheduleInput,
  type RestoreResult,
} from '../../../../shared/contracts/backup';
import { errorCodeForStatus, isErrorBody } from '../../../../shared/errors';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * Every server call of `/admin/backup`. The overview and the schedule go through
 * `apiRequest`; the download (read as a stream, for its progress) and the upload of a file to restore
 * (an XMLHttpRequest, the one browser API that reports upload progress) read the same error envelope
 * into the same `ApiError`.
 */

/** How often the page reads the overview again while it is open (a daily backup may finish meanwhile). */
const OVERVIEW_REFRESH_MS = 30 * 1000;

const NETWORK_ERROR_MESSAGE = 'Could not reach the server. Check your connection and try again.';

export function backupOverviewQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.backups.overview,
    queryFn: ({ signal }) => apiRequest<BackupOverview>(BACKUP_API.list, { signal }),
    refetchInterval: OVERVIEW_REFRESH_MS,
  });
}

/** `GET /api/admin/backups`: the restaurant's name, the folder, the schedule and the kept backups. */
export function useBackupOverview({ enabled }: { enabled: boolean }) {
  return useQuery({ ...backupOverviewQueryOptions(), enabled });
}

/** `PUT /api/admin/backups/schedule` with the version it is based on. */
export function useSaveBackupSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    // A stale version is the API's stale-write 409 (`details.reason: 'stale'`): the form reloads it.
    mutationFn: (input: BackupScheduleInput) =>
      apiRequest<BackupSchedule>(BACKUP_API.schedule, { method: 'PUT', body: input }),
    onSuccess: (schedule) => {
      queryClient.setQueryData<BackupOverview>(queryKeys.backups.overview, (overview) =>
        overview ? { ...overview, schedule } : overview,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.backups.all }),
  });
}

/**
 * `POST /api/admin/backups/{id}/restore` with the restaurant's name and the admin's password: restores
 * a kept backup (every session ends with it).
 */
export function useRestoreKeptBackup() {
  return useMutation({
    mutationFn: ({ id, confirm, password }: { id: string; confirm: string; password: string }) =>
      apiRequest<RestoreResult>(BACKUP_API.restoreKept(id), { method: 'POST', body: { confirm, password } }),
  });
}

/** The error of a refused request, from its body's envelope when it has one. */
function errorFromAnswer(status: number, body: string): ApiError {
  let payload: unknown;
  try {
    payload = body ? JSON.parse(body) : undefined;
  } catch {
    payload = undefined;
  }
  if (isErrorBody(payload)) {
    return new ApiError(status, payload.error.code, payload.error.message, payload.error.details);
  }
  return new ApiError(
    status,
    errorCodeForStatus(status),
    `The server answered with an error (${status}). Please try again.`,
  );
}

/** `attachment; filename="brigade-backup-2026-11-27-031500.gz"` → the name (RFC 6266, both forms). */
export function fileNameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A broken encoding: the plain form below, if any.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name || fallback;
}

export interface DownloadProgress {
  /** Bytes of the compressed file received so far. */
  bytes: number;
  /** Rows the server is writing, all tables together (`X-Backup-Rows`), when it said. */
  rows: number | null;
}

export interface DownloadedBackup {
  fileName: string;
  file: Blob;
}

/**
 * `GET /api/admin/backup`: the whole database as one compressed file. It is streamed with no length,
 * so the progress is the bytes received so far.
 */
export async function downloadBackup(
  onProgress: (progress: DownloadProgress) => void,
  signal?: AbortSignal,
): Promise<DownloadedBackup> {
  let response: Response;
  try {
    response = await fetch(BACKUP_API.download, {
      headers: { Accept: 'application/gzip, application/json' },
      credentials: 'same-origin',
      cache: 'no-store',
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'unavailable', NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) throw errorFromAnswer(response.status, await response.text());

  const rowsHeader = Number(response.headers.get('X-Backup-Rows'));
  const rows = Number.isFinite(rowsHeader) && rowsHeader > 0 ? rowsHeader : null;
  const fileName = fileNameFromDisposition(response.headers.get('Content-Disposition'), 'brigade-backup.gz');
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  onProgress({ bytes, rows });
  try {
    if (response.body) {
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        bytes += value.byteLength;
        onProgress({ bytes, rows });
      }
    } else {
      const whole = new Uint8Array(await response.arrayBuffer());
      chunks.push(whole);
      bytes = whole.byteLength;
      onProgress({ bytes, rows });
    }
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(
      0,
      'unavailable',
      'The download broke off before the end, so the file would be incomplete. Please try again.',
    );
  }
  return { fileName, file: new Blob(chunks, { type: 'application/gzip' }) };
}

/** Hands a file made in the page to the browser's downloads, under `fileName`. */
export function saveFile({ fileName, file }: DownloadedBackup): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by the time a minute has passed.
  setTimeout(() => URL.revokeObjectURL(url), 60 * 1000);
}

export type RestoreProgress =
  | { phase: 'uploading'; loaded: number; total: number }
  /** Everything is sent; the server checks the file and restores it. */
  | { phase: 'restoring' };

/**
 * `POST /api/admin/backup/restore`, multipart `confirm` + `password` + `file`, sent with XMLHttpRequest
 * so the upload's progress can be shown. Resolves with what was restored, rejects with an `ApiError`
 * carrying the server's reason (400: the file, the name or the password; 403: no password to give;
 * 409 or 429: another backup or restore is running, or too many wrong passwords).
 */
export function restoreFromFile(
  file: File,
  confirmation: { confirm: string; password: string },
  onProgress: (progress: RestoreProgress) => void,
): Promise<RestoreResult> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', BACKUP_API.restore);
    request.setRequestHeader('Accept', 'application/json');
    request.upload.addEventListener('progress', (event) => {
      onProgress({
        phase: 'uploading',
        loaded: event.loaded,
        total: event.lengthComputable ? event.total : file.size,
      });
    });
    request.upload.addEventListener('load', () => onProgress({ phase: 'restoring' }));
    request.addEventListener('load', () => {
      if (request.status >= 200 && request.status < 300) {
        try {
          resolve(JSON.parse(request.responseText) as RestoreResult);
        } catch {
          reject(
            new ApiError(
              request.status,
              'internal',
              'The server answered in a way the page does not understand.',
            ),
          );
        }
      } else {
        reject(errorFromAnswer(request.status, request.responseText));
      }
    });
    request.addEventListener('error', () => reject(new ApiError(0, 'unavailable', NETWORK_ERROR_MESSAGE)));
    request.addEventListener('abort', () =>
      reject(new ApiError(0, 'unavailable', 'The upload was stopped.')),
    );
    // The fields before the file, as the API documents the form.
    const form = new FormData();
    form.append('confirm', confirmation.confirm);
    form.append('password', confirmation.password);
    form.append('file', file, file.name);
    onProgress({ phase: 'uploading', loaded: 0, total: file.size });
    request.send(form);
  });
}

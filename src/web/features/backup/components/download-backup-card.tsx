import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Download } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { type DownloadProgress, downloadBackup, saveFile } from '../api/backup-api';
import { BackupSection, ErrorNote, formatBytes, formatCount, ProgressBar } from './backup-parts';

type DownloadState =
  | { kind: 'idle' }
  | { kind: 'downloading'; progress: DownloadProgress }
  | { kind: 'done'; fileName: string; bytes: number }
  | { kind: 'failed'; message: string };

/** "Download a backup": the whole restaurant as one compressed file, with the bytes received as it comes. */
export function DownloadBackupCard({ locale }: { locale?: string }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<DownloadState>({ kind: 'idle' });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  async function download() {
    const controller = new AbortController();
    abort.current = controller;
    setState({ kind: 'downloading', progress: { bytes: 0, rows: null } });
    try {
      const backup = await downloadBackup(
        (progress) => setState({ kind: 'downloading', progress }),
        controller.signal,
      );
      saveFile(backup);
      setState({ kind: 'done', fileName: backup.fileName, bytes: backup.file.size });
    } catch (error) {
      if (controller.signal.aborted) return;
      setState({ kind: 'failed', message: errorMessage(error) });
    } finally {
      void queryClient.invalidateQueries({ queryKey: queryKeys.backups.all });
    }
  }

  const busy = state.kind === 'downloading';
  return (
    <BackupSection
      title="Download a backup"
      icon={Download}
      description="One compressed file with everything in Brigade: the menu, orders, payments, users, photos and settings. Sign-ins are not in it. Keep it somewhere safe, away from this server."
    >
      <div className="flex flex-col gap-4">
        <Button onClick={() => void download()} isLoading={busy} className="self-start">
          {!busy && <Download aria-hidden="true" className="size-4" />}
          {busy ? 'Downloading...' : 'Download a backup'}
        </Button>
        {state.kind === 'downloading' && (
          <div role="status" className="flex flex-col gap-2">
            <ProgressBar label="Backup download" />
            <p className="text-sm text-neutral-700 tabular-nums">
              {formatBytes(state.progress.bytes, locale)} received
              {state.progress.rows !== null && (
                <span className="text-neutral-500">
                  {' '}
                  · {formatCount(state.progress.rows, locale)} rows in this backup
                </span>
              )}
            </p>
          </div>
        )}
        {state.kind === 'done' && (
          <p role="status" className="flex items-start gap-2 text-sm text-emerald-900">
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-700" />
            <span className="min-w-0 break-words">
              Downloaded <span className="font-medium break-all">{state.fileName}</span> (
              {formatBytes(state.bytes, locale)}).
            </span>
          </p>
        )}
        {state.kind === 'failed' && <ErrorNote>{state.message}</ErrorNote>}
      </div>
    </BackupSection>
  );
}

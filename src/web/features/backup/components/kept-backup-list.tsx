import { clsx } from 'clsx';
import { Download, RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { BACKUP_API, type KeptBackup } from '../../../../shared/contracts/backup';
import { Button, buttonClasses } from '../../../components/ui/button';
import { formatBytes, formatCount } from './backup-parts';

export const KIND_LABELS: Record<KeptBackup['kind'], string> = {
  automatic: 'Daily',
  safety: 'Before restore',
};

export const STATUS_LABELS: Record<KeptBackup['status'], string> = {
  running: 'Running',
  succeeded: 'Succeeded',
  failed: 'Failed',
};

const STATUS_TONES: Record<KeptBackup['status'], string> = {
  running: 'bg-sky-50 text-sky-800 ring-sky-200',
  succeeded: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  failed: 'bg-red-50 text-red-800 ring-red-200',
};

function Badge({ className, children, testId }: { className: string; children: ReactNode; testId?: string }) {
  return (
    <span
      data-testid={testId}
      className={clsx(
        'inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        className,
      )}
    >
      {children}
    </span>
  );
}

function Detail({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={clsx('min-w-0', className)}>
      <dt className="text-xs text-neutral-500">{label}</dt>
      <dd className="text-sm text-neutral-900 tabular-nums">{children}</dd>
    </div>
  );
}

function KeptBackupRow({
  backup,
  locale,
  formatDateTime,
  onRestore,
}: {
  backup: KeptBackup;
  locale?: string;
  formatDateTime: (iso: string) => string;
  onRestore: (backup: KeptBackup) => void;
}) {
  const usable = backup.status === 'succeeded';
  return (
    <li
      aria-label={backup.fileName}
      data-testid="kept-backup"
      className="flex flex-col gap-3 px-4 py-4 lg:flex-row lg:items-center lg:gap-6"
    >
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <Badge className="bg-neutral-100 text-neutral-700 ring-neutral-200">
            {KIND_LABELS[backup.kind]}
          </Badge>
          <Badge className={STATUS_TONES[backup.status]} testId="kept-backup-status">
            {STATUS_LABELS[backup.status]}
          </Badge>
          <span className="min-w-0 font-mono text-sm break-all text-neutral-800">{backup.fileName}</span>
        </div>
        <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 sm:max-w-lg sm:grid-cols-3">
          <Detail label="Started" className="col-span-2 sm:col-span-1">
            {formatDateTime(backup.startedAt)}
          </Detail>
          <Detail label="Size">
            {backup.sizeBytes === null ? '—' : formatBytes(backup.sizeBytes, locale)}
          </Detail>
          <Detail label="Rows">
            {backup.rowCount === null ? '—' : formatCount(backup.rowCount, locale)}
          </Detail>
        </dl>
        {backup.status === 'failed' && backup.error && (
          <p className="mt-2 text-sm break-words text-red-800">{backup.error}</p>
        )}
      </div>
      {usable &&
        (backup.available ? (
          <div className="flex flex-wrap items-center gap-2">
            <a
              href={BACKUP_API.file(backup.id)}
              download={backup.fileName}
              aria-label={`Download ${backup.fileName}`}
              className={buttonClasses({ variant: 'secondary' })}
            >
              <Download aria-hidden="true" className="size-4" />
              Download
            </a>
            <Button
              variant="secondary"
              onClick={() => onRestore(backup)}
              aria-label={`Restore ${backup.fileName}`}
              className="text-red-700 hover:bg-red-50 hover:text-red-800"
            >
              <RotateCcw aria-hidden="true" className="size-4" />
              Restore
            </Button>
          </div>
        ) : (
          <p className="text-sm text-neutral-600">Not on this server</p>
        ))}
    </li>
  );
}

/** The backups kept in the backup folder, newest first, each with Download and Restore when it can. */
export function KeptBackupList({
  backups,
  locale,
  formatDateTime,
  onRestore,
}: {
  backups: readonly KeptBackup[];
  locale?: string;
  formatDateTime: (iso: string) => string;
  onRestore: (backup: KeptBackup) => void;
}) {
  if (backups.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-neutral-300 px-4 py-6 text-center text-sm text-neutral-600">
        No backups kept yet. The first daily backup appears here once it has run; a safety backup appears
        before every restore.
      </p>
    );
  }
  return (
    <ul
      aria-label="Kept backups"
      className="divide-y divide-neutral-200 overflow-hidden rounded-xl border border-neutral-200"
    >
      {backups.map((backup) => (
        <KeptBackupRow
          key={backup.id}
          backup={backup}
          locale={locale}
          formatDateTime={formatDateTime}
          onRestore={onRestore}
        />
      ))}
    </ul>
  );
}

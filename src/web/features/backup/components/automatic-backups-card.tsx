import { CalendarClock, CircleCheck, CircleX, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import type { BackupOverview, KeptBackup, RestoreResult } from '../../../../shared/contracts/backup';
import { BackupSection, formatBytes } from './backup-parts';
import { KeptBackupList } from './kept-backup-list';
import { RestoreKeptDialog } from './restore-kept-dialog';
import { ScheduleForm } from './schedule-form';

/** The newest automatic backup's outcome, in a sentence at the top of the card. */
function LastAutomaticBackup({
  backup,
  locale,
  formatDateTime,
}: {
  backup: KeptBackup | undefined;
  locale?: string;
  formatDateTime: (iso: string) => string;
}) {
  if (!backup) {
    return (
      <p
        data-testid="last-automatic-backup"
        className="rounded-lg bg-neutral-50 px-4 py-3 text-sm text-neutral-700"
      >
        No automatic backup has run yet.
      </p>
    );
  }
  if (backup.status === 'running') {
    return (
      <p
        data-testid="last-automatic-backup"
        className="flex items-start gap-2 rounded-lg bg-sky-50 px-4 py-3 text-sm text-sky-950"
      >
        <LoaderCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0 animate-spin text-sky-700" />
        <span>An automatic backup is running now (started {formatDateTime(backup.startedAt)}).</span>
      </p>
    );
  }
  if (backup.status === 'failed') {
    return (
      <div
        data-testid="last-automatic-backup"
        className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-950"
      >
        <CircleX aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-700" />
        <div className="min-w-0">
          <p className="font-medium">
            The last automatic backup failed ({formatDateTime(backup.startedAt)}).
          </p>
          {backup.error && <p className="mt-0.5 break-words">{backup.error}</p>}
        </div>
      </div>
    );
  }
  const size = backup.sizeBytes === null ? '' : `, ${formatBytes(backup.sizeBytes, locale)}`;
  return (
    <p
      data-testid="last-automatic-backup"
      className="flex items-start gap-2 rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-950"
    >
      <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-700" />
      <span>
        The last automatic backup succeeded ({formatDateTime(backup.finishedAt ?? backup.startedAt)}
        {size}).
      </span>
    </p>
  );
}

/**
 * "Automatic backups": the last one's outcome, the schedule, where the files go, and the kept backups
 * with Download and Restore.
 */
export function AutomaticBackupsCard({
  overview,
  locale,
  formatDateTime,
  onRestored,
}: {
  overview: BackupOverview;
  locale?: string;
  formatDateTime: (iso: string) => string;
  onRestored: (result: RestoreResult) => void;
}) {
  const [restoring, setRestoring] = useState<KeptBackup | null>(null);
  const lastAutomatic = overview.backups.find((backup) => backup.kind === 'automatic');

  return (
    <BackupSection
      title="Automatic backups"
      icon={CalendarClock}
      description="Brigade backs itself up once a day on the server and keeps the latest few. They are on the same machine as your data: download one now and then to keep a copy elsewhere."
    >
      <LastAutomaticBackup backup={lastAutomatic} locale={locale} formatDateTime={formatDateTime} />
      <ScheduleForm schedule={overview.schedule} formatDateTime={formatDateTime} />
      <div className="flex flex-col gap-3 border-t border-neutral-200 pt-5">
        <div>
          <h3 className="text-base font-semibold text-neutral-950">Kept backups</h3>
          <p className="mt-1 text-sm text-neutral-600">
            Saved in <span className="font-mono text-xs break-all text-neutral-800">{overview.folder}</span>{' '}
            on the server.
          </p>
        </div>
        <KeptBackupList
          backups={overview.backups}
          locale={locale}
          formatDateTime={formatDateTime}
          onRestore={setRestoring}
        />
      </div>
      <RestoreKeptDialog
        backup={restoring}
        formatDateTime={formatDateTime}
        restaurantName={overview.restaurantName}
        onClose={() => setRestoring(null)}
        onRestored={(result) => {
          setRestoring(null);
          onRestored(result);
        }}
      />
    </BackupSection>
  );
}

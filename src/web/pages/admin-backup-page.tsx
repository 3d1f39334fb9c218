import { useState } from 'react';
import type { RestoreResult } from '../../shared/contracts/backup';
import { DocumentTitle } from '../components/ui/document-title';
import { ListError, ListLoading } from '../components/ui/list-states';
import {
  AutomaticBackupsCard,
  DownloadBackupCard,
  RestoreFileCard,
  RestoreSuccess,
  useBackupOverview,
} from '../features/backup';
import { useConfig, useRestaurantDateTime } from '../features/config';

/**
 * `/admin/backup` (Backup & Restore, admin): download the whole restaurant as one file, restore from
 * such a file after typing the restaurant's name and the admin's own password, and the daily
 * automatic backups (their schedule, the last one's outcome, the kept files to download or restore).
 * The overview is read again every 30 s and after every action. After a restore every session is gone,
 * this one too: the page shows what was restored and sends the owner to sign in.
 */
export function AdminBackupPage() {
  const config = useConfig();
  const locale = config.data?.locale;
  const formatDateTime = useRestaurantDateTime();
  const [restored, setRestored] = useState<RestoreResult | null>(null);
  // Once restored, this session is gone: nothing more is read (it would only answer 401).
  const overview = useBackupOverview({ enabled: restored === null });

  function onRestored(result: RestoreResult) {
    setRestored(result);
    window.scrollTo({ top: 0 });
  }

  return (
    <div className="w-full max-w-6xl px-4 py-8 sm:px-6 md:py-10 lg:px-10">
      <DocumentTitle title="Backup & Restore" />
      <h1 className="text-2xl font-semibold tracking-tight text-neutral-950 sm:text-3xl">
        Backup &amp; Restore
      </h1>
      <p className="mt-1 text-neutral-600">
        Keep a copy of everything in Brigade, and bring it back when something went wrong or you move to a new
        machine.
      </p>

      <div className="mt-8">
        {restored ? (
          <RestoreSuccess result={restored} locale={locale} formatDateTime={formatDateTime} />
        ) : (
          <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-2 lg:items-start">
            <DownloadBackupCard locale={locale} />
            <RestoreFileCard
              restaurantName={overview.data?.restaurantName}
              locale={locale}
              onRestored={onRestored}
            />
            <div className="lg:col-span-2">
              {overview.data ? (
                <AutomaticBackupsCard
                  overview={overview.data}
                  locale={locale}
                  formatDateTime={formatDateTime}
                  onRestored={onRestored}
                />
              ) : overview.isError ? (
                <ListError error={overview.error} onRetry={() => void overview.refetch()} />
              ) : (
                <ListLoading>Loading the automatic backups...</ListLoading>
              )}
            </div>
          </div>
        )}
      </div>
    </div>
  );
}

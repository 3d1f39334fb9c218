import { useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { CircleCheck, LogIn } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { RestoreResult } from '../../../../shared/contracts/backup';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { loginPathFor, paths } from '../../../lib/paths';
import { queryKeys } from '../../../lib/query-keys';
import { SIGNED_OUT_STATE } from '../../auth';
import { formatCount } from './backup-parts';

function Detail({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={clsx('min-w-0', className)}>
      <dt className="text-sm text-neutral-600">{label}</dt>
      <dd className="font-medium break-words text-neutral-950 tabular-nums">{children}</dd>
    </div>
  );
}

/**
 * What a restore brought back, and the one way on: every session ended with it (this one too), so
 * "Sign in" forgets the old session in the page and opens the sign-in page, which leads back here.
 */
export function RestoreSuccess({
  result,
  locale,
  formatDateTime,
}: {
  result: RestoreResult;
  locale?: string;
  formatDateTime: (iso: string) => string;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  function signInAgain() {
    // The restaurant's name and settings may be the backup's now.
    void queryClient.invalidateQueries({ queryKey: queryKeys.config });
    // The shell forgets the old session and everything read with it once the sign-in page shows.
    void navigate(loginPathFor(paths.adminBackup), { replace: true, state: SIGNED_OUT_STATE });
  }

  return (
    <Card className="p-5 sm:p-8">
      <section aria-labelledby="restore-success-heading" className="flex flex-col gap-6">
        <header className="flex items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-emerald-50 text-emerald-700">
            <CircleCheck aria-hidden="true" className="size-5" />
          </span>
          <div className="min-w-0">
            <h2
              id="restore-success-heading"
              className="text-lg font-semibold tracking-tight text-neutral-950"
            >
              The backup was restored
            </h2>
            <p className="mt-1 text-neutral-700">
              Everything is as it was when the backup was made. Everyone has been signed out, you too: sign in
              again to carry on.
            </p>
          </div>
        </header>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-3">
          <Detail label="Restaurant">{result.restaurantName}</Detail>
          <Detail label="Backup made">{formatDateTime(result.backupCreatedAt)}</Detail>
          <Detail label="Restored">
            {formatCount(result.rows, locale)} rows in {formatCount(result.tables, locale)} tables
          </Detail>
          {result.schemaLevel !== result.migratedTo && (
            <Detail label="Brought up to date">
              From data level {result.schemaLevel} to {result.migratedTo}
            </Detail>
          )}
          <Detail label="Safety backup of the data before" className="sm:col-span-full">
            <span className="font-mono text-sm break-all">{result.safetyBackup}</span>
          </Detail>
        </dl>
        <p className="text-sm text-neutral-600">
          Changed your mind? The safety backup is listed under Automatic backups once you are signed in:
          restore it the same way.
        </p>
        <Button size="lg" onClick={signInAgain} className="self-start">
          <LogIn aria-hidden="true" className="size-5" />
          Sign in
        </Button>
      </section>
    </Card>
  );
}

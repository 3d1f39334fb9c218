import { RotateCcw } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { DocumentTitle } from '../components/ui/document-title';
import { Spinner } from '../components/ui/spinner';
import {
  AuditEntryItem,
  type AuditFilters,
  AuditFiltersBar,
  NO_AUDIT_FILTERS,
  useAuditLog,
} from '../features/audit';
import { useRestaurantDateTime } from '../features/config';
import { errorMessage } from '../lib/api-client';

/** `/admin/audit`: who changed what and when, newest first, filtered by user, area and days. */
export function AdminAuditPage() {
  const [filters, setFilters] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  // ISO dates compare as text; a backwards range is not sent (the server would refuse it).
  const rangeError =
    filters.from && filters.to && filters.from > filters.to ? 'Must not be before “From”.' : null;
  const audit = useAuditLog(filters, { enabled: rangeError === null });
  const formatDateTime = useRestaurantDateTime();
  const entries = audit.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = Object.values(filters).some((value) => value !== '');

  let content: ReactNode;
  if (rangeError) {
    content = null;
  } else if (audit.isPending) {
    content = (
      <div role="status" className="flex items-center justify-center gap-2 py-16 text-neutral-600">
        <Spinner className="size-5" />
        Loading the audit log...
      </div>
    );
  } else if (audit.isError) {
    content = (
      <Card role="alert" className="flex flex-col items-start gap-3 p-6">
        <p className="text-neutral-800">{errorMessage(audit.error)}</p>
        <Button variant="secondary" onClick={() => void audit.refetch()}>
          <RotateCcw aria-hidden="true" className="size-4" />
          Try again
        </Button>
      </Card>
    );
  } else if (entries.length === 0) {
    content = (
      <Card className="p-8 text-center text-neutral-600">
        {filtered ? 'No entries match these filters.' : 'Nothing has been recorded yet.'}
      </Card>
    );
  } else {
    content = (
      <div className="flex flex-col gap-4">
        <Card className="overflow-hidden">
          <ul aria-label="Audit entries" className="divide-y divide-neutral-200">
            {entries.map((entry) => (
              <AuditEntryItem key={entry.id} entry={entry} formatDateTime={formatDateTime} />
            ))}
          </ul>
        </Card>
        {audit.hasNextPage && (
          <Button
            variant="secondary"
            className="self-center"
            onClick={() => void audit.fetchNextPage()}
            isLoading={audit.isFetchingNextPage}
          >
            {audit.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        )}
      </div>
    );
  }

  return (
    <div className="w-full max-w-6xl px-4 py-8 sm:px-6 md:py-10 lg:px-10">
      <DocumentTitle title="Audit Log" />
      <h1 className="text-2xl font-semibold tracking-tight text-neutral-950 sm:text-3xl">Audit Log</h1>
      <p className="mt-1 text-neutral-600">
        Every change to roles, settings and other sensitive data: who made it, when, and what it was before
        and after.
      </p>
      <section aria-label="Filters" className="mt-8">
        <AuditFiltersBar filters={filters} onChange={setFilters} rangeError={rangeError} />
      </section>
      <div className="mt-6">{content}</div>
    </div>
  );
}

import { useState } from 'react';
import { formatMoney } from '../../../../shared/money';
import { Button } from '../../../components/ui/button';
import { ListError, ListLoading } from '../../../components/ui/list-states';
import { useRestaurantDateTime } from '../../config';
import { formatDay } from '../../master-data';
import { useReconciliations } from '../api/reconciliation-api';

/** How many reconciliations show before "Show all". */
const FIRST = 5;

/**
 * The statements an account was reconciled to, the latest first: the statement's day and closing
 * balance, how many rows it ticked off, and who closed it when.
 */
export function ReconciliationHistory({
  accountId,
  money,
}: {
  accountId: string;
  money: { currency: string; locale: string };
}) {
  const query = useReconciliations(accountId);
  const formatDateTime = useRestaurantDateTime();
  const [all, setAll] = useState(false);
  if (query.isError) return <ListError error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <ListLoading>Loading the reconciliations...</ListLoading>;
  const items = query.data;
  if (items.length === 0) {
    return (
      <p className="rounded-xl border border-neutral-200 bg-white p-4 text-sm text-neutral-600 shadow-sm">
        No statement reconciled yet.
      </p>
    );
  }
  const shown = all ? items : items.slice(0, FIRST);
  return (
    <div className="flex flex-col gap-3">
      <ol className="divide-y divide-neutral-200 rounded-xl border border-neutral-200 bg-white shadow-sm">
        {shown.map((item) => (
          <li key={item.id} className="flex items-start justify-between gap-4 px-4 py-3">
            <div className="min-w-0">
              <p className="font-medium text-neutral-950">
                Statement of {formatDay(item.statementDate, money.locale)}
              </p>
              <p className="mt-0.5 text-sm text-neutral-600">
                {item.rowCount} {item.rowCount === 1 ? 'row' : 'rows'}
                {item.createdByName ? ` · ${item.createdByName}` : ''} ·{' '}
                <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
              </p>
            </div>
            <p className="shrink-0 text-right font-semibold tabular-nums text-neutral-950">
              <span className="sr-only">Closing balance: </span>
              {formatMoney(item.statementBalance, money.currency, money.locale)}
            </p>
          </li>
        ))}
      </ol>
      {items.length > FIRST && (
        <Button variant="secondary" className="self-center" onClick={() => setAll((value) => !value)}>
          {all ? 'Show the latest' : `Show all ${items.length}`}
        </Button>
      )}
    </div>
  );
}

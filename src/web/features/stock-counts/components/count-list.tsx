import { clsx } from 'clsx';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import type { StockCountSummary } from '../../../../shared/contracts/stock-counts';
import { formatMoney } from '../../../../shared/money';
import { ListEmpty, ListError, ListLoading, LoadMore } from '../../../components/ui/list-states';
import { stockCountPath } from '../../../lib/paths';
import { useStockCounts } from '../api/stock-counts-api';
import { GROUP_LABELS } from './count-model';
import type { MoneyFormat } from './count-sheet';

const STATUS_LABELS: Record<StockCountSummary['status'], string> = {
  open: 'Open',
  finished: 'Finished',
  cancelled: 'Cancelled',
};

/** Every count, newest first: open ones to continue, finished ones with the money they moved. */
export function CountList({ money, dateTime }: { money: MoneyFormat; dateTime: (iso: string) => string }) {
  const query = useStockCounts();
  if (query.isPending) return <ListLoading>Loading the counts...</ListLoading>;
  if (query.isError) return <ListError error={query.error} onRetry={() => void query.refetch()} />;
  const counts = query.counts ?? [];
  if (counts.length === 0) return <ListEmpty>No count yet. Start one above.</ListEmpty>;
  return (
    <div>
      <ul className="divide-y divide-neutral-200 overflow-hidden rounded-lg border border-neutral-200 bg-white shadow-sm">
        {counts.map((count) => (
          <li key={count.id}>
            <Link
              to={stockCountPath(count.id)}
              className="flex items-center gap-3 px-4 py-4 hover:bg-neutral-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-neutral-950"
              data-testid="count-row"
            >
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2 font-medium text-neutral-950">
                  {count.group ? GROUP_LABELS[count.group] : 'All items'}
                  <span
                    className={clsx(
                      'rounded-full px-2 py-0.5 text-xs font-medium',
                      count.status === 'open' && 'bg-amber-100 text-amber-900',
                      count.status === 'finished' && 'bg-emerald-100 text-emerald-900',
                      count.status === 'cancelled' && 'bg-neutral-100 text-neutral-700',
                    )}
                  >
                    {STATUS_LABELS[count.status]}
                  </span>
                </p>
                <p className="mt-0.5 text-sm text-neutral-600">
                  {dateTime(count.createdAt)} · {count.countedCount} of {count.lineCount} counted
                  {count.openedByName ? ` · ${count.openedByName}` : ''}
                </p>
                {count.note && <p className="mt-0.5 truncate text-sm text-neutral-500">{count.note}</p>}
              </div>
              {count.valueDifference !== null && (
                <span
                  className={clsx(
                    'shrink-0 font-semibold tabular-nums',
                    count.valueDifference < 0 ? 'text-red-700' : 'text-neutral-950',
                  )}
                >
                  {formatMoney(count.valueDifference, money.currency, money.locale)}
                </span>
              )}
              <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-neutral-400" />
            </Link>
          </li>
        ))}
      </ul>
      {query.hasNextPage && (
        <div className="mt-4">
          <LoadMore loading={query.isFetchingNextPage} onLoad={() => void query.fetchNextPage()} />
        </div>
      )}
    </div>
  );
}

import { Link, useParams } from 'react-router';
import { DocumentTitle } from '../components/ui/document-title';
import { ListError, ListLoading } from '../components/ui/list-states';
import { useConfig, useRestaurantDateTime } from '../features/config';
import { ClosedCount, CountSheet, GROUP_LABELS, useStockCount } from '../features/stock-counts';
import { paths } from '../lib/paths';

/**
 * `/inventory/counts/:countId` (admin; docs/PRODUCT-RULES.md, Inventory, Stock counts): an open count
 * to count on a phone, with everyone's lines live; a finished one read-only with its differences.
 */
export function StockCountPage() {
  const { countId = '' } = useParams();
  const config = useConfig();
  const dateTime = useRestaurantDateTime();
  const query = useStockCount(countId);
  const count = query.data;
  const title = count
    ? `Count of ${count.group ? GROUP_LABELS[count.group].toLowerCase() : 'all items'}`
    : 'Stock count';

  return (
    <div className="w-full max-w-3xl px-4 py-6 sm:px-6 md:py-10">
      <DocumentTitle title={title} />
      <p className="text-sm">
        <Link to={paths.stockCounts} className="text-neutral-600 underline-offset-2 hover:underline">
          Stock counts
        </Link>
      </p>
      <h1 className="mt-1 text-2xl font-semibold tracking-tight text-neutral-950 sm:text-3xl">{title}</h1>
      {count && (
        <p className="mt-1 text-sm text-neutral-600">
          Opened {dateTime(count.createdAt)}
          {count.openedByName ? ` by ${count.openedByName}` : ''}
          {count.note ? ` · ${count.note}` : ''}
        </p>
      )}
      <div className="mt-5">
        {query.isError ? (
          <ListError error={query.error} onRetry={() => void query.refetch()} />
        ) : !count || !config.data ? (
          <ListLoading>Loading the count...</ListLoading>
        ) : count.status === 'open' ? (
          <CountSheet count={count} money={{ currency: config.data.currency, locale: config.data.locale }} />
        ) : (
          <ClosedCount count={count} money={{ currency: config.data.currency, locale: config.data.locale }} />
        )}
      </div>
    </div>
  );
}

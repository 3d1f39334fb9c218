import { Lock, Plus } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { hasManagerAccess } from '../../shared/roles';
import { ButtonLink } from '../components/ui/button';
import { DocumentTitle } from '../components/ui/document-title';
import { ListEmpty, ListError, ListLoading, LoadMore } from '../components/ui/list-states';
import { useSession } from '../features/auth';
import { useConfig } from '../features/config';
import {
  dateRangeError,
  filtersFromSearch,
  hasOrderFilters,
  listParamsFromFilters,
  NO_ORDER_FILTERS,
  type OrderFilters,
  OrderFiltersBar,
  OrdersList,
  OrdersSummary,
  searchFromFilters,
  useOrderMoney,
  useOrders,
  useOrderTime,
} from '../features/orders';
import { paths } from '../lib/paths';
import { useDebouncedValue } from '../lib/use-debounced-value';

/** The list for valid filters: asked for only once the date range reads forwards. */
function OrdersResults({ filters, filtered }: { filters: OrderFilters; filtered: boolean }) {
  const params = useMemo(() => listParamsFromFilters(filters), [filters]);
  const orders = useOrders(params);
  const formatTime = useOrderTime();
  const formatMoney = useOrderMoney();
  const currency = useConfig().data?.currency;

  if (orders.isPending) return <ListLoading>Loading orders...</ListLoading>;
  if (orders.isError) return <ListError error={orders.error} onRetry={() => void orders.refetch()} />;
  const items = orders.orders ?? [];
  if (items.length === 0) {
    return filtered ? (
      <ListEmpty>No orders match these filters.</ListEmpty>
    ) : (
      <ListEmpty
        action={
          <ButtonLink to={paths.addOrder} variant="secondary">
            <Plus aria-hidden="true" className="size-4" />
            Add order
          </ButtonLink>
        }
      >
        No orders yet.
      </ListEmpty>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {orders.summary && (
        <OrdersSummary summary={orders.summary} currency={currency} formatMoney={formatMoney} />
      )}
      <OrdersList orders={items} formatTime={formatTime} formatMoney={formatMoney} />
      {orders.hasNextPage && (
        <LoadMore loading={orders.isFetchingNextPage} onLoad={() => void orders.fetchNextPage()} />
      )}
    </div>
  );
}

/**
 * `/orders`: every order, newest first, with filters kept in the URL (a reload or a shared link opens
 * the same list); it refreshes by itself when any order changes (the live topic `orders`). Managers and
 * admins find "Close the day" (the till's count and the day's end report) in its header.
 */
export function OrdersPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(searchParams), [searchParams]);
  const [searchText, setSearchText] = useState(filters.search);
  const manager = hasManagerAccess(useSession().user?.role);
  const search = useDebouncedValue(searchText.trim(), 300);

  const update = useCallback(
    (patch: Partial<OrderFilters>) =>
      setSearchParams((current) => searchFromFilters({ ...filtersFromSearch(current), ...patch }), {
        replace: true,
      }),
    [setSearchParams],
  );

  // The search text reaches the URL (and the server) once typing pauses.
  useEffect(() => {
    update({ search });
  }, [search, update]);

  const rangeError = dateRangeError(filters);
  const active = hasOrderFilters(filters) || searchText.trim() !== '';

  return (
    <div className="w-full max-w-7xl px-4 py-8 sm:px-6 md:py-10 lg:px-10">
      <DocumentTitle title="Orders" />
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-neutral-950 sm:text-3xl">Orders</h1>
          <p className="mt-1 text-neutral-600">
            Every order, newest first. Open one for its lines, totals and status.
          </p>
        </div>
        <div className="flex flex-wrap gap-2 self-start sm:self-auto">
          {manager && (
            <ButtonLink to={paths.closeDay} variant="secondary">
              <Lock aria-hidden="true" className="size-4" />
              Close the day
            </ButtonLink>
          )}
          <ButtonLink to={paths.addOrder}>
            <Plus aria-hidden="true" className="size-4" />
            Add order
          </ButtonLink>
        </div>
      </div>
      <section aria-label="Filters" className="mt-8">
        <OrderFiltersBar
          filters={filters}
          onChange={update}
          searchText={searchText}
          onSearchTextChange={setSearchText}
          onClear={() => {
            setSearchText('');
            setSearchParams(searchFromFilters(NO_ORDER_FILTERS), { replace: true });
          }}
          rangeError={rangeError}
          active={active}
        />
      </section>
      <div className="mt-6">
        {rangeError ? null : <OrdersResults filters={filters} filtered={hasOrderFilters(filters)} />}
      </div>
    </div>
  );
}

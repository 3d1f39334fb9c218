import { Link } from 'react-router';
import { ORDER_SOURCE_LABELS, ORDER_TYPE_LABELS } from '../../../../shared/contracts/orders';
import { Dialog } from '../../../components/ui/dialog';
import { ListError, ListLoading, LoadMore } from '../../../components/ui/list-states';
import { orderPath } from '../../../lib/paths';
import { useDrillOrders } from '../api/dashboard-api';
import { drillFiltersOnClient, inDrill, type OrdersDrill, ordersWord } from '../dashboard-model';

function label(labels: Record<string, string>, key: string): string {
  return labels[key] ?? key;
}

/**
 * The completed orders behind a bar or a cell: number (to the order's page), type, source and total,
 * page by page. A weekday or an hour is matched here, on the orders of the period the API answers.
 */
function DrillOrders({
  drill,
  timeZone,
  money,
}: {
  drill: OrdersDrill;
  timeZone: string;
  money: (minor: number) => string;
}) {
  const query = useDrillOrders(drill);
  if (query.isError && query.orders.length === 0) {
    return <ListError error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (query.isPending) return <ListLoading>Loading the orders...</ListLoading>;
  const shown = query.orders.filter((order) => inDrill(order, drill, timeZone));
  const filtered = drillFiltersOnClient(drill);
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-neutral-600" aria-live="polite">
        {filtered
          ? `${ordersWord(shown.length)} of the ${query.orders.length} completed in the period${query.hasNextPage ? ' read so far' : ''}.`
          : `${ordersWord(shown.length)}${query.hasNextPage ? ' so far' : ''}.`}
      </p>
      {shown.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" aria-label="Orders">
            <thead>
              <tr className="border-b border-neutral-200 text-neutral-600">
                <th scope="col" className="py-2 pr-3 font-medium">
                  Order
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Type
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Source
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  Total
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-neutral-100">
              {shown.map((order) => (
                <tr key={order.id}>
                  <th scope="row" className="py-2 pr-3 font-medium">
                    <Link
                      to={orderPath(order.id)}
                      className="rounded underline underline-offset-2 hover:text-neutral-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950"
                    >
                      #{order.number}
                    </Link>
                  </th>
                  <td className="py-2 pr-3">{label(ORDER_TYPE_LABELS, order.type)}</td>
                  <td className="py-2 pr-3">{label(ORDER_SOURCE_LABELS, order.source)}</td>
                  <td className="py-2 text-right tabular-nums">{money(order.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {query.hasNextPage && (
        <LoadMore loading={query.isFetchingNextPage} onLoad={() => void query.fetchNextPage()} />
      )}
    </div>
  );
}

/** A dialog over the dashboard with the orders behind what was clicked. */
export function OrdersDialog({
  drill,
  onClose,
  timeZone,
  money,
}: {
  drill: OrdersDrill | null;
  onClose: () => void;
  timeZone: string;
  money: (minor: number) => string;
}) {
  return (
    <Dialog open={drill !== null} onClose={onClose} title={drill?.title ?? 'Orders'} size="lg">
      {drill && (
        <div className="mt-4">
          <DrillOrders key={JSON.stringify(drill)} drill={drill} timeZone={timeZone} money={money} />
        </div>
      )}
    </Dialog>
  );
}

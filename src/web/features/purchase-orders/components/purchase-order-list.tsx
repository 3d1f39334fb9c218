import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PURCHASE_ORDER_STATUS_LABELS } from '../../../../shared/contracts/purchase-orders';
import { formatMoney } from '../../../../shared/money';
import { Card } from '../../../components/ui/card';
import { ListEmpty, ListError, ListLoading, LoadMore } from '../../../components/ui/list-states';
import { purchaseOrderPath } from '../../../lib/paths';
import { type PurchaseOrderListFilter, usePurchaseOrders } from '../api/purchase-orders-api';
import { dayLabel } from './format';
import { PaymentStatusBadge } from './payment-status-badge';
import { PurchaseOrderStatusBadge } from './purchase-order-status-badge';

interface PurchaseOrderListProps {
  filter: PurchaseOrderListFilter;
  locale: string;
  /** What to offer when there is no order at all. */
  emptyAction?: ReactNode;
}

/**
 * Purchase orders under the filter, newest first: number, supplier, status and payment status,
 * expected day and total.
 */
export function PurchaseOrderList({ filter, locale, emptyAction }: PurchaseOrderListProps) {
  const query = usePurchaseOrders(filter);
  const orders = query.orders ?? [];
  if (query.isPending) return <ListLoading>Loading the purchase orders...</ListLoading>;
  if (query.isError) return <ListError error={query.error} onRetry={() => void query.refetch()} />;
  if (orders.length === 0) {
    return filter.status ? (
      <ListEmpty>No {PURCHASE_ORDER_STATUS_LABELS[filter.status].toLowerCase()} purchase orders.</ListEmpty>
    ) : (
      <ListEmpty action={emptyAction}>
        No purchase orders yet. Write one, or let Brigade suggest one from what is running low.
      </ListEmpty>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <Card className="overflow-hidden p-0">
        <ul className="divide-y divide-neutral-200">
          {orders.map((order) => (
            <li key={order.id} data-testid="purchase-order-row">
              <Link
                to={purchaseOrderPath(order.id)}
                className="flex items-center gap-3 px-4 py-4 hover:bg-neutral-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-neutral-950"
              >
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <span className="font-mono text-base font-semibold text-neutral-950">{order.number}</span>
                    <PurchaseOrderStatusBadge status={order.status} />
                    {order.status !== 'draft' && <PaymentStatusBadge status={order.paymentStatus} />}
                  </div>
                  <p className="mt-0.5 truncate text-sm text-neutral-700">{order.supplierName}</p>
                  <p className="mt-0.5 text-xs text-neutral-500">
                    {order.lineCount} {order.lineCount === 1 ? 'line' : 'lines'}
                    {order.expectedDate ? ` · expected ${dayLabel(order.expectedDate, locale)}` : ''}
                  </p>
                </div>
                <div className="text-right">
                  <div className="font-medium text-neutral-950 tabular-nums">
                    {formatMoney(order.total, order.currency, locale)}
                  </div>
                  {order.receivedTotal > 0 && (
                    <div className="text-xs text-neutral-500 tabular-nums">
                      {formatMoney(order.receivedTotal, order.currency, locale)} received
                    </div>
                  )}
                  {order.paymentStatus === 'part-paid' && order.owed > 0 && (
                    <div className="text-xs text-neutral-500 tabular-nums">
                      {formatMoney(order.owed, order.currency, locale)} owed
                    </div>
                  )}
                </div>
                <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-neutral-400" />
              </Link>
            </li>
          ))}
        </ul>
      </Card>
      {query.hasNextPage && (
        <LoadMore loading={query.isFetchingNextPage} onLoad={() => void query.fetchNextPage()} />
      )}
    </div>
  );
}

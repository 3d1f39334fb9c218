import { useId } from 'react';
import { type Order, orderNumberLabel } from '../../../../shared/contracts/orders';
import { OrderStatusBadge } from '../../../components/ui/order-badges';
import { orderPlace } from '../board/order-place';
import { useOrderTime } from '../list/order-format';

/**
 * The requests accepted with a ready time that are still open (confirmed, preparing or ready), soonest
 * first: what each guest was told ("Ready at about 12:45") and where the order stands, so whoever
 * answers the phone can say it again.
 */
export function AcceptedRequests({ orders }: { orders: readonly Order[] }) {
  const headingId = useId();
  const formatTime = useOrderTime();
  if (orders.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mt-10">
      <h2 id={headingId} className="text-lg font-semibold text-neutral-950">
        Accepted
      </h2>
      <p className="mt-1 text-sm text-neutral-600">The ready times the guests were given.</p>
      <ul className="mt-3 flex flex-col divide-y divide-neutral-200 rounded-xl border border-neutral-200 bg-white">
        {orders.map((order) => (
          <li
            key={order.id}
            data-testid="accepted-request"
            className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3"
          >
            <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
              <span className="font-semibold text-neutral-950 tabular-nums">
                <span className="sr-only">Order </span>
                {orderNumberLabel(order.number)}
              </span>
              <span className="text-sm break-words text-neutral-700">{orderPlace(order)}</span>
              <OrderStatusBadge status={order.status} />
            </div>
            {order.readyAt && (
              <p className="text-sm font-medium text-neutral-950">
                Ready at about{' '}
                <time dateTime={order.readyAt} className="tabular-nums">
                  {formatTime(order.readyAt).time}
                </time>
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

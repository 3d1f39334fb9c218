import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import type { Order } from '../../../../shared/contracts/orders';
import { orderNumberLabel } from '../../../../shared/order-limits';
import { OrderStatusBadge } from '../../../components/ui/order-badges';
import { myOrderPath } from '../../../lib/paths';
import { itemSummary, orderTypeLine } from '../order-format';

interface MyOrderRowProps {
  order: Order;
  money: (minor: number) => string;
  formats: { dateTime: (iso: string) => string; timeAfter: (iso: string, reference: string) => string };
}

/**
 * One order in My orders: number, status (live), when it was placed, its type with table or pickup
 * time, what it holds and its total; the whole card opens the order.
 */
export function MyOrderRow({ order, money, formats }: MyOrderRowProps) {
  const number = orderNumberLabel(order.number);
  return (
    <li>
      <Link
        to={myOrderPath(order.id)}
        data-testid="my-order"
        className="group flex items-center gap-3 rounded-2xl border border-neutral-200 bg-white p-4 shadow-sm transition-colors hover:border-neutral-300 hover:bg-neutral-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950 sm:p-5"
      >
        <div className="min-w-0 flex-1">
          <div className="flex items-center justify-between gap-3">
            <div className="flex min-w-0 items-center gap-2">
              <span className="font-semibold text-neutral-950 tabular-nums">{number}</span>
              <OrderStatusBadge status={order.status} />
            </div>
            <span className="shrink-0 font-semibold text-neutral-950 tabular-nums">{money(order.total)}</span>
          </div>
          <p className="mt-1 text-sm text-neutral-600">
            <time dateTime={order.createdAt}>{formats.dateTime(order.createdAt)}</time>
            {' · '}
            {orderTypeLine(order, (iso) => formats.timeAfter(iso, order.createdAt))}
          </p>
          <p className="mt-1 truncate text-sm text-neutral-800">{itemSummary(order)}</p>
        </div>
        <ChevronRight
          aria-hidden="true"
          className="size-5 shrink-0 text-neutral-400 transition-colors group-hover:text-neutral-700"
        />
      </Link>
    </li>
  );
}

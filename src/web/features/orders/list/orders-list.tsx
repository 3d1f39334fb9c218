import { Link } from 'react-router';
import {
  ORDER_SOURCE_LABELS,
  ORDER_TYPE_LABELS,
  type Order,
  orderNumberLabel,
} from '../../../../shared/contracts/orders';
import { Card } from '../../../components/ui/card';
import { orderPath } from '../../../lib/paths';
import { OrderStatusBadge, PaymentStatusBadge } from './order-badges';
import { orderPartyLabel } from './order-format';

interface OrdersListProps {
  orders: readonly Order[];
  formatDateTime: (iso: string) => string;
  formatMoney: (minor: number, currency: string) => string;
}

const HEADERS = ['Order', 'Time', 'Type', 'Source', 'Table / customer', 'Status', 'Payment', 'Total'];

/** Orders, newest first: a table on wide screens, cards on phones; each leads to the order's page. */
export function OrdersList({ orders, formatDateTime, formatMoney }: OrdersListProps) {
  return (
    <>
      <Card className="hidden overflow-hidden lg:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Orders, newest first</caption>
          <thead className="border-b border-neutral-200 bg-neutral-50 text-xs font-medium tracking-wide text-neutral-600 uppercase">
            <tr>
              {HEADERS.map((header) => (
                <th
                  key={header}
                  scope="col"
                  className={header === 'Total' ? 'px-4 py-3 text-right' : 'px-4 py-3 whitespace-nowrap'}
                >
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-neutral-200">
            {orders.map((order) => {
              const party = orderPartyLabel(order);
              return (
                <tr
                  key={order.id}
                  data-testid="order-row"
                  className="relative text-neutral-700 hover:bg-neutral-50 has-[a:focus-visible]:bg-neutral-50"
                >
                  <th scope="row" className="px-4 py-3 font-semibold text-neutral-950">
                    {/* The link covers the whole row (its ::after), so any cell opens the order. */}
                    <Link
                      to={orderPath(order.id)}
                      className="rounded-sm after:absolute after:inset-0 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950"
                    >
                      {orderNumberLabel(order.number)}
                    </Link>
                  </th>
                  <td className="px-4 py-3 whitespace-nowrap tabular-nums">
                    {formatDateTime(order.createdAt)}
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap">{ORDER_TYPE_LABELS[order.type]}</td>
                  <td className="px-4 py-3 whitespace-nowrap">{ORDER_SOURCE_LABELS[order.source]}</td>
                  <td className="max-w-64 truncate px-4 py-3" title={party || undefined}>
                    {party || <span className="text-neutral-400">None</span>}
                  </td>
                  <td className="px-4 py-3">
                    <OrderStatusBadge status={order.status} />
                  </td>
                  <td className="px-4 py-3">
                    <PaymentStatusBadge status={order.paymentStatus} />
                  </td>
                  <td className="px-4 py-3 text-right font-medium whitespace-nowrap text-neutral-950 tabular-nums">
                    {formatMoney(order.total, order.currency)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </Card>

      <ul aria-label="Orders, newest first" className="flex flex-col gap-3 lg:hidden">
        {orders.map((order) => {
          const party = orderPartyLabel(order);
          return (
            <li key={order.id}>
              <Link
                to={orderPath(order.id)}
                data-testid="order-card"
                className="block rounded-2xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950"
              >
                <Card className="flex flex-col gap-2 p-4 hover:border-neutral-300">
                  <div className="flex items-center justify-between gap-3">
                    <span className="text-base font-semibold text-neutral-950">
                      {orderNumberLabel(order.number)}
                    </span>
                    <span className="flex flex-wrap justify-end gap-1.5">
                      <OrderStatusBadge status={order.status} />
                      <PaymentStatusBadge status={order.paymentStatus} />
                    </span>
                  </div>
                  <div className="flex items-baseline justify-between gap-3 text-sm text-neutral-600">
                    <span className="tabular-nums">{formatDateTime(order.createdAt)}</span>
                    <span className="font-medium text-neutral-950 tabular-nums">
                      {formatMoney(order.total, order.currency)}
                    </span>
                  </div>
                  <div className="text-sm text-neutral-700">
                    {ORDER_TYPE_LABELS[order.type]} · {ORDER_SOURCE_LABELS[order.source]}
                    {party && <span className="block truncate text-neutral-600">{party}</span>}
                  </div>
                </Card>
              </Link>
            </li>
          );
        })}
      </ul>
    </>
  );
}

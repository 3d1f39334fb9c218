import { Link } from 'react-router';
import {
  ORDER_SOURCE_LABELS,
  ORDER_TYPE_LABELS,
  type Order,
  orderNumberLabel,
} from '../../../../shared/contracts/orders';
import { Card } from '../../../components/ui/card';
import { OrderStatusBadge, PaymentStatusBadge } from '../../../components/ui/order-badges';
import { orderPath } from '../../../lib/paths';
import { type OrderTimeText, orderPartyLabel } from './order-format';

interface OrdersListProps {
  orders: readonly Order[];
  formatTime: (iso: string) => OrderTimeText;
  formatMoney: (minor: number, currency: string) => string;
}

const HEADERS = ['Order', 'Time', 'Type', 'Table / customer', 'Status', 'Total'];

/** When the order was placed: the time alone today, else the date and the time (which may wrap under it). */
function OrderTime({ iso, formatTime }: { iso: string; formatTime: OrdersListProps['formatTime'] }) {
  const { date, time, full } = formatTime(iso);
  return (
    <time dateTime={iso} title={full} className="tabular-nums">
      {date && <span className="whitespace-nowrap">{date}</span>}
      {date && ' '}
      <span className="whitespace-nowrap">{time}</span>
    </time>
  );
}

/**
 * Orders, newest first: a table on wide screens, cards on phones; each leads to the order's page. The
 * table's columns may wrap (a date over its time, the source under the type, the payment under the
 * status, a long customer over two lines) but the number and the total never do, and a
 * screen too narrow for even that scrolls the table sideways rather than cutting it.
 */
export function OrdersList({ orders, formatTime, formatMoney }: OrdersListProps) {
  return (
    <>
      <Card className="hidden overflow-hidden lg:block">
        <div className="overflow-x-auto" data-testid="orders-table">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Orders, newest first</caption>
            <thead className="border-b border-neutral-200 bg-neutral-50 text-xs font-medium tracking-wide text-neutral-600 uppercase">
              <tr>
                {HEADERS.map((header) => (
                  <th
                    key={header}
                    scope="col"
                    className={
                      header === 'Total'
                        ? 'py-3 pr-4 pl-3 text-right'
                        : header === 'Order'
                          ? 'py-3 pr-3 pl-4 whitespace-nowrap'
                          : 'px-3 py-3 whitespace-nowrap'
                    }
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
                    className="relative align-top text-neutral-700 hover:bg-neutral-50 has-[a:focus-visible]:bg-neutral-50"
                  >
                    <th
                      scope="row"
                      className="py-3 pr-3 pl-4 font-semibold whitespace-nowrap text-neutral-950"
                    >
                      {/* The link covers the whole row (its ::after), so any cell opens the order. */}
                      <Link
                        to={orderPath(order.id)}
                        className="rounded-sm after:absolute after:inset-0 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950"
                      >
                        {orderNumberLabel(order.number)}
                      </Link>
                    </th>
                    <td className="px-3 py-3">
                      <OrderTime iso={order.createdAt} formatTime={formatTime} />
                    </td>
                    <td className="px-3 py-3">
                      <span className="block whitespace-nowrap">{ORDER_TYPE_LABELS[order.type]}</span>
                      <span className="block text-xs whitespace-nowrap text-neutral-500">
                        {ORDER_SOURCE_LABELS[order.source]}
                      </span>
                    </td>
                    <td className="min-w-36 px-3 py-3">
                      <span className="line-clamp-2 break-words" title={party || undefined}>
                        {party || <span className="text-neutral-400">None</span>}
                      </span>
                    </td>
                    <td className="px-3 py-3">
                      <span className="flex flex-col items-start gap-1">
                        <OrderStatusBadge status={order.status} />
                        <PaymentStatusBadge status={order.paymentStatus} />
                      </span>
                    </td>
                    <td
                      className="py-3 pr-4 pl-3 text-right font-medium whitespace-nowrap text-neutral-950 tabular-nums"
                      data-testid="order-total"
                    >
                      {formatMoney(order.total, order.currency)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
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
                    <OrderTime iso={order.createdAt} formatTime={formatTime} />
                    <span className="font-medium whitespace-nowrap text-neutral-950 tabular-nums">
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

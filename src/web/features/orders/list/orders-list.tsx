import { clsx } from 'clsx';
import { CirclePlus } from 'lucide-react';
import { Link } from 'react-router';
import {
  ORDER_SOURCE_LABELS,
  ORDER_TYPE_LABELS,
  type Order,
  orderNumberLabel,
} from '../../../../shared/contracts/orders';
import { isOpenCheck } from '../../../../shared/order-status';
import { Card } from '../../../components/ui/card';
import { OrderStatusBadge, PaymentStatusBadge } from '../../../components/ui/order-badges';
import { orderPath, paths } from '../../../lib/paths';
import { type OrderTimeText, orderPartyLabel } from './order-format';

interface OrdersListProps {
  orders: readonly Order[];
  formatTime: (iso: string) => OrderTimeText;
  formatMoney: (minor: number, currency: string) => string;
}

const HEADERS = ['Order', 'Time', 'Type', 'Table / customer', 'Status', 'Total'];

/** `/orders/add?check=…`: the point of sale building a round for this open check. */
function addRoundPath(orderId: string): string {
  return `${paths.addOrder}?check=${encodeURIComponent(orderId)}`;
}

/**
 * "Add round" on an open check (confirmed, preparing or ready): the point of sale with a round for
 * it. Above the link that covers its row or card, so it is a target of its own.
 */
function AddRoundLink({ order, className }: { order: Order; className?: string }) {
  if (!isOpenCheck(order.status)) return null;
  return (
    <Link
      to={addRoundPath(order.id)}
      aria-label={`Add round to ${orderNumberLabel(order.number)}`}
      className={clsx(
        'relative z-10 inline-flex h-10 items-center gap-1.5 rounded-lg border border-neutral-300 bg-white px-3 text-sm font-medium whitespace-nowrap text-neutral-900 shadow-sm transition-colors hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950',
        className,
      )}
    >
      <CirclePlus aria-hidden="true" className="size-4 shrink-0" />
      Add round
    </Link>
  );
}

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
                <th scope="col" className="py-3 pr-4 pl-1">
                  <span className="sr-only">Rounds</span>
                </th>
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
                    <td className="py-2 pr-4 pl-1 text-right">
                      <AddRoundLink order={order} />
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
              <Card
                data-testid="order-card"
                className="relative flex flex-col gap-2 p-4 hover:border-neutral-300 has-[a:focus-visible]:border-neutral-300"
              >
                <div className="flex items-center justify-between gap-3">
                  {/* The link covers the whole card (its ::after), so any part of it opens the order. */}
                  <Link
                    to={orderPath(order.id)}
                    className="text-base font-semibold text-neutral-950 after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-neutral-950"
                  >
                    {orderNumberLabel(order.number)}
                  </Link>
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
                <div className="flex items-end justify-between gap-3">
                  <div className="min-w-0 text-sm text-neutral-700">
                    {ORDER_TYPE_LABELS[order.type]} · {ORDER_SOURCE_LABELS[order.source]}
                    {party && <span className="block truncate text-neutral-600">{party}</span>}
                  </div>
                  <AddRoundLink order={order} className="shrink-0" />
                </div>
              </Card>
            </li>
          );
        })}
      </ul>
    </>
  );
}

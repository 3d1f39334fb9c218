import { CircleCheck, Plus, Printer, ReceiptText } from 'lucide-react';
import { ORDER_TYPE_LABELS, type Order, orderNumberLabel } from '../../../../shared/contracts/orders';
import { formatMoney } from '../../../../shared/money';
import { Button, ButtonLink } from '../../../components/ui/button';
import { orderPath } from '../../../lib/paths';
import { KitchenTicketPrintCopy } from '../print/kitchen-ticket';
import type { MoneyFormat } from './money-format';

interface OrderPlacedProps {
  order: Order;
  money: MoneyFormat;
  /** Puts the banner away and the keyboard in the search (the cart is already empty). */
  onNewOrder: () => void;
}

/**
 * The confirmation after placing: the number, the total, the way to the order, the kitchen ticket,
 * and "New order". The cart is already empty, so the next order can start at once.
 */
export function OrderPlaced({ order, money, onNewOrder }: OrderPlacedProps) {
  const label = orderNumberLabel(order.number);
  return (
    <section
      aria-label={`Order ${label} placed`}
      className="flex flex-col gap-4 rounded-2xl border border-emerald-200 bg-emerald-50 p-4 sm:p-5 xl:flex-row xl:items-center xl:justify-between"
    >
      <div role="status" className="flex min-w-0 items-start gap-3">
        <CircleCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-emerald-700" />
        <div className="min-w-0">
          <p className="text-lg font-semibold text-neutral-950">
            Order <span className="text-2xl tabular-nums">{label}</span> placed
          </p>
          <p className="text-sm text-neutral-700">
            {ORDER_TYPE_LABELS[order.type]}
            {order.table ? ` · Table ${order.table.name}` : ''} · Total{' '}
            <span className="font-semibold text-neutral-950 tabular-nums" data-testid="placed-total">
              {formatMoney(order.total, money.currency, money.locale)}
            </span>
          </p>
        </div>
      </div>
      <div className="grid grid-cols-1 gap-2 sm:flex sm:flex-wrap">
        <ButtonLink to={orderPath(order.id)} variant="secondary">
          <ReceiptText aria-hidden="true" className="size-4" />
          View order {label}
        </ButtonLink>
        <Button variant="secondary" onClick={() => window.print()}>
          <Printer aria-hidden="true" className="size-4" />
          Print kitchen ticket
        </Button>
        <Button onClick={onNewOrder}>
          <Plus aria-hidden="true" className="size-4" />
          New order
        </Button>
      </div>
      <KitchenTicketPrintCopy order={order} />
    </section>
  );
}

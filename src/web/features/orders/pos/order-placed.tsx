import { Banknote, ChefHat, CircleCheck, Plus, Printer, ReceiptText } from 'lucide-react';
import { useState } from 'react';
import { ORDER_TYPE_LABELS, type Order, orderNumberLabel } from '../../../../shared/contracts/orders';
import { formatMoney } from '../../../../shared/money';
import { Button, ButtonLink } from '../../../components/ui/button';
import { PaymentStatusBadge } from '../../../components/ui/order-badges';
import { orderPath } from '../../../lib/paths';
import { hasPayments, mayTakePayment, PayDialog } from '../../payments';
import { useOrder } from '../api/orders-api';
import { ReceiptPrintCopy } from '../detail/receipt';
import { KitchenTicketPrintCopy } from '../print/kitchen-ticket';
import { usePrintCopy } from '../print/use-print-copy';
import type { MoneyFormat } from './money-format';

interface OrderPlacedProps {
  order: Order;
  money: MoneyFormat;
  /** The round just sent to the check `order`; null or left out: `order` was just placed. */
  round?: number | null;
  /** Puts the banner away and the keyboard in the search (the cart is already empty). */
  onNewOrder: () => void;
}

/**
 * The confirmation after placing an order or sending a round to a check: the number, the total and
 * payment status, "Take payment" (the Pay dialog) while something is due, the way to the order, the
 * receipt and the kitchen ticket (of the round alone, after a round), and "New order". The cart is
 * already empty, so the next order can start at once. The kitchen ticket is what prints by default;
 * "Print receipt" prints the receipt with the payments taken here.
 */
export function OrderPlaced({ order: placed, money, round = null, onNewOrder }: OrderPlacedProps) {
  // The order as the server reads it now (with its payments), the answer of placing it meanwhile.
  const read = useOrder(placed.id);
  const order = read.data ?? placed;
  const withMoney = hasPayments(order) ? order : null;
  // Until the order's own read arrives, a new order is taken to be unpaid (it is: it was just placed),
  // so "Take payment" does not pop in a moment later; a tap meanwhile opens the dialog once it arrives.
  const payable = withMoney
    ? mayTakePayment(withMoney)
    : order.paymentStatus === 'unpaid' && order.status !== 'rejected' && order.status !== 'cancelled';
  const [paying, setPaying] = useState(false);
  const printing = usePrintCopy<'kitchen-ticket' | 'receipt'>('kitchen-ticket');
  const label = orderNumberLabel(order.number);
  const format = (minor: number) => formatMoney(minor, money.currency, money.locale);
  return (
    <section
      aria-label={round === null ? `Order ${label} placed` : `Round ${round} sent for ${label}`}
      className="flex flex-col gap-4 rounded-2xl border border-emerald-200 bg-emerald-50 p-4 sm:p-5 xl:flex-row xl:items-center xl:justify-between"
    >
      <div role="status" className="flex min-w-0 items-start gap-3">
        <CircleCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-emerald-700" />
        <div className="min-w-0">
          {round === null ? (
            <p className="text-lg font-semibold text-neutral-950">
              Order <span className="text-2xl tabular-nums">{label}</span> placed
            </p>
          ) : (
            <p className="text-lg font-semibold text-neutral-950">
              Round {round} sent to the kitchen for <span className="text-2xl tabular-nums">{label}</span>
            </p>
          )}
          <p className="text-sm text-neutral-700">
            {ORDER_TYPE_LABELS[order.type]}
            {order.table ? ` · Table ${order.table.name}` : ''} · Total{' '}
            <span className="font-semibold text-neutral-950 tabular-nums" data-testid="placed-total">
              {format(order.total)}
            </span>
          </p>
          {withMoney && (
            <p className="mt-1.5 flex flex-wrap items-center gap-2 text-sm text-neutral-700">
              <PaymentStatusBadge status={withMoney.paymentStatus} />
              {withMoney.amountDue > 0 && withMoney.amountDue < withMoney.total && (
                <span className="tabular-nums">Due {format(withMoney.amountDue)}</span>
              )}
            </p>
          )}
        </div>
      </div>
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap xl:justify-end">
        {payable && (
          <Button className="col-span-2" onClick={() => setPaying(true)}>
            <Banknote aria-hidden="true" className="size-4" />
            Take payment
          </Button>
        )}
        <ButtonLink to={orderPath(order.id)} variant="secondary" className="col-span-2">
          <ReceiptText aria-hidden="true" className="size-4" />
          View order {label}
        </ButtonLink>
        {/* Side by side on a phone, where the words alone fit. */}
        <Button variant="secondary" aria-label="Print receipt" onClick={() => printing.print('receipt')}>
          <Printer aria-hidden="true" className="hidden size-4 sm:block" />
          <span className="sm:hidden">Receipt</span>
          <span className="hidden sm:inline">Print receipt</span>
        </Button>
        <Button
          variant="secondary"
          aria-label="Print kitchen ticket"
          onClick={() => printing.print('kitchen-ticket')}
        >
          <ChefHat aria-hidden="true" className="hidden size-4 sm:block" />
          <span className="sm:hidden">Kitchen ticket</span>
          <span className="hidden sm:inline">Print kitchen ticket</span>
        </Button>
        <Button variant={payable ? 'secondary' : 'primary'} className="col-span-2" onClick={onNewOrder}>
          <Plus aria-hidden="true" className="size-4" />
          New order
        </Button>
      </div>
      {printing.copy === 'kitchen-ticket' ? (
        <KitchenTicketPrintCopy order={order} {...(round === null ? {} : { round })} />
      ) : (
        <ReceiptPrintCopy order={order} />
      )}
      {withMoney && <PayDialog open={paying} order={withMoney} onClose={() => setPaying(false)} />}
    </section>
  );
}

import { clsx } from 'clsx';
import { Ban, Printer } from 'lucide-react';
import { type Order, type OrderLine, orderNumberLabel } from '../../../../shared/contracts/orders';
import { Button } from '../../../components/ui/button';
import { PaymentStatusBadge } from '../../../components/ui/order-badges';
import { useOrderTime } from '../list/order-format';
import { roundsOf } from './check-model';

type Money = (minor: number) => string;

/** `+$1.50`, `−$0.50`: an option's price difference. */
export function signedMoney(minor: number, money: Money): string {
  return minor < 0 ? `−${money(-minor)}` : `+${money(minor)}`;
}

interface OrderLinesProps {
  order: Order;
  money: Money;
  /** Staff on an open check: the line's "Void / comp" button opens this. */
  onVoidLine?: (line: OrderLine) => void;
  /** Staff: each round's header offers to print that round's kitchen ticket. */
  onPrintRound?: (round: number) => void;
}

/**
 * Every line as sold: quantity, name, options with their price differences, note, unit price, total.
 * A voided or comped line stays, struck through and marked, with its reason (and, to staff, who).
 * When the order was sent to the kitchen in more than one round, the lines are grouped by round
 * ("Round 2 · sent 12:41").
 */
export function OrderLines({ order, money, onVoidLine, onPrintRound }: OrderLinesProps) {
  const formatTime = useOrderTime();
  const rounds = roundsOf(order.lines);
  const lineItem = (line: OrderLine) => (
    <OrderLineItem key={line.id} line={line} money={money} onVoid={onVoidLine} />
  );
  if (order.lines.length === 0) {
    return (
      <p className="py-4 text-sm text-neutral-600">
        {order.mergedInto
          ? `No items: they moved to order ${orderNumberLabel(order.mergedInto.number)}.`
          : 'No items.'}
      </p>
    );
  }
  if (rounds.length <= 1) {
    return (
      <ul aria-label="Order lines" className="divide-y divide-neutral-200">
        {order.lines.map(lineItem)}
      </ul>
    );
  }
  return (
    <ul aria-label="Order lines" className="flex flex-col">
      {rounds.map((round) => {
        const sent = formatTime(round.sentAt);
        const title = `Round ${round.round}`;
        return (
          <li key={round.round} aria-label={title} data-testid="order-round" className="pt-4">
            <div className="flex items-center justify-between gap-3 border-b border-neutral-200 pb-2">
              <h3 className="text-sm font-semibold text-neutral-700">
                {title} ·{' '}
                <span className="font-normal text-neutral-600">
                  sent{' '}
                  <time dateTime={round.sentAt} title={sent.full}>
                    {sent.date ? `${sent.date}, ${sent.time}` : sent.time}
                  </time>
                </span>
              </h3>
              {onPrintRound && (
                <Button
                  variant="ghost"
                  className="-my-1 h-9 px-2.5"
                  onClick={() => onPrintRound(round.round)}
                  aria-label={`Print the kitchen ticket of round ${round.round}`}
                  title="Print this round's kitchen ticket"
                >
                  <Printer aria-hidden="true" className="size-4" />
                  <span className="hidden sm:inline">Ticket</span>
                </Button>
              )}
            </div>
            <ul aria-label={`Lines of round ${round.round}`} className="divide-y divide-neutral-200">
              {round.lines.map(lineItem)}
            </ul>
          </li>
        );
      })}
    </ul>
  );
}

function OrderLineItem({
  line,
  money,
  onVoid,
}: {
  line: OrderLine;
  money: Money;
  onVoid?: (line: OrderLine) => void;
}) {
  const struck = line.voided || line.comped;
  const kind = line.voided ? 'Void' : 'Comp';
  return (
    <li
      data-testid="order-line"
      data-struck={struck ? (line.voided ? 'void' : 'comp') : undefined}
      aria-label={line.name}
      className="flex gap-3 py-4"
    >
      <span
        className={clsx(
          'w-10 shrink-0 text-right font-semibold tabular-nums',
          struck ? 'text-neutral-500 line-through' : 'text-neutral-950',
        )}
      >
        {line.quantity}&thinsp;×
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex items-baseline justify-between gap-3">
          <p
            className={clsx(
              'min-w-0 font-medium break-words',
              struck ? 'text-neutral-500 line-through' : 'text-neutral-950',
            )}
          >
            {line.name}
          </p>
          <p
            className={clsx(
              'shrink-0 font-medium tabular-nums',
              struck ? 'text-neutral-500 line-through' : 'text-neutral-950',
            )}
            data-testid="line-total"
          >
            {struck && <span className="sr-only">Not charged: </span>}
            {money(line.lineTotal)}
          </p>
        </div>
        {struck && (
          <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm" data-testid="line-void">
            <span
              className={clsx(
                'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset',
                line.voided ? 'bg-red-50 text-red-800 ring-red-300' : 'bg-sky-50 text-sky-900 ring-sky-300',
              )}
            >
              {kind}
            </span>
            <span className="min-w-0 break-words text-neutral-800">
              {line.voidReason}
              {line.voidedBy && <span className="text-neutral-600"> · {line.voidedBy.name}</span>}
            </span>
          </p>
        )}
        <div className="flex items-center justify-between gap-3">
          <p className={clsx('text-sm text-neutral-600 tabular-nums', struck && 'line-through')}>
            <span className="sr-only">Unit price: </span>
            {money(line.unitPrice)} each
          </p>
          {onVoid && !struck && (
            <Button
              variant="secondary"
              className="-mr-0.5 h-9 shrink-0 px-3"
              onClick={() => onVoid(line)}
              aria-label={`Void / comp ${line.quantity} × ${line.name}`}
            >
              <Ban aria-hidden="true" className="size-4" />
              Void / comp
            </Button>
          )}
        </div>
        {line.options.length > 0 && (
          <ul
            aria-label={`Options of ${line.name}`}
            className="mt-1 flex flex-col gap-0.5 text-sm text-neutral-700"
          >
            {line.options.map((option) => (
              <li key={`${option.groupName}-${option.name}`} className="flex justify-between gap-3">
                <span className="min-w-0 break-words">
                  <span className="text-neutral-500">{option.groupName}:</span> {option.name}
                </span>
                {option.priceDelta !== 0 && (
                  <span className="shrink-0 text-neutral-600 tabular-nums">
                    {signedMoney(option.priceDelta, money)}
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
        {line.note && (
          <p className="mt-1.5 rounded-md bg-amber-50 px-2 py-1 text-sm break-words text-amber-950">
            <span className="font-medium">Note:</span> {line.note}
          </p>
        )}
      </div>
    </li>
  );
}

interface TotalRow {
  label: string;
  value: string;
  emphasis?: boolean;
  /** The tax row (the receipt words and places it itself). */
  tax?: boolean;
}

/** The totals rows that apply to the order, in the order a bill reads them. */
export function totalRows(order: Order, money: Money): TotalRow[] {
  const rows: TotalRow[] = [{ label: 'Subtotal', value: money(order.subtotal) }];
  if (order.discount !== 0) {
    rows.push({
      label: order.couponCode
        ? `Coupon ${order.couponCode}`
        : order.discountReason
          ? `Discount (${order.discountReason})`
          : 'Discount',
      value: `−${money(order.discount)}`,
    });
  }
  if (order.serviceCharge !== 0) rows.push({ label: 'Service charge', value: money(order.serviceCharge) });
  if (order.tax !== 0) {
    rows.push({ label: order.taxInclusive ? 'Tax (incl.)' : 'Tax', value: money(order.tax), tax: true });
  }
  if (order.deliveryFee !== 0) rows.push({ label: 'Delivery fee', value: money(order.deliveryFee) });
  rows.push({ label: 'Total', value: money(order.total), emphasis: true });
  return rows;
}

/** Subtotal, discount with its reason, service charge, tax ("incl." when inclusive), delivery fee, total, payment. */
export function OrderTotals({ order, money }: { order: Order; money: Money }) {
  return (
    <dl data-testid="order-totals" className="flex flex-col gap-1.5 text-sm">
      {totalRows(order, money).map((row) => (
        <div
          key={row.label}
          className={clsx(
            'flex justify-between gap-4',
            row.emphasis
              ? 'mt-1 border-t border-neutral-200 pt-2.5 text-base font-semibold text-neutral-950'
              : 'text-neutral-700',
          )}
        >
          <dt className="min-w-0 break-words">{row.label}</dt>
          <dd className="shrink-0 tabular-nums">{row.value}</dd>
        </div>
      ))}
      <div className="mt-1 flex items-center justify-between gap-4 text-neutral-700">
        <dt>Payment</dt>
        <dd>
          <PaymentStatusBadge status={order.paymentStatus} />
        </dd>
      </div>
    </dl>
  );
}

import { clsx } from 'clsx';
import type { Order } from '../../../../shared/contracts/orders';
import { PaymentStatusBadge } from '../../../components/ui/order-badges';

type Money = (minor: number) => string;

/** `+$1.50`, `−$0.50`: an option's price difference. */
export function signedMoney(minor: number, money: Money): string {
  return minor < 0 ? `−${money(-minor)}` : `+${money(minor)}`;
}

/** Every line as sold: quantity, name, options with their price differences, note, unit price, total. */
export function OrderLines({ order, money }: { order: Order; money: Money }) {
  return (
    <ul aria-label="Order lines" className="divide-y divide-neutral-200">
      {order.lines.map((line) => (
        <li key={line.id} data-testid="order-line" aria-label={line.name} className="flex gap-3 py-4">
          <span className="w-10 shrink-0 text-right font-semibold text-neutral-950 tabular-nums">
            {line.quantity}&thinsp;×
          </span>
          <div className="min-w-0 flex-1">
            <div className="flex items-baseline justify-between gap-3">
              <p className="min-w-0 font-medium break-words text-neutral-950">{line.name}</p>
              <p className="shrink-0 font-medium text-neutral-950 tabular-nums" data-testid="line-total">
                {money(line.lineTotal)}
              </p>
            </div>
            <p className="text-sm text-neutral-600 tabular-nums">
              <span className="sr-only">Unit price: </span>
              {money(line.unitPrice)} each
            </p>
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
      ))}
    </ul>
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

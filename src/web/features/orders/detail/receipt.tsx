import { clsx } from 'clsx';
import { useMemo } from 'react';
import { createPortal } from 'react-dom';
import { ORDER_TYPE_LABELS, type Order, orderNumberLabel } from '../../../../shared/contracts/orders';
import type { OrderPayments } from '../../../../shared/contracts/payments';
import { formatMoney } from '../../../../shared/money';
import { PAYMENT_STATUS_LABELS } from '../../../../shared/order-status';
import { useConfig } from '../../config';
import { hasPayments, ReceiptPayments, ReceiptQrCode, receiptQrTarget } from '../../payments';
import { signedMoney, totalRows } from './order-lines';
import './receipt.css';

/** An order as the receipt reads it: with its payments when the order's own read has them. */
type ReceiptOrder = Order | (Order & OrderPayments);

/**
 * The customer's receipt of an order, for an 80 mm thermal printer: the restaurant's name, address and
 * phone (from the settings), the number, date and time, every line with its options and price (a
 * voided or comped line struck through and marked as not charged, with its reason), the
 * totals with the tax (its rate, its amount, and whether the prices include it), the payments with
 * cash handed over and change, the balance due, the payment status and a QR code of the order's
 * payment page, or of its feedback page once it is completed and paid. `Receipt` is the receipt
 * itself; `ReceiptPrintCopy` puts a print-only copy at the end of the page, so `window.print()` prints
 * the receipt alone.
 */
export function Receipt({ order, className }: { order: ReceiptOrder; className?: string }) {
  const config = useConfig();
  const locale = config.data?.locale;
  const timeZone = config.data?.timeZone;
  const time = useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', timeZone });
    return format.format(new Date(order.createdAt));
  }, [locale, timeZone, order.createdAt]);
  const money = (minor: number) => formatMoney(minor, order.currency, locale ?? 'en');
  const address = config.data?.restaurantAddress.trim();
  const phone = config.data?.restaurantPhone.trim();
  // The rate the order was charged at (an order placed before orders kept it prints none).
  const taxRate =
    order.taxPercent === null ? '' : ` ${new Intl.NumberFormat(locale ?? 'en').format(order.taxPercent)}%`;
  const rows = totalRows(order, money).filter((row) => !row.tax);
  if (order.tax !== 0 && !order.taxInclusive) {
    // Tax on top: a line of the bill, added before the total.
    rows.splice(rows.length - 1, 0, { label: `Tax${taxRate}`, value: money(order.tax) });
  }

  return (
    <article
      aria-label={`Receipt ${orderNumberLabel(order.number)}`}
      className={clsx('receipt w-full max-w-[80mm] bg-white p-4 text-sm text-black', className)}
    >
      <header className="border-b border-dashed border-black pb-2 text-center">
        {config.data?.restaurantName && (
          <p className="text-lg leading-tight font-bold">{config.data.restaurantName}</p>
        )}
        {address && <p className="break-words whitespace-pre-line">{address}</p>}
        {phone && <p>Phone {phone}</p>}
        <p className="mt-1 font-bold">Receipt {orderNumberLabel(order.number)}</p>
        <p>
          <time dateTime={order.createdAt}>{time}</time>
        </p>
        <p>
          {ORDER_TYPE_LABELS[order.type]}
          {order.table ? ` · Table ${order.table.name}` : ''}
        </p>
      </header>

      <ul className="border-b border-dashed border-black py-1">
        {order.lines.map((line) => {
          const struck = line.voided || line.comped;
          return (
            <li key={line.id} className="receipt-line py-1" data-struck={struck || undefined}>
              <p className={clsx('flex justify-between gap-2', struck && 'line-through')}>
                <span className="min-w-0 break-words">
                  {line.quantity} × {line.name}
                </span>
                <span className="shrink-0 tabular-nums">{money(line.lineTotal)}</span>
              </p>
              {struck && (
                <p className="pl-4 text-xs font-bold uppercase">
                  {line.voided ? 'Void' : 'Comp'} · not charged
                  {line.voidReason ? (
                    <span className="font-normal normal-case"> · {line.voidReason}</span>
                  ) : null}
                </p>
              )}
              {!struck && line.quantity > 1 && (
                <p className="pl-4 text-xs tabular-nums">@ {money(line.unitPrice)}</p>
              )}
              {line.options.map((option) => (
                <p
                  key={`${option.groupName}-${option.name}`}
                  className={clsx('flex justify-between gap-2 pl-4 text-xs', struck && 'line-through')}
                >
                  <span className="min-w-0 break-words">{option.name}</span>
                  {option.priceDelta !== 0 && (
                    <span className="shrink-0 tabular-nums">{signedMoney(option.priceDelta, money)}</span>
                  )}
                </p>
              ))}
            </li>
          );
        })}
      </ul>

      <dl className="py-1" data-testid="receipt-totals">
        {rows.map((row) => (
          <div
            key={row.label}
            className={clsx('flex justify-between gap-2', row.emphasis && 'mt-1 text-base font-bold')}
          >
            <dt className="min-w-0 break-words">{row.label}</dt>
            <dd className="shrink-0 tabular-nums">{row.value}</dd>
          </div>
        ))}
        {order.tax !== 0 && order.taxInclusive && (
          // Tax included: part of the total, said under it and not added again.
          <div className="flex justify-between gap-2 text-xs">
            <dt className="min-w-0 break-words">Prices include tax{taxRate}</dt>
            <dd className="shrink-0 tabular-nums">{money(order.tax)}</dd>
          </div>
        )}
      </dl>

      {hasPayments(order) && <ReceiptPayments order={order} money={money} />}

      <footer className="border-t border-dashed border-black pt-2 text-center">
        <p className="font-bold uppercase">{PAYMENT_STATUS_LABELS[order.paymentStatus]}</p>
        {hasPayments(order) && order.paymentLink && <ReceiptQrCode {...receiptQrTarget(order)} />}
        <p className="mt-1">Thank you!</p>
      </footer>
    </article>
  );
}

/**
 * A print-only copy of the receipt at the end of `<body>`: invisible on screen; while it is in the page,
 * printing prints this receipt and nothing else.
 */
export function ReceiptPrintCopy({ order }: { order: ReceiptOrder }) {
  return createPortal(
    <div className="receipt-print hidden" data-testid="receipt-print">
      <Receipt order={order} className="max-w-none" />
    </div>,
    document.body,
  );
}

import { clsx } from 'clsx';
import { useMemo } from 'react';
import { createPortal } from 'react-dom';
import { ORDER_TYPE_LABELS, type Order, orderNumberLabel } from '../../../../shared/contracts/orders';
import { useConfig } from '../../config';
import './print.css';

/**
 * The kitchen ticket of an order, for an 80 mm thermal printer: a large number,
 * the order type, the table, the time, then every line with its quantity, options and note, and the
 * order's note. No prices: the kitchen cooks, the cashier takes the money.
 *
 * `KitchenTicket` is the ticket itself (also fine as an on-screen preview); `KitchenTicketPrintCopy`
 * puts a print-only copy at the end of the page, so `window.print()` prints that ticket alone.
 */
export function KitchenTicket({ order, className }: { order: Order; className?: string }) {
  const config = useConfig();
  const locale = config.data?.locale;
  const timeZone = config.data?.timeZone;
  const time = useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', timeZone });
    return format.format(new Date(order.createdAt));
  }, [locale, timeZone, order.createdAt]);

  const who = order.customer?.name || order.customerName;
  return (
    <article
      aria-label={`Kitchen ticket ${orderNumberLabel(order.number)}`}
      className={clsx('kitchen-ticket w-full max-w-[80mm] bg-white p-4 text-black', className)}
    >
      <header className="border-b-2 border-dashed border-black pb-2 text-center">
        <p className="text-4xl leading-none font-bold tracking-tight">{orderNumberLabel(order.number)}</p>
        <p className="mt-2 text-lg font-bold uppercase">{ORDER_TYPE_LABELS[order.type]}</p>
        {order.table && <p className="text-2xl leading-tight font-bold">Table {order.table.name}</p>}
        <p className="text-sm">
          <time dateTime={order.createdAt}>{time}</time>
        </p>
        {order.partner && (
          <p className="text-sm font-bold">
            {order.partner.name}
            {order.partnerReference ? ` ${order.partnerReference}` : ''}
          </p>
        )}
        {who && <p className="text-sm">{who}</p>}
      </header>

      <ul className="divide-y divide-dashed divide-black">
        {order.lines.map((line) => (
          <li key={line.id} className="kitchen-ticket-line py-2">
            <p className="flex gap-2 text-base font-bold">
              <span className="shrink-0 tabular-nums">{line.quantity} ×</span>
              <span className="min-w-0 break-words">{line.name}</span>
            </p>
            {line.options.length > 0 && (
              <ul className="mt-0.5 pl-6 text-sm">
                {line.options.map((option) => (
                  <li key={`${option.groupName}-${option.name}`}>+ {option.name}</li>
                ))}
              </ul>
            )}
            {line.note && <p className="mt-0.5 pl-6 text-sm font-bold break-words">» {line.note}</p>}
          </li>
        ))}
      </ul>

      {order.note && (
        <footer className="border-t-2 border-dashed border-black pt-2 text-sm break-words">
          <span className="font-bold">Note: </span>
          {order.note}
        </footer>
      )}
    </article>
  );
}

/**
 * A print-only copy of the ticket at the end of `<body>`: invisible on screen; while it is in the page,
 * printing (the "Print kitchen ticket" button's `window.print()`) prints this ticket and nothing else.
 */
export function KitchenTicketPrintCopy({ order }: { order: Order }) {
  return createPortal(
    <div className="kitchen-ticket-print hidden" data-testid="kitchen-ticket-print">
      <KitchenTicket order={order} className="max-w-none" />
    </div>,
    document.body,
  );
}

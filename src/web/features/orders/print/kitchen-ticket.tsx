import { clsx } from 'clsx';
import { useMemo } from 'react';
import { createPortal } from 'react-dom';
import {
  ORDER_TYPE_LABELS,
  type Order,
  type OrderLine,
  orderNumberLabel,
} from '../../../../shared/contracts/orders';
import { useConfig } from '../../config';
import { roundsOf } from '../detail/check-model';
import './print.css';

/**
 * The kitchen ticket of an order, for an 80 mm thermal printer: a large number,
 * the order type, the table, the time, then every line with its quantity, options and note, and the
 * order's note. No prices: the kitchen cooks, the cashier takes the money. An order sent in several
 * rounds lists its lines under each round; a voided line is struck through and marked VOID (not to
 * be made); a comped one is made as usual. With `round`, the ticket is that round's alone: its lines,
 * under "Round N" and the time it was sent.
 *
 * `KitchenTicket` is the ticket itself (also fine as an on-screen preview); `KitchenTicketPrintCopy`
 * puts a print-only copy at the end of the page, so `window.print()` prints that ticket alone.
 */
export function KitchenTicket({
  order,
  round,
  className,
}: {
  order: Order;
  /** Print only this round's lines. */
  round?: number;
  className?: string;
}) {
  const config = useConfig();
  const locale = config.data?.locale;
  const timeZone = config.data?.timeZone;
  const format = useMemo(
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', timeZone }),
    [locale, timeZone],
  );
  const rounds = roundsOf(order.lines).filter((each) => round === undefined || each.round === round);
  const only = round === undefined ? null : (rounds[0] ?? null);
  const time = format.format(new Date(only ? only.sentAt : order.createdAt));
  const grouped = round === undefined && rounds.length > 1;

  const who = order.customer?.name || order.customerName;
  return (
    <article
      aria-label={`Kitchen ticket ${orderNumberLabel(order.number)}`}
      className={clsx('kitchen-ticket w-full max-w-[80mm] bg-white p-4 text-black', className)}
    >
      <header className="border-b-2 border-dashed border-black pb-2 text-center">
        <p className="text-4xl leading-none font-bold tracking-tight">{orderNumberLabel(order.number)}</p>
        {only && <p className="mt-2 text-2xl leading-tight font-bold uppercase">Round {only.round}</p>}
        <p className="mt-2 text-lg font-bold uppercase">{ORDER_TYPE_LABELS[order.type]}</p>
        {order.table && <p className="text-2xl leading-tight font-bold">Table {order.table.name}</p>}
        <p className="text-sm">
          <time dateTime={only ? only.sentAt : order.createdAt}>{time}</time>
        </p>
        {order.partner && (
          <p className="text-sm font-bold">
            {order.partner.name}
            {order.partnerReference ? ` ${order.partnerReference}` : ''}
          </p>
        )}
        {who && <p className="text-sm">{who}</p>}
      </header>

      {rounds.map((each) => (
        <section key={each.round} aria-label={`Round ${each.round}`}>
          {grouped && (
            <h2 className="mt-2 border-b border-black pb-0.5 text-sm font-bold uppercase">
              Round {each.round} · {format.format(new Date(each.sentAt))}
            </h2>
          )}
          <ul className="divide-y divide-dashed divide-black">
            {each.lines.map((line) => (
              <KitchenTicketLine key={line.id} line={line} />
            ))}
          </ul>
        </section>
      ))}

      {order.note && (
        <footer className="border-t-2 border-dashed border-black pt-2 text-sm break-words">
          <span className="font-bold">Note: </span>
          {order.note}
        </footer>
      )}
    </article>
  );
}

function KitchenTicketLine({ line }: { line: OrderLine }) {
  return (
    <li className="kitchen-ticket-line py-2" data-void={line.voided || undefined}>
      {line.voided && (
        <p className="mb-0.5 inline-block bg-black px-1.5 text-sm font-bold tracking-widest text-white">
          VOID · DO NOT MAKE
        </p>
      )}
      <p className={clsx('flex gap-2 text-base font-bold', line.voided && 'line-through')}>
        <span className="shrink-0 tabular-nums">{line.quantity} ×</span>
        <span className="min-w-0 break-words">{line.name}</span>
      </p>
      {line.options.length > 0 && (
        <ul className={clsx('mt-0.5 pl-6 text-sm', line.voided && 'line-through')}>
          {line.options.map((option) => (
            <li key={`${option.groupName}-${option.name}`}>+ {option.name}</li>
          ))}
        </ul>
      )}
      {line.note && !line.voided && (
        <p className="mt-0.5 pl-6 text-sm font-bold break-words">» {line.note}</p>
      )}
    </li>
  );
}

/**
 * A print-only copy of the ticket at the end of `<body>`: invisible on screen; while it is in the page,
 * printing (the "Print kitchen ticket" button's `window.print()`) prints this ticket and nothing else.
 */
export function KitchenTicketPrintCopy({ order, round }: { order: Order; round?: number }) {
  return createPortal(
    <div className="kitchen-ticket-print hidden" data-testid="kitchen-ticket-print">
      <KitchenTicket order={order} round={round} className="max-w-none" />
    </div>,
    document.body,
  );
}

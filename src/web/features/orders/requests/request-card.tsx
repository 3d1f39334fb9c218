import { Check, MapPin, Phone, X } from 'lucide-react';
import { useId } from 'react';
import { ORDER_TYPE_LABELS, type Order, orderNumberLabel } from '../../../../shared/contracts/orders';
import { formatMoney } from '../../../../shared/money';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ageMinutes, formatAge } from '../board/board-model';
import { customerNameOf } from '../board/order-place';

interface RequestCardProps {
  order: Order;
  now: number;
  locale: string;
  onAccept: (order: Order) => void;
  onReject: (order: Order) => void;
}

/**
 * One pending online order: what was asked for, by whom, for where, and Accept (which asks when it
 * will be ready) or Reject (which asks why).
 */
export function RequestCard({ order, now, locale, onAccept, onReject }: RequestCardProps) {
  const headingId = useId();
  const label = orderNumberLabel(order.number);
  const money = (minor: number) => formatMoney(minor, order.currency, locale);
  const may = (status: Order['status']) => order.allowedMoves.some((move) => move.status === status);
  const name = customerNameOf(order);
  const phone = order.customerPhone.trim();
  const age = ageMinutes(order.createdAt, now);

  return (
    <Card className="p-5 sm:p-6">
      <article aria-labelledby={headingId} className="flex flex-col gap-4">
        <header className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
          <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <h2 id={headingId} className="text-2xl font-bold tracking-tight text-neutral-950 tabular-nums">
              <span className="sr-only">Order </span>
              {label}
            </h2>
            <span className="rounded-full bg-neutral-100 px-2.5 py-0.5 text-sm font-medium text-neutral-800">
              {ORDER_TYPE_LABELS[order.type]}
              {order.type === 'dine-in' && order.table ? ` · Table ${order.table.name}` : ''}
            </span>
            <span className="text-sm text-neutral-600">
              {age === 0 ? 'Just now' : `${formatAge(age)} ago`}
            </span>
          </div>
          <p className="text-xl font-semibold text-neutral-950 tabular-nums">
            <span className="sr-only">Total </span>
            {money(order.total)}
          </p>
        </header>

        <div className="flex flex-col gap-1 text-sm text-neutral-700">
          {name && <p className="font-medium text-neutral-950">{name}</p>}
          {phone && (
            <p className="flex items-center gap-1.5">
              <Phone aria-hidden="true" className="size-4 text-neutral-500" />
              <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} className="underline underline-offset-2">
                {phone}
              </a>
            </p>
          )}
          {order.type === 'delivery' && order.deliveryAddress && (
            <p className="flex items-start gap-1.5">
              <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-neutral-500" />
              <span className="break-words whitespace-pre-line">{order.deliveryAddress}</span>
            </p>
          )}
        </div>

        <ul className="flex flex-col divide-y divide-neutral-100 border-y border-neutral-100">
          {order.lines.map((line) => (
            <li key={line.id} className="flex items-start justify-between gap-4 py-2">
              <div className="min-w-0">
                <p className="font-medium break-words text-neutral-950">
                  <span className="tabular-nums">{line.quantity}×</span> {line.name}
                </p>
                {line.options.length > 0 && (
                  <p className="text-sm break-words text-neutral-600">
                    {line.options.map((option) => option.name).join(', ')}
                  </p>
                )}
                {line.note && (
                  <p className="text-sm break-words text-amber-900">
                    <span className="sr-only">Note: </span>“{line.note}”
                  </p>
                )}
              </div>
              <span className="shrink-0 text-sm text-neutral-700 tabular-nums">{money(line.lineTotal)}</span>
            </li>
          ))}
        </ul>

        {order.note && (
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm break-words text-neutral-900">
            <span className="font-semibold">Note: </span>
            {order.note}
          </p>
        )}

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          {may('rejected') && (
            <Button variant="secondary" onClick={() => onReject(order)}>
              <X aria-hidden="true" className="size-4" />
              Reject
            </Button>
          )}
          {may('confirmed') && (
            <Button onClick={() => onAccept(order)}>
              <Check aria-hidden="true" className="size-4" />
              Accept
            </Button>
          )}
        </div>
      </article>
    </Card>
  );
}

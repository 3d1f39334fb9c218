import { clsx } from 'clsx';
import type { Order } from '../../../../shared/contracts/orders';
import { ORDER_STATUS_LABELS } from '../../../../shared/order-status';

/** Every status the order reached, oldest first: when, who, and the reason given. */
export function OrderTimeline({
  order,
  formatDateTime,
}: {
  order: Order;
  formatDateTime: (iso: string) => string;
}) {
  if (order.timeline.length === 0) return <p className="text-sm text-neutral-600">No status changes yet.</p>;
  const last = order.timeline.length - 1;
  return (
    <ol aria-label="Status timeline" className="flex flex-col">
      {order.timeline.map((change, index) => (
        <li
          key={`${change.status}-${change.at}`}
          data-testid="timeline-entry"
          className="relative flex gap-3 pb-4 last:pb-0"
        >
          {index < last && (
            <span
              aria-hidden="true"
              className="absolute top-4 bottom-0 left-[0.3125rem] w-px bg-neutral-300"
            />
          )}
          <span
            aria-hidden="true"
            className={clsx(
              'relative mt-1.5 size-2.5 shrink-0 rounded-full ring-4 ring-white',
              index === last ? 'bg-neutral-950' : 'bg-neutral-400',
              (change.status === 'cancelled' || change.status === 'rejected') && 'bg-red-700',
            )}
          />
          <div className="min-w-0 text-sm">
            <p className="font-medium text-neutral-950">{ORDER_STATUS_LABELS[change.status]}</p>
            <p className="text-neutral-600">
              <time dateTime={change.at}>{formatDateTime(change.at)}</time>
              {change.by && <> · {change.by.name}</>}
            </p>
            {change.reason && (
              <p className="mt-0.5 break-words text-neutral-800">
                <span className="text-neutral-500">Reason:</span> {change.reason}
              </p>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}

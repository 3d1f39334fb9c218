import { clsx } from 'clsx';
import type { Order } from '../../../../shared/contracts/orders';
import { historyTitle, reasonInTitle } from './check-model';

/**
 * The order's history, oldest first: every status it reached, and what happened to the check on the
 * way (a round sent, a line voided or comped, a move, a merge, a split, a step recalled), in words,
 * with when, who, and the reason given.
 */
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
          // biome-ignore lint/suspicious/noArrayIndexKey: the history only grows, oldest first, so a position names one entry for good
          key={index}
          data-testid="timeline-entry"
          data-kind={change.kind}
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
              change.kind === 'status' &&
                (change.status === 'cancelled' || change.status === 'rejected') &&
                'bg-red-700',
            )}
          />
          <div className="min-w-0 text-sm">
            <p className="font-medium break-words text-neutral-950">{historyTitle(change)}</p>
            <p className="text-neutral-600">
              <time dateTime={change.at}>{formatDateTime(change.at)}</time>
              {change.by && <> · {change.by.name}</>}
            </p>
            {change.reason && !reasonInTitle(change) && (
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

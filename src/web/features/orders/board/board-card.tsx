import { clsx } from 'clsx';
import { TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import toast from 'react-hot-toast';
import { type Order, orderNumberLabel } from '../../../../shared/contracts/orders';
import { nextStatus } from '../../../../shared/order-status';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { useChangeOrderStatus } from '../api/orders-api';
import {
  type AgeThresholds,
  type AgeTone,
  advanceLabel,
  ageMinutes,
  ageTone,
  formatAge,
} from './board-model';
import { orderPlace } from './order-place';

const TONE_BADGE: Record<AgeTone, string> = {
  fresh: 'bg-neutral-100 text-neutral-900',
  amber: 'bg-amber-400 text-neutral-950',
  red: 'bg-red-700 text-white',
};

const TONE_BORDER: Record<AgeTone, string> = {
  fresh: 'border-neutral-300',
  amber: 'border-amber-400',
  red: 'border-red-700',
};

/** Said after the age to a screen reader, since colour alone tells nothing to some. */
const TONE_WORDS: Record<AgeTone, string> = { fresh: '', amber: ', waiting long', red: ', late' };

/**
 * One order on the kitchen board, readable from across the kitchen: its number, where it goes, the
 * lines with their choices and notes, its age (amber, then red), and one big button that moves it on.
 * `order` may be a station's view of the order (only that station's lines).
 */
export function BoardCard({
  order,
  now,
  thresholds,
}: {
  order: Order;
  now: number;
  thresholds: AgeThresholds;
}) {
  const headingId = useId();
  const change = useChangeOrderStatus();
  const minutes = ageMinutes(order.createdAt, now);
  const tone = ageTone(minutes, thresholds);
  const next = nextStatus(order);
  // The server says what this user may do; a move it does not list is not offered.
  const canMove = next !== undefined && order.allowedMoves.some((move) => move.status === next);
  const label = orderNumberLabel(order.number);

  function moveOn() {
    if (!next) return;
    change.mutate(
      { id: order.id, change: { status: next, version: order.version } },
      { onError: (error) => toast.error(errorMessage(error)) },
    );
  }

  return (
    <article
      aria-labelledby={headingId}
      className={clsx(
        // A container: a narrow column (a tablet with the navigation shown) gets slightly smaller type.
        '@container flex flex-col rounded-2xl border-4 bg-white text-neutral-950 shadow-sm',
        TONE_BORDER[tone],
      )}
    >
      <header className="px-4 pt-3">
        {/* The age moves under the number when the column is too narrow for both on one line. */}
        <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
          <h3
            id={headingId}
            className="text-4xl leading-none font-black tracking-tight tabular-nums @[22rem]:text-5xl"
          >
            <span className="sr-only">Order </span>
            {label}
          </h3>
          <p
            className={clsx(
              'flex shrink-0 items-center gap-1.5 rounded-lg px-2.5 py-1 text-xl font-bold tabular-nums @[22rem]:px-3 @[22rem]:py-1.5 @[22rem]:text-2xl',
              TONE_BADGE[tone],
            )}
          >
            {tone === 'red' && <TriangleAlert aria-hidden="true" className="size-6" />}
            {formatAge(minutes)}
            <span className="sr-only">{TONE_WORDS[tone]}</span>
          </p>
        </div>
        <p className="mt-2 text-xl font-semibold break-words text-neutral-800">{orderPlace(order)}</p>
      </header>

      <ul className="mx-4 mt-3 flex flex-col divide-y divide-neutral-200 border-t border-neutral-200">
        {order.lines.map((line) => (
          <li key={line.id} className="py-2">
            <p className="text-2xl leading-tight font-semibold break-words">
              <span className="tabular-nums">{line.quantity}×</span> {line.name}
            </p>
            {line.options.length > 0 && (
              <p className="mt-0.5 text-xl break-words text-neutral-700">
                {line.options.map((option) => option.name).join(', ')}
              </p>
            )}
            {line.note && (
              <p className="mt-1 text-xl font-semibold break-words text-amber-900">
                <span className="sr-only">Note: </span>“{line.note}”
              </p>
            )}
          </li>
        ))}
      </ul>

      {order.note && (
        <p className="mx-4 mt-1 rounded-lg border-2 border-amber-300 bg-amber-50 px-3 py-2 text-xl font-semibold break-words">
          <span className="text-base font-bold tracking-wide text-amber-900 uppercase">Note </span>
          {order.note}
        </p>
      )}

      <div className="mt-auto p-3 pt-4">
        {canMove && next ? (
          <Button
            size="lg"
            fullWidth
            isLoading={change.isPending}
            onClick={moveOn}
            aria-label={`${advanceLabel(next)} ${label}`}
            className="h-16! text-2xl! font-bold!"
          >
            {advanceLabel(next)}
          </Button>
        ) : null}
      </div>
    </article>
  );
}

import { clsx } from 'clsx';
import { Check } from 'lucide-react';
import type { Order, OrderLine } from '../../../../shared/contracts/orders';
import { useOrderTime } from '../list/order-format';
import { roundItems, showsRounds, type TicketRound } from './board-model';

/**
 * One line of a ticket, readable from across the kitchen: the quantity and dish, every choice as big
 * as the dish, the line's note. A voided line (not to be made) cannot be missed: struck through in
 * red on a red ground, with a VOID badge and the reason, for as long as the ticket is on the board. A
 * comped line is made as usual: it only carries a small "Comp" mark.
 */
function TicketLine({ line }: { line: OrderLine }) {
  const struck = line.voided && 'text-red-800 line-through decoration-red-700 decoration-[3px]';
  return (
    <li
      data-testid="ticket-line"
      data-voided={line.voided || undefined}
      className={clsx('py-2', line.voided && 'my-1.5 rounded-xl border-2 border-red-700 bg-red-50 px-3')}
    >
      <p className="text-2xl leading-tight font-semibold break-words">
        <span data-testid="line-name" className={clsx(struck)}>
          <span className="tabular-nums">{line.quantity}×</span> {line.name}
        </span>
        {line.comped && (
          <span className="ml-2 inline-block rounded-md bg-neutral-200 px-1.5 align-middle text-sm font-bold tracking-wide text-neutral-800 uppercase no-underline">
            Comp<span className="sr-only">: made as usual, given free</span>
          </span>
        )}
      </p>
      {/* The choices change what is made: as big and bold as the item's name. */}
      {line.options.length > 0 && (
        <ul aria-label={`Options of ${line.name}`} className="mt-1 flex flex-wrap gap-x-2 gap-y-1">
          {line.options.map((option, index) => (
            <li
              key={option.optionId ?? `${option.groupName}-${option.name}-${index}`}
              className={clsx(
                'rounded-md bg-neutral-950/5 px-2 text-2xl leading-snug font-semibold break-words',
                struck,
              )}
            >
              {option.name}
            </li>
          ))}
        </ul>
      )}
      {line.note && (
        <p className={clsx('mt-1 text-xl font-semibold break-words text-amber-900', struck)}>
          <span className="sr-only">Note: </span>“{line.note}”
        </p>
      )}
      {line.voided && (
        <p className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="rounded-md bg-red-700 px-2 py-0.5 text-xl font-black tracking-wider text-white uppercase">
            Void
          </span>
          <span className="sr-only">: do not make it.</span>
          {line.voidReason && (
            <span className="text-xl font-semibold break-words text-red-900">{line.voidReason}</span>
          )}
        </p>
      )}
    </li>
  );
}

function Lines({ lines, className }: { lines: readonly OrderLine[]; className?: string }) {
  return (
    <ul className={clsx('flex flex-col divide-y divide-neutral-200', className)}>
      {lines.map((line) => (
        <TicketLine key={line.id} line={line} />
      ))}
    </ul>
  );
}

/**
 * A round of a ticket with several: its number and when it was sent, above its lines. A round made
 * already (served) folds to one dim line, with only its voided lines still shown; a round added while
 * the kitchen was making the order is marked new.
 */
function Round({ round }: { round: TicketRound<OrderLine> }) {
  const formatTime = useOrderTime();
  const sent = formatTime(round.sentAt).time;
  if (round.state === 'served') {
    const voided = round.lines.filter((line) => line.voided);
    return (
      <div data-testid="ticket-round" data-state="served" className="py-1.5">
        <p className="flex items-start gap-1.5 text-lg font-medium text-neutral-500">
          <Check aria-hidden="true" className="mt-1 size-5 shrink-0" />
          <span>
            Round {round.round} served <span className="whitespace-nowrap">({roundItems(round.lines)})</span>
          </span>
        </p>
        {voided.length > 0 && <Lines lines={voided} />}
      </div>
    );
  }
  const fresh = round.state === 'new';
  return (
    <div
      data-testid="ticket-round"
      data-state={round.state}
      className={clsx('py-2', fresh && '-mx-2 my-1 rounded-xl border-2 border-sky-700 bg-sky-50 px-2')}
    >
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-lg text-neutral-800">
        <span className="font-black tracking-wide uppercase">Round {round.round}</span>{' '}
        <span className="font-medium whitespace-nowrap tabular-nums">
          sent <time dateTime={round.sentAt}>{sent}</time>
        </span>{' '}
        {fresh && (
          <span className="rounded-md bg-sky-700 px-2 py-0.5 text-base font-black tracking-wider text-white uppercase">
            New
          </span>
        )}
      </p>
      <Lines lines={round.lines} />
    </div>
  );
}

/**
 * The ticket's lines: all of them when the order has one round; otherwise round by round, the rounds
 * still to make in full and those made folded.
 */
export function TicketLines({
  order,
  rounds,
  cancelled,
}: {
  order: Order;
  rounds: readonly TicketRound<OrderLine>[];
  cancelled: boolean;
}) {
  const frame = clsx(
    'mx-4 mt-3 border-t',
    cancelled
      ? 'border-red-200 text-red-900 line-through decoration-red-700 decoration-2 [&_ul]:divide-red-200'
      : 'border-neutral-200',
  );
  if (!showsRounds(rounds)) return <Lines lines={order.lines} className={frame} />;
  return (
    <div
      className={clsx(frame, 'flex flex-col divide-y', cancelled ? 'divide-red-200' : 'divide-neutral-200')}
    >
      {rounds.map((round) => (
        <Round key={round.round} round={round} />
      ))}
    </div>
  );
}

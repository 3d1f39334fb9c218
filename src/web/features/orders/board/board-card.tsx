import { clsx } from 'clsx';
import { Ban, Banknote, CircleCheck, Clock, TriangleAlert, Undo2 } from 'lucide-react';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { type Order, orderNumberLabel } from '../../../../shared/contracts/orders';
import {
  nextStatus,
  ORDER_STATUS_LABELS,
  PAYMENT_STATUS_LABELS,
  type PaymentStatus,
} from '../../../../shared/order-status';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../lib/api-client';
import { useChangeOrderStatus, useOrder, useRecallOrder } from '../api/orders-api';
import { useOrderMoney, useOrderTime } from '../list/order-format';
import {
  type AgeThresholds,
  type AgeTone,
  advanceLabel,
  ageMinutes,
  ageTone,
  amountOwed,
  formatAge,
  isBoardStatus,
  owesMoney,
  recallLabel,
  recallOf,
  ticketRounds,
  ticketSince,
} from './board-model';
import { orderPlace } from './order-place';
import { showLeftBoardToast } from './recall-toast';
import { TicketLines } from './ticket-lines';

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
 * Whether the order is paid, as big as the age: money still owed is dark (it stands apart from the
 * age's amber and red), paid is green with a tick; refunds are grey.
 */
const PAYMENT_PILL: Record<PaymentStatus, string> = {
  unpaid: 'bg-neutral-900 text-white',
  'partially-paid': 'bg-neutral-900 text-white',
  paid: 'bg-emerald-700 text-white',
  'partially-refunded': 'bg-neutral-200 text-neutral-900',
  refunded: 'bg-neutral-200 text-neutral-900',
};

function PaymentPill({ status }: { status: PaymentStatus }) {
  const Icon = status === 'paid' ? CircleCheck : Banknote;
  return (
    <p
      data-testid="payment-status"
      className={clsx(
        'inline-flex shrink-0 items-center gap-1.5 rounded-lg px-2.5 py-1 text-xl font-bold whitespace-nowrap @[22rem]:text-2xl',
        PAYMENT_PILL[status],
      )}
    >
      <Icon aria-hidden="true" className="size-6" />
      {PAYMENT_STATUS_LABELS[status]}
    </p>
  );
}

/**
 * One order on the kitchen board, readable from across the kitchen: its number, where it goes,
 * whether it is paid, the time promised to its guest, the lines with their choices and notes (round by
 * round when it has several, voided lines unmissable), its age (amber, then red, counted from the
 * earliest round still to make), and one big button that moves it on. Completing an order that still
 * owes money asks first. The last step, while it can be taken back, has its button beside (Undo, or
 * Recall at the pass); an order a tap moved off the board gets a toast with Undo. A cancelled order
 * (shown for a short while) is struck through in red, without a button. `order` may be a station's
 * view of the order (only that station's lines).
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
  const recallOrder = useRecallOrder();
  const formatTime = useOrderTime();
  const [asking, setAsking] = useState(false);
  const cancelled = order.status === 'cancelled';
  const rounds = ticketRounds(order);
  const minutes = ageMinutes(ticketSince(order, rounds), now);
  const tone = ageTone(minutes, thresholds);
  const next = nextStatus(order);
  // The server says what this user may do; a move it does not list is not offered.
  const canMove = next !== undefined && order.allowedMoves.some((move) => move.status === next);
  const label = orderNumberLabel(order.number);
  const recall = cancelled ? null : recallOf(order, now);
  const busy = change.isPending || recallOrder.isPending;

  function move() {
    if (!next) return;
    // Awaited rather than given callbacks: the card may be gone (the order left the board, read
    // again through the live topic) before the answer comes, and the toast must still show.
    change
      .mutateAsync({ id: order.id, change: { status: next, version: order.version } })
      .then((moved) => {
        setAsking(false);
        if (!isBoardStatus(moved.status)) showLeftBoardToast(moved);
      })
      .catch((error: unknown) => {
        setAsking(false);
        toast.error(errorMessage(error));
      });
  }

  function takeBack() {
    if (!recall) return;
    recallOrder.mutate(
      { id: order.id, to: recall.to, version: order.version },
      { onError: (error) => toast.error(errorMessage(error)) },
    );
  }

  function moveOn() {
    if (next === 'completed' && owesMoney(order)) setAsking(true);
    else move();
  }

  return (
    <article
      aria-labelledby={headingId}
      className={clsx(
        // A container: a narrow column (a tablet with the navigation shown) gets slightly smaller type.
        '@container flex flex-col rounded-2xl border-4 text-neutral-950 shadow-sm',
        cancelled ? 'border-red-700 bg-red-50' : ['bg-white', TONE_BORDER[tone]],
      )}
    >
      <header className="px-4 pt-3">
        {/* The age moves under the number when the column is too narrow for both on one line. */}
        <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
          <h3
            id={headingId}
            className={clsx(
              'text-4xl leading-none font-black tracking-tight tabular-nums @[22rem]:text-5xl',
              cancelled && 'text-red-800 line-through decoration-4',
            )}
          >
            <span className="sr-only">Order </span>
            {label}
          </h3>
          {cancelled ? (
            <p className="flex shrink-0 items-center gap-1.5 rounded-lg bg-red-700 px-2.5 py-1 text-xl font-black tracking-wide text-white uppercase @[22rem]:px-3 @[22rem]:py-1.5 @[22rem]:text-2xl">
              <Ban aria-hidden="true" className="hidden size-6 @[18rem]:block" />
              Cancelled
            </p>
          ) : (
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
          )}
        </div>
        <div className="mt-2 flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
          <div className="min-w-0">
            <p className="text-xl font-semibold break-words text-neutral-800">{orderPlace(order)}</p>
            {order.readyAt && !cancelled && (
              <p className="flex items-center gap-1.5 text-lg font-semibold text-neutral-800">
                <Clock aria-hidden="true" className="size-5 shrink-0" />
                <span>
                  <span className="sr-only">Promised to the guest for </span>
                  <span aria-hidden="true">Due </span>
                  <time dateTime={order.readyAt} className="tabular-nums">
                    {formatTime(order.readyAt).time}
                  </time>
                </span>
              </p>
            )}
          </div>
          {!cancelled && <PaymentPill status={order.paymentStatus} />}
        </div>
      </header>

      <TicketLines order={order} rounds={rounds} cancelled={cancelled} />

      {order.note && (
        <p className="mx-4 mt-1 rounded-lg border-2 border-amber-300 bg-amber-50 px-3 py-2 text-xl font-semibold break-words">
          <span className="text-base font-bold tracking-wide text-amber-900 uppercase">Note </span>
          {order.note}
        </p>
      )}

      <div className="mt-auto flex gap-2 p-3 pt-4">
        {cancelled ? (
          <p className="flex-1 rounded-xl bg-red-700 px-4 py-3 text-center text-2xl font-black tracking-wide text-white uppercase">
            Cancelled
            {order.cancelReason && (
              <span className="mt-1 block text-lg font-semibold tracking-normal normal-case break-words">
                {order.cancelReason}
              </span>
            )}
          </p>
        ) : (
          <>
            {recall && (
              <Button
                variant="secondary"
                size="lg"
                isLoading={recallOrder.isPending}
                disabled={busy}
                onClick={takeBack}
                aria-label={`${recallLabel(recall)} ${label}, back to ${ORDER_STATUS_LABELS[recall.to].toLowerCase()}`}
                className="h-16! shrink-0 border-2! px-4! text-xl! font-bold!"
              >
                {!recallOrder.isPending && <Undo2 aria-hidden="true" className="size-6" />}
                {recallLabel(recall)}
              </Button>
            )}
            {canMove && next && (
              <Button
                size="lg"
                isLoading={change.isPending}
                disabled={busy}
                onClick={moveOn}
                aria-label={`${advanceLabel(next)} ${label}`}
                className="h-16! min-w-0 flex-1 text-2xl! font-bold!"
              >
                {advanceLabel(next)}
              </Button>
            )}
          </>
        )}
      </div>

      <ConfirmDialog
        open={asking}
        title={`Complete ${label}?`}
        confirmLabel="Complete anyway"
        busyLabel="Completing..."
        busy={change.isPending}
        onConfirm={move}
        onClose={() => setAsking(false)}
      >
        <OwedQuestion order={order} />
      </ConfirmDialog>
    </article>
  );
}

/**
 * The question before completing an order that still owes money, naming the order and what it owes.
 * Shown only while the dialog is open, so a partly paid order's amount due is read from the order
 * itself only then.
 */
function OwedQuestion({ order }: { order: Order }) {
  const formatMoney = useOrderMoney();
  const read = useOrder(order.id, { enabled: order.paymentStatus === 'partially-paid' });
  const owed = amountOwed(order, read.data);
  const label = orderNumberLabel(order.number);
  // Paid on another device while the question was open: it is said, and completing is safe.
  if (owed === 0) return `${label} owes nothing now.`;
  return owed === null
    ? `${label} is ${PAYMENT_STATUS_LABELS[order.paymentStatus].toLowerCase()}. Complete it anyway?`
    : `${label} still owes ${formatMoney(owed, order.currency)}. Complete it anyway?`;
}

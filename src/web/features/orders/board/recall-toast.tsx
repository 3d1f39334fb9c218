import { clsx } from 'clsx';
import { Undo2, X } from 'lucide-react';
import toast, { type Toast } from 'react-hot-toast';
import { type Order, orderNumberLabel } from '../../../../shared/contracts/orders';
import { ORDER_STATUS_LABELS } from '../../../../shared/order-status';
import { errorMessage } from '../../../lib/api-client';
import { useRecallOrder } from '../api/orders-api';
import { type Recall, recallOf } from './board-model';

/** What the toast says of an order that left the board. */
function leftText(order: Order): string {
  const label = orderNumberLabel(order.number);
  return order.status === 'out-for-delivery' ? `${label} is out for delivery.` : `${label} completed.`;
}

/**
 * The toast of an order that a tap moved off the board (completed, or out for delivery): what
 * happened, and Undo, which takes the step back while the recall window lasts. Rendered by the
 * Toaster (inside the query client), so it works after the card that made it is gone.
 */
function LeftBoardToast({ toast: current, order, recall }: { toast: Toast; order: Order; recall: Recall }) {
  const recallOrder = useRecallOrder();
  const label = orderNumberLabel(order.number);

  function undo() {
    recallOrder
      .mutateAsync({ id: order.id, to: recall.to, version: order.version })
      .then(() => {
        toast.dismiss(current.id);
        toast.success(`${label} is back in ${ORDER_STATUS_LABELS[recall.to]}.`);
      })
      .catch((error: unknown) => {
        toast.dismiss(current.id);
        toast.error(errorMessage(error));
      });
  }

  return (
    <div
      {...current.ariaProps}
      data-testid="left-board-toast"
      className={clsx(
        'pointer-events-auto flex w-[24rem] max-w-[calc(100vw-2rem)] items-center gap-3 rounded-xl border border-neutral-200 bg-white py-2 pr-2 pl-4 shadow-lg transition-all duration-200',
        current.visible ? 'translate-y-0 opacity-100' : '-translate-y-2 opacity-0',
      )}
    >
      <p className="min-w-0 flex-1 text-base font-semibold break-words text-neutral-950">{leftText(order)}</p>
      <button
        type="button"
        onClick={undo}
        disabled={recallOrder.isPending}
        aria-label={`Undo ${label}, back to ${ORDER_STATUS_LABELS[recall.to].toLowerCase()}`}
        className="inline-flex h-11 shrink-0 items-center gap-1.5 rounded-lg bg-neutral-950 px-4 text-base font-semibold text-white hover:bg-neutral-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950 disabled:bg-neutral-500"
      >
        <Undo2 aria-hidden="true" className="size-5" />
        {recallOrder.isPending ? 'Undoing...' : 'Undo'}
      </button>
      <button
        type="button"
        onClick={() => toast.dismiss(current.id)}
        aria-label="Dismiss"
        className="flex size-11 shrink-0 items-center justify-center rounded-lg text-neutral-600 hover:bg-neutral-100 hover:text-neutral-950 focus-visible:outline-2 focus-visible:outline-neutral-950"
      >
        <X aria-hidden="true" className="size-5" />
      </button>
    </div>
  );
}

/**
 * After a tap moved `order` (the move's answer) off the board: the toast with Undo, for what is left
 * of the recall window (none when the answer says the step can no longer be taken back). One at a
 * time: the next order completed takes its place, so a busy pass is not covered by a pile of them
 * (a slip is noticed at once, on the last order moved).
 */
export function showLeftBoardToast(order: Order): void {
  const recall = recallOf(order, Date.now());
  if (!recall) return;
  toast.custom((current) => <LeftBoardToast key={order.id} toast={current} order={order} recall={recall} />, {
    id: 'left-board',
    duration: recall.until - Date.now(),
  });
}

import { AlertTriangle } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import {
  type AllowedMove,
  MAX_REASON,
  type Order,
  orderNumberLabel,
} from '../../../../shared/contracts/orders';
import { ORDER_STATUS_LABELS } from '../../../../shared/order-status';
import { hasManagerAccess } from '../../../../shared/roles';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../auth';
import { hasPayments, type RefundOnMove, RefundSplit, refundOnMove, refundRequired } from '../../payments';
import { type CachedOrder, useChangeOrderStatus } from '../api/orders-api';
import { useOrderMoney } from '../list/order-format';
import { isDestructiveMove, MOVE_BUSY_LABELS, MOVE_LABELS, needsDialog, orderMoves } from './order-moves';

/** Money kept of the order that ending it gives back (by method), and whether this viewer may refund it. */
interface RefundOnEnd extends RefundOnMove {
  mayRefund: boolean;
}

interface MoveDialogProps {
  order: Order;
  move: AllowedMove | null;
  busy: boolean;
  /** Set when the move ends an order that has money kept (known from the order or from the server). */
  refund: RefundOnEnd | null;
  onSend: (move: AllowedMove, reason: string) => void;
  onClose: () => void;
}

/**
 * Asks before a move that ends the order or takes a reason; the reason is required when the move says
 * so. Ending an order with money kept says that the money will be refunded in the same step (a
 * manager's decision) and how it splits by payment method (what leaves the cash drawer, what goes
 * back to the card); anyone else learns that a manager has to do it.
 */
function MoveDialog({ order, move, busy, refund, onSend, onClose }: MoveDialogProps) {
  const formatMoney = useOrderMoney();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const number = orderNumberLabel(order.number);
  const destructive = move ? isDestructiveMove(move) : false;

  const refunding = move && isDestructiveMove(move) ? refund : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!move || (refunding && !refunding.mayRefund)) return;
    if (move.reason === 'required' && reason.trim() === '') {
      setError('Enter the reason.');
      reasonRef.current?.focus();
      return;
    }
    onSend(move, reason.trim());
  }

  const title = move ? `${MOVE_LABELS[move.status]} ${number}?` : '';
  let description = '';
  if (move?.status === 'cancelled')
    description = 'The order is stopped for good; the customer sees the reason.';
  else if (move?.status === 'rejected')
    description = 'The request is turned down; the customer sees the reason.';
  else if (move) description = `The order becomes ${ORDER_STATUS_LABELS[move.status].toLowerCase()}.`;

  return (
    <Dialog open={move !== null} onClose={onClose} busy={busy} title={title} description={description}>
      {move && (
        <form noValidate onSubmit={submit} className="flex flex-col gap-5">
          {refunding && (
            <div
              role="note"
              data-testid="refund-on-move"
              className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
            >
              <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <div className="min-w-0 flex-1">
                <p>
                  {refunding.mayRefund
                    ? `${formatMoney(refunding.amount, order.currency)} was paid for this order: it will be refunded in the same step.`
                    : `${formatMoney(refunding.amount, order.currency)} was paid for this order: only a manager can refund it and ${move.status === 'rejected' ? 'reject' : 'cancel'} the order.`}
                </p>
                <RefundSplit
                  refunds={refunding.refunds}
                  money={(minor) => formatMoney(minor, order.currency)}
                />
              </div>
            </div>
          )}
          {move.reason !== 'none' && (
            <TextAreaField
              ref={reasonRef}
              autoFocus
              label={move.reason === 'required' ? 'Reason' : 'Reason (optional)'}
              value={reason}
              maxLength={MAX_REASON}
              required={move.reason === 'required'}
              error={error}
              onChange={(event) => {
                setReason(event.target.value);
                if (error) setError(null);
              }}
              className="[&_textarea]:min-h-24"
            />
          )}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose} disabled={busy}>
              {destructive ? 'Keep order' : 'Back'}
            </Button>
            <Button
              type="submit"
              variant={destructive ? 'danger' : 'primary'}
              isLoading={busy}
              disabled={refunding !== null && !refunding.mayRefund}
            >
              {busy
                ? MOVE_BUSY_LABELS[move.status]
                : refunding?.mayRefund
                  ? `${MOVE_LABELS[move.status]} and refund ${formatMoney(refunding.amount, order.currency)}`
                  : MOVE_LABELS[move.status]}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

/**
 * The status moves this viewer may make now (`allowedMoves`, from the server's table and policies),
 * each sent with the version on screen. A refusal (someone moved the order first, or the move is no
 * longer allowed) shows the server's message; the order is then read again, so the buttons follow.
 */
export function OrderActions({ order }: { order: CachedOrder }) {
  const change = useChangeOrderStatus();
  const { user } = useSession();
  const mayRefund = hasManagerAccess(user?.role);
  const [dialogMove, setDialogMove] = useState<AllowedMove | null>(null);
  const [dialogKey, setDialogKey] = useState(0);
  const [refusal, setRefusal] = useState<string | null>(null);
  /** What the server said must be refunded, when it refused a move for it. */
  const [refundAsked, setRefundAsked] = useState<RefundOnMove | null>(null);
  const moves = orderMoves(order.allowedMoves);
  const sending = change.isPending ? change.variables?.change.status : undefined;
  const formatMoney = useOrderMoney();
  const refundDue = refundAsked ?? (hasPayments(order) ? refundOnMove(order) : null);
  const refund = refundDue === null ? null : { ...refundDue, mayRefund };

  function send(move: AllowedMove, reason: string) {
    setRefusal(null);
    const refundPayments = isDestructiveMove(move) && refund?.mayRefund === true;
    change.mutate(
      {
        id: order.id,
        change: {
          status: move.status,
          version: order.version,
          ...(reason ? { reason } : {}),
          ...(refundPayments ? { refundPayments: true } : {}),
        },
      },
      {
        onSuccess: (updated) => {
          setDialogMove(null);
          setRefundAsked(null);
          toast.success(
            `Order ${orderNumberLabel(updated.number)} is ${ORDER_STATUS_LABELS[updated.status].toLowerCase()}` +
              (refundPayments && refund ? `; ${formatMoney(refund.amount, order.currency)} refunded.` : '.'),
          );
        },
        onError: (error) => {
          // Money was taken meanwhile: the dialog stays open and says what will be refunded.
          const asked = refundRequired(error);
          if (asked !== null && !refundPayments) {
            setRefundAsked(asked);
            return;
          }
          setDialogMove(null);
          setRefusal(errorMessage(error));
        },
      },
    );
  }

  if (moves.length === 0 && !refusal) return null;

  return (
    <section aria-label="Status actions" className="flex flex-col gap-3">
      {refusal && (
        <div
          role="alert"
          className="flex items-start gap-2 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
        >
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <p>
            {refusal} <span className="text-amber-900">This page now shows the saved order.</span>
          </p>
        </div>
      )}
      {moves.length > 0 && (
        <div className="flex flex-wrap gap-3">
          {moves.map((move) => {
            const destructive = isDestructiveMove(move);
            return (
              <Button
                key={move.status}
                variant={destructive ? 'danger' : 'primary'}
                size="lg"
                isLoading={sending === move.status && !needsDialog(move)}
                disabled={change.isPending}
                onClick={() => {
                  if (needsDialog(move)) {
                    setRefusal(null);
                    setDialogKey((key) => key + 1);
                    setDialogMove(move);
                  } else {
                    send(move, '');
                  }
                }}
              >
                {MOVE_LABELS[move.status]}
              </Button>
            );
          })}
        </div>
      )}
      <MoveDialog
        key={dialogKey}
        order={order}
        move={dialogMove}
        busy={change.isPending}
        refund={refund}
        onSend={send}
        onClose={() => {
          setDialogMove(null);
          setRefundAsked(null);
        }}
      />
    </section>
  );
}

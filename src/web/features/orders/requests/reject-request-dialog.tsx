import { type FormEvent, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { type Order, orderNumberLabel } from '../../../../shared/contracts/orders';
import { hasManagerAccess } from '../../../../shared/roles';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { OTHER_REASON, ReasonChoice, reasonText } from '../../../components/ui/reason-choice';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useSession } from '../../auth';
import type { RefundOnMove } from '../../payments';
import { RefundSplit, refundRequired } from '../../payments';
import { useChangeOrderStatus } from '../api/orders-api';
import { useOrderMoney } from '../list/order-format';
import { rejectReasonsFor } from './request-model';

/**
 * Reject asks why: the reason is required, and the customer reads it. The usual reasons are one tap
 * each; "Other…" opens a field for a reason in the staff's own words. A request already paid online
 * is refused by the server until its money is refunded: a manager then confirms rejecting and
 * refunding in one step, told how the refund splits by payment method; anyone else is told that a
 * manager has to.
 */
export function RejectRequestDialog({ order, onClose }: { order: Order | null; onClose: () => void }) {
  const change = useChangeOrderStatus();
  const { user } = useSession();
  const mayRefund = hasManagerAccess(user?.role);
  const formatMoney = useOrderMoney();
  /** A preset's words, `OTHER_REASON`, or null before a choice. */
  const [choice, setChoice] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  /** The money to give back, once the server said the request was paid. */
  const [refund, setRefund] = useState<RefundOnMove | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const choicesRef = useRef<HTMLFieldSetElement>(null);
  const label = order ? orderNumberLabel(order.number) : '';
  const other = choice === OTHER_REASON;

  // Choosing "Other…" is choosing to type: the field it opens takes the focus.
  useEffect(() => {
    if (other) reasonRef.current?.focus();
  }, [other]);

  function choose(next: string) {
    setChoice(next);
    if (error) setError(null);
  }

  function close() {
    setChoice(null);
    setTyped('');
    setError(null);
    setRefund(null);
    change.reset();
    onClose();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!order) return;
    const text = reasonText(choice, typed);
    if (!text) {
      if (other) {
        setError('Enter the reason for rejecting the order.');
        reasonRef.current?.focus();
      } else {
        setError('Choose the reason for rejecting the order.');
        choicesRef.current?.querySelector('input')?.focus();
      }
      return;
    }
    const refundPayments = refund !== null && mayRefund;
    change.mutate(
      {
        id: order.id,
        change: {
          status: 'rejected',
          version: order.version,
          reason: text,
          ...(refundPayments ? { refundPayments: true } : {}),
        },
      },
      {
        onSuccess: () => {
          toast.success(
            refundPayments
              ? `Order ${label} rejected; ${formatMoney(refund.amount, order.currency)} refunded.`
              : `Order ${label} rejected.`,
          );
          close();
        },
        onError: (failure) => {
          const asked = refundRequired(failure);
          if (asked !== null && !refundPayments) {
            setRefund(asked);
            return;
          }
          // A refused move (someone answered it first, it was cancelled): the list is read again and
          // this request may be gone, so the message goes to a toast. Anything else stays here.
          if (isApiError(failure) && failure.status === 409) {
            toast.error(errorMessage(failure));
            close();
          } else {
            setError(errorMessage(failure));
          }
        },
      },
    );
  }

  return (
    <Dialog
      open={order !== null}
      onClose={close}
      busy={change.isPending}
      title={`Reject order ${label}?`}
      description="The customer sees the reason with their order."
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-5">
        <ReasonChoice
          legend="Reason"
          presets={order ? rejectReasonsFor(order.type) : []}
          choice={choice}
          typed={typed}
          onChoose={choose}
          onType={(text) => {
            setTyped(text);
            if (error) setError(null);
          }}
          error={error}
          disabled={change.isPending}
          typedRef={reasonRef}
          choicesRef={choicesRef}
          placeholder="For example: the kitchen closes in ten minutes."
        />
        {refund !== null && order && (
          <div
            role="alert"
            data-testid="refund-on-move"
            className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
          >
            <p>
              {mayRefund
                ? `${formatMoney(refund.amount, order.currency)} was paid for this order: it will be refunded in the same step.`
                : `${formatMoney(refund.amount, order.currency)} was paid for this order: only a manager can refund it and reject the order.`}
            </p>
            <RefundSplit refunds={refund.refunds} money={(minor) => formatMoney(minor, order.currency)} />
          </div>
        )}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close} disabled={change.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="danger"
            isLoading={change.isPending}
            disabled={refund !== null && !mayRefund}
          >
            {change.isPending
              ? 'Rejecting...'
              : refund !== null && mayRefund && order
                ? `Reject and refund ${formatMoney(refund.amount, order.currency)}`
                : 'Reject order'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

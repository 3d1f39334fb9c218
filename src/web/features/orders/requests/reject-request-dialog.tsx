import { type FormEvent, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { MAX_REASON, type Order, orderNumberLabel } from '../../../../shared/contracts/orders';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useChangeOrderStatus } from '../api/orders-api';

/** Reject asks why: the reason is required, and the customer reads it. */
export function RejectRequestDialog({ order, onClose }: { order: Order | null; onClose: () => void }) {
  const change = useChangeOrderStatus();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const label = order ? orderNumberLabel(order.number) : '';

  function close() {
    setReason('');
    setError(null);
    change.reset();
    onClose();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!order) return;
    const text = reason.trim();
    if (!text) {
      setError('Enter the reason for rejecting the order.');
      reasonRef.current?.focus();
      return;
    }
    change.mutate(
      { id: order.id, change: { status: 'rejected', version: order.version, reason: text } },
      {
        onSuccess: () => {
          toast.success(`Order ${label} rejected.`);
          close();
        },
        onError: (failure) => {
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
        <TextAreaField
          ref={reasonRef}
          label="Reason"
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            if (error) setError(null);
          }}
          error={error}
          maxLength={MAX_REASON}
          required
          placeholder="For example: the kitchen closes in ten minutes."
          className="[&_textarea]:min-h-24"
        />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close} disabled={change.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" isLoading={change.isPending}>
            {change.isPending ? 'Rejecting...' : 'Reject order'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

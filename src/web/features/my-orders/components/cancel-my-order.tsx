import { XCircle } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import type { Order } from '../../../../shared/contracts/orders';
import { orderNumberLabel } from '../../../../shared/order-limits';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../lib/api-client';
import { useCancelMyOrder } from '../api/my-orders-api';

/** Whether the server lets this customer cancel now (a pending order: `allowedMoves` says so). */
export function canCancel(order: Pick<Order, 'status' | 'allowedMoves'>): boolean {
  return order.status === 'pending' && order.allowedMoves.some((move) => move.status === 'cancelled');
}

/**
 * "Cancel order" while the order is still pending, after a question. The question stays open when
 * staff accept the order meanwhile (the page refreshes behind it); confirming then gets the server's
 * refusal (409), which the page shows, and the order as it is now.
 */
export function CancelMyOrder({
  order,
  onRefused,
}: {
  order: Order;
  /** The server refused: its message, for the page to show where the order's actions are. */
  onRefused: (message: string) => void;
}) {
  const [asking, setAsking] = useState(false);
  const cancel = useCancelMyOrder();
  const number = orderNumberLabel(order.number);

  return (
    <>
      {canCancel(order) && (
        <Button variant="secondary" onClick={() => setAsking(true)}>
          <XCircle aria-hidden="true" className="size-4" />
          Cancel order
        </Button>
      )}
      <ConfirmDialog
        open={asking}
        title={`Cancel order ${number}?`}
        confirmLabel="Cancel order"
        busyLabel="Cancelling..."
        cancelLabel="Keep my order"
        destructive
        busy={cancel.isPending}
        onClose={() => setAsking(false)}
        onConfirm={() =>
          cancel.mutate(order, {
            onSuccess: () => {
              setAsking(false);
              toast.success(`Order ${number} is cancelled.`);
            },
            onError: (error) => {
              setAsking(false);
              onRefused(errorMessage(error));
            },
          })
        }
      >
        The restaurant has not accepted it yet, so nothing will be prepared. This cannot be undone.
      </ConfirmDialog>
    </>
  );
}

import { clsx } from 'clsx';
import {
  PURCHASE_ORDER_PAYMENT_STATUS_LABELS,
  type PurchaseOrderPaymentStatus,
} from '../../../../shared/contracts/purchase-orders';

const TONES: Record<PurchaseOrderPaymentStatus, string> = {
  'not-due': 'bg-neutral-50 text-neutral-600 ring-neutral-200',
  unpaid: 'bg-red-50 text-red-800 ring-red-200',
  'part-paid': 'bg-amber-50 text-amber-900 ring-amber-200',
  paid: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
};

/** Whether the supplier has been paid for an order: nothing to pay yet, unpaid, part paid or paid. */
export function PaymentStatusBadge({ status }: { status: PurchaseOrderPaymentStatus }) {
  return (
    <span
      data-testid="purchase-order-payment-status"
      className={clsx(
        'inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        TONES[status],
      )}
    >
      {PURCHASE_ORDER_PAYMENT_STATUS_LABELS[status]}
    </span>
  );
}

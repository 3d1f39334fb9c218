import { clsx } from 'clsx';
import {
  PURCHASE_ORDER_STATUS_LABELS,
  type PurchaseOrderStatus,
} from '../../../../shared/contracts/purchase-orders';

const TONES: Record<PurchaseOrderStatus, string> = {
  draft: 'bg-neutral-100 text-neutral-700 ring-neutral-200',
  ordered: 'bg-sky-50 text-sky-800 ring-sky-200',
  'partially-received': 'bg-amber-50 text-amber-900 ring-amber-200',
  received: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  cancelled: 'bg-red-50 text-red-800 ring-red-200',
};

export function PurchaseOrderStatusBadge({ status }: { status: PurchaseOrderStatus }) {
  return (
    <span
      data-testid="purchase-order-status"
      className={clsx(
        'inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        TONES[status],
      )}
    >
      {PURCHASE_ORDER_STATUS_LABELS[status]}
    </span>
  );
}

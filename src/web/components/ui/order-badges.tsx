import { clsx } from 'clsx';
import {
  ORDER_STATUS_LABELS,
  type OrderStatus,
  PAYMENT_STATUS_LABELS,
  type PaymentStatus,
} from '../../../shared/order-status';

const STATUS_CLASSES: Record<OrderStatus, string> = {
  pending: 'bg-amber-50 text-amber-900 ring-amber-300',
  confirmed: 'bg-sky-50 text-sky-900 ring-sky-300',
  preparing: 'bg-violet-50 text-violet-900 ring-violet-300',
  ready: 'bg-emerald-50 text-emerald-900 ring-emerald-300',
  'out-for-delivery': 'bg-teal-50 text-teal-900 ring-teal-300',
  completed: 'bg-neutral-100 text-neutral-800 ring-neutral-300',
  rejected: 'bg-red-50 text-red-800 ring-red-300',
  cancelled: 'bg-red-50 text-red-800 ring-red-300',
  merged: 'bg-neutral-100 text-neutral-800 ring-neutral-300',
};

const PAYMENT_CLASSES: Record<PaymentStatus, string> = {
  unpaid: 'bg-amber-50 text-amber-900 ring-amber-300',
  'partially-paid': 'bg-amber-50 text-amber-900 ring-amber-300',
  paid: 'bg-emerald-50 text-emerald-900 ring-emerald-300',
  'partially-refunded': 'bg-neutral-100 text-neutral-800 ring-neutral-300',
  refunded: 'bg-neutral-100 text-neutral-800 ring-neutral-300',
};

const BADGE =
  'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset';

/** The order's status as a coloured pill ("Preparing"). */
export function OrderStatusBadge({ status, className }: { status: OrderStatus; className?: string }) {
  return (
    <span className={clsx(BADGE, STATUS_CLASSES[status], className)} data-testid="order-status">
      {ORDER_STATUS_LABELS[status]}
    </span>
  );
}

/** The order's payment status as a pill ("Unpaid"). */
export function PaymentStatusBadge({ status, className }: { status: PaymentStatus; className?: string }) {
  return (
    <span className={clsx(BADGE, PAYMENT_CLASSES[status], className)} data-testid="payment-status">
      {PAYMENT_STATUS_LABELS[status]}
    </span>
  );
}

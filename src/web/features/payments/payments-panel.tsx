import { clsx } from 'clsx';
import { Plus, Undo2 } from 'lucide-react';
import { useState } from 'react';
import {
  type OrderWithPayments,
  PAYMENT_METHOD_LABELS,
  type Payment,
} from '../../../shared/contracts/payments';
import { hasManagerAccess } from '../../../shared/roles';
import { Button } from '../../components/ui/button';
import { PaymentStatusBadge } from '../../components/ui/order-badges';
import { useSession } from '../auth';
import { mayTakePayment } from './pay-model';
import { RefundDialog } from './refund-dialog';

type Money = (minor: number) => string;

interface PaymentsPanelProps {
  order: OrderWithPayments;
  money: Money;
  formatDateTime: (iso: string) => string;
  /** Opens the Pay dialog (the page owns it: its header offers "Take payment" too). */
  onTakePayment: () => void;
}

/**
 * The money of an order on its page: the payment status, what was paid, refunded and is
 * still due, every payment with its method, amount, cash handed over and change, reference, account,
 * who took it and when, and its refunds. "Take payment" while something is due; "Refund" on each
 * payment with something left to give back, for managers only (the server's `payment.refund` policy).
 */
export function PaymentsPanel({ order, money, formatDateTime, onTakePayment }: PaymentsPanelProps) {
  const { user } = useSession();
  const mayRefund = hasManagerAccess(user?.role);
  const [refunding, setRefunding] = useState<Payment | null>(null);

  const rows: { label: string; value: string; strong?: boolean; testId: string }[] = [
    { label: 'Total', value: money(order.total), testId: 'payments-total' },
    { label: 'Paid', value: money(order.amountPaid), testId: 'payments-paid' },
  ];
  if (order.amountRefunded > 0) {
    rows.push({ label: 'Refunded', value: `−${money(order.amountRefunded)}`, testId: 'payments-refunded' });
  }
  rows.push({ label: 'Due', value: money(order.amountDue), strong: true, testId: 'payments-due' });

  return (
    <section aria-labelledby="payments-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <h2 id="payments-heading" className="text-lg font-semibold text-neutral-950">
            Payments
          </h2>
          <PaymentStatusBadge status={order.paymentStatus} />
        </div>
        {mayTakePayment(order) && (
          <Button onClick={onTakePayment}>
            <Plus aria-hidden="true" className="size-4" />
            Take payment
          </Button>
        )}
      </div>

      <dl className="flex flex-col gap-1.5 text-sm">
        {rows.map((row) => (
          <div
            key={row.label}
            className={clsx(
              'flex items-baseline justify-between gap-4',
              row.strong
                ? 'mt-1 border-t border-neutral-200 pt-2.5 text-base font-semibold text-neutral-950'
                : 'text-neutral-700',
            )}
          >
            <dt>{row.label}</dt>
            <dd className={clsx('tabular-nums', row.strong && 'text-xl')} data-testid={row.testId}>
              {row.value}
            </dd>
          </div>
        ))}
      </dl>

      {order.payments.length === 0 ? (
        <p className="text-sm text-neutral-600">No payments yet.</p>
      ) : (
        <ul aria-label="Payments taken" className="divide-y divide-neutral-200">
          {order.payments.map((payment) => (
            <PaymentRow
              key={payment.id}
              payment={payment}
              money={money}
              formatDateTime={formatDateTime}
              onRefund={mayRefund && payment.refundable > 0 ? () => setRefunding(payment) : undefined}
            />
          ))}
        </ul>
      )}

      <RefundDialog order={order} payment={refunding} onClose={() => setRefunding(null)} />
    </section>
  );
}

function PaymentRow({
  payment,
  money,
  formatDateTime,
  onRefund,
}: {
  payment: Payment;
  money: Money;
  formatDateTime: (iso: string) => string;
  onRefund?: () => void;
}) {
  const method = PAYMENT_METHOD_LABELS[payment.method];
  const details: string[] = [];
  if (payment.tendered !== null) details.push(`Handed over ${money(payment.tendered)}`);
  if (payment.tendered !== null || payment.change > 0) details.push(`change ${money(payment.change)}`);
  if (payment.reference) details.push(`Ref. ${payment.reference}`);
  return (
    <li
      aria-label={`${method} ${money(payment.amount)}`}
      data-testid="payment"
      className="flex flex-col gap-1.5 py-3"
    >
      <div className="flex items-baseline justify-between gap-3">
        <p className="font-medium text-neutral-950">{method}</p>
        <p className="font-semibold text-neutral-950 tabular-nums">{money(payment.amount)}</p>
      </div>
      {details.length > 0 && <p className="text-sm text-neutral-700 tabular-nums">{details.join(' · ')}</p>}
      <p className="text-sm text-neutral-600">
        {payment.takenBy?.name ?? (payment.online ? 'Paid online' : '—')} ·{' '}
        <time dateTime={payment.createdAt}>{formatDateTime(payment.createdAt)}</time> · {payment.account.name}
      </p>
      {payment.refunds.length > 0 && (
        <ul aria-label={`Refunds of the ${method.toLowerCase()} payment`} className="flex flex-col gap-1">
          {payment.refunds.map((refund) => (
            <li
              key={refund.id}
              data-testid="refund"
              className="rounded-md bg-neutral-100 px-2.5 py-1.5 text-sm text-neutral-800"
            >
              <span className="font-medium tabular-nums">Refunded {money(refund.amount)}</span>
              <span className="break-words">: {refund.reason}</span>
              <span className="block text-neutral-600">
                {refund.refundedBy?.name ?? '—'} ·{' '}
                <time dateTime={refund.createdAt}>{formatDateTime(refund.createdAt)}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
      {onRefund && (
        <div>
          <Button variant="secondary" onClick={onRefund}>
            <Undo2 aria-hidden="true" className="size-4" />
            Refund
          </Button>
        </div>
      )}
    </li>
  );
}

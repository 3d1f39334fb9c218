import { clsx } from 'clsx';
import { Link } from 'react-router';
import { formatMoney } from '../../../../shared/money';
import { Dialog } from '../../../components/ui/dialog';
import { ListError, ListLoading } from '../../../components/ui/list-states';
import { purchaseOrderPath } from '../../../lib/paths';
import { useSupplierBalance } from '../api/purchase-orders-api';
import { PaymentStatusBadge } from './payment-status-badge';
import { PurchaseOrderStatusBadge } from './purchase-order-status-badge';

/**
 * "What <supplier> is owed": over the supplier's orders (drafts left out), what they come to, what
 * was received and paid, what is still owed, and the orders still owing, oldest first.
 */
export function SupplierBalanceDialog({
  supplierId,
  supplierName,
  currency,
  locale,
  onClose,
}: {
  supplierId: string;
  supplierName: string;
  /** The restaurant's currency: the balance names none when the supplier has no order yet. */
  currency: string;
  locale: string;
  onClose: () => void;
}) {
  const balance = useSupplierBalance(supplierId);
  const data = balance.data;
  const money = (minor: number) => formatMoney(minor, data?.currency || currency, locale);

  return (
    <Dialog open size="lg" title={`What ${supplierName} is owed`} onClose={onClose}>
      {balance.isError ? (
        <ListError error={balance.error} onRetry={() => void balance.refetch()} />
      ) : !data ? (
        <ListLoading>Loading the balance...</ListLoading>
      ) : (
        <div className="flex flex-col gap-5">
          <dl
            data-testid="supplier-balance"
            className="grid grid-cols-2 gap-3 rounded-xl border border-neutral-200 p-4 sm:grid-cols-4"
          >
            {(
              [
                ['Payable', data.payable, 'balance-payable'],
                ['Received', data.received, 'balance-received'],
                ['Paid', data.paid, 'balance-paid'],
                ['Owed', data.owed, 'balance-owed'],
              ] as const
            ).map(([label, value, testId]) => (
              <div key={label}>
                <dt className="text-xs text-neutral-500">{label}</dt>
                <dd
                  data-testid={testId}
                  className={clsx(
                    'mt-0.5 tabular-nums text-neutral-950',
                    label === 'Owed' ? 'text-base font-semibold' : 'text-sm font-medium',
                  )}
                >
                  {money(value)}
                </dd>
              </div>
            ))}
          </dl>
          <p className="-mt-2 text-xs text-neutral-500">
            Payable: each order’s total while deliveries are awaited, what was received once it is received or
            cancelled.
          </p>
          <section aria-labelledby="balance-orders-heading">
            <h3 id="balance-orders-heading" className="text-sm font-semibold text-neutral-950">
              Orders still owing, oldest first
            </h3>
            {data.orders.length === 0 ? (
              <p className="mt-2 text-sm text-neutral-600">Nothing is owed: every order is paid.</p>
            ) : (
              <ul className="mt-2 divide-y divide-neutral-200 rounded-xl border border-neutral-200">
                {data.orders.map((order) => (
                  <li
                    key={order.id}
                    data-testid="balance-order"
                    className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2.5"
                  >
                    <Link
                      to={purchaseOrderPath(order.id)}
                      onClick={onClose}
                      className="font-mono text-sm font-semibold text-neutral-950 underline decoration-neutral-300 underline-offset-2 hover:decoration-neutral-950"
                    >
                      {order.number}
                    </Link>
                    <PurchaseOrderStatusBadge status={order.status} />
                    <PaymentStatusBadge status={order.paymentStatus} />
                    <span className="ml-auto text-right text-sm tabular-nums">
                      <span className="font-semibold text-neutral-950">
                        {order.owed < 0 ? `${money(-order.owed)} overpaid` : `${money(order.owed)} owed`}
                      </span>
                      <span className="block text-xs text-neutral-500">
                        {money(order.paidTotal)} paid of {money(order.payable)}
                      </span>
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </Dialog>
  );
}

import { clsx } from 'clsx';
import type { PaymentPage } from '../../../../shared/contracts/payments';
import { GUEST_METHOD_LABELS, totalRows } from './payment-page-model';

type Money = (minor: number) => string;

/** The order's lines as sold: quantity, name, chosen options, line total. */
export function PaymentLines({ page, money }: { page: PaymentPage; money: Money }) {
  return (
    <ul aria-label="Order lines" className="divide-y divide-neutral-200">
      {page.order.lines.map((line, index) => (
        <li
          // Two lines may sell the same dish with other choices: the position tells them apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: lines never move within an order.
          key={index}
          data-testid="payment-line"
          className="flex gap-3 py-3"
        >
          <span className="w-8 shrink-0 text-right font-semibold text-neutral-950 tabular-nums">
            {line.quantity}&thinsp;×
          </span>
          <div className="min-w-0 flex-1">
            <p className="font-medium break-words text-neutral-950">{line.name}</p>
            {line.options.length > 0 && (
              <p className="text-sm break-words text-neutral-600">{line.options.join(', ')}</p>
            )}
          </div>
          <span className="shrink-0 font-medium text-neutral-950 tabular-nums">{money(line.lineTotal)}</span>
        </li>
      ))}
    </ul>
  );
}

/** Subtotal … total, then what is paid and still due. */
export function PaymentTotals({ page, money }: { page: PaymentPage; money: Money }) {
  return (
    <dl data-testid="payment-totals" className="flex flex-col gap-1.5 text-sm">
      {totalRows(page.order, money).map((row) => (
        <div
          key={row.label}
          className={clsx(
            'flex justify-between gap-4',
            row.emphasis === 'total' &&
              'mt-1 border-t border-neutral-200 pt-2.5 text-base font-semibold text-neutral-950',
            row.emphasis === 'due' && 'text-base font-semibold text-neutral-950',
            !row.emphasis && 'text-neutral-700',
          )}
        >
          <dt className="min-w-0 break-words">{row.label}</dt>
          <dd className="shrink-0 tabular-nums">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The payments so far: how, how much, when, and what of each was given back. */
export function PaymentHistory({
  page,
  money,
  formatDateTime,
}: {
  page: PaymentPage;
  money: Money;
  formatDateTime: (iso: string) => string;
}) {
  if (page.payments.length === 0) return null;
  return (
    <section aria-labelledby="payments-heading" className="mt-5 border-t border-neutral-200 pt-4">
      <h3 id="payments-heading" className="text-sm font-semibold text-neutral-950">
        Payments
      </h3>
      <ul className="mt-2 flex flex-col gap-2 text-sm">
        {page.payments.map((payment) => (
          <li
            key={`${payment.createdAt}-${payment.method}-${payment.amount}`}
            data-testid="payment-history-item"
            className="flex items-baseline justify-between gap-4"
          >
            <span className="min-w-0">
              <span className="font-medium text-neutral-900">{GUEST_METHOD_LABELS[payment.method]}</span>
              <span className="block text-neutral-600">
                <time dateTime={payment.createdAt}>{formatDateTime(payment.createdAt)}</time>
                {payment.refunded > 0 && ` · ${money(payment.refunded)} refunded`}
              </span>
            </span>
            <span className="shrink-0 font-medium text-neutral-900 tabular-nums">
              {money(payment.amount)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

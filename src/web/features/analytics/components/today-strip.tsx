import type { Dashboard } from '../../../../shared/contracts/reports';

/**
 * Today at a glance, whatever the period: sales so far, orders, payments by method, refunds, open
 * orders and what each cash drawer should hold now.
 */
export function TodayStrip({
  today,
  money,
  label,
  dayName,
}: {
  today: Dashboard['today'];
  money: (minor: number) => string;
  label: (key: string) => string;
  dayName: string;
}) {
  return (
    <section aria-labelledby="today-heading" data-testid="today-strip">
      <div className="flex flex-col gap-4 rounded-2xl bg-neutral-950 p-4 text-white shadow-sm sm:p-5">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="today-heading" className="text-base font-semibold">
            Today so far
          </h2>
          <p className="text-sm text-neutral-300">{dayName}</p>
        </div>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-4">
          <div>
            <dt className="text-sm text-neutral-300">Sales</dt>
            <dd className="text-2xl font-semibold tabular-nums" data-testid="today-sales">
              {money(today.sales)}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-neutral-300">Orders</dt>
            <dd className="text-2xl font-semibold tabular-nums" data-testid="today-orders">
              {today.orders}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-neutral-300">Refunds</dt>
            <dd className="text-2xl font-semibold tabular-nums" data-testid="today-refunds">
              {money(today.refunds.amount)}
            </dd>
            <dd className="text-xs text-neutral-300">
              {today.refunds.count} {today.refunds.count === 1 ? 'refund' : 'refunds'}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-neutral-300">Open orders</dt>
            <dd className="text-2xl font-semibold tabular-nums">{today.openOrders}</dd>
          </div>
        </dl>
        <div className="grid gap-4 border-t border-neutral-800 pt-3 sm:grid-cols-2">
          <div>
            <h3 className="text-sm font-medium text-neutral-300">Payments taken</h3>
            {today.payments.length === 0 ? (
              <p className="mt-1 text-sm">None yet.</p>
            ) : (
              <ul className="mt-1 flex flex-col gap-1 text-sm" aria-label="Payments taken today">
                {today.payments.map((payment) => (
                  <li key={payment.method} className="flex justify-between gap-3">
                    <span>
                      {label(payment.method)} <span className="text-neutral-400">· {payment.count}</span>
                    </span>
                    <span className="tabular-nums">{money(payment.amount)}</span>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div>
            <h3 className="text-sm font-medium text-neutral-300">Cash drawers: expected now</h3>
            {today.drawers.length === 0 ? (
              <p className="mt-1 text-sm">No cash drawer.</p>
            ) : (
              <ul className="mt-1 flex flex-col gap-1 text-sm" aria-label="Cash drawers">
                {today.drawers.map((drawer) => (
                  <li key={drawer.accountId} className="flex justify-between gap-3">
                    <span className="min-w-0 truncate">{drawer.name}</span>
                    <span className="tabular-nums">{money(drawer.expected)}</span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}

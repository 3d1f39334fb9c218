import { clsx } from 'clsx';
import { Link } from 'react-router';
import type { Settlement, SettlementOrder } from '../../../../shared/contracts/settlements';
import { formatMoney } from '../../../../shared/money';
import { orderPath } from '../../../lib/paths';
import { useRestaurantDateTime } from '../../config';
import { Difference } from './settlement-badges';

/** What the payout report says of one order: paid (what and the difference) or left out. */
type ReportLine =
  | { kind: 'matched'; reported: number; difference: number }
  | { kind: 'missing'; difference: number };

/** Each order's line of the report, by order id (empty without a report). */
export function reportLines(settlement: Settlement): Map<string, ReportLine> {
  const lines = new Map<string, ReportLine>();
  const report = settlement.payoutReport;
  if (!report) return lines;
  for (const row of report.matched) {
    lines.set(row.orderId, { kind: 'matched', reported: row.reported.payout, difference: row.difference });
  }
  for (const row of report.missing) lines.set(row.orderId, { kind: 'missing', difference: row.difference });
  return lines;
}

const isDisputed = (line: ReportLine | undefined) => line !== undefined && line.difference !== 0;

function DisputedTag({ line }: { line: ReportLine | undefined }) {
  if (!isDisputed(line)) return null;
  return (
    <span className="inline-flex items-center rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-red-800 ring-1 ring-red-300 ring-inset">
      {line?.kind === 'missing' ? 'Not in report' : 'Disputed'}
    </span>
  );
}

function OrderLink({ order }: { order: SettlementOrder }) {
  return (
    <Link
      to={orderPath(order.orderId)}
      className="font-mono font-semibold text-neutral-950 underline underline-offset-2 hover:text-neutral-700"
    >
      #{order.number}
    </Link>
  );
}

/**
 * The settlement's orders, in the order they were completed: the order (to its page), the partner's
 * reference, when it was completed, gross, commission and payout; with a payout report, what the
 * partner reported paying for each and the difference. An order the report pays differently or leaves
 * out is marked "Disputed" ("Not in report"). A table on a wide screen, cards on a phone.
 */
export function SettlementOrders({ settlement, locale }: { settlement: Settlement; locale: string }) {
  const formatInstant = useRestaurantDateTime();
  const lines = reportLines(settlement);
  const withReport = settlement.payoutReport !== null;
  const money = (minor: number) => formatMoney(minor, settlement.currency, locale);
  let reportedTotal = 0;
  let differenceTotal = 0;
  for (const line of lines.values()) {
    if (line.kind === 'matched') reportedTotal += line.reported;
    differenceTotal += line.difference;
  }
  const reported = (line: ReportLine | undefined) =>
    line?.kind === 'matched' ? money(line.reported) : <span className="text-neutral-500">—</span>;

  return (
    <>
      <ul className="flex flex-col gap-2 md:hidden" aria-label="Orders">
        {settlement.orders.map((order) => {
          const line = lines.get(order.orderId);
          return (
            <li
              key={order.orderId}
              data-testid="settlement-order"
              data-disputed={isDisputed(line) || undefined}
              className={clsx(
                'rounded-xl border bg-white p-4 shadow-sm',
                isDisputed(line) ? 'border-red-300 border-l-4 bg-red-50/60' : 'border-neutral-200',
              )}
            >
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <div className="flex flex-wrap items-center gap-2">
                    <OrderLink order={order} />
                    <DisputedTag line={line} />
                  </div>
                  <p className="mt-0.5 text-sm break-words text-neutral-700">
                    {order.partnerReference || 'No reference'}
                  </p>
                  <p className="text-xs text-neutral-600">{formatInstant(order.completedAt)}</p>
                </div>
                <div className="shrink-0 text-right">
                  <p className="font-semibold text-neutral-950 tabular-nums">{money(order.payout)}</p>
                  <p className="text-xs text-neutral-600">payout</p>
                </div>
              </div>
              <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
                <dt className="text-neutral-600">Gross</dt>
                <dd className="text-right tabular-nums">{money(order.gross)}</dd>
                <dt className="text-neutral-600">Commission</dt>
                <dd className="text-right tabular-nums">{money(order.commission)}</dd>
                {withReport && (
                  <>
                    <dt className="text-neutral-600">Reported payout</dt>
                    <dd className="text-right tabular-nums">{reported(line)}</dd>
                    <dt className="text-neutral-600">Difference</dt>
                    <dd className="text-right">
                      <Difference
                        minor={line?.difference ?? 0}
                        currency={settlement.currency}
                        locale={locale}
                      />
                    </dd>
                  </>
                )}
              </dl>
            </li>
          );
        })}
      </ul>
      <div className="hidden overflow-x-auto rounded-xl border border-neutral-200 bg-white shadow-sm md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Orders</caption>
          <thead className="border-b border-neutral-200 bg-neutral-50 text-neutral-700">
            <tr>
              <th scope="col" className="px-4 py-3 font-medium">
                Order
              </th>
              <th scope="col" className="px-3 py-3 font-medium">
                Partner reference
              </th>
              <th scope="col" className="px-3 py-3 font-medium">
                Completed
              </th>
              <th scope="col" className="px-3 py-3 text-right font-medium">
                Gross
              </th>
              <th scope="col" className="px-3 py-3 text-right font-medium">
                Commission
              </th>
              <th scope="col" className="px-3 py-3 text-right font-medium">
                Payout
              </th>
              {withReport && (
                <>
                  <th scope="col" className="px-3 py-3 text-right font-medium">
                    Reported
                  </th>
                  <th scope="col" className="px-4 py-3 text-right font-medium">
                    Difference
                  </th>
                </>
              )}
            </tr>
          </thead>
          <tbody className="divide-y divide-neutral-100">
            {settlement.orders.map((order) => {
              const line = lines.get(order.orderId);
              return (
                <tr
                  key={order.orderId}
                  data-testid="settlement-order"
                  data-disputed={isDisputed(line) || undefined}
                  className={clsx('align-top', isDisputed(line) && 'bg-red-50/70')}
                >
                  <th
                    scope="row"
                    className={clsx(
                      'px-4 py-3 text-left font-normal',
                      isDisputed(line) && 'border-l-4 border-red-400',
                    )}
                  >
                    <div className="flex flex-col items-start gap-1">
                      <OrderLink order={order} />
                      <DisputedTag line={line} />
                    </div>
                  </th>
                  <td className="px-3 py-3 break-all text-neutral-800">{order.partnerReference || '—'}</td>
                  <td className="px-3 py-3 whitespace-nowrap text-neutral-700">
                    {formatInstant(order.completedAt)}
                  </td>
                  <td className="px-3 py-3 text-right whitespace-nowrap tabular-nums">
                    {money(order.gross)}
                  </td>
                  <td className="px-3 py-3 text-right whitespace-nowrap tabular-nums">
                    {money(order.commission)}
                  </td>
                  <td className="px-3 py-3 text-right font-medium whitespace-nowrap text-neutral-950 tabular-nums">
                    {money(order.payout)}
                  </td>
                  {withReport && (
                    <>
                      <td className="px-3 py-3 text-right whitespace-nowrap tabular-nums">
                        {reported(line)}
                      </td>
                      <td className="px-4 py-3 text-right">
                        <Difference
                          minor={line?.difference ?? 0}
                          currency={settlement.currency}
                          locale={locale}
                        />
                      </td>
                    </>
                  )}
                </tr>
              );
            })}
          </tbody>
          <tfoot className="border-t border-neutral-200 bg-neutral-50 font-medium">
            <tr>
              <th scope="row" colSpan={3} className="px-4 py-3 text-left font-semibold text-neutral-950">
                Total
              </th>
              <td className="px-3 py-3 text-right whitespace-nowrap tabular-nums">
                {money(settlement.gross)}
              </td>
              <td className="px-3 py-3 text-right whitespace-nowrap tabular-nums">
                {money(settlement.commission)}
              </td>
              <td className="px-3 py-3 text-right whitespace-nowrap tabular-nums">
                {money(settlement.gross - settlement.commission)}
              </td>
              {withReport && (
                <>
                  <td className="px-3 py-3 text-right whitespace-nowrap tabular-nums">
                    {money(reportedTotal)}
                  </td>
                  <td className="px-4 py-3 text-right">
                    <Difference minor={differenceTotal} currency={settlement.currency} locale={locale} />
                  </td>
                </>
              )}
            </tr>
          </tfoot>
        </table>
      </div>
    </>
  );
}

import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { SettlementSummary } from '../../../../shared/contracts/settlements';
import { formatDelta, formatMoney } from '../../../../shared/money';
import { ListEmpty, ListError, ListLoading } from '../../../components/ui/list-states';
import { settlementPath } from '../../../lib/paths';
import { formatDay } from '../../master-data';
import { usePartnerSettlements } from '../api/settlements-api';
import { Difference, DisputedBadge, SettlementStatusBadge } from './settlement-badges';
import { formatPeriod } from './settlement-period';

/** The period, as the link that opens the settlement (stretched over its row or card). */
function PeriodLink({ item, locale }: { item: SettlementSummary; locale: string }) {
  return (
    <Link
      to={settlementPath(item.id)}
      className='font-medium text-neutral-950 underline-offset-2 after:absolute after:inset-0 after:content-[""] hover:underline focus-visible:outline-none focus-visible:after:rounded-xl focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-neutral-950'
    >
      {formatPeriod(item.from, item.to, locale)}
    </Link>
  );
}

/** What was received: the amount, its day, and the difference from the net expected. */
function ReceivedText({ item, locale }: { item: SettlementSummary; locale: string }): ReactNode {
  if (!item.received) return <span className="text-neutral-500">—</span>;
  return (
    <span className="flex flex-col items-end">
      <span className="whitespace-nowrap tabular-nums">
        {formatMoney(item.received.amount, item.currency, locale)}
      </span>
      <span className="text-xs whitespace-nowrap text-neutral-600">
        {formatDay(item.received.on, locale)}
      </span>
      {item.received.difference !== 0 && (
        <Difference
          minor={item.received.difference}
          currency={item.currency}
          locale={locale}
          className="text-xs"
        />
      )}
    </span>
  );
}

/**
 * The partner's settlements, newest period first: the period, orders, gross, commission, adjustments
 * and net, the status (with the disputed orders once a payout report was imported) and what was
 * received. A table on a wide screen, cards on a phone; each opens its settlement.
 */
export function SettlementList({ partnerId, locale }: { partnerId: string; locale: string }) {
  const query = usePartnerSettlements(partnerId);
  if (query.isError) return <ListError error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <ListLoading>Loading the settlements...</ListLoading>;
  const items = query.data;
  if (items.length === 0) {
    return <ListEmpty>No settlements yet. Create one for a period above.</ListEmpty>;
  }
  const money = (item: SettlementSummary, minor: number) => formatMoney(minor, item.currency, locale);

  return (
    <>
      {/* Phone: one card per settlement. */}
      <ul className="flex flex-col gap-2 md:hidden" aria-label="Settlements">
        {items.map((item) => (
          <li
            key={item.id}
            data-testid="settlement-row"
            className="relative rounded-xl border border-neutral-200 bg-white p-4 shadow-sm hover:border-neutral-300"
          >
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <PeriodLink item={item} locale={locale} />
                <div className="mt-1 flex flex-wrap gap-1.5">
                  <SettlementStatusBadge status={item.status} />
                  <DisputedBadge disputed={item.disputed} />
                </div>
              </div>
              <div className="flex shrink-0 items-center gap-1">
                <div className="text-right">
                  <p className="font-semibold text-neutral-950 tabular-nums">{money(item, item.net)}</p>
                  <p className="text-xs text-neutral-600">net</p>
                </div>
                <ChevronRight aria-hidden="true" className="size-4 text-neutral-400" />
              </div>
            </div>
            <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
              <dt className="text-neutral-600">Orders</dt>
              <dd className="text-right tabular-nums">{item.orderCount}</dd>
              <dt className="text-neutral-600">Gross</dt>
              <dd className="text-right tabular-nums">{money(item, item.gross)}</dd>
              <dt className="text-neutral-600">Commission</dt>
              <dd className="text-right tabular-nums">{money(item, item.commission)}</dd>
              {item.adjustmentsTotal !== 0 && (
                <>
                  <dt className="text-neutral-600">Adjustments</dt>
                  <dd className="text-right tabular-nums">
                    {formatDelta(item.adjustmentsTotal, item.currency, locale)}
                  </dd>
                </>
              )}
              {item.received && (
                <>
                  <dt className="text-neutral-600">Received</dt>
                  <dd className="text-right tabular-nums">
                    {money(item, item.received.amount)}
                    <span className="block text-xs text-neutral-600">
                      {formatDay(item.received.on, locale)}
                    </span>
                  </dd>
                  <dt className="text-neutral-600">Difference</dt>
                  <dd className="text-right">
                    <Difference minor={item.received.difference} currency={item.currency} locale={locale} />
                  </dd>
                </>
              )}
            </dl>
          </li>
        ))}
      </ul>
      {/* Wide screens: a table. */}
      <div className="hidden overflow-x-auto rounded-xl border border-neutral-200 bg-white shadow-sm md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Settlements</caption>
          <thead className="border-b border-neutral-200 bg-neutral-50 text-neutral-700">
            <tr>
              <th scope="col" className="px-4 py-3 font-medium">
                Period
              </th>
              <th scope="col" className="px-3 py-3 text-right font-medium">
                Orders
              </th>
              <th scope="col" className="px-3 py-3 text-right font-medium">
                Gross
              </th>
              <th scope="col" className="px-3 py-3 text-right font-medium">
                Commission
              </th>
              <th scope="col" className="px-3 py-3 text-right font-medium">
                Adjustments
              </th>
              <th scope="col" className="px-3 py-3 text-right font-medium">
                Net
              </th>
              <th scope="col" className="px-3 py-3 font-medium">
                Status
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium">
                Received
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-neutral-100">
            {items.map((item) => (
              <tr
                key={item.id}
                data-testid="settlement-row"
                className="relative align-top hover:bg-neutral-50"
              >
                <th scope="row" className="px-4 py-3 text-left font-normal whitespace-nowrap">
                  <PeriodLink item={item} locale={locale} />
                </th>
                <td className="px-3 py-3 text-right tabular-nums">{item.orderCount}</td>
                <td className="px-3 py-3 text-right whitespace-nowrap tabular-nums">
                  {money(item, item.gross)}
                </td>
                <td className="px-3 py-3 text-right whitespace-nowrap tabular-nums">
                  {money(item, item.commission)}
                </td>
                <td className="px-3 py-3 text-right whitespace-nowrap tabular-nums">
                  {item.adjustmentsTotal === 0
                    ? '—'
                    : formatDelta(item.adjustmentsTotal, item.currency, locale)}
                </td>
                <td className="px-3 py-3 text-right font-semibold whitespace-nowrap text-neutral-950 tabular-nums">
                  {money(item, item.net)}
                </td>
                <td className="px-3 py-3">
                  <div className="flex flex-col items-start gap-1">
                    <SettlementStatusBadge status={item.status} />
                    <DisputedBadge disputed={item.disputed} />
                  </div>
                </td>
                <td className="px-4 py-3 text-right">
                  <ReceivedText item={item} locale={locale} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

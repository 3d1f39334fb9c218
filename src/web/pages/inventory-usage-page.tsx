import { Download } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { INVENTORY_USAGE_PATH } from '../../shared/contracts/inventory-usage';
import { restaurantToday } from '../../shared/coupon-rules';
import { formatMoney } from '../../shared/money';
import { DocumentTitle } from '../components/ui/document-title';
import { ListError, ListLoading } from '../components/ui/list-states';
import { TextField } from '../components/ui/text-field';
import { useConfig } from '../features/config';
import {
  GroupFilter,
  groupParam,
  type UsageQuery,
  UsageTable,
  usageParams,
  useUsageReport,
} from '../features/inventory';
import { paths } from '../lib/paths';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The period shown first: the last 30 days, today included. */
const DEFAULT_DAYS = 30;

/** `day` moved by `days` on the calendar. */
function shiftDay(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, (date ?? 1) + days)).toISOString().slice(0, 10);
}

/**
 * `/inventory/usage` (admin; docs/PRODUCT-RULES.md, Inventory, Where stock went): for a period, per
 * item, what there was, what came in, what the recipes say was sold, what was wasted, adjusted and
 * counted, what is left, and what went missing, by money lost; as a table and a CSV file.
 */
export function InventoryUsagePage() {
  const config = useConfig();
  const [searchParams, setSearchParams] = useSearchParams();
  const today = config.data ? restaurantToday(config.data.timeZone) : null;
  const requestedFrom = searchParams.get('from');
  const requestedTo = searchParams.get('to');
  const requestedGroup = searchParams.get('group');
  const to = requestedTo && DAY.test(requestedTo) ? requestedTo : today;
  const from =
    requestedFrom && DAY.test(requestedFrom) ? requestedFrom : to ? shiftDay(to, 1 - DEFAULT_DAYS) : null;
  const query: UsageQuery = {
    from: from ?? '',
    to: to ?? '',
    group: groupParam(requestedGroup),
  };
  const backwards = Boolean(from && to && from > to);
  const report = useUsageReport(query, Boolean(from && to) && !backwards);

  function setParam(name: string, value: string | null) {
    const params = new URLSearchParams(searchParams);
    if (value) params.set(name, value);
    else params.delete(name);
    setSearchParams(params, { replace: true });
  }

  const locale = config.data?.locale ?? 'en-US';
  const data = report.data;
  return (
    <div className="w-full max-w-7xl px-4 py-6 sm:px-6 md:py-10 lg:px-10">
      <DocumentTitle title="Where stock went" />
      <p className="text-sm">
        <Link to={paths.inventory} className="text-neutral-600 underline-offset-2 hover:underline">
          Inventory
        </Link>
      </p>
      <h1 className="mt-1 text-2xl font-semibold tracking-tight text-neutral-950 sm:text-3xl">
        Where stock went
      </h1>
      <p className="mt-1 max-w-3xl text-neutral-600">
        Per item over the period: what the recipes of completed orders used, what else went (waste,
        adjustments, counts), and the variance between them, by money lost.
      </p>

      <div className="mt-6 grid gap-3 sm:grid-cols-[repeat(3,minmax(0,12rem))_auto] sm:items-end">
        <TextField
          label="From"
          type="date"
          value={from ?? ''}
          max={to ?? undefined}
          onChange={(event) => setParam('from', event.target.value || null)}
        />
        <TextField
          label="To"
          type="date"
          value={to ?? ''}
          onChange={(event) => setParam('to', event.target.value || null)}
        />
        <GroupFilter value={query.group} onChange={(group) => setParam('group', group)} />
        {from && to && !backwards && (
          <a
            href={`${INVENTORY_USAGE_PATH}?${usageParams(query)}&format=csv`}
            download
            className="inline-flex h-11 items-center justify-center gap-2 rounded-lg border border-neutral-300 bg-white px-3 text-sm font-medium text-neutral-900 shadow-sm hover:bg-neutral-50"
          >
            <Download aria-hidden="true" className="size-4" />
            Download CSV
          </a>
        )}
      </div>

      {data && (
        <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="The period in money">
          {(
            [
              ['Received', data.totals.received],
              ['Used (actual)', data.totals.actualUse],
              ['Used (recipes)', data.totals.theoreticalUse],
              ['Variance', data.totals.variance],
            ] as const
          ).map(([label, value]) => (
            <div key={label} className="rounded-xl border border-neutral-200 bg-white p-4 shadow-sm">
              <dt className="text-sm text-neutral-600">{label}</dt>
              <dd className="mt-1 text-xl font-semibold text-neutral-950 tabular-nums">
                {formatMoney(value, data.currency, locale)}
              </dd>
            </div>
          ))}
        </dl>
      )}

      <div className="mt-6">
        {backwards ? (
          <p role="alert" className="text-red-700">
            The first day is after the last one.
          </p>
        ) : report.isError ? (
          <ListError error={report.error} onRetry={() => void report.refetch()} />
        ) : !data ? (
          <ListLoading>Loading the report...</ListLoading>
        ) : (
          <UsageTable report={data} locale={locale} />
        )}
      </div>
    </div>
  );
}

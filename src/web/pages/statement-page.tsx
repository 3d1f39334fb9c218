import { useSearchParams } from 'react-router';
import { restaurantToday } from '../../shared/coupon-rules';
import { findPage } from '../../shared/pages';
import { DocumentTitle } from '../components/ui/document-title';
import { ListLoading } from '../components/ui/list-states';
import { useConfig } from '../features/config';
import { FinancialStatement, periodFromSearch, type ReportPeriod } from '../features/reports';
import { pageTitle } from '../lib/page-titles';
import { paths } from '../lib/paths';

/** The navigation's label ("Financial Statement"), from the shared page table. */
const page = findPage(paths.statement);
const TITLE = page ? pageTitle(page) : 'Financial Statement';

/**
 * `/statement` (admin; docs/PRODUCT-RULES.md, The financial statement): for a chosen period against the one before it, sales,
 * discounts and refunds, net sales by order type and source, income, the tax owed, the cost of goods
 * sold and food cost, partner commissions, operating expenses by category and the profit; then every
 * account's cash and bank movements. Each line opens the records behind it; the statement downloads
 * as CSV and prints on A4. The period lives in the address (`?from=2026-01-01&to=2026-03-31`), so a
 * reload or a shared link keeps it; without one, this month of the restaurant's calendar.
 */
export function StatementPage() {
  const config = useConfig();
  const [searchParams, setSearchParams] = useSearchParams();
  const today = config.data ? restaurantToday(config.data.timeZone) : null;
  const period = today ? periodFromSearch(searchParams, today) : null;

  function choosePeriod(next: ReportPeriod) {
    const params = new URLSearchParams(searchParams);
    params.set('from', next.from);
    params.set('to', next.to);
    setSearchParams(params, { replace: true });
  }

  return (
    <div className="w-full max-w-6xl px-4 py-8 sm:px-6 md:py-10 lg:px-10">
      <DocumentTitle title={TITLE} />
      <h1 className="text-2xl font-semibold tracking-tight text-neutral-950 sm:text-3xl">{TITLE}</h1>
      <p className="mt-1 text-neutral-600">
        What a period made and where the money went, next to the period before it.
      </p>
      <div className="mt-6">
        {config.data && today && period ? (
          <FinancialStatement
            period={period}
            today={today}
            locale={config.data.locale}
            restaurantName={config.data.restaurantName}
            onPeriodChange={choosePeriod}
          />
        ) : (
          <ListLoading>Loading the statement...</ListLoading>
        )}
      </div>
    </div>
  );
}

import { useSearchParams } from 'react-router';
import { restaurantToday } from '../../shared/coupon-rules';
import { findPage } from '../../shared/pages';
import { DocumentTitle } from '../components/ui/document-title';
import { ListLoading } from '../components/ui/list-states';
import { AnalyticsDashboard, type AnalyticsPeriod, periodFromSearch } from '../features/analytics';
import { useConfig } from '../features/config';
import { pageTitle } from '../lib/page-titles';
import { paths } from '../lib/paths';

/** The navigation's label ("Analytics"), from the shared page table. */
const page = findPage(paths.adminDashboard);
const TITLE = page ? pageTitle(page) : 'Analytics';

/**
 * `/admin/dashboard` (admin; docs/PRODUCT-RULES.md, The analytics dashboard): today's takings at a
 * glance, then for a chosen period its figures, sales over time, the weekday × hour map, dishes,
 * categories, order types and sources, payment methods, discounts, preparation times, ratings, low
 * stock and budgets. The period lives in the address (`?from=2026-03-01&to=2026-03-31`); without one,
 * today in the restaurant's calendar.
 */
export function DashboardPage() {
  const config = useConfig();
  const [searchParams, setSearchParams] = useSearchParams();
  const today = config.data ? restaurantToday(config.data.timeZone) : null;
  const period = today ? periodFromSearch(searchParams, today) : null;

  function choosePeriod(next: AnalyticsPeriod) {
    const params = new URLSearchParams(searchParams);
    params.set('from', next.from);
    params.set('to', next.to);
    setSearchParams(params, { replace: true });
  }

  return (
    <div className="w-full max-w-7xl px-4 py-8 sm:px-6 md:py-10 lg:px-10">
      <DocumentTitle title={TITLE} />
      <h1 className="text-2xl font-semibold tracking-tight text-neutral-950 sm:text-3xl">{TITLE}</h1>
      <p className="mt-1 text-neutral-600">How the restaurant is doing today and over a period.</p>
      <div className="mt-6">
        {config.data && today && period ? (
          <AnalyticsDashboard
            period={period}
            today={today}
            locale={config.data.locale}
            timeZone={config.data.timeZone}
            onPeriodChange={choosePeriod}
          />
        ) : (
          <ListLoading>Loading the dashboard...</ListLoading>
        )}
      </div>
    </div>
  );
}

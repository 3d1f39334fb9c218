import { useSearchParams } from 'react-router';
import { restaurantToday } from '../../shared/coupon-rules';
import { DocumentTitle } from '../components/ui/document-title';
import { ListLoading } from '../components/ui/list-states';
import { BudgetMonthPanel, isMonth } from '../features/budgets';
import { useConfig } from '../features/config';

/**
 * `/budget-allocations` (admin; docs/PRODUCT-RULES.md, Budgets): per expense category, what a month
 * may spend against what it has spent, the state at 80 % and 100 %, the totals and the six months up
 * to it; the budget edited in place or copied from the month before. The month lives in the address
 * (`?month=2026-11`), which the budget notices link to; without it, this month.
 */
export function BudgetAllocationsPage() {
  const config = useConfig();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('month');
  const current = config.data ? restaurantToday(config.data.timeZone).slice(0, 7) : null;
  const month = isMonth(requested) ? requested : current;

  function chooseMonth(next: string) {
    const params = new URLSearchParams(searchParams);
    params.set('month', next);
    setSearchParams(params, { replace: true });
  }

  return (
    <div className="w-full max-w-6xl px-4 py-8 sm:px-6 md:py-10 lg:px-10">
      <DocumentTitle title="Budget Allocations" />
      <h1 className="text-2xl font-semibold tracking-tight text-neutral-950 sm:text-3xl">
        Budget Allocations
      </h1>
      <p className="mt-1 text-neutral-600">
        What each expense category may spend in a month, against what its expenses have used.
      </p>
      <div className="mt-8">
        {config.data && month && current ? (
          <BudgetMonthPanel
            month={month}
            current={current}
            money={{ currency: config.data.currency, locale: config.data.locale }}
            onMonthChange={chooseMonth}
          />
        ) : (
          <ListLoading>Loading the budget...</ListLoading>
        )}
      </div>
    </div>
  );
}

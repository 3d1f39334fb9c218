import { clsx } from 'clsx';
import { useMemo, useState } from 'react';
import { ORDER_SOURCE_LABELS, ORDER_TYPE_LABELS } from '../../../../shared/contracts/orders';
import { currencyDigits, formatMoney } from '../../../../shared/money';
import { PAYMENT_METHOD_LABELS } from '../../../../shared/payment-methods';
import { Card } from '../../../components/ui/card';
import { ListError, ListLoading } from '../../../components/ui/list-states';
import { type AnalyticsPeriod, formatDay, formatPeriod } from '../analytics-period';
import { useDashboard } from '../api/dashboard-api';
import type { OrdersDrill } from '../dashboard-model';
import type { TableFormats } from '../dashboard-tables';
import {
  BudgetsCard,
  type CardProps,
  CategoriesCard,
  CouponsCard,
  DishesCard,
  HeatmapCard,
  KeyedSalesCard,
  LowStockCard,
  PaymentMethodsCard,
  PrepCard,
  RatingsCard,
  SalesOverTimeCard,
} from './dashboard-cards';
import { OrdersDialog } from './orders-dialog';
import { PeriodChooser } from './period-chooser';
import { TodayStrip } from './today-strip';

const KEY_LABELS: Record<string, string> = {
  ...ORDER_TYPE_LABELS,
  ...ORDER_SOURCE_LABELS,
  ...PAYMENT_METHOD_LABELS,
};

function Figure({
  label,
  value,
  note,
  testId,
}: {
  label: string;
  value: string;
  note?: string;
  testId: string;
}) {
  return (
    <Card className="flex min-w-0 flex-col gap-1 p-4">
      <dt className="text-sm text-neutral-600">{label}</dt>
      <dd
        className="truncate text-xl font-semibold text-neutral-950 tabular-nums sm:text-2xl"
        data-testid={testId}
      >
        {value}
      </dd>
      {note && <dd className="text-xs text-neutral-500">{note}</dd>}
    </Card>
  );
}

/**
 * The analytics dashboard of a period (admin; docs/PRODUCT-RULES.md, The analytics dashboard): today at
 * a glance whatever the period, the period's figures, and a card per chart (each with its numbers as a
 * table and as CSV); bars and cells open the orders behind them.
 */
export function AnalyticsDashboard({
  period,
  today,
  locale,
  timeZone,
  onPeriodChange,
}: {
  period: AnalyticsPeriod;
  today: string;
  locale: string;
  timeZone: string;
  onPeriodChange: (period: AnalyticsPeriod) => void;
}) {
  const dashboard = useDashboard(period);
  const [drill, setDrill] = useState<OrdersDrill | null>(null);
  const currency = dashboard.data?.currency ?? 'USD';

  const formats = useMemo<TableFormats>(() => {
    const multiYear = period.from.slice(0, 4) !== period.to.slice(0, 4);
    return {
      money: (minor) => formatMoney(minor, currency, locale),
      digits: currencyDigits(currency),
      day: (day) => formatDay(day, locale, multiYear),
      label: (key) => KEY_LABELS[key] ?? key,
    };
  }, [currency, locale, period.from, period.to]);

  const axisMoney = useMemo(() => {
    const digits = currencyDigits(currency);
    let format: Intl.NumberFormat;
    try {
      format = new Intl.NumberFormat(locale, { style: 'currency', currency, notation: 'compact' });
    } catch {
      format = new Intl.NumberFormat('en', { notation: 'compact' });
    }
    return (minor: number) => format.format(minor / 10 ** digits);
  }, [currency, locale]);

  const header = (
    <div className="flex flex-col gap-2">
      <PeriodChooser period={period} today={today} onChange={onPeriodChange} />
      <p className="text-sm text-neutral-600" data-testid="period-name">
        {formatPeriod(period, locale)}
      </p>
    </div>
  );

  if (dashboard.isError && !dashboard.data) {
    return (
      <div className="flex flex-col gap-6">
        {header}
        <ListError error={dashboard.error} onRetry={() => void dashboard.refetch()} />
      </div>
    );
  }
  if (!dashboard.data) {
    return (
      <div className="flex flex-col gap-6">
        {header}
        <ListLoading>Loading the dashboard...</ListLoading>
      </div>
    );
  }

  const data = dashboard.data;
  const cardProps: CardProps = { dashboard: data, period, formats, axisMoney, onDrill: setDrill };
  const { figures } = data;

  return (
    <div className="flex flex-col gap-6">
      <TodayStrip
        today={data.today}
        money={formats.money}
        label={formats.label}
        dayName={formatDay(data.today.day, locale)}
      />
      {header}
      <div
        className={clsx(
          'flex flex-col gap-6 transition-opacity',
          dashboard.isPlaceholderData && 'opacity-60',
        )}
        aria-busy={dashboard.isPlaceholderData}
      >
        <section aria-labelledby="figures-heading">
          <h2 id="figures-heading" className="sr-only">
            Figures of the period
          </h2>
          <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
            <Figure label="Sales" value={formats.money(figures.sales)} testId="figure-sales" />
            <Figure label="Orders" value={String(figures.orders)} testId="figure-orders" />
            <Figure
              label="Average order"
              value={formats.money(figures.averageOrder)}
              testId="figure-average"
            />
            <Figure label="Refunds" value={formats.money(figures.refunds)} testId="figure-refunds" />
            <Figure label="Open orders" value={String(figures.openOrders)} note="Now" testId="figure-open" />
          </dl>
        </section>
        {figures.orders === 0 && (
          <p className="text-neutral-700" role="status">
            No order was completed in this period.
          </p>
        )}
        <div className="grid gap-4 lg:grid-cols-2">
          <SalesOverTimeCard {...cardProps} />
          <HeatmapCard {...cardProps} />
          <DishesCard {...cardProps} which="top" />
          <DishesCard {...cardProps} which="bottom" />
          <CategoriesCard {...cardProps} />
          <PaymentMethodsCard {...cardProps} />
          <KeyedSalesCard {...cardProps} kind="type" />
          <KeyedSalesCard {...cardProps} kind="source" />
          <CouponsCard {...cardProps} />
          <PrepCard {...cardProps} />
          <RatingsCard {...cardProps} />
          <div className="grid gap-4">
            <LowStockCard dashboard={data} />
            <BudgetsCard dashboard={data} formats={formats} />
          </div>
        </div>
      </div>
      <OrdersDialog drill={drill} onClose={() => setDrill(null)} timeZone={timeZone} money={formats.money} />
    </div>
  );
}

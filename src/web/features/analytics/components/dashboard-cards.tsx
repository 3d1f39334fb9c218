import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import type { Dashboard } from '../../../../shared/contracts/reports';
import { BarChart } from '../../../components/charts/bar-chart';
import { BarList } from '../../../components/charts/bar-list';
import { ChartCard } from '../../../components/charts/chart-card';
import { niceTicks } from '../../../components/charts/chart-geometry';
import { HeatMap } from '../../../components/charts/heat-map';
import { LineChart } from '../../../components/charts/line-chart';
import { Card } from '../../../components/ui/card';
import { SegmentedChoice } from '../../../components/ui/segmented-choice';
import { inventoryItemPath, orderPath, paths } from '../../../lib/paths';
import type { AnalyticsPeriod } from '../analytics-period';
import {
  bottomDishes,
  type DishMeasure,
  heatmapGrid,
  hourRange,
  type OrdersDrill,
  ordersWord,
  topDishes,
  WEEKDAY_NAMES,
} from '../dashboard-model';
import {
  categoriesTable,
  couponsTable,
  dishesTable,
  heatmapTable,
  keyedSalesTable,
  paymentMethodsTable,
  prepTable,
  ratingsTable,
  salesOverTimeTable,
  type TableFormats,
} from '../dashboard-tables';

export interface CardProps {
  dashboard: Dashboard;
  period: AnalyticsPeriod;
  formats: TableFormats;
  /** Money on an axis, short ("$1.2K"). */
  axisMoney: (minor: number) => string;
  onDrill: (drill: OrdersDrill) => void;
}

const NO_ORDERS = 'No completed orders in this period.';

/** "3 orders, $45.00". */
function ordersAndSales(orders: number, sales: number, money: (minor: number) => string) {
  return `${ordersWord(orders)}, ${money(sales)}`;
}

export function SalesOverTimeCard({ dashboard, period, formats, axisMoney, onDrill }: CardProps) {
  const { unit, points } = dashboard.salesOverTime;
  const name = (key: string) => (unit === 'hour' ? hourRange(Number(key)) : formats.day(key));
  return (
    <ChartCard
      title="Sales over time"
      description={
        unit === 'hour'
          ? 'By hour of completion. Choose a bar for its orders.'
          : 'By day. Choose a bar for its orders.'
      }
      table={salesOverTimeTable(dashboard.salesOverTime, formats)}
      period={period}
      empty={dashboard.figures.orders === 0 ? NO_ORDERS : null}
      className="lg:col-span-2"
    >
      <BarChart
        ariaLabel={`Sales ${unit === 'hour' ? 'by hour' : 'by day'}`}
        bars={points.map((point) => ({
          key: point.key,
          label: unit === 'hour' ? String(Number(point.key)) : formats.day(point.key),
          value: point.sales,
          name: `${name(point.key)}: ${ordersAndSales(point.orders, point.sales, formats.money)}`,
        }))}
        formatTick={axisMoney}
        onSelect={(bar) => {
          const point = points.find((candidate) => candidate.key === bar.key);
          if (!point) return;
          onDrill(
            unit === 'hour'
              ? {
                  title: `Orders completed ${formats.day(period.from)}, ${hourRange(Number(point.key))}`,
                  period,
                  hour: Number(point.key),
                }
              : {
                  title: `Orders completed ${formats.day(point.key)}`,
                  period: { from: point.key, to: point.key },
                },
          );
        }}
        testId="sales-over-time-chart"
      />
    </ChartCard>
  );
}

export function HeatmapCard({ dashboard, period, formats, onDrill }: CardProps) {
  const grid = heatmapGrid(dashboard.heatmap);
  return (
    <ChartCard
      title="Sales by weekday and hour"
      description="Darker is more sales. Choose a cell for its orders."
      table={heatmapTable(dashboard.heatmap, formats)}
      period={period}
      empty={dashboard.heatmap.length === 0 ? NO_ORDERS : null}
      className="lg:col-span-2"
    >
      <HeatMap
        ariaLabel="Sales by weekday and hour"
        rows={WEEKDAY_NAMES}
        columns={Array.from({ length: 24 }, (_, hour) => String(hour))}
        cells={grid.map((row, weekday) =>
          row.map((cell, hour) => ({
            value: cell.sales,
            name: `${WEEKDAY_NAMES[weekday]} ${hourRange(hour)}: ${ordersAndSales(cell.orders, cell.sales, formats.money)}`,
          })),
        )}
        onSelect={(weekday, hour) =>
          onDrill({
            title: `Orders completed on ${WEEKDAY_NAMES[weekday]} ${hourRange(hour)}`,
            period,
            weekday: weekday + 1,
            hour,
          })
        }
      />
    </ChartCard>
  );
}

const MEASURE_LABELS: Record<DishMeasure, string> = { revenue: 'Revenue', quantity: 'Quantity' };

export function DishesCard({ dashboard, period, formats, which }: CardProps & { which: 'top' | 'bottom' }) {
  const [measure, setMeasure] = useState<DishMeasure>('revenue');
  const dishes =
    which === 'top' ? topDishes(dashboard.dishes, measure) : bottomDishes(dashboard.dishes, measure);
  const title = which === 'top' ? 'Top dishes' : 'Bottom dishes';
  return (
    <ChartCard
      title={title}
      description={which === 'top' ? 'The 10 that sold most.' : 'The 10 that sold least.'}
      table={dishesTable(dishes, formats)}
      period={period}
      empty={dishes.length === 0 ? 'No dishes sold in this period.' : null}
    >
      <SegmentedChoice
        legend={`${title} by`}
        hideLegend
        options={['revenue', 'quantity'] as const}
        labels={MEASURE_LABELS}
        value={measure}
        onChange={setMeasure}
        className="sm:w-64"
      />
      <BarList
        ariaLabel={`${title} by ${measure}`}
        tone={which === 'top' ? 'bg-emerald-600' : 'bg-amber-600'}
        items={dishes.map((dish, index) => ({
          key: `${dish.menuItemId ?? dish.name}-${index}`,
          label: dish.name,
          detail: `${dish.categoryName}${dish.foodCostPercent === null ? '' : ` · food cost ${dish.foodCostPercent.toFixed(1)} %`}`,
          value: dish[measure],
          valueText: measure === 'revenue' ? formats.money(dish.revenue) : `${dish.quantity} sold`,
        }))}
      />
    </ChartCard>
  );
}

export function CategoriesCard({ dashboard, period, formats }: CardProps) {
  return (
    <ChartCard
      title="Categories"
      description="Revenue of the dishes sold, by menu category."
      table={categoriesTable(dashboard.categories, formats)}
      period={period}
      empty={dashboard.categories.length === 0 ? 'No dishes sold in this period.' : null}
    >
      <BarList
        ariaLabel="Revenue by category"
        items={dashboard.categories.map((category) => ({
          key: category.name,
          label: category.name,
          detail: `${category.quantity} sold`,
          value: category.revenue,
          valueText: formats.money(category.revenue),
        }))}
      />
    </ChartCard>
  );
}

export function KeyedSalesCard({
  dashboard,
  period,
  formats,
  onDrill,
  kind,
}: CardProps & { kind: 'type' | 'source' }) {
  const rows = kind === 'type' ? dashboard.types : dashboard.sources;
  const title = kind === 'type' ? 'Order types' : 'Sources';
  return (
    <ChartCard
      title={title}
      description="Sales of the completed orders. Choose one for its orders."
      table={keyedSalesTable(kind === 'type' ? 'Type' : 'Source', rows, formats)}
      period={period}
      empty={dashboard.figures.orders === 0 ? NO_ORDERS : null}
    >
      <BarList
        ariaLabel={`Sales by ${kind}`}
        items={rows.map((row) => ({
          key: row.key,
          label: formats.label(row.key),
          detail: ordersWord(row.orders),
          value: row.sales,
          valueText: formats.money(row.sales),
          name: `${formats.label(row.key)}: ${ordersAndSales(row.orders, row.sales, formats.money)}`,
        }))}
        onSelect={(item) =>
          onDrill({
            title: `${formats.label(item.key)} orders`,
            period,
            ...(kind === 'type' ? { type: item.key } : { source: item.key }),
          })
        }
      />
    </ChartCard>
  );
}

export function PaymentMethodsCard({ dashboard, period, formats }: CardProps) {
  return (
    <ChartCard
      title="Payment methods"
      description="Payments taken in the period."
      table={paymentMethodsTable(dashboard.paymentMethods, formats)}
      period={period}
      empty={dashboard.paymentMethods.length === 0 ? 'No payments in this period.' : null}
    >
      <BarList
        ariaLabel="Payments by method"
        items={dashboard.paymentMethods.map((method) => ({
          key: method.method,
          label: formats.label(method.method),
          detail: `${method.count} ${method.count === 1 ? 'payment' : 'payments'}`,
          value: method.amount,
          valueText: formats.money(method.amount),
        }))}
      />
    </ChartCard>
  );
}

export function CouponsCard({ dashboard, period, formats }: CardProps) {
  const { coupons } = dashboard;
  const given = coupons.couponDiscount + coupons.manualDiscount;
  return (
    <ChartCard
      title="Coupons and discounts"
      description="Discounts given on the completed orders."
      table={couponsTable(coupons, formats)}
      period={period}
      empty={given === 0 && coupons.uses.length === 0 ? 'No discounts given in this period.' : null}
      footer={
        <dl className="grid grid-cols-2 gap-3 border-t border-neutral-100 pt-3 text-sm">
          <div>
            <dt className="text-neutral-600">Coupons</dt>
            <dd className="font-semibold tabular-nums" data-testid="coupon-discount">
              {formats.money(coupons.couponDiscount)}
            </dd>
          </div>
          <div>
            <dt className="text-neutral-600">Given by hand</dt>
            <dd className="font-semibold tabular-nums">{formats.money(coupons.manualDiscount)}</dd>
          </div>
        </dl>
      }
    >
      {coupons.uses.length === 0 ? (
        <p className="text-sm text-neutral-600">No coupon used.</p>
      ) : (
        <BarList
          ariaLabel="Discount by coupon"
          tone="bg-sky-600"
          items={coupons.uses.map((use) => ({
            key: use.code,
            label: use.code,
            detail: ordersWord(use.orders),
            value: use.discount,
            valueText: formats.money(use.discount),
          }))}
        />
      )}
    </ChartCard>
  );
}

export function PrepCard({ dashboard, period }: CardProps) {
  const { prep } = dashboard;
  const hours = prep.byHour.map((hour) => hour.hour);
  const first = Math.min(...hours);
  const last = Math.max(...hours);
  const span =
    hours.length === 0 ? [] : Array.from({ length: last - first + 1 }, (_, index) => first + index);
  const byHour = new Map(prep.byHour.map((hour) => [hour.hour, hour]));
  const ticks = niceTicks(Math.max(prep.redMinutes, ...prep.byHour.map((hour) => hour.averageMinutes)));
  return (
    <ChartCard
      title="Preparation time"
      description="Average minutes from confirmed to ready, by hour the order was completed."
      table={prepTable(prep)}
      period={period}
      empty={prep.measured === 0 ? 'No order went through the kitchen in this period.' : null}
      footer={
        prep.measured > 0 && (
          <dl className="grid grid-cols-3 gap-3 border-t border-neutral-100 pt-3 text-sm">
            <div>
              <dt className="text-neutral-600">Average</dt>
              <dd className="font-semibold tabular-nums">{prep.averageMinutes?.toFixed(1) ?? '—'} min</dd>
            </div>
            <div>
              <dt className="text-neutral-600">Past {prep.amberMinutes} min</dt>
              <dd className="font-semibold tabular-nums text-amber-800">{ordersWord(prep.pastAmber)}</dd>
            </div>
            <div>
              <dt className="text-neutral-600">Past {prep.redMinutes} min</dt>
              <dd className="font-semibold tabular-nums text-red-700">{ordersWord(prep.pastRed)}</dd>
            </div>
          </dl>
        )
      }
    >
      <LineChart
        labels={span.map((hour) => `${hour}:00`)}
        series={[
          {
            key: 'average',
            label: 'Average',
            values: span.map((hour) => byHour.get(hour)?.averageMinutes ?? null),
            stroke: 'stroke-neutral-900',
            fill: 'fill-neutral-900',
            strokeWidth: 2.5,
          },
        ]}
        min={0}
        max={ticks.at(-1) ?? 1}
        ticks={ticks}
        guides={[
          { value: prep.amberMinutes, label: `${prep.amberMinutes} min`, stroke: 'stroke-amber-500' },
          { value: prep.redMinutes, label: `${prep.redMinutes} min`, stroke: 'stroke-red-600' },
        ]}
        pointTitle={(_, index) => {
          const hour = byHour.get(span[index] ?? -1);
          return hour
            ? `${hourRange(hour.hour)}: ${hour.averageMinutes.toFixed(1)} min over ${ordersWord(hour.orders)}`
            : '';
        }}
        ariaLabel={`Average preparation minutes by hour, against the board's ${prep.amberMinutes} and ${prep.redMinutes} minute marks`}
        height={220}
        testId="prep-chart"
      />
    </ChartCard>
  );
}

export function RatingsCard({ dashboard, period, formats }: CardProps) {
  const { ratings } = dashboard;
  return (
    <ChartCard
      title="Ratings"
      description={
        ratings.count === 0
          ? 'Feedback given in the period.'
          : `Average ${ratings.average?.toFixed(2) ?? '—'} of 5 over ${ratings.count} ${ratings.count === 1 ? 'rating' : 'ratings'}.`
      }
      table={ratingsTable(ratings)}
      period={period}
      empty={ratings.count === 0 ? 'No ratings in this period.' : null}
      footer={
        ratings.latestLow.length > 0 && (
          <div className="border-t border-neutral-100 pt-3">
            <h3 className="text-sm font-medium text-neutral-800">Latest low ratings</h3>
            <ul className="mt-2 flex flex-col gap-2 text-sm">
              {ratings.latestLow.map((low) => (
                <li key={low.id} className="flex flex-col">
                  <span>
                    <Link
                      to={orderPath(low.orderId)}
                      className="font-medium underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950"
                    >
                      Order #{low.orderNumber}
                    </Link>{' '}
                    <span className="text-neutral-600">
                      · {low.overall} {low.overall === 1 ? 'star' : 'stars'} ·{' '}
                      {formats.day(low.createdAt.slice(0, 10))}
                    </span>
                  </span>
                  {low.comment && <span className="text-neutral-700">“{low.comment}”</span>}
                </li>
              ))}
            </ul>
          </div>
        )
      }
    >
      <BarList
        ariaLabel="Ratings by stars"
        tone="bg-amber-500"
        items={[5, 4, 3, 2, 1].map((stars) => {
          const count = ratings.distribution[stars - 1] ?? 0;
          return {
            key: String(stars),
            label: `${stars} ${stars === 1 ? 'star' : 'stars'}`,
            value: count,
            valueText: String(count),
          };
        })}
      />
    </ChartCard>
  );
}

function ListCard({ title, children }: { title: string; children: ReactNode }) {
  const id = `card-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="min-w-0">
      <Card className="flex h-full flex-col gap-3 p-4 sm:p-5">
        <h2 id={id} className="text-base font-semibold text-neutral-950">
          {title}
        </h2>
        {children}
      </Card>
    </section>
  );
}

export function LowStockCard({ dashboard }: { dashboard: Dashboard }) {
  return (
    <ListCard title="Low stock">
      {dashboard.lowStock.length === 0 ? (
        <p className="text-sm text-neutral-600">Every item is above its reorder level.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-neutral-100 text-sm">
          {dashboard.lowStock.map((item) => (
            <li key={item.id} className="flex items-baseline justify-between gap-3 py-1.5">
              <Link
                to={inventoryItemPath(item.id)}
                className="min-w-0 truncate font-medium underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950"
              >
                {item.name}
              </Link>
              <span className="shrink-0 text-neutral-700 tabular-nums">
                {item.onHand} {item.unit}
                {item.reorderLevel !== null && (
                  <span className="text-neutral-500"> (reorder at {item.reorderLevel})</span>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </ListCard>
  );
}

export function BudgetsCard({ dashboard, formats }: { dashboard: Dashboard; formats: TableFormats }) {
  return (
    <ListCard title="Budgets near or over">
      {dashboard.budgets.length === 0 ? (
        <p className="text-sm text-neutral-600">Every budget line of the month is below its warning.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-neutral-100 text-sm">
          {dashboard.budgets.map((line) => (
            <li key={line.categoryId} className="flex items-baseline justify-between gap-3 py-1.5">
              <span className="min-w-0 truncate">{line.name}</span>
              <span className="shrink-0 tabular-nums">
                {formats.money(line.spent)} of {formats.money(line.allocated)}
                <span className={line.state === 'over' ? 'ml-1 text-red-700' : 'ml-1 text-amber-800'}>
                  {line.percentUsed === null ? '' : `${Math.round(line.percentUsed)} %`}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
      <Link
        to={paths.budgetAllocations}
        className="self-start text-sm font-medium underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950"
      >
        Open budget allocations
      </Link>
    </ListCard>
  );
}

import {
  type Dashboard,
  daysBetween,
  MAX_DASHBOARD_DISHES,
  type ReportPeriodQuery,
} from '../../../shared/contracts/reports';
import { restaurantToday } from '../../../shared/coupon-rules';
import type { Database } from '../../db/client';
import { type Queryable, withTransaction } from '../../db/transaction';
import type { Actor } from '../../lib/context';
import { queryDateBound } from '../../lib/date-range';
import { budgetMonth } from '../../modules/expenses';
import { feedbackTotals, listFeedback } from '../../modules/feedback';
import { listInventoryItems, portionCosts } from '../../modules/inventory';
import { accountBalancesNow, cashAccounts } from '../../modules/ledger';
import { menuItemCategories } from '../../modules/menu';
import {
  completedOrderPattern,
  completedSalesBetween,
  completedSalesByDay,
  couponUses,
  dishesSold,
  openOrderCount,
  orderKinds,
} from '../../modules/orders';
import { paymentsByMethod, refundsByMethod, refundsByOrder } from '../../modules/payments';
import { getSettings } from '../../modules/settings';
import { authorize } from '../../policies';
import { ORDER_SOURCES, ORDER_TYPES, percentOf } from './statement';

/**
 * The analytics dashboard: today's takings at a glance, and how the chosen period moved. Orders count
 * on the day they were completed, in the restaurant's time zone; every figure is read in one snapshot.
 */

function everyDay(from: string, to: string): string[] {
  const days: string[] = [];
  const start = Date.parse(`${from}T00:00:00Z`);
  for (let index = 0; index < daysBetween(from, to); index++) {
    days.push(new Date(start + index * 86_400_000).toISOString().slice(0, 10));
  }
  return days;
}

async function todayFigures(db: Queryable, timeZone: string): Promise<Dashboard['today']> {
  const day = restaurantToday(timeZone);
  const start = queryDateBound(day, 'from', timeZone);
  const end = queryDateBound(day, 'to', timeZone);
  const [sales, payments, refunds, open, drawers] = await Promise.all([
    completedSalesBetween(db, day, day),
    // Payments and refunds by method take `from` as exclusive: a millisecond before the day starts.
    paymentsByMethod(db, new Date(start.getTime() - 1), new Date(end.getTime() - 1)),
    refundsByMethod(db, new Date(start.getTime() - 1), new Date(end.getTime() - 1)),
    openOrderCount(db),
    cashAccounts(db),
  ]);
  const balances = await accountBalancesNow(
    db,
    drawers.map((drawer) => drawer.id),
  );
  return {
    day,
    sales: sales.reduce((sum, row) => sum + row.total, 0),
    orders: sales.reduce((sum, row) => sum + row.orders, 0),
    payments: payments.map((row) => ({ method: row.method, count: row.count, amount: row.amount })),
    refunds: {
      count: refunds.reduce((sum, row) => sum + row.count, 0),
      amount: refunds.reduce((sum, row) => sum + row.amount, 0),
    },
    openOrders: open,
    drawers: drawers.map((drawer) => ({
      accountId: drawer.id,
      name: drawer.name,
      expected: balances.get(drawer.id) ?? 0,
    })),
  };
}

/** Milliseconds each part of a report took, by name (the route sends them as `Server-Timing`). */
export type ReportTimings = Map<string, number>;

async function timed<T>(
  timings: ReportTimings | undefined,
  name: string,
  work: () => Promise<T>,
): Promise<T> {
  if (!timings) return work();
  const started = performance.now();
  try {
    return await work();
  } finally {
    timings.set(name, (timings.get(name) ?? 0) + performance.now() - started);
  }
}

export async function analyticsDashboard(
  db: Database,
  actor: Actor,
  query: Pick<ReportPeriodQuery, 'from' | 'to'>,
  timings?: ReportTimings,
): Promise<Dashboard> {
  authorize(actor, 'report.read');
  const settings = await getSettings(db);
  const { timeZone } = settings;
  const from = queryDateBound(query.from, 'from', timeZone);
  const to = queryDateBound(query.to, 'to', timeZone);
  const thresholds = { amberMinutes: settings.orderAgeAmberMinutes, redMinutes: settings.orderAgeRedMinutes };
  const oneDay = query.from === query.to;
  // The budgets of the period's last month, read in their own snapshot.
  const budget = await timed(timings, 'budgets', () => budgetMonth(db, actor, query.to.slice(0, 7)));
  return withTransaction(
    db,
    async (tx) => {
      const today = await timed(timings, 'today', () => todayFigures(tx, timeZone));
      const kinds = await timed(timings, 'sales', () => completedSalesBetween(tx, query.from, query.to));
      const days = oneDay
        ? []
        : await timed(timings, 'days', () => completedSalesByDay(tx, query.from, query.to));
      const pattern = await timed(timings, 'pattern', () =>
        completedOrderPattern(tx, from, to, timeZone, thresholds),
      );
      const dishes = await timed(timings, 'dishes', () => dishesSold(tx, from, to, MAX_DASHBOARD_DISHES));
      const itemIds = dishes.flatMap((dish) => (dish.menuItemId ? [dish.menuItemId] : []));
      const [categories, costs] = await timed(timings, 'recipes', () =>
        Promise.all([menuItemCategories(tx, itemIds), portionCosts(tx, itemIds)]),
      );
      const coupons = await timed(timings, 'coupons', () => couponUses(tx, from, to));
      const methods = await timed(timings, 'payments', () =>
        paymentsByMethod(tx, new Date(from.getTime() - 1), new Date(to.getTime() - 1)),
      );
      const refunds = await timed(timings, 'refunds', () => refundsByOrder(tx, from, to));
      const ratings = await timed(timings, 'ratings', () =>
        feedbackTotals(tx, actor, { from, to }, timeZone),
      );
      const low = await listFeedback(tx, actor, { from, to, rating: [1, 2], limit: 5 });
      const lowOrders = await orderKinds(
        tx,
        low.items.map((row) => row.orderId),
      );
      const stock = await timed(timings, 'stock', () =>
        listInventoryItems(tx, actor, { lowStock: true, active: true, limit: 50 }),
      );
      const open = await openOrderCount(tx);

      const sales = kinds.reduce((sum, row) => sum + row.total, 0);
      const orders = kinds.reduce((sum, row) => sum + row.orders, 0);
      const byKey = (keys: readonly string[], pick: (row: (typeof kinds)[number]) => string) =>
        keys.map((key) => {
          const rows = kinds.filter((row) => pick(row) === key);
          return {
            key,
            orders: rows.reduce((sum, row) => sum + row.orders, 0),
            sales: rows.reduce((sum, row) => sum + row.total, 0),
          };
        });
      let salesOverTime: Dashboard['salesOverTime'];
      if (oneDay) {
        const hours = Array.from({ length: 24 }, (_, hour) => ({
          key: String(hour).padStart(2, '0'),
          orders: 0,
          sales: 0,
        }));
        for (const cell of pattern) {
          const point = hours[cell.hour];
          if (!point) continue;
          point.orders += cell.orders;
          point.sales += cell.sales;
        }
        salesOverTime = { unit: 'hour', points: hours };
      } else {
        const byDay = new Map(days.map((row) => [row.day, row]));
        salesOverTime = {
          unit: 'day',
          points: everyDay(query.from, query.to).map((day) => ({
            key: day,
            orders: byDay.get(day)?.orders ?? 0,
            sales: byDay.get(day)?.sales ?? 0,
          })),
        };
      }
      const prepHours = new Map<number, { orders: number; seconds: number }>();
      let measured = 0;
      let prepSeconds = 0;
      let pastAmber = 0;
      let pastRed = 0;
      for (const cell of pattern) {
        measured += cell.prepOrders;
        prepSeconds += cell.prepSeconds;
        pastAmber += cell.pastAmber;
        pastRed += cell.pastRed;
        if (cell.prepOrders === 0) continue;
        const hour = prepHours.get(cell.hour) ?? { orders: 0, seconds: 0 };
        hour.orders += cell.prepOrders;
        hour.seconds += cell.prepSeconds;
        prepHours.set(cell.hour, hour);
      }
      const minutes = (seconds: number, count: number) => Math.round((seconds / count / 60) * 10) / 10;
      const categoryTotals = new Map<string, { name: string; quantity: number; revenue: number }>();
      const dishRows = dishes.map((dish) => {
        const categoryName = (dish.menuItemId && categories.get(dish.menuItemId)?.categoryName) || 'Other';
        const total = categoryTotals.get(categoryName) ?? { name: categoryName, quantity: 0, revenue: 0 };
        total.quantity += dish.quantity;
        total.revenue += dish.revenue;
        categoryTotals.set(categoryName, total);
        const cost = dish.menuItemId ? costs.get(dish.menuItemId) : undefined;
        return {
          ...dish,
          categoryName,
          foodCostPercent:
            cost === undefined || dish.quantity === 0 ? null : percentOf(cost * dish.quantity, dish.revenue),
        };
      });
      const couponDiscount = kinds.reduce((sum, row) => sum + row.couponDiscount, 0);
      return {
        period: { from: query.from, to: query.to },
        currency: settings.currency,
        today,
        figures: {
          sales,
          orders,
          averageOrder: orders > 0 ? Math.round(sales / orders) : 0,
          refunds: refunds.reduce((sum, row) => sum + row.amount, 0),
          openOrders: open,
        },
        salesOverTime,
        heatmap: pattern
          .map((cell) => ({ weekday: cell.weekday, hour: cell.hour, orders: cell.orders, sales: cell.sales }))
          .sort((a, b) => a.weekday - b.weekday || a.hour - b.hour),
        dishes: dishRows,
        categories: [...categoryTotals.values()].sort((a, b) => b.revenue - a.revenue),
        types: byKey(ORDER_TYPES, (row) => row.type),
        sources: byKey(ORDER_SOURCES, (row) => row.source),
        paymentMethods: methods.map((row) => ({ method: row.method, count: row.count, amount: row.amount })),
        coupons: {
          uses: coupons,
          couponDiscount,
          manualDiscount: kinds.reduce((sum, row) => sum + row.discount, 0) - couponDiscount,
        },
        prep: {
          measured,
          averageMinutes: measured > 0 ? minutes(prepSeconds, measured) : null,
          byHour: [...prepHours.entries()]
            .sort(([a], [b]) => a - b)
            .map(([hour, value]) => ({
              hour,
              orders: value.orders,
              averageMinutes: minutes(value.seconds, value.orders),
            })),
          amberMinutes: thresholds.amberMinutes,
          redMinutes: thresholds.redMinutes,
          pastAmber,
          pastRed,
        },
        ratings: {
          count: ratings.count,
          average: ratings.averages.overall,
          distribution: ratings.distribution,
          latestLow: low.items.map((row) => ({
            id: row.id,
            orderId: row.orderId,
            orderNumber: lowOrders.get(row.orderId)?.number ?? 0,
            overall: row.overall,
            comment: row.comment,
            createdAt: row.createdAt.toISOString(),
          })),
        },
        lowStock: stock.items.map((item) => ({
          id: item.id,
          name: item.name,
          onHand: item.onHand,
          reorderLevel: item.reorderLevel,
          unit: item.unitSymbol,
        })),
        budgets: budget.lines
          .filter((line) => line.state !== 'ok')
          .map((line) => ({
            categoryId: line.categoryId,
            name: line.categoryName,
            allocated: line.allocated,
            spent: line.spent,
            percentUsed: line.percentUsed,
            state: line.state,
          })),
      };
    },
    { isolation: 'repeatable read' },
  );
}

import type { Dashboard } from '../../../shared/contracts/reports';

/**
 * What the analytics dashboard draws, as pure functions: the weekday × hour grid, the top and bottom
 * dishes, the names of hours and weekdays, and which orders stand behind a bar or a cell (the orders
 * list filtered on the client by the weekday and hour each was completed, in the restaurant's zone).
 */

export type DashboardDish = Dashboard['dishes'][number];

/** Monday first, as the API numbers them (1 Monday .. 7 Sunday). */
export const WEEKDAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** "9:00–10:00" for hour 9 (23 → "23:00–24:00"). */
export function hourRange(hour: number): string {
  return `${hour}:00–${hour + 1}:00`;
}

export interface HeatCellData {
  orders: number;
  sales: number;
}

/** The heat map's cells as a full grid: 7 weekdays (Mon..Sun) × 24 hours, empty cells at zero. */
export function heatmapGrid(cells: Dashboard['heatmap']): HeatCellData[][] {
  const grid = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => ({ orders: 0, sales: 0 })));
  for (const cell of cells) {
    const target = grid[cell.weekday - 1]?.[cell.hour];
    if (!target) continue;
    target.orders += cell.orders;
    target.sales += cell.sales;
  }
  return grid;
}

export type DishMeasure = 'quantity' | 'revenue';

/** By `measure`, then by name, so equal dishes keep one order. */
function byMeasure(measure: DishMeasure, direction: 1 | -1) {
  return (a: DashboardDish, b: DashboardDish) =>
    direction * (a[measure] - b[measure]) || a.name.localeCompare(b.name);
}

/** The `count` dishes that sold most by `measure`, the best first. */
export function topDishes(
  dishes: readonly DashboardDish[],
  measure: DishMeasure,
  count = 10,
): DashboardDish[] {
  return [...dishes].sort(byMeasure(measure, -1)).slice(0, count);
}

/** The `count` dishes that sold least by `measure` (of those sold at all), the weakest first. */
export function bottomDishes(
  dishes: readonly DashboardDish[],
  measure: DishMeasure,
  count = 10,
): DashboardDish[] {
  return [...dishes].sort(byMeasure(measure, 1)).slice(0, count);
}

/** When an order was completed: its timeline's last `completed`, else its last change. */
export function completedAt(order: {
  timeline: readonly { kind: string; status: string; at: string }[];
  updatedAt: string;
}): string {
  const done = order.timeline.filter((change) => change.kind === 'status' && change.status === 'completed');
  return done.at(-1)?.at ?? order.updatedAt;
}

const partFormats = new Map<string, Intl.DateTimeFormat>();

/** The restaurant's day, weekday (1 Monday .. 7 Sunday) and hour of an instant. */
export function zonedParts(iso: string, timeZone: string): { day: string; weekday: number; hour: number } {
  let format = partFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      weekday: 'short',
      hour: '2-digit',
      hourCycle: 'h23',
    });
    partFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(part('weekday')) + 1;
  return {
    day: `${part('year')}-${part('month')}-${part('day')}`,
    weekday,
    hour: Number(part('hour')) % 24,
  };
}

/**
 * The orders behind a bar or a cell: the completed orders of a period (by the day each was completed),
 * of a type or a source, and of a weekday and an hour of completion when those are given.
 */
export interface OrdersDrill {
  title: string;
  period: { from: string; to: string };
  type?: string;
  source?: string;
  weekday?: number;
  hour?: number;
}

/** Whether a drill is filtered on the client (weekday or hour), beyond what the API filters. */
export function drillFiltersOnClient(drill: OrdersDrill): boolean {
  return drill.weekday !== undefined || drill.hour !== undefined;
}

/** Whether an order (of the drill's period, type and source) belongs to its weekday and hour. */
export function inDrill(
  order: Parameters<typeof completedAt>[0],
  drill: OrdersDrill,
  timeZone: string,
): boolean {
  if (!drillFiltersOnClient(drill)) return true;
  const parts = zonedParts(completedAt(order), timeZone);
  if (drill.weekday !== undefined && parts.weekday !== drill.weekday) return false;
  if (drill.hour !== undefined && parts.hour !== drill.hour) return false;
  return true;
}

/** "12 orders" / "1 order". */
export function ordersWord(count: number): string {
  return `${count} ${count === 1 ? 'order' : 'orders'}`;
}

import type { Station } from '../../../../shared/menu-catalog';
import type { OrderStatus } from '../../../../shared/order-status';

/**
 * The kitchen board's pure rules (`/orders/monitor`): which orders go in which
 * column and in what order, what a station filter leaves, and how an order's age reads and is
 * coloured. No React here, so the rules are unit-tested beside this file.
 */

/** The board's columns, left to right. Out-for-delivery orders have left the pass: not shown. */
export const BOARD_STATUSES = ['confirmed', 'preparing', 'ready'] as const satisfies readonly OrderStatus[];
export type BoardStatus = (typeof BOARD_STATUSES)[number];

/** `GET /api/orders?status=…` for the board. */
export const BOARD_STATUS_FILTER = BOARD_STATUSES.join(',');

/**
 * Age thresholds until the summary (`GET /api/orders/summary`, `ageThresholds`, from the settings'
 * `orderAgeAmberMinutes` and `orderAgeRedMinutes`) has answered: the settings' defaults.
 */
export const DEFAULT_AGE_THRESHOLDS: AgeThresholds = { amberMinutes: 10, redMinutes: 20 };

export interface AgeThresholds {
  amberMinutes: number;
  redMinutes: number;
}

export type AgeTone = 'fresh' | 'amber' | 'red';

const MINUTE_MS = 60_000;

/** Whole minutes since `since` (never below 0: a clock slightly behind the server's reads 0). */
export function ageMinutes(since: string, now: number): number {
  const elapsed = now - Date.parse(since);
  return Number.isFinite(elapsed) ? Math.max(0, Math.floor(elapsed / MINUTE_MS)) : 0;
}

/** Amber once the amber threshold is reached, red once the red one is. */
export function ageTone(minutes: number, thresholds: AgeThresholds = DEFAULT_AGE_THRESHOLDS): AgeTone {
  if (minutes >= thresholds.redMinutes) return 'red';
  if (minutes >= thresholds.amberMinutes) return 'amber';
  return 'fresh';
}

/** "0 min", "12 min", "1 h 05 min". */
export function formatAge(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return `${hours} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** A station of the filter, or every line. */
export type StationFilter = Station | 'all';

interface BoardLine {
  station: Station;
}

interface BoardOrder<L extends BoardLine> {
  status: OrderStatus;
  createdAt: string;
  lines: L[];
}

/**
 * The order as a station sees it: only that station's lines, or null when it has none of them (the
 * card is hidden). "All" keeps the order as it is.
 */
export function forStation<L extends BoardLine, O extends BoardOrder<L>>(
  order: O,
  station: StationFilter,
): O | null {
  if (station === 'all') return order;
  const lines = order.lines.filter((line) => line.station === station);
  return lines.length === 0 ? null : { ...order, lines };
}

/** The three columns, each oldest first, after the station filter; other statuses are left out. */
export function boardColumns<L extends BoardLine, O extends BoardOrder<L>>(
  orders: readonly O[],
  station: StationFilter,
): Record<BoardStatus, O[]> {
  const columns: Record<BoardStatus, O[]> = { confirmed: [], preparing: [], ready: [] };
  for (const order of orders) {
    if (!isBoardStatus(order.status)) continue;
    const shown = forStation<L, O>(order, station);
    if (shown) columns[order.status].push(shown);
  }
  for (const status of BOARD_STATUSES) {
    columns[status].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
  }
  return columns;
}

function isBoardStatus(status: OrderStatus): status is BoardStatus {
  return (BOARD_STATUSES as readonly OrderStatus[]).includes(status);
}

/** A stored filter value, or "all" for anything else (an old or hand-edited value). */
export function parseStationFilter(value: string | null, stations: readonly Station[]): StationFilter {
  return value && (stations as readonly string[]).includes(value) ? (value as Station) : 'all';
}

/** The words on a card's one-tap button, by the status it moves the order to. */
export function advanceLabel(next: OrderStatus): string {
  switch (next) {
    case 'preparing':
      return 'Start';
    case 'ready':
      return 'Ready';
    case 'out-for-delivery':
      return 'Out for delivery';
    case 'completed':
      return 'Complete';
    default:
      return 'Move on';
  }
}

/** The stations' names on the filter. */
export const STATION_LABELS: Record<Station, string> = { kitchen: 'Kitchen', bar: 'Bar' };

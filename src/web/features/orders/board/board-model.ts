import type { OrderHistoryKind } from '../../../../shared/contracts/orders';
import type { Station } from '../../../../shared/menu-catalog';
import {
  isAdvance,
  type OrderStatus,
  type PaymentStatus,
  RECALL_WINDOW_SECONDS,
} from '../../../../shared/order-status';

/**
 * The kitchen board's pure rules (`/orders/monitor`): which orders go in which
 * column and in what order, how long a cancelled order stays, what a station filter leaves, how an
 * order's age reads and is coloured, when completing asks first, which rounds of a ticket are still
 * to make, and which step can still be taken back. No React here, so the rules are unit-tested beside
 * this file.
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
  id: string;
  version: number;
  status: OrderStatus;
  createdAt: string;
  updatedAt: string;
  lines: L[];
  timeline: readonly { status: OrderStatus; at: string }[];
}

/**
 * A cancelled order stays on the board this long after it was cancelled, struck through where it
 * was, so that whoever was making it sees that it is off before it goes.
 */
export const CANCELLED_SHOWN_MS = 2 * 60_000;

/** When the order was cancelled: its timeline's last entry for it, else its last change. */
export function cancelledAt(order: Pick<BoardOrder<BoardLine>, 'timeline' | 'updatedAt'>): number {
  const entry = order.timeline.findLast((change) => change.status === 'cancelled');
  return Date.parse(entry?.at ?? order.updatedAt);
}

/**
 * The column an order shows in: its own status, or for a cancelled order the status it was cancelled
 * from (where the kitchen last saw it); null for an order that is not on the board (a request
 * cancelled before it was accepted never reached the kitchen).
 */
export function boardColumnOf(order: Pick<BoardOrder<BoardLine>, 'status' | 'timeline'>): BoardStatus | null {
  if (isBoardStatus(order.status)) return order.status;
  if (order.status !== 'cancelled') return null;
  const at = order.timeline.findLastIndex((change) => change.status === 'cancelled');
  const before = at > 0 ? order.timeline[at - 1]?.status : undefined;
  return before && isBoardStatus(before) ? before : null;
}

/** Whether a cancelled order still shows at `now` (a clock behind the server's shows it too). */
export function cancelledStillShown(
  order: Pick<BoardOrder<BoardLine>, 'status' | 'timeline' | 'updatedAt'>,
  now: number,
): boolean {
  if (order.status !== 'cancelled' || boardColumnOf(order) === null) return false;
  return now - cancelledAt(order) < CANCELLED_SHOWN_MS;
}

/** When the next cancelled order still shown leaves the board (null: none shown). */
export function nextCancelledExit(
  orders: readonly Pick<BoardOrder<BoardLine>, 'status' | 'timeline' | 'updatedAt'>[],
  now: number,
): number | null {
  let next: number | null = null;
  for (const order of orders) {
    if (!cancelledStillShown(order, now)) continue;
    const exit = cancelledAt(order) + CANCELLED_SHOWN_MS;
    if (next === null || exit < next) next = exit;
  }
  return next;
}

/**
 * `from` (a day, `YYYY-MM-DD`) for the board's read of cancelled orders: the list filters by the day
 * an order was created, in the restaurant's time zone. The UTC day 36 hours back starts at least 24
 * hours back in any time zone (offsets run from −12 to +14 hours), so an order cancelled within a
 * day of being placed is in the answer, and the answer stays a few days' cancellations at most.
 */
export function cancelledSinceDay(now: number): string {
  return new Date(now - 36 * 60 * MINUTE_MS).toISOString().slice(0, 10);
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

/**
 * The three columns, each oldest first, after the station filter: the open orders, and the orders
 * cancelled less than `CANCELLED_SHOWN_MS` before `now` in the column they were cancelled from. An
 * order read twice (the open list and the cancelled one, one of them older) counts once, at its
 * newest version. Other statuses are left out.
 */
export function boardColumns<L extends BoardLine, O extends BoardOrder<L>>(
  orders: readonly O[],
  station: StationFilter,
  now: number,
): Record<BoardStatus, O[]> {
  const newest = new Map<string, O>();
  for (const order of orders) {
    const seen = newest.get(order.id);
    if (!seen || order.version > seen.version) newest.set(order.id, order);
  }
  const columns: Record<BoardStatus, O[]> = { confirmed: [], preparing: [], ready: [] };
  for (const order of newest.values()) {
    const column = boardColumnOf(order);
    if (!column || (order.status === 'cancelled' && !cancelledStillShown(order, now))) continue;
    const shown = forStation<L, O>(order, station);
    if (shown) columns[column].push(shown);
  }
  for (const status of BOARD_STATUSES) {
    columns[status].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
  }
  return columns;
}

/** Whether an order in `status` shows on the board (not one that left it, completed or on its way). */
export function isBoardStatus(status: OrderStatus): status is BoardStatus {
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

/** An order that still owes money (an unpaid one with a total, or a partly paid one): completing it asks first. */
export function owesMoney(order: { paymentStatus: PaymentStatus; total: number }): boolean {
  return (order.paymentStatus === 'unpaid' && order.total > 0) || order.paymentStatus === 'partially-paid';
}

/**
 * What the order still owes, for the question before completing it: an unpaid order its total; a
 * partly paid one what the order's own read says is due (`amountDue`), once that read is at least as
 * new as the card (a payment counts the version up), else null (not known yet); anything else 0.
 */
export function amountOwed(
  order: { paymentStatus: PaymentStatus; total: number; version: number },
  read: { amountDue?: number; version: number } | undefined,
): number | null {
  if (order.paymentStatus === 'unpaid') return order.total;
  if (order.paymentStatus !== 'partially-paid') return 0;
  return read && typeof read.amountDue === 'number' && read.version >= order.version ? read.amountDue : null;
}

/** The stations' names on the filter. */
export const STATION_LABELS: Record<Station, string> = { kitchen: 'Kitchen', bar: 'Bar' };

/** A history entry as the board reads it. */
interface BoardChange {
  kind: OrderHistoryKind;
  status: OrderStatus;
  at: string;
}

/**
 * The times (ms) the order reached `status` and stayed there: a step taken back by a recall (which
 * always directly follows the step it undoes) does not count.
 */
export function reachedTimes(timeline: readonly BoardChange[], status: OrderStatus): number[] {
  const times: number[] = [];
  timeline.forEach((change, index) => {
    if (change.kind !== 'status' || change.status !== status) return;
    if (timeline[index + 1]?.kind === 'recall') return;
    times.push(Date.parse(change.at));
  });
  return times;
}

/**
 * Where a round of a ticket stands for the kitchen:
 * - `to-make`: sent and not made yet;
 * - `new`: to make, and sent after the kitchen had started the order (it may not have been seen);
 * - `at-pass`: made with the order's current "ready" (a ready order's rounds waiting to go out);
 * - `served`: made before (the order was ready after it was sent, and has since moved on or got
 *   another round): shown as one dim line.
 */
export type RoundState = 'to-make' | 'new' | 'at-pass' | 'served';

export interface TicketRound<L> {
  round: number;
  /** When the round was sent to the kitchen (its earliest line's time, ISO). */
  sentAt: string;
  lines: L[];
  state: RoundState;
}

interface RoundLine {
  round: number;
  sentAt: string;
}

/**
 * The ticket's rounds, in the order they were sent, each with where it stands. A round is made once
 * the order reached ready after the round was sent (a ready taken back does not count). Lines merged
 * in from another check keep the time they were sent there: a round sent before the check's last
 * merge counts as sent at the merge, so a ready of one of the checks before they were joined does not
 * mark the other's lines as made (the kitchen sees too much rather than too little).
 */
export function ticketRounds<L extends RoundLine>(order: {
  status: OrderStatus;
  lines: readonly L[];
  timeline: readonly BoardChange[];
}): TicketRound<L>[] {
  const readies = reachedTimes(order.timeline, 'ready');
  const lastReady = readies.at(-1);
  const started = reachedTimes(order.timeline, 'preparing').at(-1);
  const lastMerge = order.timeline
    .filter((change) => change.kind === 'merge')
    .reduce((latest, change) => Math.max(latest, Date.parse(change.at)), Number.NEGATIVE_INFINITY);
  const byRound = new Map<number, L[]>();
  for (const line of order.lines) {
    const lines = byRound.get(line.round);
    if (lines) lines.push(line);
    else byRound.set(line.round, [line]);
  }
  return [...byRound.entries()]
    .sort(([a], [b]) => a - b)
    .map(([round, lines]) => {
      const sentAt = lines.reduce(
        (earliest, line) => (Date.parse(line.sentAt) < Date.parse(earliest) ? line.sentAt : earliest),
        lines[0]?.sentAt ?? '',
      );
      const sent = Date.parse(sentAt);
      const counted = Math.max(sent, lastMerge);
      const madeAt = readies.find((ready) => ready > counted);
      let state: RoundState;
      if (order.status === 'ready') {
        state = madeAt === undefined || madeAt === lastReady ? 'at-pass' : 'served';
      } else if (madeAt !== undefined) {
        state = 'served';
      } else {
        state = order.status === 'preparing' && started !== undefined && sent > started ? 'new' : 'to-make';
      }
      return { round, sentAt, lines, state };
    });
}

/** Whether the ticket names its rounds: it has more than one, or shows a later one alone. */
export function showsRounds(rounds: readonly { round: number }[]): boolean {
  return rounds.length > 1 || rounds.some((round) => round.round > 1);
}

/**
 * Since when the ticket's age counts: the earliest round the kitchen still has to make or hand out
 * (a round added to an old order is a new ticket's work), else when the order was placed.
 */
export function ticketSince(order: { createdAt: string }, rounds: readonly TicketRound<unknown>[]): string {
  return rounds.find((round) => round.state !== 'served')?.sentAt ?? order.createdAt;
}

/** "1 item", "3 items": how many a round holds. */
export function roundItems(lines: readonly { quantity: number }[]): string {
  const count = lines.reduce((sum, line) => sum + line.quantity, 0);
  return count === 1 ? '1 item' : `${count} items`;
}

const RECALL_WINDOW_MS = RECALL_WINDOW_SECONDS * 1000;

/** A step of the board that can still be taken back: from `from` back to `to`, until `until` (ms). */
export interface Recall {
  from: OrderStatus;
  to: OrderStatus;
  until: number;
}

/**
 * The order's last step on the board, while it can be taken back at `now`: it is the last thing that
 * happened to the order (a round, a void or a recall after it leaves nothing to take back), it was a
 * step forward of the board (shared/order-status.ts `isAdvance`: not an acceptance or a cancellation),
 * and it was made less than the recall window ago. The server holds the same rule; a clock that runs
 * apart from the server's is answered with its refusal in words.
 */
export function recallOf(
  order: { status: OrderStatus; timeline: readonly BoardChange[] },
  now: number,
): Recall | null {
  const last = order.timeline.at(-1);
  const before = order.timeline.at(-2);
  if (!last || !before || last.kind !== 'status' || last.status !== order.status) return null;
  if (!isAdvance(before.status, last.status)) return null;
  const until = Date.parse(last.at) + RECALL_WINDOW_MS;
  return now < until ? { from: last.status, to: before.status, until } : null;
}

/** When the next step shown as recallable stops being so (null: none), so its button goes on time. */
export function nextRecallEnd(
  orders: readonly { status: OrderStatus; timeline: readonly BoardChange[] }[],
  now: number,
): number | null {
  let next: number | null = null;
  for (const order of orders) {
    const recall = recallOf(order, now);
    if (recall && (next === null || recall.until < next)) next = recall.until;
  }
  return next;
}

/** The words of a card's take-back button: a ready ticket is recalled from the pass, a start undone. */
export function recallLabel(recall: Recall): string {
  return recall.from === 'ready' ? 'Recall' : 'Undo';
}

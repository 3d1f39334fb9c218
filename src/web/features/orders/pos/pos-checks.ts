import {
  type Order,
  type OrderLine,
  type OrderRoundInput,
  orderNumberLabel,
} from '../../../../shared/contracts/orders';
import { isOpenCheck, ORDER_STATUS_LABELS } from '../../../../shared/order-status';
import { hasReason, isApiError } from '../../../lib/api-client';
import type { CartLine } from './cart';

/**
 * The point of sale's open checks: a table's confirmed, preparing or ready orders, which the cart may
 * add a round to instead of starting a new check, and the sending of that round. Pure (the server
 * calls come in as parameters), so it is tested without React or a server.
 */

/** The open checks (confirmed, preparing, ready) at `tableId`, oldest first. */
export function checksAtTable(orders: readonly Order[], tableId: string): Order[] {
  if (!tableId) return [];
  return orders
    .filter((order) => order.table?.id === tableId && isOpenCheck(order.status))
    .sort((a, b) => a.number - b.number);
}

/** The highest round on the check (0 for a check without lines). */
export function lastRound(check: Pick<Order, 'lines'>): number {
  return check.lines.reduce((highest, line) => Math.max(highest, line.round), 0);
}

export interface CheckRound {
  round: number;
  /** When the round was sent to the kitchen (its first line's time). */
  sentAt: string;
  lines: OrderLine[];
}

/** The check's lines by round, in the order they were sent. */
export function roundsOf(check: Pick<Order, 'lines'>): CheckRound[] {
  const rounds = new Map<number, CheckRound>();
  for (const line of check.lines) {
    const round = rounds.get(line.round);
    if (round) round.lines.push(line);
    else rounds.set(line.round, { round: line.round, sentAt: line.sentAt, lines: [line] });
  }
  return [...rounds.values()].sort((a, b) => a.round - b.round);
}

/** How many items the check holds that count (neither voided nor comped). */
export function checkItemCount(check: Pick<Order, 'lines'>): number {
  return check.lines
    .filter((line) => !line.voided && !line.comped)
    .reduce((sum, line) => sum + line.quantity, 0);
}

/** The `POST /api/orders/{id}/lines` body: the cart's lines, based on the check's `version`. */
export function roundInput(lines: readonly CartLine[], version: number): OrderRoundInput {
  return {
    version,
    lines: lines.map((line) => ({
      menuItemId: line.item.id,
      quantity: line.quantity,
      ...(line.optionIds.length > 0 ? { optionIds: line.optionIds } : {}),
      ...(line.note ? { note: line.note } : {}),
    })),
  };
}

/** Whether an order line is the round line `sent` (the same item, quantity, options and note). */
function sameLine(line: OrderLine, sent: OrderRoundInput['lines'][number]): boolean {
  const options = line.options.map((option) => option.optionId).filter((id): id is string => id !== null);
  const sentOptions = sent.optionIds ?? [];
  return (
    line.menuItemId === sent.menuItemId &&
    line.quantity === sent.quantity &&
    line.note === (sent.note ?? '') &&
    options.length === sentOptions.length &&
    sentOptions.every((id) => options.includes(id))
  );
}

/**
 * Whether a round sent without an answer (the connection dropped) reached the check after all: a round
 * after `knownRounds` (the check's last round when it was sent) holds exactly those lines. Sending it
 * again then would put the same items on the check twice.
 */
export function roundLanded(
  check: Pick<Order, 'lines'>,
  lines: OrderRoundInput['lines'],
  knownRounds: number,
): boolean {
  return roundsOf(check).some(
    (round) =>
      round.round > knownRounds &&
      round.lines.length === lines.length &&
      round.lines.every((line, index) => sameLine(line, lines[index]!)),
  );
}

/** The server calls a round needs: add the lines, read the check again. */
export interface RoundApi {
  addRound: (checkId: string, input: OrderRoundInput) => Promise<Order>;
  readCheck: (checkId: string) => Promise<Order>;
}

export interface RoundRequest {
  check: Pick<Order, 'id' | 'number' | 'version'>;
  lines: OrderRoundInput['lines'];
  /**
   * The check's last round when these same lines were sent before without an answer, or null: a
   * stale refusal then first looks whether that round landed.
   */
  unansweredAfter: number | null;
}

export type RoundOutcome =
  | { ok: true; order: Order }
  | {
      ok: false;
      /**
       * `stale`: the check changed again while the round was sent once more; `not-open`: the check was
       * closed meanwhile; `unanswered`: no answer came (it may have landed); `refused`: anything else.
       */
      reason: 'stale' | 'not-open' | 'unanswered' | 'refused';
      message: string;
      error: unknown;
    };

/** What the waiter is told when the check stopped taking rounds. */
export function closedCheckMessage(check: Pick<Order, 'number' | 'status'>): string {
  return `Check ${orderNumberLabel(check.number)} is ${ORDER_STATUS_LABELS[check.status].toLowerCase()}: it takes no more rounds.`;
}

function failure(error: unknown, check: RoundRequest['check']): RoundOutcome {
  if (hasReason(error, 'not-open')) return { ok: false, reason: 'not-open', message: error.message, error };
  if (hasReason(error, 'stale')) {
    return {
      ok: false,
      reason: 'stale',
      message: `Check ${orderNumberLabel(check.number)} changed again on another device while the round was being sent, so it was not sent. Send it again.`,
      error,
    };
  }
  if (isApiError(error) && error.status === 0) {
    return {
      ok: false,
      reason: 'unanswered',
      message: `${error.message} The round may have reached the check: sending it again adds it only if it did not.`,
      error,
    };
  }
  const message = error instanceof Error && error.message ? error.message : 'The round was not sent.';
  return { ok: false, reason: 'refused', message, error };
}

/**
 * Sends a round to a check based on the version the screen showed. Appending a round is safe to do
 * again on a newer version: when another device changed the check first (409 `stale`), the check is
 * read again and the round sent once more on its version, unless that read shows the check closed, or
 * shows that an unanswered earlier send of the same round landed after all.
 */
export async function deliverRound(request: RoundRequest, api: RoundApi): Promise<RoundOutcome> {
  const { check, lines } = request;
  try {
    return { ok: true, order: await api.addRound(check.id, { version: check.version, lines }) };
  } catch (error) {
    if (!hasReason(error, 'stale')) return failure(error, check);
  }
  let fresh: Order;
  try {
    fresh = await api.readCheck(check.id);
  } catch (error) {
    return failure(error, check);
  }
  if (request.unansweredAfter !== null && roundLanded(fresh, lines, request.unansweredAfter)) {
    return { ok: true, order: fresh };
  }
  if (!isOpenCheck(fresh.status)) {
    return { ok: false, reason: 'not-open', message: closedCheckMessage(fresh), error: null };
  }
  try {
    return { ok: true, order: await api.addRound(check.id, { version: fresh.version, lines }) };
  } catch (error) {
    return failure(error, fresh);
  }
}

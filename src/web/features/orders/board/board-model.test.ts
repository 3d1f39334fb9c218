import { describe, expect, it } from 'vitest';
import type { OrderHistoryKind } from '../../../../shared/contracts/orders';
import type { OrderStatus } from '../../../../shared/order-status';
import {
  advanceLabel,
  ageMinutes,
  ageTone,
  amountOwed,
  boardColumnOf,
  boardColumns,
  CANCELLED_SHOWN_MS,
  cancelledAt,
  cancelledSinceDay,
  cancelledStillShown,
  formatAge,
  forStation,
  nextCancelledExit,
  nextRecallEnd,
  owesMoney,
  parseStationFilter,
  reachedTimes,
  recallLabel,
  recallOf,
  roundItems,
  showsRounds,
  ticketRounds,
  ticketSince,
} from './board-model';

const line = (station: 'kitchen' | 'bar', name: string = station) => ({ station, name });
const order = (id: string, status: OrderStatus, createdAt: string, lines = [line('kitchen')]) => ({
  id,
  version: 1,
  status,
  createdAt,
  updatedAt: createdAt,
  lines,
  timeline: [] as { status: OrderStatus; at: string }[],
});

/** An order cancelled at `at` from `from` (its timeline: placed, then each status up to `from`, then cancelled). */
const cancelledOrder = (id: string, from: OrderStatus, at: string, createdAt = '2026-11-25T12:00:00Z') => {
  const path: OrderStatus[] = ['confirmed', 'preparing', 'ready'];
  const before = from === 'pending' ? ['pending' as const] : path.slice(0, path.indexOf(from) + 1);
  return {
    ...order(id, 'cancelled', createdAt),
    version: 5,
    updatedAt: at,
    timeline: [...before.map((status) => ({ status, at: createdAt })), { status: 'cancelled' as const, at }],
  };
};

describe('order age', () => {
  const start = '2026-11-25T12:00:00.000Z';
  const at = (minutes: number, seconds = 0) => Date.parse(start) + minutes * 60_000 + seconds * 1000;

  it('counts whole minutes, never below zero', () => {
    expect(ageMinutes(start, at(0, 59))).toBe(0);
    expect(ageMinutes(start, at(12, 30))).toBe(12);
    expect(ageMinutes(start, at(-1))).toBe(0);
    expect(ageMinutes('not a date', at(5))).toBe(0);
  });

  it('turns amber at the amber threshold and red at the red one', () => {
    const thresholds = { amberMinutes: 10, redMinutes: 20 };
    expect(ageTone(9, thresholds)).toBe('fresh');
    expect(ageTone(10, thresholds)).toBe('amber');
    expect(ageTone(19, thresholds)).toBe('amber');
    expect(ageTone(20, thresholds)).toBe('red');
    expect(ageTone(90, { amberMinutes: 5, redMinutes: 8 })).toBe('red');
  });

  it('reads as minutes, then hours and minutes', () => {
    expect(formatAge(0)).toBe('0 min');
    expect(formatAge(12)).toBe('12 min');
    expect(formatAge(65)).toBe('1 h 05 min');
  });
});

describe('station filter', () => {
  it('keeps only the station’s lines and hides an order with none', () => {
    const mixed = order('a', 'confirmed', '2026-11-25T12:00:00Z', [
      line('kitchen', 'Soup'),
      line('bar', 'Latte'),
    ]);
    expect(forStation(mixed, 'all')).toBe(mixed);
    expect(forStation(mixed, 'bar')?.lines).toEqual([line('bar', 'Latte')]);
    expect(forStation(order('b', 'confirmed', '2026-11-25T12:00:00Z'), 'bar')).toBeNull();
  });

  it('reads a stored value, and anything unknown as all', () => {
    expect(parseStationFilter('bar', ['kitchen', 'bar'])).toBe('bar');
    expect(parseStationFilter('grill', ['kitchen', 'bar'])).toBe('all');
    expect(parseStationFilter(null, ['kitchen', 'bar'])).toBe('all');
  });
});

describe('board columns', () => {
  it('puts each order in its column, oldest first, and leaves other statuses out', () => {
    const orders = [
      order('new', 'confirmed', '2026-11-25T12:10:00Z'),
      order('old', 'confirmed', '2026-11-25T12:00:00Z'),
      order('cooking', 'preparing', '2026-11-25T11:50:00Z'),
      order('pass', 'ready', '2026-11-25T11:40:00Z'),
      order('road', 'out-for-delivery', '2026-11-25T11:30:00Z'),
      order('request', 'pending', '2026-11-25T11:20:00Z'),
    ];
    const columns = boardColumns(orders, 'all', Date.parse('2026-11-25T12:15:00Z'));
    expect(columns.confirmed.map((o) => o.id)).toEqual(['old', 'new']);
    expect(columns.preparing.map((o) => o.id)).toEqual(['cooking']);
    expect(columns.ready.map((o) => o.id)).toEqual(['pass']);
  });

  it('applies the station filter', () => {
    const orders = [
      order('food', 'confirmed', '2026-11-25T12:00:00Z'),
      order('drink', 'confirmed', '2026-11-25T12:01:00Z', [line('bar')]),
    ];
    expect(
      boardColumns(orders, 'bar', Date.parse('2026-11-25T12:05:00Z')).confirmed.map((o) => o.id),
    ).toEqual(['drink']);
  });

  it('keeps an order read twice once, at its newest version', () => {
    const stale = order('a', 'confirmed', '2026-11-25T12:00:00Z');
    const moved = { ...order('a', 'preparing', '2026-11-25T12:00:00Z'), version: 2 };
    const columns = boardColumns([moved, stale], 'all', Date.parse('2026-11-25T12:05:00Z'));
    expect(columns.confirmed).toEqual([]);
    expect(columns.preparing).toEqual([moved]);
  });
});

describe('a cancelled order on the board', () => {
  const at = '2026-11-25T12:10:00.000Z';
  const later = (ms: number) => Date.parse(at) + ms;

  it('shows where it was cancelled from, in its place among the others', () => {
    const orders = [
      order('early', 'preparing', '2026-11-25T11:50:00Z'),
      cancelledOrder('gone', 'preparing', at, '2026-11-25T11:55:00Z'),
      order('late', 'preparing', '2026-11-25T12:05:00Z'),
    ];
    const columns = boardColumns(orders, 'all', later(1000));
    expect(columns.preparing.map((o) => o.id)).toEqual(['early', 'gone', 'late']);
    expect(boardColumnOf(cancelledOrder('c', 'confirmed', at))).toBe('confirmed');
    expect(boardColumnOf(cancelledOrder('r', 'ready', at))).toBe('ready');
  });

  it('is not shown when it was never on the board (a request cancelled before it was accepted)', () => {
    const request = cancelledOrder('request', 'pending', at);
    expect(boardColumnOf(request)).toBeNull();
    expect(cancelledStillShown(request, later(1000))).toBe(false);
    const columns = boardColumns([request], 'all', later(1000));
    expect([...columns.confirmed, ...columns.preparing, ...columns.ready]).toEqual([]);
  });

  it('stays two minutes after it was cancelled, then goes', () => {
    const gone = cancelledOrder('gone', 'confirmed', at);
    expect(CANCELLED_SHOWN_MS).toBe(120_000);
    expect(cancelledAt(gone)).toBe(Date.parse(at));
    expect(cancelledStillShown(gone, later(0))).toBe(true);
    expect(cancelledStillShown(gone, later(119_999))).toBe(true);
    expect(cancelledStillShown(gone, later(120_000))).toBe(false);
    // A clock a little behind the server's still shows it.
    expect(cancelledStillShown(gone, later(-5000))).toBe(true);
    expect(boardColumns([gone], 'all', later(60_000)).confirmed).toEqual([gone]);
    expect(boardColumns([gone], 'all', later(120_000)).confirmed).toEqual([]);
  });

  it('counts from its last change when its timeline does not say', () => {
    const bare = { ...order('bare', 'cancelled', '2026-11-25T12:00:00Z'), updatedAt: at };
    expect(cancelledAt(bare)).toBe(Date.parse(at));
  });

  it('tells when the next one leaves', () => {
    const first = cancelledOrder('first', 'confirmed', at);
    const second = cancelledOrder('second', 'ready', '2026-11-25T12:11:00.000Z');
    expect(nextCancelledExit([second, first], later(1000))).toBe(later(CANCELLED_SHOWN_MS));
    expect(nextCancelledExit([second, first], later(CANCELLED_SHOWN_MS))).toBe(
      Date.parse('2026-11-25T12:13:00.000Z'),
    );
    expect(nextCancelledExit([second, first], later(10 * 60_000))).toBeNull();
    expect(nextCancelledExit([order('open', 'ready', at)], later(0))).toBeNull();
  });

  it('is read from a day that starts at least a day back in any time zone', () => {
    expect(cancelledSinceDay(Date.parse('2026-11-25T12:00:00Z'))).toBe('2026-11-24');
    expect(cancelledSinceDay(Date.parse('2026-11-25T11:59:00Z'))).toBe('2026-11-23');
    expect(cancelledSinceDay(Date.parse('2026-03-01T00:30:00Z'))).toBe('2026-02-27');
  });
});

describe('completing an order that owes money', () => {
  it('asks for an unpaid order with a total and a partly paid one, not for the others', () => {
    expect(owesMoney({ paymentStatus: 'unpaid', total: 1240 })).toBe(true);
    expect(owesMoney({ paymentStatus: 'partially-paid', total: 1240 })).toBe(true);
    expect(owesMoney({ paymentStatus: 'unpaid', total: 0 })).toBe(false);
    expect(owesMoney({ paymentStatus: 'paid', total: 1240 })).toBe(false);
    expect(owesMoney({ paymentStatus: 'partially-refunded', total: 1240 })).toBe(false);
    expect(owesMoney({ paymentStatus: 'refunded', total: 1240 })).toBe(false);
  });

  it('names what is owed: the total of an unpaid order, the amount due of a partly paid one once read', () => {
    const unpaid = { paymentStatus: 'unpaid' as const, total: 1240, version: 3 };
    expect(amountOwed(unpaid, undefined)).toBe(1240);
    const partly = { paymentStatus: 'partially-paid' as const, total: 1240, version: 4 };
    expect(amountOwed(partly, undefined)).toBeNull();
    // The read is older than the card (the answer of a move, without money): not known yet.
    expect(amountOwed(partly, { version: 4 })).toBeNull();
    expect(amountOwed(partly, { amountDue: 500, version: 3 })).toBeNull();
    expect(amountOwed(partly, { amountDue: 500, version: 4 })).toBe(500);
    expect(amountOwed({ paymentStatus: 'paid', total: 1240, version: 5 }, undefined)).toBe(0);
  });
});

describe('the one-tap button', () => {
  it('names the next status', () => {
    expect(advanceLabel('preparing')).toBe('Start');
    expect(advanceLabel('ready')).toBe('Ready');
    expect(advanceLabel('completed')).toBe('Complete');
    expect(advanceLabel('out-for-delivery')).toBe('Out for delivery');
  });
});

/** 12:mm on the day of the tests, ISO. */
const clock = (minutes: number, seconds = 0) =>
  new Date(Date.UTC(2026, 10, 25, 12, minutes, seconds)).toISOString();
const change = (kind: OrderHistoryKind, status: OrderStatus, minute: number, seconds = 0) => ({
  kind,
  status,
  at: clock(minute, seconds),
});
const step = (status: OrderStatus, minute: number, seconds = 0) => change('status', status, minute, seconds);
const sent = (round: number, minute: number, name = `round ${round}`) => ({
  round,
  sentAt: clock(minute),
  name,
  quantity: 1,
});

describe('rounds on a ticket', () => {
  const states = (order: Parameters<typeof ticketRounds>[0]) =>
    ticketRounds(order).map((round) => [round.round, round.state]);

  it('a first round alone is to make, and the ticket does not name rounds', () => {
    const order = {
      status: 'confirmed' as const,
      lines: [sent(1, 0, 'Soup'), sent(1, 0, 'Latte')],
      timeline: [step('confirmed', 0)],
    };
    const rounds = ticketRounds(order);
    expect(rounds).toEqual([{ round: 1, sentAt: clock(0), lines: order.lines, state: 'to-make' }]);
    expect(showsRounds(rounds)).toBe(false);
  });

  it('a round added to a ready order is to make; the round made before is served', () => {
    const order = {
      status: 'confirmed' as const,
      lines: [sent(1, 0), sent(2, 20)],
      timeline: [
        step('confirmed', 0),
        step('preparing', 2),
        step('ready', 10),
        change('round', 'confirmed', 20),
      ],
    };
    expect(states(order)).toEqual([
      [1, 'served'],
      [2, 'to-make'],
    ]);
    expect(showsRounds(ticketRounds(order))).toBe(true);
  });

  it('a round added while the order is being prepared is new', () => {
    const order = {
      status: 'preparing' as const,
      lines: [sent(1, 0), sent(2, 5), sent(2, 5)],
      timeline: [step('confirmed', 0), step('preparing', 2), change('round', 'preparing', 5)],
    };
    expect(states(order)).toEqual([
      [1, 'to-make'],
      [2, 'new'],
    ]);
    // Lines of one round stay together, in the order they came.
    expect(ticketRounds(order)[1]?.lines).toHaveLength(2);
    // Sent before the kitchen started it: not news.
    expect(
      states({
        status: 'preparing',
        lines: [sent(1, 0), sent(2, 1)],
        timeline: [step('confirmed', 0), change('round', 'confirmed', 1), step('preparing', 2)],
      }),
    ).toEqual([
      [1, 'to-make'],
      [2, 'to-make'],
    ]);
  });

  it('on a ready order, the rounds made with this ready are at the pass and earlier ones served', () => {
    const order = {
      status: 'ready' as const,
      lines: [sent(1, 0), sent(2, 20), sent(3, 22)],
      timeline: [
        step('confirmed', 0),
        step('preparing', 2),
        step('ready', 10),
        change('round', 'confirmed', 20),
        change('round', 'confirmed', 22),
        step('preparing', 23),
        step('ready', 30),
      ],
    };
    expect(states(order)).toEqual([
      [1, 'served'],
      [2, 'at-pass'],
      [3, 'at-pass'],
    ]);
    // Sorted by round whatever the lines' order.
    expect(ticketRounds({ ...order, lines: [...order.lines].reverse() }).map((round) => round.round)).toEqual(
      [1, 2, 3],
    );
  });

  it('a ready taken back does not make the rounds sent before it', () => {
    const order = {
      status: 'preparing' as const,
      lines: [sent(1, 0), sent(2, 1)],
      timeline: [
        step('confirmed', 0),
        change('round', 'confirmed', 1),
        step('preparing', 2),
        step('ready', 10),
        change('recall', 'preparing', 11),
      ],
    };
    expect(states(order)).toEqual([
      [1, 'to-make'],
      [2, 'to-make'],
    ]);
    expect(reachedTimes(order.timeline, 'ready')).toEqual([]);
    expect(reachedTimes(order.timeline, 'preparing')).toEqual([Date.parse(clock(2))]);
  });

  it('a round merged in from another check is not marked made by a ready before the merge', () => {
    // This check was ready at 12:10; the other check's round (sent 12:05) joined it at 12:15.
    const order = {
      status: 'preparing' as const,
      lines: [sent(1, 0), sent(2, 5)],
      timeline: [
        step('confirmed', 0),
        step('preparing', 2),
        step('ready', 10),
        change('merge', 'preparing', 15),
      ],
    };
    // Sent after this check was started, the joined round is also news to the kitchen.
    expect(states(order)).toEqual([
      [1, 'to-make'],
      [2, 'new'],
    ]);
    // Once the joined check is ready, both are made.
    expect(
      states({ ...order, status: 'confirmed', timeline: [...order.timeline, step('ready', 25)] }),
    ).toEqual([
      [1, 'served'],
      [2, 'served'],
    ]);
  });

  it('counts the ticket’s age from the earliest round still to make, and names a round’s items', () => {
    const order = {
      status: 'confirmed' as const,
      createdAt: clock(0),
      lines: [sent(1, 0), sent(2, 20)],
      timeline: [
        step('confirmed', 0),
        step('preparing', 2),
        step('ready', 10),
        change('round', 'confirmed', 20),
      ],
    };
    expect(ticketSince(order, ticketRounds(order))).toBe(clock(20));
    const fresh = { ...order, lines: [sent(1, 0)], timeline: [step('confirmed', 0)] };
    expect(ticketSince(fresh, ticketRounds(fresh))).toBe(clock(0));
    expect(ticketSince(order, [])).toBe(clock(0));
    expect(roundItems([{ quantity: 1 }])).toBe('1 item');
    expect(roundItems([{ quantity: 2 }, { quantity: 3 }])).toBe('5 items');
  });
});

describe('taking back a step of the board', () => {
  const at = (minute: number, seconds = 0) => Date.parse(clock(minute, seconds));

  it('offers the last step forward for two minutes after it was made', () => {
    const started = {
      status: 'preparing' as const,
      timeline: [step('confirmed', 0), step('preparing', 5)],
    };
    expect(recallOf(started, at(5, 30))).toEqual({ from: 'preparing', to: 'confirmed', until: at(7) });
    expect(recallOf(started, at(6, 59))).not.toBeNull();
    expect(recallOf(started, at(7))).toBeNull();
    const ready = { status: 'ready' as const, timeline: [...started.timeline, step('ready', 9)] };
    const recall = recallOf(ready, at(9, 10));
    expect(recall).toEqual({ from: 'ready', to: 'preparing', until: at(11) });
    expect(recall && recallLabel(recall)).toBe('Recall');
    expect(recallLabel({ from: 'preparing', to: 'confirmed', until: 0 })).toBe('Undo');
    const completed = { status: 'completed' as const, timeline: [...ready.timeline, step('completed', 10)] };
    expect(recallOf(completed, at(10, 5))).toMatchObject({ from: 'completed', to: 'ready' });
  });

  it('offers nothing when something else happened last, or the step was not one of the board’s', () => {
    // A round after the step.
    expect(
      recallOf(
        {
          status: 'preparing',
          timeline: [step('confirmed', 0), step('preparing', 1), change('round', 'preparing', 1, 30)],
        },
        at(2),
      ),
    ).toBeNull();
    // Already taken back.
    expect(
      recallOf(
        {
          status: 'confirmed',
          timeline: [step('confirmed', 0), step('preparing', 1), change('recall', 'confirmed', 1, 30)],
        },
        at(2),
      ),
    ).toBeNull();
    // Accepting a request and cancelling are not the board's steps.
    expect(
      recallOf({ status: 'confirmed', timeline: [step('pending', 0), step('confirmed', 1)] }, at(1, 5)),
    ).toBeNull();
    expect(
      recallOf({ status: 'cancelled', timeline: [step('confirmed', 0), step('cancelled', 1)] }, at(1, 5)),
    ).toBeNull();
    // A first entry alone, or an empty history.
    expect(recallOf({ status: 'confirmed', timeline: [step('confirmed', 0)] }, at(0, 5))).toBeNull();
    expect(recallOf({ status: 'confirmed', timeline: [] }, at(0, 5))).toBeNull();
  });

  it('tells when the next take-back button goes', () => {
    const first = { status: 'preparing' as const, timeline: [step('confirmed', 0), step('preparing', 5)] };
    const second = { status: 'ready' as const, timeline: [step('preparing', 0), step('ready', 6)] };
    expect(nextRecallEnd([second, first], at(6, 10))).toBe(at(7));
    expect(nextRecallEnd([second, first], at(7))).toBe(at(8));
    expect(nextRecallEnd([second, first], at(8))).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import type { Order, OrderLine, OrderRoundInput, PointOfSaleItem } from '../../../../shared/contracts/orders';
import type { OrderStatus } from '../../../../shared/order-status';
import { ApiError } from '../../../lib/api-client';
import type { CartLine } from './cart';
import {
  checkItemCount,
  checksAtTable,
  closedCheckMessage,
  deliverRound,
  lastRound,
  type RoundApi,
  roundInput,
  roundLanded,
  roundsOf,
} from './pos-checks';

let lineIds = 0;
function line(round: number, overrides: Partial<OrderLine> = {}): OrderLine {
  lineIds += 1;
  return {
    id: `line-${lineIds}`,
    round,
    sentAt: `2026-05-01T12:0${round}:00.000Z`,
    voided: false,
    comped: false,
    voidReason: null,
    voidedBy: null,
    voidedAt: null,
    menuItemId: 'soup',
    name: 'Tomato soup',
    unitPrice: 700,
    station: 'kitchen',
    quantity: 1,
    options: [],
    note: '',
    lineTotal: 700,
    ...overrides,
  };
}

function order(number: number, overrides: Partial<Order> = {}): Order {
  return {
    id: `order-${number}`,
    number,
    type: 'dine-in',
    status: 'confirmed',
    version: 1,
    table: { id: 't1', name: 'T1' },
    lines: [line(1)],
    total: 700,
    currency: 'USD',
    ...overrides,
  } as Order;
}

const latte: PointOfSaleItem = {
  id: 'latte',
  name: 'Latte',
  price: 450,
  photoUrl: null,
  availableToday: true,
  station: 'bar',
  modifierGroups: [],
};

describe('a table’s open checks', () => {
  it('are its confirmed, preparing and ready orders, oldest first', () => {
    const orders = [
      order(1045, { status: 'ready' }),
      order(1044, { table: { id: 't2', name: 'T2' } }),
      order(1043, { status: 'out-for-delivery' }),
      order(1042, { status: 'preparing' }),
      order(1041, { status: 'completed' }),
      order(1040, { table: null }),
    ];
    expect(checksAtTable(orders, 't1').map((check) => check.number)).toEqual([1042, 1045]);
    expect(checksAtTable(orders, '')).toEqual([]);
  });

  it('count their rounds and the items that still count, and list their lines by round', () => {
    const check = order(1042, {
      lines: [
        line(1, { quantity: 2 }),
        line(1, { quantity: 1, voided: true }),
        line(3, { quantity: 4, comped: true }),
        line(2, { quantity: 3 }),
      ],
    });
    expect(lastRound(check)).toBe(3);
    expect(lastRound({ lines: [] })).toBe(0);
    expect(checkItemCount(check)).toBe(5);
    expect(roundsOf(check).map((round) => [round.round, round.lines.map((each) => each.quantity)])).toEqual([
      [1, [2, 1]],
      [2, [3]],
      [3, [4]],
    ]);
    expect(roundsOf(check)[1]?.sentAt).toBe('2026-05-01T12:02:00.000Z');
  });

  it('say when they take no more rounds', () => {
    expect(closedCheckMessage({ number: 1042, status: 'completed' })).toBe(
      'Check #1042 is completed: it takes no more rounds.',
    );
  });
});

describe('the body of a round', () => {
  it('sends each line’s item, quantity, and options and note only when there are some', () => {
    const lines: CartLine[] = [
      { key: 'line-1', item: latte, optionIds: [], quantity: 2, note: '' },
      { key: 'line-2', item: latte, optionIds: ['o-oat', 'o-large'], quantity: 1, note: 'extra hot' },
    ];
    expect(roundInput(lines, 7)).toEqual({
      version: 7,
      lines: [
        { menuItemId: 'latte', quantity: 2 },
        { menuItemId: 'latte', quantity: 1, optionIds: ['o-oat', 'o-large'], note: 'extra hot' },
      ],
    });
  });

  it('is found on the check after a send without an answer only as a later round with the same lines', () => {
    const sent: OrderRoundInput['lines'] = [
      { menuItemId: 'latte', quantity: 2, optionIds: ['o-oat'] },
      { menuItemId: 'soup', quantity: 1, note: 'no basil' },
    ];
    const landed = [
      line(2, {
        menuItemId: 'latte',
        quantity: 2,
        options: [{ optionId: 'o-oat', groupName: 'Milk', name: 'Oat', priceDelta: 50 }],
      }),
      line(2, { menuItemId: 'soup', quantity: 1, note: 'no basil' }),
    ];
    const check = order(1042, { lines: [line(1), ...landed] });
    expect(roundLanded(check, sent, 1)).toBe(true);
    // The round was there before it was sent: someone else's.
    expect(roundLanded(check, sent, 2)).toBe(false);
    // Another quantity, note or option, or one line more or less, is another round.
    expect(roundLanded(check, [{ ...sent[0]!, quantity: 3 }, sent[1]!], 1)).toBe(false);
    expect(roundLanded(check, [sent[0]!, { ...sent[1]!, note: 'basil' }], 1)).toBe(false);
    expect(roundLanded(check, [{ ...sent[0]!, optionIds: [] }, sent[1]!], 1)).toBe(false);
    expect(roundLanded(check, [sent[0]!], 1)).toBe(false);
  });
});

/**
 * The round route as the server answers it, in memory: a version that is not the check's is a 409
 * `stale`, a check that is not open a 409 `not-open`; `changeMeanwhile` changes the check (another
 * device) before the next `times` sends.
 */
class CheckServer implements RoundApi {
  check: Order;
  sends: number[] = [];
  reads = 0;
  changeMeanwhile = 0;
  lose = false;
  constructor(check: Order) {
    this.check = check;
  }
  addRound = async (checkId: string, input: OrderRoundInput): Promise<Order> => {
    expect(checkId).toBe(this.check.id);
    this.sends.push(input.version);
    if (this.changeMeanwhile > 0) {
      this.changeMeanwhile -= 1;
      this.check = { ...this.check, version: this.check.version + 1 };
    }
    if (this.check.version !== input.version) {
      throw new ApiError(409, 'aborted', 'Someone else changed order #1042 after you opened it.', {
        reason: 'stale',
        version: this.check.version,
      });
    }
    if (!['confirmed', 'preparing', 'ready'].includes(this.check.status)) {
      throw new ApiError(409, 'aborted', 'Order #1042 is completed: you can add a round to …', {
        reason: 'not-open',
        status: this.check.status,
      });
    }
    const round = lastRound(this.check) + 1;
    this.check = {
      ...this.check,
      version: this.check.version + 1,
      lines: [
        ...this.check.lines,
        ...input.lines.map((sent) =>
          line(round, {
            menuItemId: sent.menuItemId,
            quantity: sent.quantity,
            note: sent.note ?? '',
            options: (sent.optionIds ?? []).map((id) => ({
              optionId: id,
              groupName: 'G',
              name: id,
              priceDelta: 0,
            })),
          }),
        ),
      ],
    };
    if (this.lose) {
      this.lose = false;
      throw new ApiError(
        0,
        'unavailable',
        'Could not reach the server. Check your connection and try again.',
      );
    }
    return this.check;
  };
  readCheck = async (): Promise<Order> => {
    this.reads += 1;
    return this.check;
  };
  close(status: OrderStatus) {
    this.check = { ...this.check, status, version: this.check.version + 1 };
  }
}

describe('sending a round', () => {
  const lines: OrderRoundInput['lines'] = [{ menuItemId: 'latte', quantity: 2 }];
  const request = (server: CheckServer, version: number, unansweredAfter: number | null = null) => ({
    check: { id: server.check.id, number: server.check.number, version },
    lines,
    unansweredAfter,
  });

  it('adds it on the version shown', async () => {
    const server = new CheckServer(order(1042, { version: 3 }));
    const outcome = await deliverRound(request(server, 3), server);
    expect(outcome.ok && lastRound(outcome.order)).toBe(2);
    expect([server.sends, server.reads]).toEqual([[3], 0]);
  });

  it('reads a check changed meanwhile again and sends once more on its version', async () => {
    const server = new CheckServer(order(1042, { version: 3 }));
    server.changeMeanwhile = 1;
    const outcome = await deliverRound(request(server, 3), server);
    expect(outcome.ok).toBe(true);
    expect([server.sends, server.reads]).toEqual([[3, 4], 1]);
    expect(roundsOf(server.check).map((round) => round.round)).toEqual([1, 2]);
  });

  it('gives up, saying so, when the check changes again while it is sent once more', async () => {
    const server = new CheckServer(order(1042, { version: 3 }));
    server.changeMeanwhile = 2;
    const outcome = await deliverRound(request(server, 3), server);
    expect(outcome).toMatchObject({
      ok: false,
      reason: 'stale',
      message:
        'Check #1042 changed again on another device while the round was being sent, so it was not sent. Send it again.',
    });
    expect(server.sends).toEqual([3, 4]);
    expect(lastRound(server.check)).toBe(1);
  });

  it('says when the check was closed, whether the refusal or the read again tells', async () => {
    const closed = new CheckServer(order(1042, { version: 3 }));
    closed.close('completed');
    expect(await deliverRound(request(closed, 4), closed)).toMatchObject({ ok: false, reason: 'not-open' });
    // Closed after the screen read it: the stale refusal's read shows it, and nothing is sent again.
    const stale = new CheckServer(order(1042, { version: 3 }));
    stale.close('completed');
    expect(await deliverRound(request(stale, 3), stale)).toMatchObject({
      ok: false,
      reason: 'not-open',
      message: 'Check #1042 is completed: it takes no more rounds.',
    });
    expect(stale.sends).toEqual([3]);
  });

  it('finds a round sent without an answer on the check instead of adding it twice', async () => {
    const server = new CheckServer(order(1042, { version: 3 }));
    server.lose = true;
    const lost = await deliverRound(request(server, 3), server);
    expect(lost).toMatchObject({ ok: false, reason: 'unanswered' });
    // Sent again from the screen's version: stale, since it landed; the read finds it.
    const again = await deliverRound(request(server, 3, 1), server);
    expect(again.ok).toBe(true);
    expect(server.sends).toEqual([3, 3]);
    expect(roundsOf(server.check).map((round) => round.round)).toEqual([1, 2]);
  });

  it('passes on any other refusal with its message', async () => {
    const api: RoundApi = {
      addRound: async () => {
        throw new ApiError(409, 'aborted', 'Pea soup is sold out today.');
      },
      readCheck: async () => order(1042),
    };
    expect(await deliverRound(request(new CheckServer(order(1042)), 1), api)).toMatchObject({
      ok: false,
      reason: 'refused',
      message: 'Pea soup is sold out today.',
    });
  });
});

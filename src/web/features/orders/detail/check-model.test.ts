import { describe, expect, it } from 'vitest';
import type { Order, OrderLine } from '../../../../shared/contracts/orders';
import { OTHER_REASON, reasonText } from '../../../components/ui/reason-choice';
import { historyTitle, itemCount, mergeCandidates, roundsOf, splitEstimate } from './check-model';

function line(overrides: Partial<OrderLine> = {}): OrderLine {
  return {
    id: crypto.randomUUID(),
    round: 1,
    sentAt: '2026-05-01T12:00:00.000Z',
    voided: false,
    comped: false,
    voidReason: null,
    voidedBy: null,
    voidedAt: null,
    menuItemId: null,
    name: 'Latte',
    unitPrice: 450,
    station: 'bar',
    quantity: 1,
    options: [],
    note: '',
    lineTotal: 450,
    ...overrides,
  };
}

function order(overrides: Partial<Order> = {}): Order {
  return {
    id: crypto.randomUUID(),
    number: 1042,
    type: 'dine-in',
    source: 'pos',
    status: 'confirmed',
    paymentStatus: 'unpaid',
    version: 1,
    currency: 'USD',
    table: { id: 'table-1', name: 'T1' },
    customer: null,
    customerName: '',
    customerPhone: '',
    deliveryAddress: '',
    pickupAt: null,
    partner: null,
    partnerReference: '',
    note: '',
    lines: [],
    subtotal: 0,
    discount: 0,
    discountReason: '',
    couponCode: null,
    serviceCharge: 0,
    tax: 0,
    taxInclusive: false,
    taxPercent: null,
    deliveryFee: 0,
    total: 0,
    createdBy: null,
    acceptedBy: null,
    rejectReason: null,
    cancelReason: null,
    readyAt: null,
    mergedInto: null,
    timeline: [],
    allowedMoves: [],
    createdAt: '2026-05-01T12:00:00.000Z',
    updatedAt: '2026-05-01T12:00:00.000Z',
    ...overrides,
  };
}

describe('roundsOf', () => {
  it('groups lines by round, rounds in order, lines as the order lists them', () => {
    const a = line({ name: 'A', round: 1 });
    const b = line({ name: 'B', round: 3, sentAt: '2026-05-01T12:41:00.000Z' });
    const c = line({ name: 'C', round: 2, sentAt: '2026-05-01T12:20:00.000Z' });
    const d = line({ name: 'D', round: 1 });
    const rounds = roundsOf([a, b, c, d]);
    expect(rounds.map((round) => [round.round, round.sentAt, round.lines.map((each) => each.name)])).toEqual([
      [1, '2026-05-01T12:00:00.000Z', ['A', 'D']],
      [2, '2026-05-01T12:20:00.000Z', ['C']],
      [3, '2026-05-01T12:41:00.000Z', ['B']],
    ]);
  });
});

describe('historyTitle', () => {
  const base = { status: 'confirmed' as const, reason: null, detail: null };
  it('says each kind of entry in words', () => {
    expect(historyTitle({ ...base, kind: 'status' })).toBe('Confirmed');
    expect(historyTitle({ ...base, kind: 'round', detail: 'Round 2 · 1 item' })).toBe('Round 2 · 1 item');
    expect(historyTitle({ ...base, kind: 'void', detail: '1 × Latte', reason: 'Entered by mistake' })).toBe(
      'Voided 1 × Latte — Entered by mistake',
    );
    expect(historyTitle({ ...base, kind: 'comp', detail: '2 × Cake', reason: 'Long wait' })).toBe(
      'Comped 2 × Cake — Long wait',
    );
    expect(historyTitle({ ...base, kind: 'move', detail: 'Moved from T1 to T4' })).toBe(
      'Moved from T1 to T4',
    );
    expect(historyTitle({ ...base, status: 'merged', kind: 'merge', detail: 'Merged into #1042' })).toBe(
      'Merged into #1042',
    );
    expect(historyTitle({ ...base, kind: 'split', detail: '2 items split off to #1043' })).toBe(
      '2 items split off to #1043',
    );
    expect(historyTitle({ ...base, kind: 'recall', detail: 'Back from ready to preparing' })).toBe(
      'Recalled: back from ready to preparing',
    );
  });
});

describe('reasonText', () => {
  it('is the preset, or the typed text under Other…, or empty', () => {
    expect(reasonText(null, 'typed')).toBe('');
    expect(reasonText('Out of stock', 'typed')).toBe('Out of stock');
    expect(reasonText(OTHER_REASON, '  Spilled  ')).toBe('Spilled');
    expect(reasonText(OTHER_REASON, '   ')).toBe('');
  });
});

describe('mergeCandidates', () => {
  it('lists the other open checks of the table, oldest first, with why a check cannot join', () => {
    const here = order({ number: 10 });
    const other = (overrides: Partial<Order>) => order({ ...overrides });
    const candidates = mergeCandidates(here, [
      here,
      other({ number: 14 }),
      other({ number: 12, paymentStatus: 'partially-paid' }),
      other({ number: 13, discount: 100 }),
      other({ number: 11, type: 'takeaway' }),
      other({ number: 15, table: { id: 'table-2', name: 'T2' } }),
      other({ number: 16, status: 'completed' }),
    ]);
    expect(candidates.map((candidate) => [candidate.order.number, candidate.refusal])).toEqual([
      [11, 'Another order type'],
      [12, 'Has taken a payment'],
      [13, 'Has a discount'],
      [14, null],
    ]);
    expect(mergeCandidates(order({ table: null }), [order()])).toEqual([]);
  });
});

describe('splitEstimate', () => {
  it('gives the new check its share of service charge and tax; the two add up to the one', () => {
    const latte = line({ quantity: 3, lineTotal: 1350 });
    const cake = line({ name: 'Cake', unitPrice: 525, lineTotal: 525 });
    const gone = line({ name: 'Water', voided: true, lineTotal: 200 });
    const check = order({
      lines: [latte, cake, gone],
      subtotal: 1875,
      serviceCharge: 234,
      tax: 174,
      total: 1875 + 234 + 174,
    });
    expect(itemCount(check.lines)).toBe(4);
    expect(splitEstimate(check, new Map())).toBeNull();
    // A voided line cannot go.
    expect(splitEstimate(check, new Map([[gone.id, 1]]))).toBeNull();
    const estimate = splitEstimate(
      check,
      new Map([
        [latte.id, 1],
        [cake.id, 1],
      ]),
    );
    expect(estimate).not.toBeNull();
    expect(estimate?.movedItems).toBe(2);
    expect(estimate?.keptItems).toBe(2);
    expect(estimate?.moved.subtotal).toBe(975);
    expect(estimate?.moved.serviceCharge).toBe(Math.round((234 * 975) / 1875));
    expect((estimate?.moved.total ?? 0) + (estimate?.kept.total ?? 0)).toBe(check.total);
  });
});

import { describe, expect, it } from 'vitest';
import {
  afterPayment,
  clampParts,
  INITIAL_SPLIT,
  pressKey,
  readTendered,
  type SplitState,
  splitAmount,
} from './pay-model';

const format = (minor: number) => `$${(minor / 100).toFixed(2)}`;

const line = (id: string, lineTotal: number) => ({
  id,
  lineTotal,
  round: 1,
  sentAt: '2026-11-26T09:00:00.000Z',
  voided: false,
  comped: false,
  voidReason: null,
  voidedBy: null,
  voidedAt: null,
  menuItemId: null,
  name: id,
  unitPrice: lineTotal,
  station: 'kitchen' as const,
  quantity: 1,
  options: [],
  note: '',
});

/** $10.00 of lines, $11.00 with tax, nothing paid yet. */
const order = {
  total: 1100,
  subtotal: 1000,
  amountDue: 1100,
  currency: 'USD',
  lines: [line('soup', 600), line('bread', 300), line('tea', 100)],
};

const split = (patch: Partial<SplitState>): SplitState => ({ ...INITIAL_SPLIT, ...patch });

describe('splitAmount', () => {
  it('takes the whole amount due in full', () => {
    expect(splitAmount({ ...order, amountDue: 450 }, split({}), format)).toEqual({ ok: true, amount: 450 });
  });

  it('refuses when nothing is due', () => {
    expect(splitAmount({ ...order, amountDue: 0 }, split({}), format).ok).toBe(false);
  });

  it('splits equally part by part, the first parts a cent more, the last part exactly what is left', () => {
    let state = split({ mode: 'equal', parts: 3 });
    let due = 1000;
    const taken: number[] = [];
    for (let index = 1; index <= 3; index += 1) {
      const result = splitAmount({ ...order, amountDue: due }, state, format);
      if (!result.ok) throw new Error(result.problem);
      expect(result.part).toEqual({ index, of: 3 });
      taken.push(result.amount);
      due -= result.amount;
      state = afterPayment(state);
    }
    expect(taken).toEqual([334, 333, 333]);
    expect(due).toBe(0);
  });

  it('keeps the parts between 2 and 10', () => {
    expect(clampParts(1)).toBe(2);
    expect(clampParts(11)).toBe(10);
    expect(clampParts(Number.NaN)).toBe(2);
    const result = splitAmount(order, split({ mode: 'equal', parts: 40 }), format);
    expect(result).toEqual({ ok: true, amount: 110, part: { index: 1, of: 10 } });
  });

  it('by items: the ticked lines share of the total, and every line left ticked pays what is due', () => {
    expect(splitAmount(order, split({ mode: 'items' }), format)).toEqual({
      ok: false,
      problem: 'Tick the items this guest pays for.',
    });
    // Soup: 600 of 1000 of the subtotal, so 60 % of the $11.00 total.
    const soup = split({ mode: 'items', chosenLines: ['soup'] });
    expect(splitAmount(order, soup, format)).toEqual({ ok: true, amount: 660 });
    const after = afterPayment(soup);
    expect(after.paidLines).toEqual(['soup']);
    expect(after.chosenLines).toEqual([]);
    // The rest ticked: exactly the $4.40 left, whatever rounding would say.
    const rest = { ...after, chosenLines: ['bread', 'tea'] };
    expect(splitAmount({ ...order, amountDue: 440 }, rest, format)).toEqual({ ok: true, amount: 440 });
  });

  it('by items leaves out voided and comped lines: they are not charged', () => {
    const withComp = {
      ...order,
      total: 1100,
      lines: [...order.lines, { ...line('cake', 500), comped: true }],
    };
    // Every billed line ticked pays all that is due; the comped cake is not one to tick.
    const all = split({ mode: 'items', chosenLines: ['soup', 'bread', 'tea'] });
    expect(splitAmount(withComp, all, format)).toEqual({ ok: true, amount: 1100 });
  });

  it('by items never asks for more than is due', () => {
    const result = splitAmount(
      { ...order, amountDue: 200 },
      split({ mode: 'items', chosenLines: ['soup'] }),
      format,
    );
    expect(result).toEqual({ ok: true, amount: 200 });
  });

  it('custom: a typed amount up to what is due', () => {
    expect(splitAmount(order, split({ mode: 'custom', custom: '' }), format).ok).toBe(false);
    expect(splitAmount(order, split({ mode: 'custom', custom: '4.5' }), format)).toEqual({
      ok: true,
      amount: 450,
    });
    expect(splitAmount(order, split({ mode: 'custom', custom: 'abc' }), format)).toEqual({
      ok: false,
      problem: 'Enter an amount above 0, such as 12.50.',
    });
    expect(splitAmount(order, split({ mode: 'custom', custom: '0' }), format).ok).toBe(false);
    expect(splitAmount(order, split({ mode: 'custom', custom: '11.01' }), format)).toEqual({
      ok: false,
      problem: 'The amount due is $11.00: enter at most that.',
    });
  });
});

describe('the cash keypad', () => {
  const type = (keys: string[], currency = 'USD') =>
    keys.reduce((text, key) => pressKey(text, key as Parameters<typeof pressKey>[1], currency), '');

  it('types an amount with at most the currency decimals', () => {
    expect(type(['2', '0'])).toBe('20');
    expect(type(['1', '2', '.', '5', '0', '9'])).toBe('12.50');
    expect(type(['.', '5'])).toBe('0.5');
    expect(type(['1', '.', '.', '2'])).toBe('1.2');
    expect(type(['0', '0', '7'])).toBe('7');
    expect(type(['2', '0', 'back'])).toBe('2');
    expect(type(['back'])).toBe('');
  });

  it('takes no point for a currency without minor units', () => {
    expect(type(['5', '.', '0', '0'], 'JPY')).toBe('500');
  });
});

describe('readTendered', () => {
  it('none typed is the exact amount, more gives change, less is refused', () => {
    expect(readTendered('', 1334, 'USD', format)).toEqual({ ok: true, tendered: 1334, change: 0 });
    expect(readTendered('20', 1334, 'USD', format)).toEqual({ ok: true, tendered: 2000, change: 666 });
    expect(readTendered('10', 1334, 'USD', format)).toEqual({
      ok: false,
      problem: 'The cash handed over is less than $13.34.',
    });
  });
});

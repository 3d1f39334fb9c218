import { describe, expect, it } from 'vitest';
import type { Compared, Statement } from '../../../shared/contracts/reports';
import { changeTone, lineChange, type StatementLine, statementSections } from './statement-lines';

const pair = (current: number, previous = 0): Compared => ({ current, previous });
const zero = pair(0);

function salesLine(key: string, net: Compared) {
  return { key, orders: zero, gross: net, discounts: zero, refunds: zero, net };
}

const statement: Statement = {
  period: { from: '2026-03-01', to: '2026-03-31' },
  previous: { from: '2026-02-01', to: '2026-02-28' },
  currency: 'USD',
  orders: pair(3, 2),
  sales: {
    gross: pair(10_000, 8_000),
    discounts: pair(700, 0),
    couponDiscounts: pair(500),
    manualDiscounts: pair(200),
    refunds: pair(300, 100),
    net: pair(9_000, 7_900),
    byType: [salesLine('dine-in', pair(9_000, 7_900)), salesLine('takeaway', zero)],
    bySource: [salesLine('pos', pair(9_000, 7_900)), salesLine('kiosk', zero)],
  },
  serviceCharge: pair(900),
  deliveryFees: zero,
  taxCollected: pair(800, 700),
  taxInPrices: zero,
  income: pair(9_900, 7_900),
  cogs: {
    openingStock: pair(5_000),
    purchases: pair(2_000),
    closingStock: pair(4_000),
    cost: pair(3_000),
    foodCostPercent: { current: 33.3, previous: null },
  },
  grossProfit: pair(6_900, 7_900),
  partnerCommissions: zero,
  expenses: {
    total: pair(1_500, 1_000),
    byCategory: [{ categoryId: 'c1', name: 'Rent', amount: pair(1_500, 1_000) }],
  },
  netProfit: pair(5_400, 6_900),
  accounts: [],
};

function findLine(id: string): StatementLine {
  const found = statementSections(statement)
    .flatMap((section) => section.lines)
    .find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no line ${id}`);
  return found;
}

describe('statementSections', () => {
  it('lays the statement out in the page’s order', () => {
    const sections = statementSections(statement);
    expect(sections.map((section) => section.id)).toEqual([
      'sales',
      'income',
      'tax',
      'cogs',
      'gross-profit',
      'partners',
      'expenses',
      'net-profit',
    ]);
    expect(sections[0]?.lines.map((candidate) => candidate.id)).toEqual([
      'orders',
      'gross-sales',
      'coupon-discounts',
      'manual-discounts',
      'refunds',
      'net-sales',
      'by-type',
      'type-dine-in',
      'type-takeaway',
      'by-source',
      'source-pos',
      'source-kiosk',
    ]);
    // A one-line section names itself.
    expect(sections.find((section) => section.id === 'net-profit')?.title).toBeUndefined();
  });

  it('gives each line its amounts, its sense and its records', () => {
    expect(findLine('net-sales')).toMatchObject({
      current: 9_000,
      previous: 7_900,
      sense: 'more-is-better',
      level: 'total',
      records: { kind: 'orders' },
    });
    expect(findLine('refunds')).toMatchObject({ sense: 'more-is-worse', records: { kind: 'refunds' } });
    expect(findLine('type-dine-in')).toMatchObject({
      label: 'Dine-in',
      level: 'sub',
      records: { kind: 'orders', type: 'dine-in' },
    });
    expect(findLine('source-pos')).toMatchObject({
      label: 'Point of sale',
      records: { kind: 'orders', source: 'pos' },
    });
    // A source the web does not know yet keeps the server's name.
    expect(findLine('source-kiosk').label).toBe('kiosk');
    expect(findLine('purchases').records).toEqual({ kind: 'receipts' });
    expect(findLine('partner-commissions').records).toEqual({ kind: 'settlements' });
    expect(findLine('expense-c1')).toMatchObject({
      label: 'Rent',
      current: 1_500,
      records: { kind: 'expenses', categoryId: 'c1' },
    });
    expect(findLine('food-cost')).toMatchObject({ format: 'percent', current: 33.3, previous: null });
    expect(findLine('orders').format).toBe('count');
    expect(findLine('tax-collected').sense).toBe('neutral');
  });

  it('opens no records for the lines that have none to list', () => {
    for (const id of [
      'opening-stock',
      'closing-stock',
      'cost-of-goods',
      'food-cost',
      'tax-collected',
      'tax-in-prices',
      'service-charge',
      'income',
      'gross-profit',
      'net-profit',
    ]) {
      expect(findLine(id).records, id).toBeUndefined();
    }
  });
});

describe('lineChange', () => {
  it('is the difference and the percent of the previous period', () => {
    expect(lineChange(11_500, 10_000, 'money')).toEqual({ delta: 1_500, percent: 15, direction: 'up' });
    expect(lineChange(9_000, 12_000, 'money')).toEqual({ delta: -3_000, percent: -25, direction: 'down' });
    expect(lineChange(1, 3, 'count')).toEqual({ delta: -2, percent: -66.7, direction: 'down' });
    expect(lineChange(500, 500, 'money')).toEqual({ delta: 0, percent: 0, direction: 'same' });
  });

  it('has no percent when there was nothing before', () => {
    expect(lineChange(500, 0, 'money')).toEqual({ delta: 500, percent: null, direction: 'up' });
    expect(lineChange(0, 0, 'money')).toEqual({ delta: 0, percent: null, direction: 'same' });
  });

  it('measures a negative amount’s change against its size', () => {
    // A loss of 100 becoming a profit of 100 is up by 200 %.
    expect(lineChange(100, -100, 'money')).toEqual({ delta: 200, percent: 200, direction: 'up' });
  });

  it('counts a percent’s change in points', () => {
    expect(lineChange(33.3, 30.1, 'percent')).toEqual({ delta: 3.2, percent: null, direction: 'up' });
    expect(lineChange(33.3, null, 'percent')).toEqual({ delta: null, percent: null, direction: 'same' });
  });
});

describe('changeTone', () => {
  it('is better when sales go up and costs go down', () => {
    expect(changeTone('up', 'more-is-better')).toBe('better');
    expect(changeTone('down', 'more-is-better')).toBe('worse');
    expect(changeTone('up', 'more-is-worse')).toBe('worse');
    expect(changeTone('down', 'more-is-worse')).toBe('better');
  });

  it('is neutral for no change and for lines without a better way', () => {
    expect(changeTone('same', 'more-is-better')).toBe('neutral');
    expect(changeTone('up', 'neutral')).toBe('neutral');
  });
});

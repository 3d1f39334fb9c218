import { describe, expect, it } from 'vitest';
import type { StockCountLine } from '../../../../shared/contracts/stock-counts';
import { byStorageArea, expectedChanges, readCounted, shortQuantity, signedQuantity } from './count-model';

const line = (overrides: Partial<StockCountLine>): StockCountLine => ({
  itemId: 'a',
  itemName: 'Milk',
  unitSymbol: 'l',
  storageArea: null,
  storageOrder: null,
  expected: '10.000',
  counted: null,
  onHandAtCount: null,
  countedAt: null,
  countedById: null,
  countedByName: null,
  difference: null,
  valueDifference: null,
  averageCost: 120,
  ...overrides,
});

describe('the counting screen rules', () => {
  it('reads typed counts: empty clears, commas are points, negatives and 4 decimals are refused', () => {
    expect(readCounted('')).toEqual({ ok: true, counted: null });
    expect(readCounted(' 2,5 ')).toEqual({ ok: true, counted: '2.500' });
    expect(readCounted('-1').ok).toBe(false);
    expect(readCounted('1.2345').ok).toBe(false);
    expect(readCounted('abc').ok).toBe(false);
  });

  it('shows quantities as typed', () => {
    expect(shortQuantity('3.000')).toBe('3');
    expect(shortQuantity('2.500')).toBe('2.5');
    expect(shortQuantity('0.000')).toBe('0');
    expect(shortQuantity(null)).toBe('');
    expect(signedQuantity(1500)).toBe('+1.5');
    expect(signedQuantity(-250)).toBe('-0.25');
  });

  it('groups runs of one storage area in order', () => {
    const lines = [
      line({ itemId: '1', storageArea: 'Walk-in' }),
      line({ itemId: '2', storageArea: 'Walk-in' }),
      line({ itemId: '3', storageArea: 'Dry store' }),
      line({ itemId: '4', storageArea: null }),
    ];
    expect(byStorageArea(lines).map((group) => [group.area, group.lines.length])).toEqual([
      ['Walk-in', 2],
      ['Dry store', 1],
      [null, 1],
    ]);
  });

  it('finishes by the difference from the books when counted, not from the expected snapshot', () => {
    const result = expectedChanges([
      line({ itemId: '1', counted: '7.000', onHandAtCount: '8.000' }),
      line({ itemId: '2', counted: '5.000', onHandAtCount: '5.000' }),
      line({ itemId: '3' }),
    ]);
    expect(result.changes.map((change) => [change.line.itemId, change.difference, change.value])).toEqual([
      ['1', -1000, -120],
    ]);
    expect(result).toMatchObject({ value: -120, uncounted: 1 });
    const free = expectedChanges([line({ counted: '1.000', onHandAtCount: '2.000', averageCost: 0 })]);
    expect(Object.is(free.value, 0) && Object.is(free.changes[0]?.value, 0)).toBe(true);
  });
});

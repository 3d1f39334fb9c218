import { describe, expect, it } from 'vitest';
import { commissionOf } from '../../../shared/contracts/settlements';
import { disputedCount, matchPayout, readPayoutReport } from './payout-report';

describe('commissionOf', () => {
  it('is the percent of the order, to the nearest minor unit', () => {
    expect(commissionOf(1_005, 15)).toBe(151);
    expect(commissionOf(3_015, 15)).toBe(452);
    expect(commissionOf(1_000, 12.5)).toBe(125);
    expect(commissionOf(999, 0)).toBe(0);
    expect(commissionOf(999, 100)).toBe(999);
  });
});

describe('readPayoutReport', () => {
  it('reads the partners’ ways of naming the columns, and amounts in major units', () => {
    const report = readPayoutReport(
      '\uFEFFOrder_Reference;x\n'.replace(';x', ',Order Total (EUR),Fee,Net Payout') +
        'A-1,"1,234.50",185.18,"1,049.32"\nA-2,10.00,(1.50),8.50\n',
      2,
    );
    expect(report.problems).toEqual([]);
    expect(report.rows).toEqual([
      { row: 2, reference: 'A-1', gross: 123_450, commission: 18_518, payout: 104_932 },
      { row: 3, reference: 'A-2', gross: 1_000, commission: 150, payout: 850 },
    ]);
  });

  it('lists the rows it cannot read, and counts a reference once', () => {
    const report = readPayoutReport('Reference,Payout\n,1.00\nB-1,abc\nB-2,2.00\nb-2,3.00\n', 2);
    expect(report.rows).toEqual([{ row: 4, reference: 'B-2', gross: null, commission: null, payout: 200 }]);
    expect(report.problems).toEqual([
      { row: 2, problem: 'The reference is empty.' },
      { row: 3, problem: 'The payout of B-1 is not an amount.' },
      { row: 5, problem: 'b-2 is in the file twice: only its first row counts.' },
    ]);
  });

  it('refuses a file without a reference and a payout column', () => {
    expect(() => readPayoutReport('Date,Amount\n2030-01-01,1.00\n', 2)).toThrow(/Reference/);
    expect(() => readPayoutReport('', 2)).toThrow(/empty/);
  });
});

describe('matchPayout', () => {
  const orders = [
    { orderId: 'o1', number: 1001, partnerReference: 'X-1', gross: 1_000, commission: 150 },
    { orderId: 'o2', number: 1002, partnerReference: 'X-2', gross: 2_000, commission: 300 },
    { orderId: 'o3', number: 1003, partnerReference: 'X-3', gross: 500, commission: 75 },
  ];

  it('matches by reference whatever its case, and names every difference', () => {
    const match = matchPayout(orders, {
      rows: [
        { row: 2, reference: 'x-1', gross: 1_000, commission: 150, payout: 850 },
        { row: 3, reference: 'X-2', gross: null, commission: null, payout: 1_600 },
        { row: 4, reference: 'X-9', gross: null, commission: null, payout: 400 },
      ],
      problems: [],
    });
    expect(match.matched.map((row) => [row.orderId, row.difference])).toEqual([
      ['o1', 0],
      ['o2', -100],
    ]);
    expect(match.missing).toEqual([
      { orderId: 'o3', number: 1003, reference: 'X-3', expectedPayout: 425, difference: -425 },
    ]);
    expect(match.unknown).toEqual([
      { row: 4, reference: 'X-9', reported: { gross: null, commission: null, payout: 400 }, difference: 400 },
    ]);
    expect(match.totals).toEqual({ expected: 850 + 1_700 + 425, reported: 2_850, difference: 2_850 - 2_975 });
    expect(disputedCount(match)).toBe(2);
  });
});

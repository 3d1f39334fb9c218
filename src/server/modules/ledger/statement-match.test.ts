import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchStatement, readAmount, readDay, readStatement } from './statement-match';

describe('reading a bank statement', () => {
  it('reads amounts as banks write them', () => {
    const cases: [string, number | null][] = [
      ['-1,234.56', -123_456],
      ['1.234,56', 123_456],
      ['(12.50)', -1_250],
      ['£12.50', 1_250],
      ['-£5.00', -500],
      ['€ -5,00', -500],
      ['12.50 CR', 1_250],
      ['12.50 DR', -1_250],
      ['12.50 USD', 1_250],
      ['1,234', 123_400],
      ['12', 1_200],
      ['12.5', 1_250],
      ['', null],
      ['abc', null],
      ['1.2.3.4,5,6', null],
    ];
    for (const [text, minor] of cases) expect(readAmount(text, 2), text).toBe(minor);
    expect(readAmount('1,250', 0)).toBe(1_250);
  });

  it('reads days in ISO, day-first and month-first forms, refusing impossible ones', () => {
    expect(readDay('2026-11-03', true)).toBe('2026-11-03');
    expect(readDay('03/11/2026', true)).toBe('2026-11-03');
    expect(readDay('11/03/2026', false)).toBe('2026-11-03');
    expect(readDay('3.11.26', true)).toBe('2026-11-03');
    expect(readDay('31/02/2026', true)).toBeNull();
    expect(readDay('tomorrow', true)).toBeNull();
  });

  it('finds the columns by name, tells day-first from month-first by the file, and names bad lines', () => {
    const lines = readStatement(
      'Transaction Date,Details,Paid out,Paid in,Balance\r\n' +
        '25/11/2026,CARD FEES NOV,4.50,,995.50\r\n' +
        '26/11/2026,CASH DEPOSIT BRANCH,,250.00,1245.50\r\n' +
        'soon,???,1.00,,\r\n',
      { digits: 2, dayFirst: false },
    );
    expect(lines).toEqual([
      { row: 2, date: '2026-11-25', amount: -450, reference: 'CARD FEES NOV', problem: null },
      { row: 3, date: '2026-11-26', amount: 25_000, reference: 'CASH DEPOSIT BRANCH', problem: null },
      { row: 4, date: null, amount: -100, reference: '???', problem: 'The date “soon” is not a day.' },
    ]);
    expect(() => readStatement('When,How much\r\n1,2\r\n', { digits: 2, dayFirst: true })).toThrow(/Date/);
  });
});

describe('matching lines to ledger rows', () => {
  it('pairs the same amount on the nearest day, shared words first, each row once', () => {
    const rows = [
      { id: 'fee', amount: -450, bookedOn: '2026-11-24', description: 'Card fees' },
      { id: 'other-fee', amount: -450, bookedOn: '2026-11-25', description: 'Window cleaner' },
      { id: 'cash', amount: 25_000, bookedOn: '2026-11-20', description: 'From Till: end of day' },
    ];
    const line = (row: number, date: string, amount: number, reference: string) => ({
      row,
      date,
      amount,
      reference,
      problem: null,
    });
    const matched = matchStatement(
      [
        line(2, '2026-11-25', -450, 'CARD FEES NOV'),
        line(3, '2026-11-25', -450, 'SOMETHING'),
        line(4, '2026-11-26', 25_000, 'CASH DEPOSIT'),
        line(5, '2026-11-26', 99, 'UNKNOWN'),
      ],
      rows,
    );
    expect(matched.map((pair) => pair.rowId)).toEqual(['fee', 'other-fee', null, null]);
  });

  it('never pairs different amounts, days too far apart, or one row twice (generated)', () => {
    const day = fc.integer({ min: 0, max: 30 }).map((n) => `2026-11-${String(n + 1).padStart(2, '0')}`);
    const amount = fc.constantFrom(-450, 1_000, 2_500, -9_999);
    fc.assert(
      fc.property(
        fc.array(fc.record({ date: day, amount, reference: fc.constantFrom('a fee', 'cash', 'x') }), {
          maxLength: 20,
        }),
        fc.array(fc.record({ bookedOn: day, amount, description: fc.constantFrom('fee', 'cash in', 'y') }), {
          maxLength: 20,
        }),
        (lines, rows) => {
          const candidates = rows.map((row, index) => ({ ...row, id: `r${index}` }));
          const pairs = matchStatement(
            lines.map((line, index) => ({ ...line, row: index + 2, problem: null })),
            candidates,
          );
          const ids = pairs.flatMap((pair) => (pair.rowId ? [pair.rowId] : []));
          expect(new Set(ids).size).toBe(ids.length);
          for (const pair of pairs) {
            if (!pair.rowId) {
              // Unmatched only when no unused row of that amount was near enough.
              continue;
            }
            const row = candidates.find((candidate) => candidate.id === pair.rowId)!;
            expect(row.amount).toBe(pair.line.amount);
            const apart = Math.abs(Date.parse(row.bookedOn) - Date.parse(pair.line.date!)) / 86_400_000;
            expect(apart).toBeLessThanOrEqual(5);
          }
        },
      ),
    );
  });
});

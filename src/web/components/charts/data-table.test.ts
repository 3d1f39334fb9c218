import { describe, expect, it } from 'vitest';
import { csvField, csvFileName, minorAsDecimal, toCsv } from './data-table';

describe('chart data as CSV', () => {
  it('quotes what needs it and defuses formulas', () => {
    expect(csvField('Soup')).toBe('Soup');
    expect(csvField('Soup, hot')).toBe('"Soup, hot"');
    expect(csvField('The "best"')).toBe('"The ""best"""');
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvField(-5)).toBe('-5');
    expect(csvField(null)).toBe('');
  });

  it('writes the header and the rows', () => {
    const csv = toCsv({
      columns: [{ label: 'Day' }, { label: 'Orders', numeric: true }],
      rows: [
        {
          key: 'a',
          cells: [
            { text: 'Mar 1', csv: '2026-03-01' },
            { text: '3', csv: 3 },
          ],
        },
      ],
    });
    expect(csv).toBe('Day,Orders\r\n2026-03-01,3\r\n');
  });

  it('names the file after the card and the period', () => {
    expect(csvFileName('Sales over time', { from: '2026-03-01', to: '2026-03-31' })).toBe(
      'sales-over-time-2026-03-01-to-2026-03-31.csv',
    );
    expect(csvFileName('Top dishes', { from: '2026-03-01', to: '2026-03-01' })).toBe(
      'top-dishes-2026-03-01.csv',
    );
  });

  it('writes amounts in major units', () => {
    expect(minorAsDecimal(18_450, 2)).toBe('184.50');
    expect(minorAsDecimal(-5, 2)).toBe('-0.05');
    expect(minorAsDecimal(1200, 0)).toBe('1200');
    expect(minorAsDecimal(1234, 3)).toBe('1.234');
  });
});

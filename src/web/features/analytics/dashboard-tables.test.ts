import { describe, expect, it } from 'vitest';
import { toCsv } from '../../components/charts/data-table';
import { couponsTable, heatmapTable, ratingsTable, salesOverTimeTable } from './dashboard-tables';

const formats = {
  money: (minor: number) => `$${(minor / 100).toFixed(2)}`,
  digits: 2,
  day: (day: string) => `day ${day}`,
  label: (key: string) => key.toUpperCase(),
};

describe('dashboard tables', () => {
  it('gives sales over time by day, with the day as a date in the file', () => {
    const table = salesOverTimeTable(
      { unit: 'day', points: [{ key: '2026-03-01', orders: 2, sales: 18_450 }] },
      formats,
    );
    expect(table.rows[0]!.cells.map((cell) => cell.text)).toEqual(['day 2026-03-01', '2', '$184.50']);
    expect(toCsv(table)).toBe('Day,Orders,Sales\r\n2026-03-01,2,184.50\r\n');
  });

  it('names hours in a one-day period', () => {
    const table = salesOverTimeTable(
      { unit: 'hour', points: [{ key: '09', orders: 1, sales: 100 }] },
      formats,
    );
    expect(table.columns[0]!.label).toBe('Hour');
    expect(table.rows[0]!.cells[0]!.text).toBe('9:00–10:00');
  });

  it('lists the heat map’s cells with orders, Monday first', () => {
    const table = heatmapTable(
      [
        { weekday: 2, hour: 9, orders: 12, sales: 18_400 },
        { weekday: 1, hour: 20, orders: 1, sales: 100 },
      ],
      formats,
    );
    expect(table.rows.map((row) => row.cells.map((cell) => cell.text))).toEqual([
      ['Mon', '20:00–21:00', '1', '$1.00'],
      ['Tue', '9:00–10:00', '12', '$184.00'],
    ]);
  });

  it('ends the coupons with the coupon and manual discount totals', () => {
    const table = couponsTable(
      { uses: [{ code: 'SPRING', orders: 3, discount: 900 }], couponDiscount: 900, manualDiscount: 250 },
      formats,
    );
    expect(toCsv(table)).toBe(
      'Coupon,Orders,Discount\r\nSPRING,3,9.00\r\nAll coupons,,9.00\r\nDiscounts given by hand,,2.50\r\n',
    );
  });

  it('gives the ratings’ distribution from 1 to 5 stars', () => {
    const table = ratingsTable({ count: 3, average: 4, distribution: [0, 0, 1, 0, 2], latestLow: [] });
    expect(table.rows).toHaveLength(5);
    expect(table.rows[4]!.cells.map((cell) => cell.csv)).toEqual([5, 2]);
  });
});

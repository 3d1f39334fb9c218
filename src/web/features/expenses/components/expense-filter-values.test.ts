import { describe, expect, it } from 'vitest';
import { expenseFiltersFrom, monthOf } from './expense-filter-values';

describe('monthOf', () => {
  it('gives the first and last day of the month, across years and leap years', () => {
    expect(monthOf('2026-11-29')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(monthOf('2026-01-15', -1)).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(monthOf('2028-03-31', -1)).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthOf('2026-12-01', 1)).toEqual({ from: '2027-01-01', to: '2027-01-31' });
  });
});

describe('expenseFiltersFrom', () => {
  const today = '2026-11-29';
  const read = (query: string) => expenseFiltersFrom(new URLSearchParams(query), today);

  it('shows this month when the address names no period', () => {
    expect(read('')).toMatchObject({ from: '2026-11-01', to: '2026-11-30' });
  });

  it('keeps an open end open, and ignores what cannot be right', () => {
    expect(read('from=&to=')).toMatchObject({ from: undefined, to: undefined });
    expect(read('from=2026-01-01&to=')).toMatchObject({ from: '2026-01-01', to: undefined });
    expect(read('from=yesterday&status=lost&search=%20%20')).toEqual({
      from: undefined,
      to: undefined,
      categoryId: undefined,
      supplierId: undefined,
      accountId: undefined,
      status: undefined,
      search: undefined,
    });
  });

  it('reads the other filters by the API names', () => {
    expect(read('categoryId=c&supplierId=s&accountId=a&status=voided&search=%20tap%20')).toMatchObject({
      categoryId: 'c',
      supplierId: 's',
      accountId: 'a',
      status: 'voided',
      search: 'tap',
    });
  });
});

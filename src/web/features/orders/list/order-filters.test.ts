import { describe, expect, it } from 'vitest';
import {
  dateRangeError,
  filtersFromSearch,
  hasOrderFilters,
  listParamsFromFilters,
  NO_ORDER_FILTERS,
  searchFromFilters,
} from './order-filters';

describe('order list filters in the URL', () => {
  it('reads every filter from the query', () => {
    const filters = filtersFromSearch(
      new URLSearchParams(
        'status=preparing,confirmed&type=delivery&source=online&paymentStatus=paid&from=2026-11-01&to=2026-11-30&search=%231042',
      ),
    );
    expect(filters).toEqual({
      statuses: ['confirmed', 'preparing'],
      type: 'delivery',
      source: 'online',
      paymentStatus: 'paid',
      from: '2026-11-01',
      to: '2026-11-30',
      search: '#1042',
    });
  });

  it('drops values it does not know', () => {
    const filters = filtersFromSearch(
      new URLSearchParams(
        'status=cooking,ready,&type=drive-in&source=&paymentStatus=free&from=2026-02-30&to=tomorrow',
      ),
    );
    expect(filters).toEqual({ ...NO_ORDER_FILTERS, statuses: ['ready'] });
  });

  it('reads an empty query as no filters, and writes no filters as an empty query', () => {
    expect(filtersFromSearch(new URLSearchParams())).toEqual(NO_ORDER_FILTERS);
    expect(searchFromFilters(NO_ORDER_FILTERS).toString()).toBe('');
    expect(hasOrderFilters(NO_ORDER_FILTERS)).toBe(false);
    expect(listParamsFromFilters(NO_ORDER_FILTERS)).toEqual({});
  });

  it('writes only the filters in use, and reads them back the same', () => {
    const filters = {
      ...NO_ORDER_FILTERS,
      statuses: ['pending' as const],
      to: '2026-12-01',
      search: ' Dana ',
    };
    const search = searchFromFilters(filters);
    expect(search.toString()).toBe('status=pending&to=2026-12-01&search=Dana');
    expect(filtersFromSearch(search)).toEqual({ ...filters, search: 'Dana' });
    expect(hasOrderFilters(filters)).toBe(true);
  });

  it('asks the server for the same filters, the statuses as one comma list', () => {
    expect(
      listParamsFromFilters({
        ...NO_ORDER_FILTERS,
        statuses: ['confirmed', 'ready'],
        paymentStatus: 'unpaid',
        from: '2026-11-01',
        search: '  ',
      }),
    ).toEqual({ status: 'confirmed,ready', paymentStatus: 'unpaid', from: '2026-11-01' });
  });

  it('refuses a range that ends before it starts, and allows one day', () => {
    expect(dateRangeError({ from: '2026-11-02', to: '2026-11-01' })).toBe('Must not be before “From”.');
    expect(dateRangeError({ from: '2026-11-01', to: '2026-11-01' })).toBeNull();
    expect(dateRangeError({ from: '', to: '2026-11-01' })).toBeNull();
  });
});

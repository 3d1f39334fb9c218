import {
  ORDER_SOURCES,
  ORDER_TYPES,
  type OrderSource,
  type OrderType,
} from '../../../../shared/contracts/orders';
import {
  ORDER_STATUSES,
  type OrderStatus,
  PAYMENT_STATUSES,
  type PaymentStatus,
} from '../../../../shared/order-status';
import type { OrderListParams } from '../api/orders-api';

/**
 * The filters of `/orders`, kept in the page's URL query so that a reload or a shared link opens the
 * same list: `?status=confirmed,preparing&type=delivery&from=2026-11-01&to=2026-11-30&search=1042`.
 * Whatever the URL carries that is not a known value is dropped, not sent to the server.
 */
export interface OrderFilters {
  statuses: OrderStatus[];
  type: OrderType | '';
  source: OrderSource | '';
  paymentStatus: PaymentStatus | '';
  /** `YYYY-MM-DD`, a day in the restaurant's time zone, or ''. */
  from: string;
  to: string;
  search: string;
}

export const NO_ORDER_FILTERS: OrderFilters = {
  statuses: [],
  type: '',
  source: '',
  paymentStatus: '',
  from: '',
  to: '',
  search: '',
};

/** Longest search text kept (the search box's own limit). */
export const MAX_ORDER_SEARCH = 100;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | '' {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : '';
}

/** A real calendar day written `YYYY-MM-DD`, or ''. */
function validDate(value: string | null): string {
  if (!value || !DATE.test(value)) return '';
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value ? value : '';
}

/** The filters a URL query names; unknown values are left out, statuses kept in the table's order. */
export function filtersFromSearch(search: URLSearchParams): OrderFilters {
  const named = new Set((search.get('status') ?? '').split(',').map((status) => status.trim()));
  return {
    statuses: ORDER_STATUSES.filter((status) => named.has(status)),
    type: oneOf(ORDER_TYPES, search.get('type')),
    source: oneOf(ORDER_SOURCES, search.get('source')),
    paymentStatus: oneOf(PAYMENT_STATUSES, search.get('paymentStatus')),
    from: validDate(search.get('from')),
    to: validDate(search.get('to')),
    search: (search.get('search') ?? '').slice(0, MAX_ORDER_SEARCH),
  };
}

/** The URL query for `filters`: only the filters in use, in a fixed order. */
export function searchFromFilters(filters: OrderFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.statuses.length > 0) search.set('status', filters.statuses.join(','));
  if (filters.type) search.set('type', filters.type);
  if (filters.source) search.set('source', filters.source);
  if (filters.paymentStatus) search.set('paymentStatus', filters.paymentStatus);
  if (filters.from) search.set('from', filters.from);
  if (filters.to) search.set('to', filters.to);
  const text = filters.search.trim();
  if (text) search.set('search', text);
  return search;
}

/** A "From" after "To": the list is not asked for (the server would refuse it). */
export function dateRangeError(filters: Pick<OrderFilters, 'from' | 'to'>): string | null {
  // ISO dates compare as text.
  return filters.from && filters.to && filters.from > filters.to ? 'Must not be before “From”.' : null;
}

/** What `GET /api/orders` is asked for. */
export function listParamsFromFilters(filters: OrderFilters): OrderListParams {
  const params: OrderListParams = {};
  if (filters.statuses.length > 0) params.status = filters.statuses.join(',');
  if (filters.type) params.type = filters.type;
  if (filters.source) params.source = filters.source;
  if (filters.paymentStatus) params.paymentStatus = filters.paymentStatus;
  if (filters.from) params.from = filters.from;
  if (filters.to) params.to = filters.to;
  const text = filters.search.trim();
  if (text) params.search = text;
  return params;
}

/** Whether any filter is in use (the empty state then says "no orders match"). */
export function hasOrderFilters(filters: OrderFilters): boolean {
  return searchFromFilters(filters).size > 0;
}

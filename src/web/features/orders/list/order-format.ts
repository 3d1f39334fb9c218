import { useCallback } from 'react';
import type { Order } from '../../../../shared/contracts/orders';
import { formatMoney } from '../../../../shared/money';
import { useConfig } from '../../config/api/get-config';

/** The customer's name as the order reads it: the name typed at the till, else the account's. */
export function customerNameOf(order: Pick<Order, 'customerName' | 'customer'>): string {
  return order.customerName || order.customer?.name || '';
}

/**
 * Who or where the order is for, in one short line of the list: the table of a dine-in order, the
 * customer (name, else phone), and for a partner's order the partner with its reference.
 */
export function orderPartyLabel(
  order: Pick<
    Order,
    'table' | 'customerName' | 'customer' | 'customerPhone' | 'partner' | 'partnerReference'
  >,
): string {
  const parts: string[] = [];
  if (order.table) parts.push(`Table ${order.table.name}`);
  const customer = customerNameOf(order) || order.customerPhone;
  if (customer) parts.push(customer);
  if (order.partner) {
    parts.push(
      order.partnerReference ? `${order.partner.name} ${order.partnerReference}` : order.partner.name,
    );
  }
  return parts.join(' · ');
}

/** Formats an order's amounts: minor units of the order's own currency, in the restaurant's locale. */
export function useOrderMoney(): (minor: number, currency: string) => string {
  const locale = useConfig().data?.locale;
  return useCallback((minor, currency) => formatMoney(minor, currency, locale ?? 'en'), [locale]);
}

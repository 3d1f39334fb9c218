import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Order } from '../../../../shared/contracts/orders';
import { formatMoney } from '../../../../shared/money';
import { useConfig } from '../../config';

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

/** When an order was placed, as the list shows it: `date` is null for an order of today. */
export interface OrderTimeText {
  date: string | null;
  time: string;
  /** The full date and time, for a tooltip. */
  full: string;
}

/** The restaurant's day now (`YYYY-MM-DD` from `day`), checked every minute so that it turns at midnight. */
function useToday(day: Intl.DateTimeFormat): string {
  const [today, setToday] = useState(() => day.format(new Date()));
  useEffect(() => {
    const check = () => setToday(day.format(new Date()));
    check();
    const timer = window.setInterval(check, 60_000);
    return () => window.clearInterval(timer);
  }, [day]);
  return today;
}

/**
 * Formats when orders were placed in the restaurant's locale and time zone (the browser's own until
 * the config has loaded): an order of today by its time alone, an older one with its date. "Today" is
 * the restaurant's day, not the device's.
 */
export function useOrderTime(): (iso: string) => OrderTimeText {
  const config = useConfig().data;
  const locale = config?.locale;
  const timeZone = config?.timeZone;
  const formats = useMemo(
    () => ({
      day: new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone }),
      date: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone }),
      time: new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone }),
      full: new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short', timeZone }),
    }),
    [locale, timeZone],
  );
  const today = useToday(formats.day);
  return useCallback(
    (iso) => {
      const at = new Date(iso);
      return {
        date: formats.day.format(at) === today ? null : formats.date.format(at),
        time: formats.time.format(at),
        full: formats.full.format(at),
      };
    },
    [formats, today],
  );
}

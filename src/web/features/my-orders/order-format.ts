import { useMemo } from 'react';
import type { Order } from '../../../shared/contracts/orders';
import { useConfig } from '../config';

/** The order types as a customer reads them (the back office's labels, without loading zod). */
const TYPE_LABELS: Record<Order['type'], string> = {
  'dine-in': 'Dine-in',
  takeaway: 'Takeaway',
  delivery: 'Delivery',
};

/** "2× Latte, 1× Croissant and 3 more": what the order holds, in one line of the list. */
export function itemSummary(order: Pick<Order, 'lines'>, shown = 3): string {
  const parts = order.lines.slice(0, shown).map((line) => `${line.quantity}× ${line.name}`);
  const rest = order.lines.length - shown;
  if (rest <= 0) return parts.join(', ');
  return `${parts.join(', ')} and ${rest} more`;
}

/**
 * "Dine-in · Table T5", "Takeaway · Pickup 12:30", "Takeaway · As soon as possible", "Delivery": the
 * order's type and where or when it is served. `formatTime` formats an instant as the restaurant's time.
 */
export function orderTypeLine(
  order: Pick<Order, 'type' | 'table' | 'pickupAt' | 'source'>,
  formatTime: (iso: string) => string,
): string {
  const parts = [TYPE_LABELS[order.type]];
  if (order.table) parts.push(`Table ${order.table.name}`);
  if (order.type === 'takeaway' && order.pickupAt) parts.push(`Pickup ${formatTime(order.pickupAt)}`);
  else if (order.type === 'takeaway' && order.source === 'online') parts.push('As soon as possible');
  return parts.join(' · ');
}

/**
 * Formatters of instants as the restaurant reads them (its locale and time zone from `/api/config`,
 * the browser's own until it has loaded): `dateTime` ("Nov 26, 2026, 9:05 AM"), `time` ("9:05 AM") and
 * `timeAfter` (the time, with the date only when it is another day than the reference's).
 */
export function useRestaurantFormats() {
  const config = useConfig();
  const locale = config.data?.locale;
  const timeZone = config.data?.timeZone;
  return useMemo(() => {
    const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
    const time = new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone });
    const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone });
    return {
      dateTime: (iso: string) => dateTime.format(new Date(iso)),
      time: (iso: string) => time.format(new Date(iso)),
      /** The time alone on the same restaurant day as `reference`, else with the date. */
      timeAfter: (iso: string, reference: string) =>
        day.format(new Date(iso)) === day.format(new Date(reference))
          ? time.format(new Date(iso))
          : dateTime.format(new Date(iso)),
    };
  }, [locale, timeZone]);
}

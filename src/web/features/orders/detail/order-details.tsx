import type { ReactNode } from 'react';
import { ORDER_SOURCE_LABELS, ORDER_TYPE_LABELS, type Order } from '../../../../shared/contracts/orders';
import { customerNameOf } from '../list/order-format';

/**
 * Who and where: type, source, pickup time, the time it was promised ready, table, customer, delivery address, partner and reference, who created
 * and who accepted it, and the reasons it was rejected or cancelled. Empty fields are left out.
 */
export function OrderDetails({
  order,
  formatDateTime,
}: {
  order: Order;
  formatDateTime: (iso: string) => string;
}) {
  const rows: { label: string; value: ReactNode }[] = [
    { label: 'Type', value: ORDER_TYPE_LABELS[order.type] },
    { label: 'Source', value: ORDER_SOURCE_LABELS[order.source] },
    { label: 'Placed', value: <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time> },
  ];
  if (order.pickupAt) {
    rows.push({
      label: 'Pickup at',
      value: <time dateTime={order.pickupAt}>{formatDateTime(order.pickupAt)}</time>,
    });
  }
  if (order.readyAt) {
    rows.push({
      label: 'Ready by',
      value: <time dateTime={order.readyAt}>{formatDateTime(order.readyAt)}</time>,
    });
  }
  if (order.table) rows.push({ label: 'Table', value: order.table.name });
  const customer = customerNameOf(order);
  if (customer) rows.push({ label: 'Customer', value: customer });
  if (order.customerPhone) {
    rows.push({
      label: 'Phone',
      value: (
        <a
          href={`tel:${order.customerPhone}`}
          className="underline decoration-neutral-300 underline-offset-2 hover:decoration-neutral-950"
        >
          {order.customerPhone}
        </a>
      ),
    });
  }
  if (order.deliveryAddress) {
    rows.push({
      label: 'Delivery address',
      value: <span className="whitespace-pre-line">{order.deliveryAddress}</span>,
    });
  }
  if (order.partner) rows.push({ label: 'Partner', value: order.partner.name });
  if (order.partnerReference) rows.push({ label: 'Partner reference', value: order.partnerReference });
  rows.push({
    label: 'Created by',
    value: order.createdBy?.name ?? (order.source === 'online' ? 'The customer' : '—'),
  });
  if (order.acceptedBy) rows.push({ label: 'Accepted by', value: order.acceptedBy.name });
  if (order.rejectReason) rows.push({ label: 'Rejected because', value: order.rejectReason });
  if (order.cancelReason) rows.push({ label: 'Cancelled because', value: order.cancelReason });

  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
      {rows.map((row) => (
        <div key={row.label} className="contents">
          <dt className="text-neutral-500">{row.label}</dt>
          <dd className="break-words text-neutral-900">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

import { ORDER_TYPE_LABELS, type Order } from '../../../../shared/contracts/orders';

/** The customer's name as the order carries it: typed at the till, or the account's. */
export function customerNameOf(order: Pick<Order, 'customerName' | 'customer'>): string {
  return order.customerName.trim() || order.customer?.name.trim() || '';
}

/** Where an order goes, in a few words: "Table T5", "Takeaway · Cleo", "Delivery · Sam". */
export function orderPlace(order: Pick<Order, 'type' | 'table' | 'customerName' | 'customer'>): string {
  const name = customerNameOf(order);
  if (order.type === 'dine-in') {
    const table = order.table ? `Table ${order.table.name}` : ORDER_TYPE_LABELS['dine-in'];
    return name ? `${table} · ${name}` : table;
  }
  const type = ORDER_TYPE_LABELS[order.type];
  return name ? `${type} · ${name}` : type;
}

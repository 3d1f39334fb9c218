import type { Order } from '../../../../shared/contracts/orders';
import type { OrderStock } from '../../../../shared/contracts/recipes';

/**
 * Staff: the lines of an order that take (or took) nothing out of stock because they were sent to
 * the kitchen before their menu item had a recipe (docs/PRODUCT-RULES.md, Inventory).
 */
export function StockNotice({ order }: { order: Pick<Order, 'lines'> & { stock?: OrderStock } }) {
  const notTaken = new Set(order.stock?.linesNotTaken ?? []);
  const lines = order.lines.filter((line) => notTaken.has(line.id));
  if (!order.stock || lines.length === 0) return null;
  const names = lines.map((line) => `${line.quantity} × ${line.name}`).join(', ');
  return (
    <p
      data-testid="stock-not-taken"
      className="mb-4 rounded-lg bg-amber-50 px-3 py-2 text-sm break-words text-amber-950"
    >
      <span className="font-medium">No stock {order.stock.deducted ? 'taken' : 'will be taken'} for:</span>{' '}
      {names}. {lines.length === 1 ? 'It was' : 'They were'} sent to the kitchen before the item had a recipe.
    </p>
  );
}

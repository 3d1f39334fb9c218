import type { PublicMenu } from '../../../shared/contracts/menu';
import type { Order } from '../../../shared/contracts/orders';
import { type CartChange, type CartLine, reconcileLines } from '../cart';

/**
 * Reorder: a past order's lines as cart lines at today's prices. Each line is mapped as it
 * was sold (unit price with its options' price differences, the options by id, quantity and note), then
 * checked against today's public menu with the cart's own `reconcileLines`: an item no longer on the
 * menu, sold out today, or whose options changed is left out and named; a price that changed is said
 * with before and after.
 */

type ReorderLine = Order['lines'][number];

export interface Reorder {
  /** The lines to put into the cart, at today's names and prices. */
  lines: Omit<CartLine, 'key'>[];
  /** What is left out and what costs something else now, in the order's line order. */
  changes: CartChange[];
}

/** A sold line as the cart line it was (null when it cannot be one: the item or an option is gone). */
export function cartLineOf(line: ReorderLine): Omit<CartLine, 'key'> | null {
  if (!line.menuItemId) return null;
  const options = [];
  for (const option of line.options) {
    if (!option.optionId) return null;
    options.push({
      id: option.optionId,
      groupName: option.groupName,
      name: option.name,
      priceDelta: option.priceDelta,
    });
  }
  return {
    menuItemId: line.menuItemId,
    name: line.name,
    unitPrice: line.unitPrice + options.reduce((sum, option) => sum + option.priceDelta, 0),
    optionIds: options.map((option) => option.id),
    options,
    quantity: line.quantity,
    note: line.note,
  };
}

/** The order's lines at today's prices, and what changed since it was placed. */
export function reorderLines(order: Pick<Order, 'lines'>, menu: PublicMenu): Reorder {
  const lines: Omit<CartLine, 'key'>[] = [];
  const changes: CartChange[] = [];
  for (const sold of order.lines) {
    const line = cartLineOf(sold);
    if (!line) {
      changes.push({
        kind: 'unavailable',
        name: sold.name,
        reason: sold.menuItemId ? 'choices' : 'gone',
      });
      continue;
    }
    const today = reconcileLines([line], menu);
    lines.push(...today.lines);
    changes.push(...today.changes);
  }
  return { lines, changes };
}

/** "sold out today", "no longer on the menu", "its choices have changed". */
export function unavailableReason(reason: Extract<CartChange, { kind: 'unavailable' }>['reason']): string {
  switch (reason) {
    case 'sold-out':
      return 'sold out today';
    case 'gone':
      return 'no longer on the menu';
    case 'choices':
      return 'its choices have changed';
  }
}

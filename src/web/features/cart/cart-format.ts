import type { Cart, CartOption } from './cart-store';

/**
 * How the guest's cart writes its amounts and choices. Zod-free and tiny: the cart button on `/`
 * uses it at first paint.
 */

export interface MoneyFormat {
  currency: string;
  locale: string;
}

/** The cart's lines at the prices the guest saw when adding them: the cart button's total. */
export function cartTotal(cart: Cart): number {
  return cart.lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
}

/** "1 item", "3 items". */
export function itemCount(count: number): string {
  return count === 1 ? '1 item' : `${count} items`;
}

/** A line's choices on one line: "Large, Oat milk". */
export function optionSummary(options: readonly CartOption[]): string {
  return options.map((option) => option.name).join(', ');
}

/**
 * The way back to checkout after signing in or up: zod-free and tiny, since the cart
 * button on `/` reads the flag at first paint.
 */

/** The query flag that opens checkout by itself when the guest comes back from signing in. */
export const CHECKOUT_FLAG = 'checkout';

/**
 * Where signing in (or up) should bring the guest back: this page with its query (the table of the QR
 * link kept, or added when the tab remembered it) and the flag that reopens checkout.
 */
export function checkoutReturnPath(pathname: string, search: string, table: string | null): string {
  const params = new URLSearchParams(search);
  if (table && !params.has('table')) params.set('table', table);
  params.set(CHECKOUT_FLAG, '1');
  return `${pathname}?${params.toString()}`;
}

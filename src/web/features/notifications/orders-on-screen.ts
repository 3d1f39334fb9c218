import { useEffect } from 'react';

/**
 * The orders a page on screen follows live (its status, timeline and actions move by themselves).
 * A notification about such an order is not toasted there: the page itself shows the change, where it
 * happens, and a toast would only repeat it over the page's own buttons (Pay, Rate your order) and
 * offer to open the page already open. Everywhere else the order's notifications toast as always.
 * Kept apart from the toaster so that a page can mark its order without loading it.
 */
const onScreen = new Map<string, number>();

/** Marks `orderId` as shown live until the returned function is called (counted: two views, two calls). */
export function showOrderOnScreen(orderId: string): () => void {
  onScreen.set(orderId, (onScreen.get(orderId) ?? 0) + 1);
  let done = false;
  return () => {
    if (done) return;
    done = true;
    const left = (onScreen.get(orderId) ?? 1) - 1;
    if (left > 0) onScreen.set(orderId, left);
    else onScreen.delete(orderId);
  };
}

/** Whether a page on screen shows `orderId` live. */
export function isOrderOnScreen(orderId: string | null): boolean {
  return orderId !== null && onScreen.has(orderId);
}

/** While the calling component is mounted, `orderId`'s notifications are the page's to show. */
export function useOrderOnScreen(orderId: string): void {
  useEffect(() => showOrderOnScreen(orderId), [orderId]);
}

/**
 * The request watcher's pure rules: what a new request's notification says, and which requests of a
 * fresh list were not announced yet.
 */

/** A request's words are the server's notifications' too: shared/order-notices.ts. */
export { itemCount, requestToastBody } from '../../../../shared/order-notices';

/** Toasts for at most this many new requests at once; more arrive as one toast with their count. */
export const MAX_REQUEST_TOASTS = 3;

/**
 * The requests of `pending` not in `seen`, oldest first, and adds them to `seen` (so a request is
 * announced once, however often the list is read).
 */
export function takeUnseen<T extends { id: string; createdAt: string }>(
  pending: readonly T[],
  seen: Set<string>,
): T[] {
  const fresh = pending.filter((order) => !seen.has(order.id));
  for (const order of fresh) seen.add(order.id);
  return fresh.sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
}

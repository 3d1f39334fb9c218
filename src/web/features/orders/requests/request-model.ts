/**
 * The request watcher's pure rules: which requests of a fresh list are new (the sound plays for them),
 * and what a new request's notification says.
 */

/** A request's words are the server's notifications' too: shared/order-notices.ts. */
export { itemCount, requestToastBody } from '../../../../shared/order-notices';

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

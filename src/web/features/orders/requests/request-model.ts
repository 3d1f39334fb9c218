import type { OrderType } from '../../../../shared/contracts/orders';

/**
 * The requests' pure rules: the order of the list, which requests of a fresh list are new (the sound
 * plays for them), what a new request's notification says, and the reasons a rejection offers.
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

/** The requests as the list shows them: oldest first, so the guest who has waited longest is on top. */
export function oldestFirst<T extends { createdAt: string }>(requests: readonly T[]): T[] {
  return [...requests].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
}

/** The reasons a rejection offers with one tap; the customer reads the one chosen, word for word. */
export const PRESET_REJECT_REASONS = [
  'Too busy right now',
  'Item sold out',
  'Closing soon',
  'Cannot deliver to this address',
] as const;

/** The presets that fit the order: the delivery address is a reason only for a delivery. */
export function rejectReasonsFor(type: OrderType): string[] {
  return PRESET_REJECT_REASONS.filter(
    (reason) => type === 'delivery' || reason !== 'Cannot deliver to this address',
  );
}

/** The choice of "Other…": the reason is typed. */
export const OTHER_REASON = 'other';

/**
 * The reason sent for a choice: a preset's words, or for "Other…" the typed text trimmed; empty when
 * nothing is chosen yet or nothing was typed.
 */
export function rejectReasonText(choice: string | null, typed: string): string {
  if (choice === null) return '';
  return choice === OTHER_REASON ? typed.trim() : choice;
}

import { hasReason } from './api-client';

/**
 * Stale writes (shared/contracts/fields `versionField`): a change based on an old version of a record
 * is refused with 409 `aborted` and `details.reason: 'stale'`. Every screen that edits such a record
 * reloads it and says so with this message (useSchemaForm's `reload` does both for forms).
 */
export function isStaleWrite(error: unknown): boolean {
  return hasReason(error, 'stale') && error.status === 409;
}

/** "Someone else changed this menu item…": what the screen says after reloading the record. */
export function staleWriteMessage(subject = 'this record'): string {
  return `Someone else changed ${subject} while you were editing it. The form now shows the saved version: make your change again.`;
}

/** The same for a one-tap action (a switch, archive) whose list reloads by itself. */
export function staleActionMessage(subject = 'this record'): string {
  return `Someone else changed ${subject} just before you. The list now shows the saved version: try again.`;
}

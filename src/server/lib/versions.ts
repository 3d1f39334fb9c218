import { conflict } from './errors';

/**
 * Stale writes, one convention for the whole API (shared/contracts/fields `versionField`): records
 * edited from more than one screen carry `version` (1 when made, one more on every change); a change
 * sends the version it was based on; the service locks the row, compares, and refuses an old one with
 * this 409 (`aborted`), whose `details` say `reason: 'stale'` and the record's current `version`.
 */
export function staleWrite(description: string, currentVersion: number) {
  return conflict(
    `Someone else changed ${description} after you opened it. Reload it to see their change, then make yours again.`,
    { reason: 'stale', version: currentVersion },
  );
}

import type { AuditArea } from '../../shared/contracts/audit';
import type { Tx } from '../db/transaction';
import type { Actor } from './context';

/** One audit entry as a library's write describes it (modules/audit stores it). */
export interface AuditRecord {
  area: AuditArea;
  action: string;
  summary: string;
  targetType?: string;
  targetId?: string;
  before?: unknown;
  after?: unknown;
}

/**
 * What a generic write does besides itself, inside its transaction: an audit entry and the live
 * topics it announces. A library (`lib/resource.ts`, `lib/reorder.ts`) takes these as a dependency
 * from the module that uses it, which passes `{ audit: recordAudit, publish: publishChange }` from the
 * audit and events modules' indexes, so that no library imports a module.
 */
export interface WriteEffects {
  audit: (tx: Tx, actor: Actor | null, entry: AuditRecord) => Promise<void>;
  publish: (tx: Tx, topic: string) => Promise<unknown>;
}

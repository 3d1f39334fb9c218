import { describeAuditEntry } from '../../shared/audit-description';
import type { Database } from '../db/client';
import type { Actor } from '../lib/context';
import { queryDateRange } from '../lib/date-range';
import {
  type AuditArea,
  type AuditEntry,
  listAudit,
  listAuditActorIds,
  type StoredAuditEntry,
} from '../modules/audit';
import { userNames } from '../modules/auth';
import { getSettings } from '../modules/settings';

/**
 * Use case: reading the audit log for the admin screen (audit.routes.ts). It spans modules: the
 * entries (audit), the restaurant's time zone, currency and locale (settings) and people's current
 * names (users), so it lives here rather than in the audit module, which everything else writes to.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AuditListInput {
  actorId?: string;
  area?: AuditArea[];
  from?: string;
  to?: string;
  limit: number;
  cursor?: string;
}

/** The audit log for the admin screen: dates read in the restaurant's time zone, `from` not after `to`. */
export async function searchAudit(
  db: Database,
  _actor: Actor,
  input: AuditListInput,
): Promise<{ items: AuditEntry[]; nextCursor: string | null }> {
  const timeZone = input.from || input.to ? (await getSettings(db)).timeZone : 'UTC';
  const { from, to } = queryDateRange(input, timeZone);
  const page = await listAudit(db, { ...input, from, to });
  return { items: await describeEntries(db, page.items), nextCursor: page.nextCursor };
}

/**
 * Adds what a person reads to each entry, built now from its before and after: money in the
 * restaurant's current currency, a user's current name where the entry itself does not carry it, and
 * the actor's current name (people are shown by name; the entry keeps only their e-mail).
 */
async function describeEntries(db: Database, entries: StoredAuditEntry[]): Promise<AuditEntry[]> {
  if (entries.length === 0) return [];
  const { currency, locale } = await getSettings(db);
  const targetIds = entries
    .filter((entry) => entry.targetType === 'user' && entry.targetId)
    .map((entry) => entry.targetId as string);
  const actorIds = entries.flatMap((entry) => (entry.actorId ? [entry.actorId] : []));
  const userIds = [...new Set([...targetIds, ...actorIds])].filter((id) => UUID.test(id));
  const names = await userNames(db, userIds);
  return entries.map((entry) => {
    const targetName = entry.targetType === 'user' && entry.targetId ? names.get(entry.targetId) : null;
    const { actionLabel, sentence } = describeAuditEntry({ ...entry, targetName }, { currency, locale });
    const actorName = (entry.actorId ? names.get(entry.actorId)?.trim() : null) || null;
    return { ...entry, actorName, actionLabel, description: sentence };
  });
}

export interface AuditActor {
  id: string;
  /** The address kept with the entry (the account may have changed or gone since). */
  email: string | null;
  /** The account's current name, when it still exists. */
  name: string | null;
}

/** Everyone who has an entry in the audit log, for the "user" filter: one row per actor, by e-mail. */
export async function listAuditActors(db: Database, _actor: Actor): Promise<AuditActor[]> {
  const actors = await listAuditActorIds(db);
  const names = await userNames(
    db,
    actors.map((actor) => actor.id),
  );
  return actors.map((actor) => ({ id: actor.id, email: actor.email, name: names.get(actor.id) ?? null }));
}

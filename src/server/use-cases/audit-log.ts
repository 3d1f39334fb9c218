import { describeAuditEntry } from '../../shared/audit-description';
import type { Database } from '../db/client';
import type { Actor } from '../lib/context';
import { badRequest } from '../lib/errors';
import {
  type AuditArea,
  type AuditEntry,
  listAudit,
  listAuditActorIds,
  type StoredAuditEntry,
} from '../modules/audit';
import { getSettings } from '../modules/settings';
import { userNames } from '../modules/users';

/**
 * Use case: reading the audit log for the admin screen (audit.routes.ts). It spans modules: the
 * entries (audit), the restaurant's time zone, currency and locale (settings) and people's current
 * names (users), so it lives here rather than in the audit module, which everything else writes to.
 */

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The UTC offset of `timeZone` at `instant`, in milliseconds (positive east of Greenwich). */
function zoneOffset(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wallClock = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wallClock - Math.floor(instant / 1000) * 1000;
}

/** Midnight at the start of the calendar day `year-month-day` in `timeZone` (days may overflow). */
function startOfDay(year: number, month: number, day: number, timeZone: string): Date {
  const naive = Date.UTC(year, month - 1, day);
  // Twice: the offset at the guess, not at the naive instant, is the one that applies (DST days).
  const first = naive - zoneOffset(naive, timeZone);
  return new Date(naive - zoneOffset(first, timeZone));
}

/**
 * A filter bound as an instant. A date alone is a day in the restaurant's time zone (PRODUCT.md
 * section 3): `from` starts at its midnight and `to` includes the whole day, up to the next midnight.
 */
function toInstant(value: string, bound: 'from' | 'to', timeZone: string): Date {
  const date = DATE_ONLY.exec(value);
  if (!date) return new Date(value);
  const [year, month, day] = [Number(date[1]), Number(date[2]), Number(date[3])];
  return startOfDay(year, month, bound === 'from' ? day : day + 1, timeZone);
}

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
  const from = input.from ? toInstant(input.from, 'from', timeZone) : undefined;
  const to = input.to ? toInstant(input.to, 'to', timeZone) : undefined;
  // Compared as given: `to=2025-03-01` starts on the 1st, so `from=2025-03-02` is after it.
  if (from && input.to && from > toInstant(input.to, 'from', timeZone)) {
    throw badRequest('Invalid query: from: must not be after to', {
      issues: [{ path: 'from', message: 'must not be after to' }],
    });
  }
  const page = await listAudit(db, { ...input, from, to });
  return { items: await describeEntries(db, page.items), nextCursor: page.nextCursor };
}

/**
 * Adds what a person reads to each entry, built now from its before and after: money in the
 * restaurant's current currency, and a user's current name where the entry itself does not carry it.
 */
async function describeEntries(db: Database, entries: StoredAuditEntry[]): Promise<AuditEntry[]> {
  if (entries.length === 0) return [];
  const { currency, locale } = await getSettings(db);
  const userIds = [
    ...new Set(
      entries
        .filter((entry) => entry.targetType === 'user' && entry.targetId)
        .map((entry) => entry.targetId as string),
    ),
  ].filter((id) => UUID.test(id));
  const names = await userNames(db, userIds);
  return entries.map((entry) => {
    const targetName = entry.targetType === 'user' && entry.targetId ? names.get(entry.targetId) : null;
    const { actionLabel, sentence } = describeAuditEntry({ ...entry, targetName }, { currency, locale });
    return { ...entry, actionLabel, description: sentence };
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

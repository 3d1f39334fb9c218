import { and, asc, eq, gte, isNotNull, lt, type SQL, sql } from 'drizzle-orm';
import type { AuditArea, StoredAuditEntry } from '../../../shared/contracts/audit';
import type { Database } from '../../db/client';
import type { Actor } from '../../lib/context';
import { newestFirst, toPage } from '../../lib/pagination';
import { auditLog } from './audit.schema';

export {
  AUDIT_AREAS,
  type AuditArea,
  type AuditEntry,
  type StoredAuditEntry,
} from '../../../shared/contracts/audit';

export interface AuditEntryInput {
  area: AuditArea;
  action: string;
  summary: string;
  targetType?: string;
  targetId?: string;
  before?: unknown;
  after?: unknown;
  ipAddress?: string;
}

/**
 * Writes one audit entry for `actor`. Call it with the transaction of the change it describes, so
 * that the change and its record commit or roll back together.
 */
export async function recordAudit(db: Database, actor: Actor | null, entry: AuditEntryInput): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor?.id ?? null,
    actorEmail: actor?.email ?? null,
    area: entry.area,
    action: entry.action,
    summary: entry.summary,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ipAddress: entry.ipAddress ?? null,
  });
}

export interface AuditQuery {
  actorId?: string;
  area?: AuditArea[];
  /** Inclusive lower and exclusive upper bound of createdAt. */
  from?: Date;
  to?: Date;
  limit: number;
  cursor?: string;
}

/** Audit entries, newest first, filtered by actor, areas and a time range. */
export async function listAudit(
  db: Database,
  query: AuditQuery,
): Promise<{ items: StoredAuditEntry[]; nextCursor: string | null }> {
  const order = newestFirst(auditLog, query.cursor);
  const filters: (SQL | undefined)[] = [
    query.actorId ? eq(auditLog.actorId, query.actorId) : undefined,
    query.from ? gte(auditLog.createdAt, query.from) : undefined,
    query.to ? lt(auditLog.createdAt, query.to) : undefined,
    order.where,
  ];
  const areaFilter = query.area && query.area.length > 0 ? query.area : undefined;
  const rows = await db.query.auditLog.findMany({
    where: (table, { inArray }) => and(...filters, areaFilter ? inArray(table.area, areaFilter) : undefined),
    orderBy: order.orderBy,
    limit: query.limit + 1,
  });
  return toPage(rows, query.limit, (row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/**
 * Everyone who has an entry in the log, one row per actor with the e-mail of their newest entry (an
 * address changed since shows as it is now used), by e-mail.
 */
export async function listAuditActorIds(db: Database): Promise<{ id: string; email: string | null }[]> {
  const latest = db
    .selectDistinctOn([auditLog.actorId], {
      id: sql<string>`${auditLog.actorId}`.as('actor_id'),
      email: auditLog.actorEmail,
    })
    .from(auditLog)
    .where(isNotNull(auditLog.actorId))
    .orderBy(auditLog.actorId, sql`${auditLog.createdAt} desc`)
    .as('latest');
  return db
    .select({ id: latest.id, email: latest.email })
    .from(latest)
    .orderBy(asc(latest.email), asc(latest.id));
}

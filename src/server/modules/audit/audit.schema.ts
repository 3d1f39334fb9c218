import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from '../../db/columns';
import { users } from '../auth/auth.schema';

/**
 * Who changed what, when, with the state before and after (docs/PRODUCT-RULES.md, Audit log). Rows are never
 * updated or deleted by the app; the actor's e-mail is kept so the entry outlives the account.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: idColumn(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email'),
    /** The business area: users, settings, menu, orders, … (filterable). */
    area: text('area').notNull(),
    /** What happened, as `noun.verb`: `user.role-changed`, `settings.updated`, … */
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    summary: text('summary').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    ipAddress: text('ip_address'),
    createdAt: createdAtColumn(),
  },
  (table) => [
    index('audit_log_created_idx').on(table.createdAt, table.id),
    index('audit_log_area_created_idx').on(table.area, table.createdAt),
    index('audit_log_actor_created_idx').on(table.actorId, table.createdAt),
  ],
);

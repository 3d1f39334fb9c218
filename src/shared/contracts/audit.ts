/** The business areas of the audit log (the filter of /admin/audit). */
export const AUDIT_AREAS = [
  'users',
  'settings',
  'menu',
  'master-data',
  'orders',
  'payments',
  'coupons',
  'feedback',
  'inventory',
  'finance',
  'backup',
] as const;
export type AuditArea = (typeof AUDIT_AREAS)[number];

/** One entry as stored in the audit log. */
export interface StoredAuditEntry {
  id: string;
  actorId: string | null;
  actorEmail: string | null;
  area: string;
  action: string;
  summary: string;
  targetType: string | null;
  targetId: string | null;
  before: unknown;
  after: unknown;
  ipAddress: string | null;
  createdAt: string;
}

/**
 * One entry of `GET /api/admin/audit`: as stored, plus what a person reads (built when read, from
 * before and after with the field labels of `field-labels.ts`; see `shared/audit-description.ts`).
 */
export interface AuditEntry extends StoredAuditEntry {
  /**
   * The actor's current name (a phone-only account's is its number); null for a change with no actor
   * or an account that no longer exists, which `actorEmail`, kept with the entry, still names.
   */
  actorName: string | null;
  /** "Role changed", "Menu item changed". */
  actionLabel: string;
  /** "Made Dana Staff a Manager (was Staff)", "Price of Latte: $4.50 → $4.75". */
  description: string;
}

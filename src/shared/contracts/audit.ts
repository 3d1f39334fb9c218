/** The business areas of the audit log (the filter of /admin/audit). */
export const AUDIT_AREAS = [
  'users',
  'settings',
  'menu',
  'master-data',
  'orders',
  'payments',
  'inventory',
  'finance',
  'backup',
] as const;
export type AuditArea = (typeof AUDIT_AREAS)[number];

/** One entry of `GET /api/admin/audit`. */
export interface AuditEntry {
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

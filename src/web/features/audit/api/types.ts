import type { AuditArea, AuditEntry } from '../../../../shared/contracts/audit';

export type { AuditEntry };

export interface AuditPage {
  items: AuditEntry[];
  nextCursor: string | null;
}

export interface AuditActor {
  id: string;
  email: string | null;
  name: string | null;
}

/** The server's audit areas (`AUDIT_AREAS`), with the words the filter shows. */
export const AUDIT_AREA_LABELS: Readonly<Record<AuditArea, string>> = {
  users: 'Users',
  settings: 'Settings',
  menu: 'Menu',
  'master-data': 'Master data',
  orders: 'Orders',
  payments: 'Payments',
  coupons: 'Coupons',
  feedback: 'Customer feedback',
  inventory: 'Inventory',
  finance: 'Finance',
  backup: 'Backup',
};

/** The filters of the audit screen; empty strings mean "any". Dates are `YYYY-MM-DD`. */
export interface AuditFilters {
  actorId: string;
  area: string;
  from: string;
  to: string;
}

export const NO_AUDIT_FILTERS: AuditFilters = { actorId: '', area: '', from: '', to: '' };

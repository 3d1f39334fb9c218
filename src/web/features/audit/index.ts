/** The audit feature's public entry: what other features, the pages and the app may use of it. */
export { useAuditLog } from './api/list-audit';
export { type AuditFilters, NO_AUDIT_FILTERS } from './api/types';
export { AuditEntryItem } from './components/audit-entry-item';
export { AuditFiltersBar } from './components/audit-filters-bar';

/**
 * The audit module's public face: every module records its changes here, in the change's transaction
 * (docs/ARCHITECTURE.md, "Modules, use cases and events"). Reading the log for the admin screen spans
 * modules and is the use case src/server/use-cases/audit-log.ts.
 */
export {
  AUDIT_AREAS,
  type AuditArea,
  type AuditEntry,
  type AuditEntryInput,
  type AuditQuery,
  listAudit,
  listAuditActorIds,
  recordAudit,
  type StoredAuditEntry,
} from './audit.service';

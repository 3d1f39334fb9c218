/**
 * The backup module's public face: the daily backup scheduler that index.ts starts. Its
 * routes are mounted by app.ts from backup.routes.ts. This module alone reads and writes every table,
 * through the catalog and COPY (backup-database.ts): that is its purpose, the one exception to "tables
 * stay in their module".
 */
export { BackupScheduler, removePartialFiles } from './backup.service';

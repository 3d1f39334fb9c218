/** The backup feature's public entry: what other features, the pages and the app may use of it. */
export { useBackupOverview } from './api/backup-api';
export { AutomaticBackupsCard } from './components/automatic-backups-card';
export { DownloadBackupCard } from './components/download-backup-card';
export { RestoreFileCard } from './components/restore-file-card';
export { RestoreSuccess } from './components/restore-success';

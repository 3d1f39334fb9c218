/** The users feature's public entry: what other features, the pages and the app may use of it. */
export type { AdminUser, UserGroup } from './api/types';
export { AddStaffDialog } from './components/add-staff-dialog';
export { ConfirmRoleDialog, type PendingRoleChange } from './components/confirm-role-dialog';
export { ConfirmStatusDialog } from './components/confirm-status-dialog';
export { UsersList } from './components/users-list';

import { type AdminUser, STAFF_ROLES, type StaffRole } from '../../../../shared/contracts/admin-users';
import type { Role } from '../../../../shared/roles';

export { type AdminUser, STAFF_ROLES, type StaffRole };

export interface AdminUserPage {
  items: AdminUser[];
  nextCursor: string | null;
}

/** The two tabs: the team (staff, manager, admin) and the customers. */
export type UserGroup = 'staff' | 'customers';

export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  customer: 'Customer',
  staff: 'Staff',
  manager: 'Manager',
  admin: 'Admin',
};

/** How a user is named in toasts and dialogs. */
export function userLabel(user: Pick<AdminUser, 'name' | 'email' | 'phoneNumber'>): string {
  return user.name.trim() || user.email || user.phoneNumber || 'This user';
}

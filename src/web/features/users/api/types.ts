import type { Role } from '../../../../shared/roles';

/** `GET /api/admin/users` items and the answer of every User Management action. */
export interface AdminUser {
  id: string;
  name: string;
  /** Null for an account made by phone alone. */
  email: string | null;
  phoneNumber: string | null;
  role: Role;
  disabled: boolean;
  emailVerified: boolean;
  createdAt: string;
  lastSeenAt: string | null;
}

export interface AdminUserPage {
  items: AdminUser[];
  nextCursor: string | null;
}

/** The two tabs: the team (staff, manager, admin) and the customers. */
export type UserGroup = 'staff' | 'customers';

/** Roles an admin may give a new team member. */
export const STAFF_ROLES = ['staff', 'manager', 'admin'] as const satisfies readonly Role[];
export type StaffRole = (typeof STAFF_ROLES)[number];

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

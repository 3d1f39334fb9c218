/** Roles (docs/PRODUCT-RULES.md, Roles and access). Public sign-up always yields `customer`. */
export const ROLES = ['customer', 'staff', 'manager', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Staff access: role staff, manager or admin. */
export function hasStaffAccess(role: Role | null | undefined): boolean {
  return role === 'staff' || role === 'manager' || role === 'admin';
}

/** Manager access: a manager (shift lead) may do what staff may and more; admins too. */
export function hasManagerAccess(role: Role | null | undefined): boolean {
  return role === 'manager' || role === 'admin';
}

/** Admin: role admin only. */
export function isAdmin(role: Role | null | undefined): boolean {
  return role === 'admin';
}

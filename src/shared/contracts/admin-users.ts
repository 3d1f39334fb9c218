import type { Role } from '../roles';

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
  /**
   * Invited and not yet accepted: no password set and no Google account linked, so the person has
   * never been able to sign in. User Management shows "Invited" and offers "Resend invitation".
   */
  invitationPending: boolean;
}

/** Roles an admin may give a new team member. */
export const STAFF_ROLES = ['staff', 'manager', 'admin'] as const satisfies readonly Role[];
export type StaffRole = (typeof STAFF_ROLES)[number];
/** The roles that void, comp, refund and cancel a paid order. */
export const MANAGER_ROLES = ['manager', 'admin'] as const satisfies readonly Role[];

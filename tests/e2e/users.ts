/** The accounts the browser tests sign in with (made by global-setup). */
export const E2E_USERS = {
  admin: { name: 'Owner', email: 'owner@e2e.brigade', password: 'owner-password-1' },
  staff: { name: 'Sam Server', email: 'sam@e2e.brigade', password: 'staff-password-1' },
  manager: { name: 'Mia Manager', email: 'mia@e2e.brigade', password: 'manager-password-1' },
  customer: { name: 'Cleo Guest', email: 'cleo@e2e.brigade', password: 'guest-password-1' },
} as const;

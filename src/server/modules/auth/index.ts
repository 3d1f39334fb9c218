/**
 * The auth module's public face: sign-in (better-auth) and the identity tables. Other modules and the
 * app's wiring import from here only (docs/ARCHITECTURE.md, "Modules, use cases and events").
 *
 * The identity tables (users, sessions, accounts, verifications) are better-auth's store; the users and
 * account modules manage people through them, contact reads the admins' addresses, feedback the
 * names and addresses of the people it shows and answers, and notifications finds the people of a
 * role to tell, so they are part of this face. No other module's tables are.
 */
export { type BootstrapResult, ensureAdmin } from './admin-bootstrap';
export { type Auth, createAuth, DISABLED_ACCOUNT_MESSAGE } from './auth';
export { accounts, sessions, users, verifications } from './auth.schema';
export { isPhoneOnlyEmail, phoneOnlyEmail } from './auth-links';
export { resolveAuthSecret } from './auth-secret';
export {
  checkCurrentPassword,
  hasPassword,
  type ProvenUser,
  provePassword,
} from './current-password.service';
export { sendInvitation, sendPasswordReset } from './password-links.service';
export { userNames } from './user-names';

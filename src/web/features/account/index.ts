/** The account feature's public entry: what other features, the pages and the app may use of it. */
export { profileQueryOptions, useProfile } from './api/get-profile';
export { useSignInMethodsOfUser } from './api/get-sign-in-methods';
export { EmailSection } from './components/email-section';
export { NotificationsSection } from './components/notifications-section';
export { PasswordSection } from './components/password-section';
export { PhoneSection } from './components/phone-section';
export { ProfileSection } from './components/profile-section';
export { SignOutEverywhereSection } from './components/sign-out-everywhere-section';

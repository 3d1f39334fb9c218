/** The auth feature's public entry: what other features, the pages and the app may use of it. */
export { useSession } from './api/get-session';
export { forgetPushDevice, SIGNED_OUT_STATE, useForgetSignedOutUser, useSignOut } from './api/sign-out';
export { EMAIL_CONFIRMED_URL } from './api/sign-up';
export { useSyncClaimsOnAuthChange } from './api/sync-claims';
export { ForgotPasswordForm } from './components/forgot-password-form';
export { useGoogleReturn } from './components/google-sign-in';
export { NewPasswordFields } from './components/new-password-fields';
export { PhoneCodeFlow } from './components/phone-code-flow';
export { PhoneSignIn } from './components/phone-sign-in';
export { ResetPasswordForm } from './components/reset-password-form';
export { SignInForm } from './components/sign-in-form';
export { SignInMethods } from './components/sign-in-methods';
export { SignUpForm } from './components/sign-up-form';

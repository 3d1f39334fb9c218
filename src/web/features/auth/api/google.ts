import { apiRequest } from '../../../lib/api-client';
import { apiPaths, paths } from '../../../lib/paths';

/** Query parameter on /login that tells how the Google round trip ended. */
export const GOOGLE_RETURN_PARAM = 'google';
export const GOOGLE_SIGNED_IN = 'signed-in';
export const GOOGLE_FAILED = 'failed';

/** Where Google sends the browser back: /login with a marker, keeping the callbackUrl for after. */
export function googleReturnUrl(
  outcome: typeof GOOGLE_SIGNED_IN | typeof GOOGLE_FAILED,
  callbackUrl: string | null,
) {
  const params = new URLSearchParams({ [GOOGLE_RETURN_PARAM]: outcome });
  if (callbackUrl) params.set('callbackUrl', callbackUrl);
  return `${paths.login}?${params.toString()}`;
}

/**
 * `POST /api/auth/sign-in/social`: starts the Google sign-in and resolves with the URL of Google's
 * page; the caller sends the browser there.
 */
export async function startGoogleSignIn(callbackUrl: string | null): Promise<string> {
  const signedIn = googleReturnUrl(GOOGLE_SIGNED_IN, callbackUrl);
  const answer = await apiRequest<{ url?: string }>(apiPaths.signInSocial, {
    method: 'POST',
    body: {
      provider: 'google',
      callbackURL: signedIn,
      newUserCallbackURL: signedIn,
      errorCallbackURL: googleReturnUrl(GOOGLE_FAILED, callbackUrl),
    },
  });
  if (!answer?.url) throw new Error('Google sign-in is not available right now. Please try again later.');
  return answer.url;
}

import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import toast from 'react-hot-toast';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../api/get-session';
import { GOOGLE_FAILED, GOOGLE_RETURN_PARAM, GOOGLE_SIGNED_IN, startGoogleSignIn } from '../api/google';
import { destinationAfterSignIn } from '../destination-after-sign-in';

const GOOGLE_DID_NOT_FINISH = 'Google sign-in did not complete. Please try again.';

/** better-auth's `error` codes on the way back, in plain words. */
const GOOGLE_ERRORS: Record<string, string> = {
  access_denied: 'Google sign-in was cancelled.',
  account_not_linked: 'This Google account could not be linked to your account.',
  unable_to_link_account: 'This Google account could not be linked to your account.',
  ACCOUNT_DISABLED: 'This account is disabled. Please contact the restaurant.',
};

function GoogleLogo() {
  return (
    <svg aria-hidden="true" viewBox="0 0 48 48" className="size-5">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path
        fill="#FF3D00"
        d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-7.9l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
      />
    </svg>
  );
}

/** "Continue with Google": asks the server for Google's sign-in page and goes there. */
export function GoogleSignInButton() {
  const [searchParams] = useSearchParams();
  const callbackUrl = searchParams.get('callbackUrl');
  const start = useMutation({
    mutationFn: () => startGoogleSignIn(callbackUrl),
    onSuccess: (url) => {
      window.location.href = url;
    },
    onError: (error) => {
      toast.error(errorMessage(error));
    },
  });
  // Stays busy while the browser leaves for Google.
  const busy = start.isPending || start.isSuccess;
  return (
    <Button variant="secondary" size="lg" fullWidth isLoading={busy} onClick={() => start.mutate()}>
      {!busy && <GoogleLogo />}
      Continue with Google
    </Button>
  );
}

/**
 * Back from Google on /login: says "Signed in with Google!" once and goes where sign-in goes, or says
 * why it did not work; the marker leaves the address either way. True while it is deciding.
 */
export function useGoogleReturn(): boolean {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const { user, session, isPending } = useSession();
  const outcome = searchParams.get(GOOGLE_RETURN_PARAM);
  const callbackUrl = searchParams.get('callbackUrl');
  const error = searchParams.get('error');
  const handled = useRef(false);

  useEffect(() => {
    if (!outcome || handled.current) return;
    if (outcome === GOOGLE_SIGNED_IN && isPending) return;
    handled.current = true;
    if (outcome === GOOGLE_SIGNED_IN && user && session) {
      toast.success('Signed in with Google!', { id: 'google-sign-in' });
      void navigate(destinationAfterSignIn(callbackUrl, { user, session }), { replace: true });
      return;
    }
    if (outcome === GOOGLE_SIGNED_IN || outcome === GOOGLE_FAILED) {
      toast.error((error && GOOGLE_ERRORS[error]) || GOOGLE_DID_NOT_FINISH, { id: 'google-sign-in' });
    }
    const rest = new URLSearchParams(searchParams);
    for (const name of [GOOGLE_RETURN_PARAM, 'error', 'error_description']) rest.delete(name);
    const query = rest.toString();
    void navigate({ search: query ? `?${query}` : '' }, { replace: true });
  }, [outcome, isPending, user, session, callbackUrl, error, searchParams, navigate]);

  return outcome === GOOGLE_SIGNED_IN && !handled.current;
}

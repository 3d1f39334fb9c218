import { Link, useSearchParams } from 'react-router';
import { DocumentTitle } from '../components/ui/document-title';
import { FullScreenSpinner } from '../components/ui/spinner';
import { PhoneSignIn, SignInForm, SignInMethods, useGoogleReturn } from '../features/auth';
import { useConfig } from '../features/config';
import { paths, withCallbackUrl } from '../lib/paths';
import { AuthCard } from './auth-card';

/**
 * Whether the user came from the link in a confirmation e-mail without being signed in: the link
 * confirms the address but signs nobody in, so it leads to `/account?verified=1` and from there here.
 */
function cameFromConfirmedLink(callbackUrl: string | null): boolean {
  if (!callbackUrl?.startsWith('/')) return false;
  const params = new URL(callbackUrl, window.location.origin).searchParams;
  return params.get('verified') === '1' && !params.has('error');
}

/** `/login` and `/auth/signin`: e-mail and password, Google (when configured) or phone with a code. */
export function SignInPage() {
  const config = useConfig();
  const [searchParams] = useSearchParams();
  const callbackUrl = searchParams.get('callbackUrl');
  const restaurantName = config.data?.restaurantName;
  const backFromGoogle = useGoogleReturn();

  if (backFromGoogle) return <FullScreenSpinner />;

  return (
    <AuthCard
      title="Sign in"
      subtitle={restaurantName ? `Welcome back to ${restaurantName}.` : 'Welcome back.'}
      footer={
        <>
          New here?{' '}
          <Link
            to={withCallbackUrl(paths.signUp, callbackUrl)}
            className="rounded-sm font-medium text-neutral-950 underline underline-offset-4 hover:text-neutral-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950"
          >
            Create an account
          </Link>
        </>
      }
    >
      <DocumentTitle title="Sign in" />
      {cameFromConfirmedLink(callbackUrl) ? (
        <p role="status" className="mb-4 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          Your e-mail address is confirmed. Sign in to continue.
        </p>
      ) : null}
      <SignInMethods
        google={config.data?.signInMethods.google ?? false}
        email={
          <>
            <SignInForm />
            <p className="mt-4 text-right text-sm">
              <Link
                to={paths.forgotPassword}
                className="rounded-sm font-medium text-neutral-700 underline underline-offset-4 hover:text-neutral-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950"
              >
                Forgot password?
              </Link>
            </p>
          </>
        }
        phone={config.data?.signInMethods.phone === false ? null : <PhoneSignIn purpose="sign-in" />}
      />
    </AuthCard>
  );
}

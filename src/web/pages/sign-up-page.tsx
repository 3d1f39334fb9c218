import { Link, useSearchParams } from 'react-router';
import { DEFAULT_PASSWORD_POLICY } from '../../shared/password-policy';
import { DocumentTitle } from '../components/ui/document-title';
import { PhoneSignIn, SignInMethods, SignUpForm } from '../features/auth';
import { useConfig } from '../features/config';
import { paths, withCallbackUrl } from '../lib/paths';
import { AuthCard } from './auth-card';

/** `/auth/signup`: a new customer account by e-mail, Google or phone, signed in at once. */
export function SignUpPage() {
  const config = useConfig();
  const [searchParams] = useSearchParams();
  const callbackUrl = searchParams.get('callbackUrl');
  const restaurantName = config.data?.restaurantName;

  return (
    <AuthCard
      title="Create your account"
      subtitle={restaurantName ? `Join ${restaurantName} in a few seconds.` : 'It only takes a few seconds.'}
      footer={
        <>
          Already have an account?{' '}
          <Link
            to={withCallbackUrl(paths.login, callbackUrl)}
            className="rounded-sm font-medium text-neutral-950 underline underline-offset-4 hover:text-neutral-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950"
          >
            Sign in
          </Link>
        </>
      }
    >
      <DocumentTitle title="Create account" />
      <SignInMethods
        google={config.data?.signInMethods.google ?? false}
        email={<SignUpForm passwordPolicy={config.data?.passwordPolicy ?? DEFAULT_PASSWORD_POLICY} />}
        phone={config.data?.signInMethods.phone === false ? null : <PhoneSignIn purpose="sign-up" />}
      />
    </AuthCard>
  );
}

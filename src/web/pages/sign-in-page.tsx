import { Link, useSearchParams } from 'react-router';
import { DocumentTitle } from '../components/ui/document-title';
import { SignInForm } from '../features/auth/components/sign-in-form';
import { useConfig } from '../features/config/api/get-config';
import { paths, withCallbackUrl } from '../lib/paths';
import { AuthCard } from './auth-card';

/** `/login` and `/auth/signin`: e-mail and password sign-in. */
export function SignInPage() {
  const config = useConfig();
  const [searchParams] = useSearchParams();
  const callbackUrl = searchParams.get('callbackUrl');
  const restaurantName = config.data?.restaurantName;

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
      <SignInForm />
    </AuthCard>
  );
}

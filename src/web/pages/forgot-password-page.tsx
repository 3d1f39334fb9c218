import { Link } from 'react-router';
import { DocumentTitle } from '../components/ui/document-title';
import { ForgotPasswordForm } from '../features/auth';
import { paths } from '../lib/paths';
import { AuthCard } from './auth-card';

/** `/auth/forgot-password`: e-mails a link to choose a new password. */
export function ForgotPasswordPage() {
  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the email address of your account and we will send you a link to choose a new password."
      footer={
        <>
          Remembered it?{' '}
          <Link
            to={paths.login}
            className="rounded-sm font-medium text-neutral-950 underline underline-offset-4 hover:text-neutral-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950"
          >
            Sign in
          </Link>
        </>
      }
    >
      <DocumentTitle title="Forgot password" />
      <ForgotPasswordForm />
    </AuthCard>
  );
}

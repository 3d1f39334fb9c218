import { LinkIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DEFAULT_PASSWORD_POLICY } from '../../shared/password-policy';
import { ButtonLink } from '../components/ui/button';
import { DocumentTitle } from '../components/ui/document-title';
import { ResetPasswordForm } from '../features/auth';
import { useConfig } from '../features/config';
import { paths } from '../lib/paths';
import { AuthCard } from './auth-card';

/** The server's words for a used, expired or unknown link (better-auth's INVALID_TOKEN). */
const INVALID_LINK_MESSAGE = 'This link is no longer valid. Please ask for a new one.';

const linkClasses =
  'rounded-sm font-medium text-neutral-950 underline underline-offset-4 hover:text-neutral-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950';

function InvalidLink({ message }: { message: string }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-4">
      <span className="flex size-11 items-center justify-center rounded-xl bg-amber-50 text-amber-700">
        <LinkIcon aria-hidden="true" className="size-5" />
      </span>
      <p className="text-neutral-800">{message}</p>
      <ButtonLink to={paths.forgotPassword} variant="primary">
        Ask for a new link
      </ButtonLink>
    </div>
  );
}

/**
 * `/auth/reset-password?token=…`: the page behind reset e-mails and staff invitations (`&invited=1`),
 * where the user chooses their password; then on to sign in.
 */
export function ResetPasswordPage() {
  const config = useConfig();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() || null;
  const invited = searchParams.get('invited') === '1';
  const [invalidMessage, setInvalidMessage] = useState<string | null>(token ? null : INVALID_LINK_MESSAGE);
  const restaurantName = config.data?.restaurantName;

  const title = invited ? 'Choose your password' : 'Choose a new password';
  const subtitle = invited
    ? `Welcome${restaurantName ? ` to the ${restaurantName} team` : ''}. Choose a password to finish setting up your account.`
    : 'Your new password replaces the old one and signs you out everywhere else.';

  return (
    <AuthCard
      title={title}
      subtitle={subtitle}
      footer={
        <>
          Back to{' '}
          <Link to={paths.login} className={linkClasses}>
            Sign in
          </Link>
        </>
      }
    >
      <DocumentTitle title={invited ? 'Choose your password' : 'Reset password'} />
      {invalidMessage || !token ? (
        <InvalidLink message={invalidMessage ?? INVALID_LINK_MESSAGE} />
      ) : (
        <ResetPasswordForm
          token={token}
          passwordPolicy={config.data?.passwordPolicy ?? DEFAULT_PASSWORD_POLICY}
          onDone={() => navigate(paths.login, { replace: true })}
          onInvalidLink={setInvalidMessage}
        />
      )}
    </AuthCard>
  );
}

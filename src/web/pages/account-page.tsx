import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import toast from 'react-hot-toast';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { DocumentTitle } from '../components/ui/document-title';
import { Spinner } from '../components/ui/spinner';
import {
  EmailSection,
  NotificationsSection,
  PasswordSection,
  PhoneSection,
  ProfileSection,
  profileQueryOptions,
  SignOutEverywhereSection,
  useProfile,
} from '../features/account';
import { errorMessage } from '../lib/api-client';
import { queryKeys } from '../lib/query-keys';

/** better-auth's reasons when a confirmation link cannot be used, in plain words. */
const LINK_ERRORS: Record<string, string> = {
  INVALID_TOKEN: 'This link is no longer valid. Please ask for a new one.',
  TOKEN_EXPIRED: 'This link has expired. Please ask for a new one.',
  INVALID_USER: 'This link belongs to another account. Sign out and open it again.',
  USER_NOT_FOUND: 'This link belongs to an account that no longer exists.',
};

/**
 * Back from the link in a confirmation e-mail (`/account?verified=1`, with `error` when it failed):
 * says once whether the address is confirmed and clears the marker from the address bar.
 */
function useEmailConfirmationResult() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const verified = searchParams.get('verified');
  const error = searchParams.get('error');
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current || (!verified && !error)) return;
    handled.current = true;
    if (error) {
      toast.error(LINK_ERRORS[error] ?? 'This link could not be used. Please ask for a new one.');
    } else {
      // A changed address of an account never confirmed before stays unconfirmed: say what happened.
      void queryClient.invalidateQueries({ queryKey: queryKeys.auth.session });
      queryClient.fetchQuery({ ...profileQueryOptions(), staleTime: 0 }).then(
        (profile) => {
          if (profile.emailVerified) toast.success('Email address confirmed!');
          else toast.success('Email address updated!');
        },
        () => toast.success('Email address confirmed!'),
      );
    }
    const rest = new URLSearchParams(searchParams);
    rest.delete('verified');
    rest.delete('error');
    const query = rest.toString();
    void navigate({ search: query ? `?${query}` : '' }, { replace: true });
  }, [verified, error, searchParams, navigate, queryClient]);
}

/** `/account`: profile, phone, e-mail, password, notifications and devices of the signed-in user (any role). */
export function AccountPage() {
  const profile = useProfile();
  useEmailConfirmationResult();

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <DocumentTitle title="Your account" />
      <header>
        <h1 className="text-2xl font-semibold tracking-tight text-neutral-950 sm:text-3xl">Your account</h1>
        <p className="mt-2 text-neutral-600">Your profile, how you sign in, and your devices.</p>
      </header>

      {profile.isPending ? (
        <div role="status" aria-label="Loading" className="flex justify-center py-16">
          <Spinner className="size-8 text-neutral-500" />
        </div>
      ) : profile.isError ? (
        <Card className="flex flex-col items-start gap-4 p-6">
          <p role="alert" className="text-neutral-800">
            {errorMessage(profile.error)}
          </p>
          <Button variant="secondary" onClick={() => void profile.refetch()}>
            Try again
          </Button>
        </Card>
      ) : (
        <>
          <ProfileSection profile={profile.data} />
          <EmailSection profile={profile.data} />
          <PhoneSection profile={profile.data} />
          <PasswordSection profile={profile.data} />
          <NotificationsSection />
          <SignOutEverywhereSection />
        </>
      )}
    </div>
  );
}

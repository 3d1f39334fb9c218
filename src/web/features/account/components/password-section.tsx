import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Profile } from '../../../../shared/contracts/user';
import { DEFAULT_PASSWORD_POLICY, describePasswordProblem } from '../../../../shared/password-policy';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { useFocusFirstInvalid } from '../../../lib/focus-first-invalid';
import { validateRequired } from '../../../lib/form-validation';
import { paths } from '../../../lib/paths';
import { NewPasswordFields } from '../../auth';
import { useConfig } from '../../config';
import { useChangePassword } from '../api/change-password';
import { useSignInMethodsOfUser } from '../api/get-sign-in-methods';
import { AccountSection } from './account-section';

function ChangePasswordForm({ username }: { username: string }) {
  const config = useConfig();
  const policy = config.data?.passwordPolicy ?? DEFAULT_PASSWORD_POLICY;
  const changePassword = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [showErrors, setShowErrors] = useState(false);
  const currentRef = useRef<HTMLInputElement>(null);
  const invalid = useFocusFirstInvalid();

  const errors = {
    current: validateRequired(current, 'Enter your current password.'),
    next:
      validateRequired(next, 'Choose a new password.') ??
      describePasswordProblem(next, policy) ??
      (next === current ? 'Choose a password different from the current one.' : null),
    confirm:
      validateRequired(confirm, 'Enter the new password again.') ??
      (confirm !== next ? 'The passwords do not match.' : null),
  };

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (changePassword.isPending) return;
    setShowErrors(true);
    if (errors.current || errors.next || errors.confirm) return invalid.focusFirstInvalid();
    changePassword.mutate(
      { currentPassword: current, newPassword: next },
      {
        onSuccess: () => {
          setCurrent('');
          setNext('');
          setConfirm('');
          setShowErrors(false);
        },
        // The refusal is the provider's message, once, in the mutation's toast (an update's errors
        // are toasts); the current password is selected to type it again.
        onError: () => currentRef.current?.select(),
      },
    );
  }

  const busy = changePassword.isPending;
  return (
    <form ref={invalid.ref} noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
      {/* Tells password managers which account the new password belongs to. */}
      <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
      <TextField
        ref={currentRef}
        label="Current password"
        type="password"
        name="current-password"
        autoComplete="current-password"
        value={current}
        onChange={(event) => setCurrent(event.target.value)}
        error={showErrors ? errors.current : null}
        disabled={busy}
        required
      />
      <NewPasswordFields
        className="grid gap-4 sm:grid-cols-2"
        password={next}
        confirm={confirm}
        onPasswordChange={setNext}
        onConfirmChange={setConfirm}
        policy={policy}
        errors={{ password: showErrors ? errors.next : null, confirm: showErrors ? errors.confirm : null }}
        disabled={busy}
      />
      <div>
        <Button type="submit" isLoading={busy}>
          {busy ? 'Updating password...' : 'Update password'}
        </Button>
      </div>
    </form>
  );
}

/**
 * Password change (the current one is checked first; other devices are signed out), or, for accounts
 * that sign in by Google or phone only, how to get a password.
 */
export function PasswordSection({ profile }: { profile: Profile }) {
  const methods = useSignInMethodsOfUser();

  let content: ReactNode;
  if (methods.isPending) {
    content = (
      <div role="status" aria-label="Loading" className="py-2">
        <Spinner className="size-5 text-neutral-500" />
      </div>
    );
  } else if (methods.data?.hasPassword || methods.isError) {
    content = <ChangePasswordForm username={profile.email ?? profile.phoneNumber ?? ''} />;
  } else {
    const via = methods.data?.google ? 'Google' : 'your phone';
    content = (
      <p className="text-sm text-neutral-700">
        You sign in with {via}, so there is no password to change.{' '}
        {profile.email && profile.emailVerified ? (
          <>
            To sign in with your email too, set a password with{' '}
            <Link
              to={paths.forgotPassword}
              className="rounded-sm font-medium text-neutral-950 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950"
            >
              Forgot password?
            </Link>
          </>
        ) : (
          'Add and confirm an email address to be able to set one.'
        )}
      </p>
    );
  }

  return (
    <AccountSection
      title="Password"
      description={methods.data?.hasPassword ? 'Changing it signs you out on your other devices.' : undefined}
    >
      {content}
    </AccountSection>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate, useSearchParams } from 'react-router';
import { describePasswordProblem, type PasswordPolicy } from '../../../../shared/password-policy';
import { hasStaffAccess } from '../../../../shared/roles';
import { Button } from '../../../components/ui/button';
import { useFocusFirstInvalid } from '../../../lib/focus-first-invalid';
import { validateRequired } from '../../../lib/form-validation';
import { paths } from '../../../lib/paths';
import { isInvalidLinkError, useResetPassword } from '../api/reset-password';
import { signInWithEmail } from '../api/sign-in';
import { refreshSessionAfterSignIn } from '../api/sync-claims';
import { NewPasswordFields } from './new-password-fields';

interface ResetPasswordErrors {
  password: string | null;
  confirm: string | null;
}

function validateReset(password: string, confirm: string, policy: PasswordPolicy): ResetPasswordErrors {
  return {
    password: validateRequired(password, 'Choose a password.') ?? describePasswordProblem(password, policy),
    confirm:
      validateRequired(confirm, 'Type the password again.') ??
      (confirm === password ? null : 'The passwords do not match.'),
  };
}

interface ResetPasswordFormProps {
  token: string;
  /** From `/api/config`; the server checks the same policy again. */
  passwordPolicy: PasswordPolicy;
  /** After the password is set. */
  onDone: () => void;
  /** The server refused the link itself (used or expired), with its message. */
  onInvalidLink: (message: string) => void;
}

/** A new password, checked live against the policy, typed twice. */
export function ResetPasswordForm({ token, passwordPolicy, onDone, onInvalidLink }: ResetPasswordFormProps) {
  const reset = useResetPassword();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // An invitation link carries the new member's address (`&invited=1&email=…`).
  const invitedEmail = searchParams.get('invited') === '1' ? searchParams.get('email')?.trim() || null : null;
  const [signingIn, setSigningIn] = useState(false);
  const busy = reset.isPending || signingIn;
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [showErrors, setShowErrors] = useState(false);
  const invalid = useFocusFirstInvalid();
  const errors = validateReset(password, confirm, passwordPolicy);

  /**
   * A new team member who just chose their password is signed in with it and starts at the orders,
   * instead of typing it again on an empty sign-in form. If that fails, the sign-in page it is.
   */
  async function signInAfterInvitation(email: string) {
    setSigningIn(true);
    try {
      await signInWithEmail({ email, password });
      const session = await refreshSessionAfterSignIn(queryClient);
      if (!session) throw new Error('no session after sign-in');
      toast.success('Welcome! You are signed in.');
      navigate(hasStaffAccess(session.user.role) ? paths.orders : paths.home, { replace: true });
    } catch {
      setSigningIn(false);
      toast('Sign in with your new password.');
      onDone();
    }
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setShowErrors(true);
    if (errors.password || errors.confirm) return invalid.focusFirstInvalid();
    reset.mutate(
      { token, newPassword: password },
      {
        onSuccess: () => {
          if (invitedEmail) void signInAfterInvitation(invitedEmail);
          else onDone();
        },
        onError: (error) => {
          if (isInvalidLinkError(error)) onInvalidLink(error.message);
        },
      },
    );
  }

  return (
    <form ref={invalid.ref} noValidate onSubmit={handleSubmit} className="flex flex-col gap-5">
      <NewPasswordFields
        className="flex flex-col gap-5"
        password={password}
        confirm={confirm}
        onPasswordChange={setPassword}
        onConfirmChange={setConfirm}
        policy={passwordPolicy}
        errors={{
          password: showErrors ? errors.password : null,
          confirm: showErrors ? errors.confirm : null,
        }}
        disabled={busy}
      />
      <Button type="submit" size="lg" fullWidth isLoading={busy}>
        {signingIn ? 'Signing in...' : reset.isPending ? 'Saving...' : 'Save password'}
      </Button>
    </form>
  );
}

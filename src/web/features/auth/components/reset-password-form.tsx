import { type FormEvent, useRef, useState } from 'react';
import { describePasswordProblem, type PasswordPolicy } from '../../../../shared/password-policy';
import { Button } from '../../../components/ui/button';
import { isInvalidLinkError, useResetPassword } from '../api/reset-password';
import { validateRequired } from './form-validation';
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
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [showErrors, setShowErrors] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const errors = validateReset(password, confirm, passwordPolicy);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (reset.isPending) return;
    setShowErrors(true);
    if (errors.password) return passwordRef.current?.focus();
    if (errors.confirm) return confirmRef.current?.focus();
    reset.mutate(
      { token, newPassword: password },
      {
        onSuccess: onDone,
        onError: (error) => {
          if (isInvalidLinkError(error)) onInvalidLink(error.message);
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-5">
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
        disabled={reset.isPending}
        passwordRef={passwordRef}
        confirmRef={confirmRef}
      />
      <Button type="submit" size="lg" fullWidth isLoading={reset.isPending}>
        {reset.isPending ? 'Saving...' : 'Save password'}
      </Button>
    </form>
  );
}

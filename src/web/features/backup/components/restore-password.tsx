import { Link } from 'react-router';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useSignInMethodsOfUser } from '../../account';

/**
 * The admin's own password, which a restore asks for beside the restaurant's name (both restore
 * forms). An admin who signs in by Google or phone only has none: they are told to set one first.
 */

/** True once it is known that the signed-in admin has no password (until then the field is shown). */
export function useHasNoPassword(): boolean {
  const methods = useSignInMethodsOfUser();
  return methods.data !== undefined && !methods.data.hasPassword;
}

/**
 * The server's refusal of the password (missing, wrong, too many guesses, or none set), said beside
 * the field; null for any other refusal, which the form shows as a whole.
 */
export function passwordRefusal(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const details = error.details as { issues?: { path?: string }[]; limit?: string } | undefined;
  const namesPassword = details?.issues?.some((issue) => issue.path === 'password') ?? false;
  const tooManyGuesses = error.status === 429 && details?.limit === 'change-password:user';
  return namesPassword || tooManyGuesses ? error.message : null;
}

export function RestorePasswordField({
  value,
  onChange,
  error,
  disabled,
  noPassword,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  disabled: boolean;
  noPassword: boolean;
}) {
  if (noPassword) {
    return (
      <p className="rounded-lg border border-neutral-200 bg-neutral-50 px-3 py-2 text-sm text-neutral-800">
        Restoring asks for your password, and you sign in with Google or your phone, so you have none yet. Set
        one first with{' '}
        <Link
          to={paths.forgotPassword}
          className="rounded-sm font-medium text-neutral-950 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950"
        >
          Forgot password?
        </Link>
        , then come back to restore.
      </p>
    );
  }
  return (
    <TextField
      label="Your password"
      type="password"
      name="current-password"
      autoComplete="current-password"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      disabled={disabled}
      required
    />
  );
}

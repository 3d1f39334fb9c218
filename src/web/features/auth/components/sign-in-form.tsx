import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { EMAIL_INPUT, TextField } from '../../../components/ui/text-field';
import { useFocusFirstInvalid } from '../../../lib/focus-first-invalid';
import { validateEmail, validateRequired } from '../../../lib/form-validation';
import { useSignIn } from '../api/sign-in';
import { destinationAfterSignIn } from '../destination-after-sign-in';
import { useHumanCheckEscalation, useHumanCheckGate } from './use-human-check-gate';

interface SignInErrors {
  email: string | null;
  password: string | null;
}

function validateSignIn(email: string, password: string): SignInErrors {
  return {
    email: validateEmail(email),
    password: validateRequired(password, 'Enter your password.'),
  };
}

/**
 * E-mail and password sign-in; on success goes to the callbackUrl or the role's home. After many
 * failed attempts on the account the server asks for the human check: the form shows it, waits for it
 * to solve itself and sends the sign-in again, and keeps sending a check from then on.
 */
export function SignInForm() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const callbackUrl = searchParams.get('callbackUrl');
  const signIn = useSignIn();
  const humanCheck = useHumanCheckGate();
  const escalation = useHumanCheckEscalation(humanCheck);
  const busy = signIn.isPending || escalation.waiting;

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showErrors, setShowErrors] = useState(false);
  const invalid = useFocusFirstInvalid();

  const errors = validateSignIn(email, password);

  async function send() {
    try {
      const session = await escalation.attempt((check) =>
        signIn.mutateAsync({ email: email.trim(), password, humanCheck: check }),
      );
      if (session) navigate(destinationAfterSignIn(callbackUrl, session), { replace: true });
    } catch {
      // The mutation has shown the server's message, once, as a toast (sign-in errors are toasts).
    }
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setShowErrors(true);
    if (errors.email || errors.password) return invalid.focusFirstInvalid();
    void send();
  }

  return (
    <form ref={invalid.ref} noValidate onSubmit={handleSubmit} className="flex flex-col gap-5">
      <TextField
        label="Email"
        {...EMAIL_INPUT}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={showErrors ? errors.email : null}
        disabled={busy}
        required
      />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={showErrors ? errors.password : null}
        disabled={busy}
        required
      />
      {escalation.required ? (
        <div className="flex flex-col gap-2">
          <p role="status" className="text-sm text-neutral-700">
            There were many failed sign-ins for this account, so we check that you are human first.
          </p>
          {humanCheck.element}
        </div>
      ) : null}
      <Button type="submit" size="lg" fullWidth isLoading={busy}>
        {busy ? 'Signing in...' : 'Sign in'}
      </Button>
    </form>
  );
}

import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { describePasswordProblem, type PasswordPolicy } from '../../../../shared/password-policy';
import { describeNameProblem } from '../../../../shared/person-name';
import { Button } from '../../../components/ui/button';
import { EMAIL_INPUT, TextField } from '../../../components/ui/text-field';
import { useFocusFirstInvalid } from '../../../lib/focus-first-invalid';
import { validateEmail, validateRequired } from '../../../lib/form-validation';
import { paths, withCallbackUrl } from '../../../lib/paths';
import { useSignUp } from '../api/sign-up';
import { destinationAfterSignIn } from '../destination-after-sign-in';
import { PasswordHints } from './password-hints';
import { useHumanCheckGate } from './use-human-check-gate';

interface SignUpErrors {
  name: string | null;
  email: string | null;
  password: string | null;
}

function validateSignUp(name: string, email: string, password: string, policy: PasswordPolicy): SignUpErrors {
  return {
    // The server's own rule: 1 to 100 characters on one line.
    name: describeNameProblem(name),
    email: validateEmail(email),
    password: validateRequired(password, 'Choose a password.') ?? describePasswordProblem(password, policy),
  };
}

interface SignUpFormProps {
  /** From `/api/config`; the server checks the same policy again. */
  passwordPolicy: PasswordPolicy;
}

/**
 * Customer sign-up: name, e-mail and a password checked live against the policy, guarded by the human
 * check (solved in the background; a submit waits for it when it is not done yet).
 */
export function SignUpForm({ passwordPolicy }: SignUpFormProps) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const callbackUrl = searchParams.get('callbackUrl');
  const signUp = useSignUp();
  const humanCheck = useHumanCheckGate();
  const [waitingForCheck, setWaitingForCheck] = useState(false);
  const busy = signUp.isPending || waitingForCheck;

  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showErrors, setShowErrors] = useState(false);
  /** Set when the sign-up was accepted but did not sign in: the address is to be checked by e-mail. */
  const [checkMailbox, setCheckMailbox] = useState<string | null>(null);
  const invalid = useFocusFirstInvalid();

  const errors = validateSignUp(name, email, password, passwordPolicy);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setShowErrors(true);
    if (errors.name || errors.email || errors.password) return invalid.focusFirstInvalid();
    setWaitingForCheck(true);
    const payload = await humanCheck.takePayload();
    setWaitingForCheck(false);
    if (!payload) return;
    signUp.mutate(
      { name: name.trim(), email: email.trim(), password, humanCheck: payload },
      {
        onSuccess: (session) => {
          if (session) navigate(destinationAfterSignIn(callbackUrl, session), { replace: true });
          else setCheckMailbox(email.trim());
        },
      },
    );
  }

  if (checkMailbox) {
    return (
      <div role="status" className="flex flex-col gap-4 text-sm text-neutral-700">
        <p className="text-base font-medium text-neutral-950">Check your e-mail</p>
        <p>
          We sent a message to <span className="font-medium text-neutral-950">{checkMailbox}</span>. It tells
          you how to go on: confirm the address with its link, or, if this address already has an account,
          sign in or choose a new password.
        </p>
        <Link
          to={withCallbackUrl(paths.signIn, callbackUrl)}
          className="rounded-sm font-medium text-neutral-950 underline underline-offset-4 hover:text-neutral-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950"
        >
          Go to sign in
        </Link>
      </div>
    );
  }

  return (
    <form
      ref={invalid.ref}
      noValidate
      onSubmit={(event) => void handleSubmit(event)}
      className="flex flex-col gap-5"
    >
      <TextField
        label="Name"
        type="text"
        name="name"
        autoComplete="name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={showErrors ? errors.name : null}
        disabled={busy}
        required
      />
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
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={showErrors ? errors.password : null}
        description={<PasswordHints password={password} policy={passwordPolicy} />}
        disabled={busy}
        required
      />
      {humanCheck.element}
      <Button type="submit" size="lg" fullWidth isLoading={busy}>
        {busy ? 'Creating account...' : 'Create account'}
      </Button>
    </form>
  );
}

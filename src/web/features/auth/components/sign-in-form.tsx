import { type FormEvent, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { EMAIL_INPUT, TextField } from '../../../components/ui/text-field';
import { useSignIn } from '../api/sign-in';
import { destinationAfterSignIn } from '../destination-after-sign-in';
import { validateEmail, validateRequired } from './form-validation';

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

/** E-mail and password sign-in; on success goes to the callbackUrl or the role's home. */
export function SignInForm() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const callbackUrl = searchParams.get('callbackUrl');
  const signIn = useSignIn();

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showErrors, setShowErrors] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const errors = validateSignIn(email, password);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (signIn.isPending) return;
    setShowErrors(true);
    if (errors.email) return emailRef.current?.focus();
    if (errors.password) return passwordRef.current?.focus();
    signIn.mutate(
      { email: email.trim(), password },
      {
        onSuccess: (session) => {
          navigate(destinationAfterSignIn(callbackUrl, session), { replace: true });
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-5">
      <TextField
        ref={emailRef}
        label="Email"
        {...EMAIL_INPUT}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={showErrors ? errors.email : null}
        disabled={signIn.isPending}
        required
      />
      <TextField
        ref={passwordRef}
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={showErrors ? errors.password : null}
        disabled={signIn.isPending}
        required
      />
      <Button type="submit" size="lg" fullWidth isLoading={signIn.isPending}>
        {signIn.isPending ? 'Signing in...' : 'Sign in'}
      </Button>
    </form>
  );
}

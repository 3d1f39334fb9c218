import { MailCheck } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { EMAIL_INPUT, TextField } from '../../../components/ui/text-field';
import { validateEmail } from '../../../lib/form-validation';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { useHumanCheckGate } from './use-human-check-gate';

/**
 * "Forgot password": an e-mail address and the human check; once sent, says where to look. The
 * wording never tells whether the address has an account.
 */
export function ForgotPasswordForm() {
  const request = useRequestPasswordReset();
  const humanCheck = useHumanCheckGate();
  const [waitingForCheck, setWaitingForCheck] = useState(false);
  const busy = request.isPending || waitingForCheck;

  const [email, setEmail] = useState('');
  const [showErrors, setShowErrors] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const emailError = validateEmail(email);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setShowErrors(true);
    if (emailError) return emailRef.current?.focus();
    setWaitingForCheck(true);
    const payload = await humanCheck.takePayload();
    setWaitingForCheck(false);
    if (!payload) return;
    const address = email.trim();
    request.mutate({ email: address, humanCheck: payload }, { onSuccess: () => setSentTo(address) });
  }

  if (sentTo) {
    return (
      <div role="status" className="flex flex-col gap-4">
        <span className="flex size-11 items-center justify-center rounded-xl bg-emerald-50 text-emerald-700">
          <MailCheck aria-hidden="true" className="size-5" />
        </span>
        <p className="text-neutral-800">
          If an account exists for <span className="font-medium break-all text-neutral-950">{sentTo}</span>,
          we have sent it a link to choose a new password. Check your inbox, and the spam folder too.
        </p>
        <p className="text-sm text-neutral-600">The link works once and for one hour.</p>
        <Button
          variant="secondary"
          onClick={() => {
            setSentTo(null);
            request.reset();
          }}
        >
          Use another email address
        </Button>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(event)} className="flex flex-col gap-5">
      <TextField
        ref={emailRef}
        label="Email"
        {...EMAIL_INPUT}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={showErrors ? emailError : null}
        disabled={busy}
        required
      />
      {humanCheck.element}
      <Button type="submit" size="lg" fullWidth isLoading={busy}>
        {busy ? 'Sending...' : 'Send reset link'}
      </Button>
    </form>
  );
}

import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { Profile } from '../../../../shared/contracts/user';
import { Button } from '../../../components/ui/button';
import { EMAIL_INPUT, TextField } from '../../../components/ui/text-field';
import { validateEmail } from '../../../lib/form-validation';
import { emailLinkSentMessage, useChangeEmail, useSendVerificationEmail } from '../api/change-email';
import { AccountSection, StatusBadge } from './account-section';

function ChangeEmailForm({
  current,
  onSent,
  onCancel,
}: {
  current: string | null;
  onSent: (address: string) => void;
  onCancel: () => void;
}) {
  const changeEmail = useChangeEmail();
  const [email, setEmail] = useState('');
  const [showErrors, setShowErrors] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  // Opened on request: the cursor goes straight to the field.
  useEffect(() => inputRef.current?.focus(), []);
  const trimmed = email.trim();
  const error =
    validateEmail(email) ??
    (current && trimmed.toLowerCase() === current.toLowerCase() ? 'This is your address already.' : null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (changeEmail.isPending) return;
    setShowErrors(true);
    if (error) return inputRef.current?.focus();
    changeEmail.mutate(trimmed, { onSuccess: () => onSent(trimmed) });
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
      <TextField
        ref={inputRef}
        label={current ? 'New email address' : 'Email address'}
        {...EMAIL_INPUT}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={showErrors ? error : null}
        description="We send a link there; the address is yours once you open it."
        disabled={changeEmail.isPending}
        required
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" isLoading={changeEmail.isPending}>
          {changeEmail.isPending ? 'Sending link...' : 'Send link'}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={changeEmail.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/**
 * The e-mail address: verified or not (with a new link on request), and a change that holds once the
 * link sent to the new address is opened. Phone-only accounts add their first address the same way.
 */
export function EmailSection({ profile }: { profile: Profile }) {
  const resend = useSendVerificationEmail();
  const [editing, setEditing] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const email = profile.email;

  return (
    <AccountSection title="Email" description="For receipts, password resets and signing in.">
      {email ? (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <p className="font-medium break-all text-neutral-950">{email}</p>
          <StatusBadge ok={profile.emailVerified}>
            {profile.emailVerified ? 'Verified' : 'Not verified'}
          </StatusBadge>
        </div>
      ) : (
        <p className="text-neutral-600">
          You have no email address yet. Add one to get receipts and to sign in without your phone.
        </p>
      )}

      {sentTo && (
        <p role="status" className="rounded-lg bg-neutral-100 px-4 py-3 text-sm text-neutral-800">
          {emailLinkSentMessage(sentTo)}
        </p>
      )}

      {editing ? (
        <ChangeEmailForm
          current={email}
          onCancel={() => setEditing(false)}
          onSent={(address) => {
            setSentTo(address);
            setEditing(false);
          }}
        />
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setEditing(true)}>
            {email ? 'Change email' : 'Add email'}
          </Button>
          {email && !profile.emailVerified && (
            <Button
              variant="ghost"
              isLoading={resend.isPending}
              onClick={() => resend.mutate(email, { onSuccess: () => setSentTo(email) })}
            >
              {resend.isPending ? 'Sending...' : 'Send confirmation link again'}
            </Button>
          )}
        </div>
      )}
    </AccountSection>
  );
}

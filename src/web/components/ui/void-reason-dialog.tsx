import { useState } from 'react';
import { asSentence } from '../../../shared/field-messages';
import { errorMessage, isApiError } from '../../lib/api-client';
import { Button } from './button';
import { Dialog } from './dialog';
import { TextField } from './text-field';

/**
 * Voids a money record with a reason (an entry, an expense, a payment; a settlement's payout taken
 * back): the server writes a reversing row and nothing is deleted. The reason is required; `onVoid` sends it and throws on a
 * refusal, whose message shows (on the field when the server names `reason`). The caller closes
 * the dialog and says it worked.
 */
export function VoidReasonDialog({
  title,
  description,
  placeholder,
  confirmLabel,
  keepLabel = 'Keep it',
  busyLabel = 'Voiding...',
  busy,
  onVoid,
  onClose,
}: {
  title: string;
  description: string;
  placeholder: string;
  /** "Void payment", "Void expense". */
  confirmLabel: string;
  /** The button that leaves it as it is, and the confirm button's words while it works. */
  keepLabel?: string;
  busyLabel?: string;
  busy: boolean;
  onVoid: (reason: string) => Promise<void>;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    if (!reason.trim()) {
      setReasonError('Enter a reason.');
      return;
    }
    setError(null);
    try {
      await onVoid(reason.trim());
    } catch (failure) {
      const issues = isApiError(failure)
        ? (failure.details as { issues?: { path: string; message: string }[] } | undefined)?.issues
        : undefined;
      const issue = issues?.find((item) => item.path === 'reason');
      if (issue) setReasonError(asSentence(issue.message));
      else setError(errorMessage(failure));
    }
  };

  return (
    <Dialog open onClose={onClose} busy={busy} title={title} description={description}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        className="flex flex-col gap-4"
      >
        <TextField
          label="Reason"
          value={reason}
          maxLength={200}
          autoComplete="off"
          placeholder={placeholder}
          disabled={busy}
          error={reasonError ?? undefined}
          onChange={(event) => {
            setReason(event.target.value);
            setReasonError(null);
          }}
        />
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {keepLabel}
          </Button>
          <Button type="submit" variant="danger" isLoading={busy}>
            {busy ? busyLabel : confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

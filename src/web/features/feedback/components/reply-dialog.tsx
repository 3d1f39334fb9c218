import { type FormEvent, useEffect, useState } from 'react';
import type { FeedbackEntry } from '../../../../shared/contracts/feedback';
import { MAX_FEEDBACK_REPLY } from '../../../../shared/feedback-paths';
import { orderNumberLabel } from '../../../../shared/order-limits';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { errorMessage } from '../../../lib/api-client';
import { useReplyToFeedback } from '../api/admin-feedback-api';

/**
 * Reply to a feedback by e-mail (through the messenger): a text, sent as "Re: your feedback on order
 * #1042". The server keeps it and marks the feedback reviewed; its refusal stays in the dialog.
 */
export function ReplyDialog({
  entry,
  onClose,
  onSent,
}: {
  entry: FeedbackEntry | null;
  onClose: () => void;
  onSent: (entry: FeedbackEntry) => void;
}) {
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reply = useReplyToFeedback();
  const { reset } = reply;

  useEffect(() => {
    if (entry) {
      setMessage('');
      setError(null);
      reset();
    }
  }, [entry, reset]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!entry) return;
    if (!message.trim()) {
      setError('Write the reply.');
      return;
    }
    setError(null);
    reply.mutate({ id: entry.id, input: message.trim() }, { onSuccess: onSent });
  }

  const name = entry ? (entry.customer?.name ?? entry.customerName) || 'the customer' : '';
  return (
    <Dialog
      open={entry !== null}
      onClose={onClose}
      busy={reply.isPending}
      title="Reply to feedback"
      description={
        entry
          ? `Your reply is e-mailed to ${name} about order ${orderNumberLabel(entry.order.number)}, and kept with the feedback.`
          : undefined
      }
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextAreaField
          label="Reply"
          value={message}
          onChange={(event) => {
            setMessage(event.target.value);
            if (error) setError(null);
          }}
          maxLength={MAX_FEEDBACK_REPLY}
          error={error}
          description={`${message.length} of ${MAX_FEEDBACK_REPLY} characters`}
          autoFocus
        />
        {reply.isError && (
          <p role="alert" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">
            {errorMessage(reply.error)}
          </p>
        )}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={reply.isPending}>
            Cancel
          </Button>
          <Button type="submit" isLoading={reply.isPending}>
            {reply.isPending ? 'Sending...' : 'Send reply'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

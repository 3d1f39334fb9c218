import { useState } from 'react';
import toast from 'react-hot-toast';
import type { Expense } from '../../../../shared/contracts/expenses';
import { asSentence } from '../../../../shared/field-messages';
import { formatMoney } from '../../../../shared/money';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { isStaleWrite, staleActionMessage } from '../../../lib/stale-write';
import { getExpense, useVoidExpense } from '../api/expenses-api';

/**
 * Voids an expense, with a reason: the server reverses its withdrawal in the account (on the day it
 * was booked); the expense stays in the list, struck through. Refused when the books are locked on
 * its day or its withdrawal has been reconciled (the server's message says which).
 */
export function VoidExpenseDialog({
  expense,
  locale,
  onClose,
}: {
  expense: Expense;
  locale: string;
  onClose: () => void;
}) {
  const voiding = useVoidExpense();
  const [version, setVersion] = useState(expense.version);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const amount = formatMoney(expense.amount, expense.currency, locale);

  const submit = async () => {
    if (!reason.trim()) {
      setReasonError('Enter a reason.');
      return;
    }
    setError(null);
    try {
      await voiding.mutateAsync({ id: expense.id, version, reason: reason.trim() });
      toast.success('Expense voided: its withdrawal was reversed.');
      onClose();
    } catch (failure) {
      if (isStaleWrite(failure)) {
        // Someone else changed it: void the expense as it is now, or not at all.
        try {
          const fresh = await getExpense(expense.id);
          if (fresh.status === 'voided') {
            toast('Someone else voided this expense just before you.');
            onClose();
            return;
          }
          setVersion(fresh.version);
          setError(staleActionMessage('this expense'));
        } catch (readFailure) {
          setError(errorMessage(readFailure));
        }
        return;
      }
      const issues = isApiError(failure)
        ? (failure.details as { issues?: { path: string; message: string }[] } | undefined)?.issues
        : undefined;
      const issue = issues?.find((item) => item.path === 'reason');
      if (issue) setReasonError(asSentence(issue.message));
      else setError(errorMessage(failure));
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      busy={voiding.isPending}
      title="Void this expense?"
      description={`“${expense.description}”, ${amount} from ${expense.accountName}: a reversing entry gives the money back to the account on the day it was booked. The expense stays in the list, voided, and cannot be changed afterwards.`}
    >
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
          placeholder="Recorded twice"
          disabled={voiding.isPending}
          error={reasonError}
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
          <Button variant="secondary" onClick={onClose} disabled={voiding.isPending}>
            Keep it
          </Button>
          <Button type="submit" variant="danger" isLoading={voiding.isPending}>
            {voiding.isPending ? 'Voiding...' : 'Void expense'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

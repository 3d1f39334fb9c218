import { useState } from 'react';
import toast from 'react-hot-toast';
import type { BankTransaction } from '../../../../shared/contracts/ledger';
import { formatMoney } from '../../../../shared/money';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-client';
import { useVoidTransaction } from '../api/ledger-api';

/**
 * Voids an entry made by hand or a transfer, with a reason: the server writes a reversing row (two
 * for a transfer) on the same day; nothing is deleted.
 */
export function VoidDialog({
  row,
  money,
  onClose,
}: {
  row: BankTransaction;
  money: { currency: string; locale: string };
  onClose: () => void;
}) {
  const voiding = useVoidTransaction();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const amount = formatMoney(Math.abs(row.amount), money.currency, money.locale);
  const what = row.transferId ? `this transfer of ${amount} (both its rows)` : `this entry of ${amount}`;

  const submit = async () => {
    if (!reason.trim()) {
      setError('Enter a reason.');
      return;
    }
    try {
      await voiding.mutateAsync({ id: row.id, reason: reason.trim() });
      toast.success('Voided: a reversing entry was recorded.');
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      busy={voiding.isPending}
      title="Void this entry?"
      description={`A reversing entry takes back ${what} on the day it was booked. Both stay in the account’s history.`}
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
          placeholder="Entered twice"
          disabled={voiding.isPending}
          error={error ?? undefined}
          onChange={(event) => {
            setReason(event.target.value);
            setError(null);
          }}
        />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={voiding.isPending}>
            Keep it
          </Button>
          <Button type="submit" variant="danger" isLoading={voiding.isPending}>
            {voiding.isPending ? 'Voiding...' : 'Void entry'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

import toast from 'react-hot-toast';
import type { BankTransaction } from '../../../../shared/contracts/ledger';
import { formatMoney } from '../../../../shared/money';
import { VoidReasonDialog } from '../../../components/ui/void-reason-dialog';
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
  const amount = formatMoney(Math.abs(row.amount), money.currency, money.locale);
  const what = row.transferId ? `this transfer of ${amount} (both its rows)` : `this entry of ${amount}`;
  return (
    <VoidReasonDialog
      title="Void this entry?"
      description={`A reversing entry takes back ${what} on the day it was booked. Both stay in the account’s history.`}
      placeholder="Entered twice"
      confirmLabel="Void entry"
      busy={voiding.isPending}
      onClose={onClose}
      onVoid={async (reason) => {
        await voiding.mutateAsync({ id: row.id, reason });
        toast.success('Voided: a reversing entry was recorded.');
        onClose();
      }}
    />
  );
}

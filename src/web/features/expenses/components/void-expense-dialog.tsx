import { useState } from 'react';
import toast from 'react-hot-toast';
import type { Expense } from '../../../../shared/contracts/expenses';
import { formatMoney } from '../../../../shared/money';
import { VoidReasonDialog } from '../../../components/ui/void-reason-dialog';
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
  const amount = formatMoney(expense.amount, expense.currency, locale);

  const voidIt = async (reason: string) => {
    try {
      await voiding.mutateAsync({ id: expense.id, version, reason });
    } catch (failure) {
      if (!isStaleWrite(failure)) throw failure;
      // Someone else changed it: void the expense as it is now, or not at all.
      const fresh = await getExpense(expense.id);
      if (fresh.status === 'voided') {
        toast('Someone else voided this expense just before you.');
        onClose();
        return;
      }
      setVersion(fresh.version);
      throw new Error(staleActionMessage('this expense'));
    }
    toast.success('Expense voided: its withdrawal was reversed.');
    onClose();
  };

  return (
    <VoidReasonDialog
      title="Void this expense?"
      description={`“${expense.description}”, ${amount} from ${expense.accountName}: a reversing entry gives the money back to the account on the day it was booked. The expense stays in the list, voided, and cannot be changed afterwards.`}
      placeholder="Recorded twice"
      confirmLabel="Void expense"
      busy={voiding.isPending}
      onClose={onClose}
      onVoid={voidIt}
    />
  );
}

import { useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import type { Settlement } from '../../../../shared/contracts/settlements';
import { asSentence } from '../../../../shared/field-messages';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { partnerPath } from '../../../lib/paths';
import { useDeleteSettlement, useReopenSettlement } from '../api/settlements-api';
import { formatPeriod } from './settlement-period';

/**
 * "Reopen": the recorded payout is taken back with a reason (its ledger rows reversed) and the
 * settlement is pending again. Refused when a row is reconciled or its day is locked (the server says
 * which), or when someone changed the settlement meanwhile.
 */
export function ReopenDialog({ settlement, onClose }: { settlement: Settlement; onClose: () => void }) {
  const reopen = useReopenSettlement();
  const versionRef = useRef(settlement.version);
  versionRef.current = settlement.version;
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = reopen.isPending;

  const submit = async () => {
    if (!reason.trim()) {
      setReasonError('Enter a reason.');
      return;
    }
    setError(null);
    try {
      await reopen.mutateAsync({
        id: settlement.id,
        input: { version: versionRef.current, reason: reason.trim() },
      });
    } catch (failure) {
      const issues = isApiError(failure)
        ? (failure.details as { issues?: { path: string; message: string }[] } | undefined)?.issues
        : undefined;
      const issue = issues?.find((item) => item.path === 'reason');
      if (issue) setReasonError(asSentence(issue.message));
      else setError(errorMessage(failure));
      return;
    }
    toast.success('Settlement reopened: the payout was taken back.');
    onClose();
  };

  return (
    <Dialog
      open
      onClose={onClose}
      busy={busy}
      title="Reopen this settlement?"
      description="The payout recorded is taken back: reversing entries in the account, with your reason. The settlement is pending again and can be changed."
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
          placeholder="Recorded in the wrong account"
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
            Keep it received
          </Button>
          <Button type="submit" variant="danger" isLoading={busy}>
            {busy ? 'Reopening...' : 'Reopen settlement'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** "Delete" a pending settlement, after a question: its orders can be settled again. */
export function DeleteSettlementDialog({
  settlement,
  locale,
  onClose,
}: {
  settlement: Settlement;
  locale: string;
  onClose: () => void;
}) {
  const remove = useDeleteSettlement();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  return (
    <ConfirmDialog
      open
      destructive
      title="Delete this settlement?"
      confirmLabel="Delete settlement"
      busyLabel="Deleting..."
      busy={remove.isPending}
      onClose={onClose}
      onConfirm={() => {
        setError(null);
        remove.mutate(settlement.id, {
          onSuccess: () => {
            toast.success('Settlement deleted');
            void navigate(partnerPath(settlement.partnerId), { replace: true });
          },
          onError: (failure) => setError(errorMessage(failure)),
        });
      }}
    >
      <p>
        The {settlement.partnerName} settlement for {formatPeriod(settlement.from, settlement.to, locale)}{' '}
        goes, with its adjustments and payout report. Its {settlement.orderCount}{' '}
        {settlement.orderCount === 1 ? 'order' : 'orders'} can be settled again.
      </p>
      {error && (
        <p role="alert" className="mt-3 font-medium text-red-700">
          {error}
        </p>
      )}
    </ConfirmDialog>
  );
}

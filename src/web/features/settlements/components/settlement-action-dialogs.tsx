import { useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import type { Settlement } from '../../../../shared/contracts/settlements';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { VoidReasonDialog } from '../../../components/ui/void-reason-dialog';
import { errorMessage } from '../../../lib/api-client';
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
  return (
    <VoidReasonDialog
      title="Reopen this settlement?"
      description="The payout recorded is taken back: reversing entries in the account, with your reason. The settlement is pending again and can be changed."
      placeholder="Recorded in the wrong account"
      confirmLabel="Reopen settlement"
      keepLabel="Keep it received"
      busyLabel="Reopening..."
      busy={reopen.isPending}
      onVoid={async (reason) => {
        await reopen.mutateAsync({ id: settlement.id, input: { version: versionRef.current, reason } });
        toast.success('Settlement reopened: the payout was taken back.');
        onClose();
      }}
      onClose={onClose}
    />
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

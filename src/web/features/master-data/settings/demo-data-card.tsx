import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { DEMO_RECORD_KINDS, DEMO_RECORD_LABELS } from '../../../../shared/contracts/demo';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../lib/api-client';
import { useDemoDataStatus, useRemoveDemoData } from '../api/demo-data';

/**
 * While the demo cafe's records are still there, says so and offers to remove them in one step
 * (nothing shows once they are gone, or on a restaurant that started without them).
 */
export function DemoDataCard() {
  const status = useDemoDataStatus();
  const remove = useRemoveDemoData();
  const [confirming, setConfirming] = useState(false);
  if (!status.data?.present) return null;
  const counts = status.data.counts;
  const summary = DEMO_RECORD_KINDS.filter((kind) => (counts[kind] ?? 0) > 0)
    .map((kind) => `${counts[kind]} ${DEMO_RECORD_LABELS[kind]}`)
    .join(', ');

  function confirm() {
    remove.mutate(undefined, {
      onSuccess: (result) => {
        setConfirming(false);
        toast.success(
          result.kept.length > 0
            ? `Demo data removed. Kept because your own records use them: ${result.kept.join(', ')}.`
            : 'Demo data removed',
        );
      },
      onError: (error) => {
        setConfirming(false);
        toast.error(errorMessage(error));
      },
    });
  }

  return (
    <Card className="mb-6 flex flex-col gap-4 border-amber-200 bg-amber-50 p-5 sm:flex-row sm:items-center sm:p-6">
      <Sparkles aria-hidden="true" className="size-6 shrink-0 text-amber-700" />
      <div className="flex-1">
        <h2 className="text-base font-semibold text-neutral-950">Demo data</h2>
        <p className="mt-1 text-sm text-neutral-700">
          Brigade started with a demo cafe so you could look around: {summary}. Remove it when you are ready
          to enter your own.
        </p>
      </div>
      <Button variant="secondary" onClick={() => setConfirming(true)} className="self-start sm:self-auto">
        Remove demo data
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Remove the demo data?"
        confirmLabel="Remove demo data"
        destructive
        busyLabel="Removing..."
        busy={remove.isPending}
        onConfirm={confirm}
        onClose={() => setConfirming(false)}
      >
        The demo menu items and their photos, categories, tables, suppliers, partners, expense categories,
        units and accounts are deleted. Anything your own records use stays. Your settings stay as they are,
        except payment methods that pointed at a demo account.
      </ConfirmDialog>
    </Card>
  );
}

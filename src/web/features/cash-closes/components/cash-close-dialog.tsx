import { Printer } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { CashClose } from '../../../../shared/contracts/cash-closes';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useRestaurantDateTime } from '../../config';
import { DayEndReport } from './day-end-report';

/** A past close's day's end report, to read and print again. */
export function CashCloseDialog({
  close,
  onClose,
  onPrint,
}: {
  close: CashClose | null;
  onClose: () => void;
  onPrint: () => void;
}) {
  const dateTime = useRestaurantDateTime();
  // The last close shown stays in the dialog while it closes.
  const [shown, setShown] = useState(close);
  useEffect(() => {
    if (close) setShown(close);
  }, [close]);
  return (
    <Dialog
      open={close !== null}
      onClose={onClose}
      title={shown ? `Day’s end report · ${shown.accountName}` : 'Day’s end report'}
      description={
        shown
          ? `Closed ${dateTime(shown.closedAt)}${shown.closedByName ? ` by ${shown.closedByName}` : ''}.`
          : undefined
      }
      footer={
        <div className="flex gap-3 sm:justify-end">
          <Button variant="secondary" onClick={onClose} className="flex-1 sm:flex-none">
            Close
          </Button>
          <Button onClick={onPrint} className="flex-1 sm:flex-none">
            <Printer aria-hidden="true" className="size-4" />
            Print report
          </Button>
        </div>
      }
    >
      {shown && (
        <div className="flex justify-center rounded-xl bg-neutral-100 p-3">
          <DayEndReport report={shown.report} close={shown} className="shadow-sm ring-1 ring-neutral-200" />
        </div>
      )}
    </Dialog>
  );
}

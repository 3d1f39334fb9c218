import type { ReactNode } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What will happen, in a sentence or two. */
  children: ReactNode;
  confirmLabel: string;
  /** The confirm button's words while the request runs ("Disabling..."). */
  busyLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** Deletes, disables or removes something: the confirm button is red (variant "danger"). */
  destructive?: boolean;
  /** The other button's words, when "Cancel" would read like the action ("Keep my order"). */
  cancelLabel?: string;
}

/** A question before something that cannot be taken back: Cancel, or the named action. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busyLabel,
  busy,
  onConfirm,
  onClose,
  destructive = false,
  cancelLabel = 'Cancel',
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} busy={busy} title={title} description={children}>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={busy} autoFocus>
          {cancelLabel}
        </Button>
        <Button variant={destructive ? 'danger' : 'primary'} onClick={onConfirm} isLoading={busy}>
          {busy ? busyLabel : confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}

import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useSetUserDisabled } from '../api/set-user-disabled';
import { type AdminUser, userLabel } from '../api/types';

interface ConfirmStatusDialogProps {
  /** The user to disable (when active) or enable (when disabled); null = closed. */
  user: AdminUser | null;
  onClose: () => void;
}

/** Asks before disabling (which signs the user out at once) or enabling an account. */
export function ConfirmStatusDialog({ user, onClose }: ConfirmStatusDialogProps) {
  const setDisabled = useSetUserDisabled();
  const disabling = user ? !user.disabled : true;
  const name = user ? userLabel(user) : '';

  function close() {
    if (setDisabled.isPending) return;
    onClose();
  }

  return (
    <ConfirmDialog
      open={user !== null}
      onClose={close}
      busy={setDisabled.isPending}
      destructive={disabling}
      title={disabling ? `Disable ${name}?` : `Enable ${name}?`}
      confirmLabel={disabling ? 'Disable account' : 'Enable account'}
      busyLabel={disabling ? 'Disabling...' : 'Enabling...'}
      onConfirm={() => {
        if (!user) return;
        setDisabled.mutate({ id: user.id, disabled: disabling }, { onSettled: onClose });
      }}
    >
      {disabling
        ? 'They are signed out on every device at once and cannot sign in until you enable the account again.'
        : 'They can sign in again with their password.'}
    </ConfirmDialog>
  );
}

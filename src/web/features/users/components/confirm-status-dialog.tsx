import { Button } from '../../../components/ui/button';
import { useSetUserDisabled } from '../api/set-user-disabled';
import { type AdminUser, userLabel } from '../api/types';
import { Dialog } from './dialog';

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
    <Dialog
      open={user !== null}
      onClose={close}
      busy={setDisabled.isPending}
      title={disabling ? `Disable ${name}?` : `Enable ${name}?`}
      description={
        disabling
          ? 'They are signed out on every device at once and cannot sign in until you enable the account again.'
          : 'They can sign in again with their password.'
      }
    >
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={close} disabled={setDisabled.isPending}>
          Cancel
        </Button>
        <Button
          isLoading={setDisabled.isPending}
          onClick={() => {
            if (!user) return;
            setDisabled.mutate({ id: user.id, disabled: disabling }, { onSettled: onClose });
          }}
        >
          {disabling
            ? setDisabled.isPending
              ? 'Disabling...'
              : 'Disable account'
            : setDisabled.isPending
              ? 'Enabling...'
              : 'Enable account'}
        </Button>
      </div>
    </Dialog>
  );
}

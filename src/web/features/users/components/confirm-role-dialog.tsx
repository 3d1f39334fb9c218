import type { Role } from '../../../../shared/roles';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useChangeUserRole } from '../api/change-user-role';
import { type AdminUser, ROLE_LABELS, userLabel } from '../api/types';

/** A role change asked for in the list, waiting for the admin's yes. */
export interface PendingRoleChange {
  user: AdminUser;
  role: Role;
}

/** What the new role lets the person do, in a sentence. */
const STAFF_AREAS =
  'They can use the staff areas, such as orders, but not the admin areas (menu, master data, users, settings).';
const ROLE_CONSEQUENCES: Readonly<Record<Role, string>> = {
  customer: 'They lose access to the back office at once.',
  staff: STAFF_AREAS,
  manager: STAFF_AREAS,
  admin: 'They can use every area, including users, roles and settings.',
};

interface ConfirmRoleDialogProps {
  change: PendingRoleChange | null;
  onClose: () => void;
}

/** Asks before a role changes (it takes effect on the person's next request): names both roles. */
export function ConfirmRoleDialog({ change, onClose }: ConfirmRoleDialogProps) {
  const changeRole = useChangeUserRole();
  const name = change ? userLabel(change.user) : '';
  const from = change ? ROLE_LABELS[change.user.role] : '';
  const to = change ? ROLE_LABELS[change.role] : '';

  function close() {
    if (changeRole.isPending) return;
    onClose();
  }

  return (
    <ConfirmDialog
      open={change !== null}
      onClose={close}
      busy={changeRole.isPending}
      title={`Make ${name} ${to === 'Admin' ? 'an' : 'a'} ${to}?`}
      confirmLabel={`Change role to ${to}`}
      busyLabel="Changing..."
      destructive={change?.user.role === 'admin'}
      onConfirm={() => {
        if (!change) return;
        changeRole.mutate({ id: change.user.id, role: change.role }, { onSettled: onClose });
      }}
    >
      {change && (
        <>
          {name}’s role changes from {from} to {to}. {ROLE_CONSEQUENCES[change.role]}
        </>
      )}
    </ConfirmDialog>
  );
}

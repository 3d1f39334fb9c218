import { clsx } from 'clsx';
import { KeyRound, Mail, Phone } from 'lucide-react';
import { ROLES, type Role } from '../../../../shared/roles';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ListError, ListLoading } from '../../../components/ui/list-states';
import { SelectField } from '../../../components/ui/select-field';
import { useRestaurantDateTime } from '../../config';
import { useUsers } from '../api/list-users';
import { useResendInvitation } from '../api/resend-invitation';
import { useSendUserPasswordReset } from '../api/send-user-password-reset';
import { type AdminUser, ROLE_LABELS, type UserGroup, userLabel } from '../api/types';

interface UsersListProps {
  group: UserGroup;
  search: string;
  currentUserId: string | undefined;
  /** Opens the confirmation for disabling or enabling `user`. */
  onToggleDisabled: (user: AdminUser) => void;
  /** Opens the confirmation for giving `user` another role. */
  onChangeRole: (user: AdminUser, role: Role) => void;
}

const BADGE = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset';

/** Disabled; Invited (never accepted the invitation, so cannot sign in yet); or Active. */
function StatusBadge({ user }: { user: AdminUser }) {
  if (user.disabled)
    return <span className={clsx(BADGE, 'bg-red-50 text-red-800 ring-red-200')}>Disabled</span>;
  if (user.invitationPending) {
    return (
      <span
        className={clsx(BADGE, 'bg-amber-50 text-amber-900 ring-amber-200')}
        title="Invited, has not chosen a password yet"
      >
        Invited
      </span>
    );
  }
  return <span className={clsx(BADGE, 'bg-emerald-50 text-emerald-800 ring-emerald-200')}>Active</span>;
}

function YouBadge() {
  return (
    <span className="inline-flex items-center rounded-full bg-neutral-100 px-2 py-0.5 text-xs font-medium text-neutral-700">
      You
    </span>
  );
}

interface RowProps {
  user: AdminUser;
  isSelf: boolean;
  onToggleDisabled: (user: AdminUser) => void;
}

/**
 * The role of a user: a select, except for oneself (the server refuses one's own role). Choosing a
 * role only asks (the select keeps showing the current role until the admin confirms).
 */
function RoleControl({
  user,
  isSelf,
  onChangeRole,
}: Pick<RowProps, 'user' | 'isSelf'> & Pick<UsersListProps, 'onChangeRole'>) {
  if (isSelf) return <span className="text-sm text-neutral-900">{ROLE_LABELS[user.role]}</span>;
  return (
    <SelectField
      label={`Role of ${userLabel(user)}`}
      hideLabel
      value={user.role}
      onChange={(event) => onChangeRole(user, event.target.value as Role)}
      className="w-36"
    >
      {ROLES.map((role) => (
        <option key={role} value={role}>
          {ROLE_LABELS[role]}
        </option>
      ))}
    </SelectField>
  );
}

/** Resend invitation (while invited) or Send password reset, and Disable or Enable (not for oneself). */
function RowActions({ user, isSelf, onToggleDisabled }: RowProps) {
  const sendReset = useSendUserPasswordReset();
  const resend = useResendInvitation();
  const name = userLabel(user);
  const disabledTitle = user.disabled ? 'Enable the account before sending an e-mail.' : undefined;
  return (
    <div className="flex flex-wrap items-center gap-2 lg:justify-end">
      {user.email !== null && user.invitationPending && (
        <Button
          variant="secondary"
          onClick={() => resend.mutate(user)}
          isLoading={resend.isPending}
          disabled={user.disabled}
          title={disabledTitle}
          aria-label={`Resend invitation to ${name}`}
        >
          {!resend.isPending && <Mail aria-hidden="true" className="size-4" />}
          {resend.isPending ? 'Sending...' : 'Resend invitation'}
        </Button>
      )}
      {user.email !== null && !user.invitationPending && (
        <Button
          variant="secondary"
          onClick={() => sendReset.mutate({ id: user.id })}
          isLoading={sendReset.isPending}
          disabled={user.disabled}
          title={disabledTitle}
          aria-label={`Send password reset to ${name}`}
        >
          {!sendReset.isPending && <KeyRound aria-hidden="true" className="size-4" />}
          {sendReset.isPending ? 'Sending...' : 'Send password reset'}
        </Button>
      )}
      {!isSelf && (
        <Button
          variant={user.disabled ? 'primary' : 'ghost'}
          onClick={() => onToggleDisabled(user)}
          aria-label={`${user.disabled ? 'Enable' : 'Disable'} ${name}`}
          className={clsx(!user.disabled && 'text-red-700 hover:bg-red-50 hover:text-red-800')}
        >
          {user.disabled ? 'Enable' : 'Disable'}
        </Button>
      )}
    </div>
  );
}

function Contact({ user }: { user: AdminUser }) {
  return (
    <div className="flex min-w-0 flex-col text-sm text-neutral-600">
      {user.email && <span className="truncate">{user.email}</span>}
      {user.phoneNumber && (
        <span className="flex items-center gap-1.5">
          <Phone aria-hidden="true" className="size-3.5 shrink-0" />
          {user.phoneNumber}
        </span>
      )}
    </div>
  );
}

function UserTable({
  users,
  currentUserId,
  onToggleDisabled,
  onChangeRole,
}: { users: AdminUser[] } & ListPartProps) {
  const formatDateTime = useRestaurantDateTime();
  return (
    <Card className="hidden overflow-hidden lg:block">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-neutral-200 bg-neutral-50 text-xs font-medium tracking-wide text-neutral-600 uppercase">
          <tr>
            <th scope="col" className="px-4 py-3">
              Name
            </th>
            <th scope="col" className="px-4 py-3">
              Role
            </th>
            <th scope="col" className="px-4 py-3">
              Status
            </th>
            <th scope="col" className="px-4 py-3">
              Last seen
            </th>
            <th scope="col" className="px-4 py-3 text-right">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-200">
          {users.map((user) => {
            const isSelf = user.id === currentUserId;
            return (
              <tr key={user.id} className={clsx(user.disabled && 'bg-neutral-50')}>
                <td className="max-w-72 px-4 py-3">
                  <UserIdentity user={user} isSelf={isSelf} />
                </td>
                <td className="px-4 py-3">
                  <RoleControl user={user} isSelf={isSelf} onChangeRole={onChangeRole} />
                </td>
                <td className="px-4 py-3">
                  <StatusBadge user={user} />
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-neutral-700">
                  {user.lastSeenAt ? formatDateTime(user.lastSeenAt) : 'Never'}
                </td>
                <td className="px-4 py-3">
                  <RowActions user={user} isSelf={isSelf} onToggleDisabled={onToggleDisabled} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </Card>
  );
}

function UserCards({
  users,
  currentUserId,
  onToggleDisabled,
  onChangeRole,
}: { users: AdminUser[] } & ListPartProps) {
  const formatDateTime = useRestaurantDateTime();
  return (
    <ul className="flex flex-col gap-3 lg:hidden">
      {users.map((user) => {
        const isSelf = user.id === currentUserId;
        return (
          <li key={user.id}>
            <Card className={clsx('flex flex-col gap-4 p-4', user.disabled && 'bg-neutral-50')}>
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <UserIdentity user={user} isSelf={isSelf} />
                </div>
                <StatusBadge user={user} />
              </div>
              <div className="flex items-center justify-between gap-3">
                <RoleControl user={user} isSelf={isSelf} onChangeRole={onChangeRole} />
                <span className="text-right text-xs text-neutral-500">
                  Last seen
                  <br />
                  {user.lastSeenAt ? formatDateTime(user.lastSeenAt) : 'Never'}
                </span>
              </div>
              <RowActions user={user} isSelf={isSelf} onToggleDisabled={onToggleDisabled} />
            </Card>
          </li>
        );
      })}
    </ul>
  );
}

type ListPartProps = Pick<UsersListProps, 'currentUserId' | 'onToggleDisabled' | 'onChangeRole'>;

/** The accounts of a group: a table on wide screens, cards on a phone, and "Load more". */
export function UsersList({ group, search, currentUserId, onToggleDisabled, onChangeRole }: UsersListProps) {
  const query = useUsers(group, search);
  const users = query.data?.pages.flatMap((page) => page.items) ?? [];

  if (query.isPending) {
    return <ListLoading>Loading users...</ListLoading>;
  }
  if (query.isError) {
    return <ListError error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (users.length === 0) {
    const who = group === 'staff' ? 'staff members' : 'customers';
    return (
      <Card className="p-8 text-center text-neutral-600">
        {search ? `No ${who} match “${search}”.` : `There are no ${who} yet.`}
      </Card>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <UserTable
        users={users}
        currentUserId={currentUserId}
        onToggleDisabled={onToggleDisabled}
        onChangeRole={onChangeRole}
      />
      <UserCards
        users={users}
        currentUserId={currentUserId}
        onToggleDisabled={onToggleDisabled}
        onChangeRole={onChangeRole}
      />
      {query.hasNextPage && (
        <Button
          variant="secondary"
          className="self-center"
          onClick={() => void query.fetchNextPage()}
          isLoading={query.isFetchingNextPage}
        >
          {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
        </Button>
      )}
    </div>
  );
}

/** Name (greyed when disabled), a "You" badge on the signed-in admin's own row, and contact details. */
function UserIdentity({ user, isSelf }: { user: AdminUser; isSelf: boolean }) {
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <span className={clsx('font-medium', user.disabled ? 'text-neutral-500' : 'text-neutral-950')}>
          {userLabel(user)}
        </span>
        {isSelf && <YouBadge />}
      </div>
      <Contact user={user} />
    </>
  );
}

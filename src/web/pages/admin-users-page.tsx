import { clsx } from 'clsx';
import { UserPlus } from 'lucide-react';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../components/ui/button';
import { DocumentTitle } from '../components/ui/document-title';
import { SearchBox } from '../components/ui/search-box';
import { useSession } from '../features/auth';
import type { AdminUser, UserGroup } from '../features/users';
import {
  AddStaffDialog,
  ConfirmRoleDialog,
  ConfirmStatusDialog,
  type PendingRoleChange,
  UsersList,
} from '../features/users';
import { useDebouncedValue } from '../lib/use-debounced-value';

const TABS: readonly { group: UserGroup; label: string }[] = [
  { group: 'staff', label: 'Staff' },
  { group: 'customers', label: 'Customers' },
];

/** `/admin/users` (User Management): the team and the customers, invitations, roles, access. */
export function AdminUsersPage() {
  const { user } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  // The tab lives in the URL, so a reload or a shared link opens the same list.
  const group: UserGroup = searchParams.get('tab') === 'customers' ? 'customers' : 'staff';
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput.trim(), 300);
  const [adding, setAdding] = useState(false);
  const [toggling, setToggling] = useState<AdminUser | null>(null);
  const [roleChange, setRoleChange] = useState<PendingRoleChange | null>(null);
  const panelId = useId();

  function selectTab(next: UserGroup) {
    setSearchParams(next === 'staff' ? {} : { tab: next }, { replace: true });
  }

  return (
    <div className="w-full max-w-6xl px-4 py-8 sm:px-6 md:py-10 lg:px-10">
      <DocumentTitle title="User Management" />
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-neutral-950 sm:text-3xl">
            User Management
          </h1>
          <p className="mt-1 text-neutral-600">
            Invite your team, set their roles, and control who can sign in.
          </p>
        </div>
        <Button onClick={() => setAdding(true)} className="self-start sm:self-auto">
          <UserPlus aria-hidden="true" className="size-4" />
          Add staff member
        </Button>
      </div>

      <div className="mt-8 flex flex-col gap-4 md:flex-row md:items-center md:justify-between">
        <div
          role="tablist"
          aria-label="User groups"
          className="inline-flex self-start rounded-lg bg-neutral-100 p-1"
        >
          {TABS.map((tab) => (
            <button
              key={tab.group}
              type="button"
              role="tab"
              aria-selected={group === tab.group}
              aria-controls={panelId}
              onClick={() => selectTab(tab.group)}
              className={clsx(
                'h-9 rounded-md px-4 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950',
                group === tab.group
                  ? 'bg-white text-neutral-950 shadow-sm'
                  : 'text-neutral-600 hover:text-neutral-950',
              )}
            >
              {tab.label}
            </button>
          ))}
        </div>
        <SearchBox
          value={searchInput}
          onChange={setSearchInput}
          label="Search by name, email or phone"
          placeholder="Search name, email or phone"
          className="md:max-w-xs"
        />
      </div>

      <div
        id={panelId}
        role="tabpanel"
        aria-label={group === 'staff' ? 'Staff' : 'Customers'}
        className="mt-6"
      >
        <UsersList
          group={group}
          search={search}
          currentUserId={user?.id}
          onToggleDisabled={setToggling}
          onChangeRole={(target, role) => setRoleChange({ user: target, role })}
        />
      </div>

      <AddStaffDialog open={adding} onClose={() => setAdding(false)} />
      <ConfirmStatusDialog user={toggling} onClose={() => setToggling(null)} />
      <ConfirmRoleDialog change={roleChange} onClose={() => setRoleChange(null)} />
    </div>
  );
}

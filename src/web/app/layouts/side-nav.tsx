import { clsx } from 'clsx';
import {
  BellRing,
  BookOpen,
  Boxes,
  ChartColumn,
  ClipboardList,
  Database,
  DatabaseBackup,
  FileSpreadsheet,
  type LucideIcon,
  Menu,
  MessageSquareHeart,
  MonitorCheck,
  PiggyBank,
  Receipt,
  ScrollText,
  SquarePlus,
  TicketPercent,
  Truck,
  Users,
  X,
} from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, NavLink } from 'react-router';
import type { SessionUser } from '../../../shared/contracts/user';
import { ADMIN_NAV_ITEMS, type NavItem, STAFF_NAV_ITEMS } from '../../../shared/pages';
import { isAdmin } from '../../../shared/roles';
import { NameInitial } from '../../components/ui/name-initial';
import { useSignOut } from '../../features/auth';
import { loadNotificationBell } from '../../features/notifications';
import { OrderRequestWatcher, PendingRequestsBadge, RequestSoundNavButton } from '../../features/orders';
import { paths } from '../../lib/paths';
import { formatPhoneNumber } from '../../lib/phone-number';

// The bell is its own chunk (the public header loads it lazily too); its place is kept while it loads.
const NotificationBell = lazy(() =>
  loadNotificationBell().then((module) => ({ default: module.NotificationBell })),
);
const BELL_PLACEHOLDER = <span aria-hidden="true" className="size-10" />;

/** Icons for the navigation items, by route; labels and order come from the shared table. */
const NAV_ICONS: Readonly<Record<string, LucideIcon>> = {
  '/orders': ClipboardList,
  '/orders/add': SquarePlus,
  '/orders/monitor': MonitorCheck,
  '/orders/requests': BellRing,
  '/expenses': Receipt,
  '/statement': FileSpreadsheet,
  '/budget-allocations': PiggyBank,
  '/purchase-orders': Truck,
  '/master-data': Database,
  '/inventory': Boxes,
  '/menu': BookOpen,
  '/coupons': TicketPercent,
  '/admin/users': Users,
  '/admin/backup': DatabaseBackup,
  '/admin/dashboard': ChartColumn,
  '/admin/feedback': MessageSquareHeart,
  '/admin/audit': ScrollText,
};

const PRODUCT_NAME = 'Brigade';

/**
 * The footer's role label: "Administrator" for an admin, "Staff Member" for staff, and "Manager" for a
 * manager, who is more than a staff member though the navigation shows them the staff items.
 */
function roleLabel(role: SessionUser['role']): string {
  if (isAdmin(role)) return 'Administrator';
  return role === 'manager' ? 'Manager' : 'Staff Member';
}

/** The name, or the e-mail; a phone-only account's name is its number, shown as people write it. */
function displayNameOf(user: SessionUser): string {
  return formatPhoneNumber(user.name.trim()) || user.email;
}

function Brand({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Link
      to={paths.orders}
      onClick={onNavigate}
      className="flex items-center gap-2.5 rounded-md text-lg font-semibold tracking-tight text-white focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-white"
    >
      <span
        aria-hidden="true"
        className="flex size-8 items-center justify-center rounded-lg bg-white text-base font-bold text-neutral-950"
      >
        B
      </span>
      {PRODUCT_NAME}
    </Link>
  );
}

function NavItemLink({ item, onNavigate }: { item: NavItem; onNavigate?: () => void }) {
  const Icon = NAV_ICONS[item.to];
  return (
    <li>
      <NavLink
        to={item.to}
        end={item.to === paths.orders}
        onClick={onNavigate}
        className={({ isActive }) =>
          clsx(
            'flex items-center gap-3 rounded-lg px-3 py-1.5 text-sm transition-colors',
            'focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-white',
            isActive
              ? 'bg-white font-medium text-neutral-950'
              : 'text-neutral-300 hover:bg-neutral-800 hover:text-white',
          )
        }
      >
        {Icon && <Icon aria-hidden="true" className="size-4 shrink-0" />}
        {item.label}
        {item.to === paths.orderRequests && <PendingRequestsBadge />}
      </NavLink>
    </li>
  );
}

/**
 * The items in two groups (staff, then admin) and the request sound. Items are 32 px tall with little
 * space between, so an admin's whole navigation, footer included, fits a 1280×800 screen without
 * scrolling; a shorter window scrolls the list, never the footer.
 */
function NavItems({ user, onNavigate }: { user: SessionUser; onNavigate?: () => void }) {
  return (
    <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-3">
      <ul className="flex flex-col gap-px">
        {STAFF_NAV_ITEMS.map((item) => (
          <NavItemLink key={item.to} item={item} onNavigate={onNavigate} />
        ))}
      </ul>
      {isAdmin(user.role) && (
        <ul className="mt-2 flex flex-col gap-px border-t border-neutral-800 pt-2">
          {ADMIN_NAV_ITEMS.map((item) => (
            <NavItemLink key={item.to} item={item} onNavigate={onNavigate} />
          ))}
        </ul>
      )}
      <div className="mt-2 border-t border-neutral-800 pt-2">
        <RequestSoundNavButton />
      </div>
    </nav>
  );
}

function NavFooter({ user, onNavigate }: { user: SessionUser; onNavigate?: () => void }) {
  const signOut = useSignOut({ redirectTo: paths.login });
  const name = displayNameOf(user);
  return (
    <div className="flex items-center gap-2.5 border-t border-neutral-800 px-3 py-3">
      <span
        aria-hidden="true"
        className="flex size-8 shrink-0 items-center justify-center rounded-full bg-neutral-700 text-sm font-semibold text-white"
      >
        <NameInitial name={name} />
      </span>
      <div className="min-w-0 flex-1">
        <Link
          to={paths.account}
          onClick={onNavigate}
          className="block truncate rounded-sm text-sm font-medium text-white underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-white"
          title={`${name}: my account`}
        >
          {name}
        </Link>
        <p className="truncate text-xs text-neutral-400">{roleLabel(user.role)}</p>
      </div>
      {/* Beside the name rather than under it: one row keeps the whole navigation on the screen. */}
      <button
        type="button"
        onClick={() => signOut.mutate()}
        disabled={signOut.isPending}
        className={clsx(
          'flex h-9 shrink-0 items-center justify-center rounded-lg border border-neutral-700 px-2.5 text-sm font-medium text-neutral-200 transition-colors',
          'hover:bg-neutral-800 hover:text-white disabled:cursor-not-allowed disabled:opacity-60',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white',
        )}
      >
        {signOut.isPending ? 'Signing out...' : 'Sign out'}
      </button>
    </div>
  );
}

/**
 * The back-office navigation: a fixed sidebar from the md breakpoint up; below it a
 * top bar whose toggle opens a full-screen menu that closes when an item is chosen.
 */
export function SideNav({ user }: { user: SessionUser }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);

  useEffect(() => {
    if (!menuOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    window.addEventListener('keydown', closeOnEscape);
    return () => {
      document.body.style.overflow = previousOverflow;
      window.removeEventListener('keydown', closeOnEscape);
    };
  }, [menuOpen]);

  return (
    <>
      <OrderRequestWatcher />
      <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 flex-col bg-neutral-950 md:flex">
        <div className="flex h-16 shrink-0 items-center justify-between border-b border-neutral-800 pr-3 pl-5">
          <Brand />
          <Suspense fallback={BELL_PLACEHOLDER}>
            <NotificationBell userId={user.id} placement="sidebar" />
          </Suspense>
        </div>
        <NavItems user={user} />
        <NavFooter user={user} />
      </aside>

      <header className="fixed inset-x-0 top-0 z-40 flex h-14 items-center justify-between bg-neutral-950 px-4 md:hidden">
        <Brand onNavigate={closeMenu} />
        <div className="flex items-center gap-1">
          <Suspense fallback={BELL_PLACEHOLDER}>
            <NotificationBell userId={user.id} placement="topbar" />
          </Suspense>
          <button
            type="button"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((open) => !open)}
            className="flex size-10 items-center justify-center rounded-lg text-white hover:bg-neutral-800 focus-visible:outline-2 focus-visible:outline-white"
          >
            {menuOpen ? (
              <X aria-hidden="true" className="size-6" />
            ) : (
              <Menu aria-hidden="true" className="size-6" />
            )}
          </button>
        </div>
      </header>
      {menuOpen && (
        <div
          id="mobile-menu"
          className="fixed inset-x-0 top-14 bottom-0 z-40 flex flex-col bg-neutral-950 md:hidden"
        >
          <NavItems user={user} onNavigate={closeMenu} />
          <NavFooter user={user} onNavigate={closeMenu} />
        </div>
      )}
    </>
  );
}

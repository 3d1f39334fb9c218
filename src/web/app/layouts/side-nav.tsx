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
  LogOut,
  type LucideIcon,
  Menu,
  MessageSquareHeart,
  MonitorCheck,
  PanelLeftClose,
  PanelLeftOpen,
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
import { useMediaQuery } from '../../lib/use-media-query';

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
 * From this width (Tailwind's `xl`, where the page keeps 1024 px beside a 16 rem sidebar) the
 * navigation shows its labels. Between `md` and it (tablets, landscape and portrait) it is a 4 rem
 * rail of icons, so a page such as the point of sale keeps the width its columns need; the rail
 * opens over the page, with its labels, from its first button.
 */
const LABELLED_NAVIGATION = '(min-width: 80rem)';

const RAIL_BUTTON =
  'flex h-10 items-center rounded-lg text-neutral-300 transition-colors hover:bg-neutral-800 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-white';

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

function Brand({ onNavigate, compact = false }: { onNavigate?: () => void; compact?: boolean }) {
  return (
    <Link
      to={paths.orders}
      onClick={onNavigate}
      title={compact ? PRODUCT_NAME : undefined}
      className="flex items-center gap-2.5 rounded-md text-lg font-semibold tracking-tight text-white focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-white"
    >
      <span
        aria-hidden="true"
        className="flex size-8 items-center justify-center rounded-lg bg-white text-base font-bold text-neutral-950"
      >
        B
      </span>
      <span className={clsx(compact && 'sr-only')}>{PRODUCT_NAME}</span>
    </Link>
  );
}

interface NavPartProps {
  onNavigate?: () => void;
  /** The rail: icons only, each named for assistive technology and with its label as a tooltip. */
  compact?: boolean;
}

function NavItemLink({ item, onNavigate, compact = false }: NavPartProps & { item: NavItem }) {
  const Icon = NAV_ICONS[item.to];
  return (
    <li>
      <NavLink
        to={item.to}
        end={item.to === paths.orders}
        onClick={onNavigate}
        title={compact ? item.label : undefined}
        className={({ isActive }) =>
          clsx(
            'flex items-center rounded-lg text-sm transition-colors',
            compact ? 'relative size-10 justify-center' : 'gap-3 px-3 py-1.5',
            'focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-white',
            isActive
              ? 'bg-white font-medium text-neutral-950'
              : 'text-neutral-300 hover:bg-neutral-800 hover:text-white',
          )
        }
      >
        {Icon && <Icon aria-hidden="true" className={clsx('shrink-0', compact ? 'size-5' : 'size-4')} />}
        <span className={clsx(compact && 'sr-only')}>{item.label}</span>
        {item.to === paths.orderRequests &&
          (compact ? (
            // On the rail the count sits on the icon's corner.
            <span className="absolute -top-1.5 -right-1.5 flex origin-top-right scale-75">
              <PendingRequestsBadge />
            </span>
          ) : (
            <PendingRequestsBadge />
          ))}
      </NavLink>
    </li>
  );
}

/**
 * The items in two groups (staff, then admin) and the request sound. Items are 32 px tall with little
 * space between, so an admin's whole navigation, footer included, fits a 1280×800 screen without
 * scrolling; a shorter window scrolls the list, never the footer.
 */
function NavItems({ user, onNavigate, compact = false }: NavPartProps & { user: SessionUser }) {
  const list = clsx('flex flex-col', compact ? 'gap-1' : 'gap-px');
  return (
    <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-3">
      <ul className={list}>
        {STAFF_NAV_ITEMS.map((item) => (
          <NavItemLink key={item.to} item={item} onNavigate={onNavigate} compact={compact} />
        ))}
      </ul>
      {isAdmin(user.role) && (
        <ul className={clsx(list, 'mt-2 border-t border-neutral-800 pt-2')}>
          {ADMIN_NAV_ITEMS.map((item) => (
            <NavItemLink key={item.to} item={item} onNavigate={onNavigate} compact={compact} />
          ))}
        </ul>
      )}
      {/* On the rail the switch keeps its words for assistive technology and as its tooltip. */}
      <div className={clsx('mt-2 border-t border-neutral-800 pt-2', compact && '[&_span]:sr-only')}>
        <RequestSoundNavButton />
      </div>
    </nav>
  );
}

function NavFooter({ user, onNavigate, compact = false }: NavPartProps & { user: SessionUser }) {
  const signOut = useSignOut({ redirectTo: paths.login });
  const name = displayNameOf(user);
  if (compact) {
    return (
      <div className="flex flex-col items-center gap-2 border-t border-neutral-800 px-3 py-3">
        <Link
          to={paths.account}
          onClick={onNavigate}
          title={`${name}: my account`}
          className="flex size-8 items-center justify-center rounded-full bg-neutral-700 text-sm font-semibold text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          <NameInitial name={name} />
          <span className="sr-only">{name}: my account</span>
        </Link>
        <button
          type="button"
          onClick={() => signOut.mutate()}
          disabled={signOut.isPending}
          title="Sign out"
          className={clsx(RAIL_BUTTON, 'w-10 justify-center disabled:cursor-not-allowed disabled:opacity-60')}
        >
          <LogOut aria-hidden="true" className="size-5" />
          <span className="sr-only">{signOut.isPending ? 'Signing out...' : 'Sign out'}</span>
        </button>
      </div>
    );
  }
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
 * The back-office navigation: a fixed sidebar with labels from the xl breakpoint up; from md to xl a
 * rail of icons whose first button opens it, with its labels, over the page (closed again by a choice,
 * Escape or a tap beside it); below md a top bar whose toggle opens a full-screen menu that closes
 * when an item is chosen.
 */
export function SideNav({ user }: { user: SessionUser }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);
  const wide = useMediaQuery(LABELLED_NAVIGATION, true);
  const [railOpen, setRailOpen] = useState(false);
  const closeRail = () => setRailOpen(false);
  const labelled = wide || railOpen;

  useEffect(() => {
    if (wide) setRailOpen(false);
  }, [wide]);

  useEffect(() => {
    if (!railOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setRailOpen(false);
    };
    window.addEventListener('keydown', closeOnEscape);
    return () => window.removeEventListener('keydown', closeOnEscape);
  }, [railOpen]);

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
      <aside
        className={clsx(
          'fixed inset-y-0 left-0 z-30 hidden flex-col bg-neutral-950 md:flex',
          labelled ? 'w-64' : 'w-16',
          railOpen && 'shadow-2xl',
        )}
      >
        <div
          className={clsx(
            'flex h-16 shrink-0 items-center border-b border-neutral-800',
            labelled ? 'justify-between pr-3 pl-5' : 'justify-center',
          )}
        >
          <Brand compact={!labelled} onNavigate={closeRail} />
          {labelled && (
            <Suspense fallback={BELL_PLACEHOLDER}>
              <NotificationBell userId={user.id} placement="sidebar" />
            </Suspense>
          )}
        </div>
        {!wide && (
          <div
            className={clsx(
              'flex shrink-0 gap-1 border-b border-neutral-800 px-3 py-2',
              !labelled && 'flex-col items-center',
            )}
          >
            <button
              type="button"
              aria-expanded={railOpen}
              title={railOpen ? undefined : 'Expand navigation'}
              onClick={() => setRailOpen((open) => !open)}
              className={clsx(RAIL_BUTTON, railOpen ? 'w-full gap-3 px-3 text-sm' : 'w-10 justify-center')}
            >
              {railOpen ? (
                <PanelLeftClose aria-hidden="true" className="size-5 shrink-0" />
              ) : (
                <PanelLeftOpen aria-hidden="true" className="size-5 shrink-0" />
              )}
              <span className={clsx(!railOpen && 'sr-only')}>
                {railOpen ? 'Collapse navigation' : 'Expand navigation'}
              </span>
            </button>
            {!labelled && (
              <Suspense fallback={BELL_PLACEHOLDER}>
                <NotificationBell userId={user.id} placement="rail" />
              </Suspense>
            )}
          </div>
        )}
        <NavItems user={user} compact={!labelled} onNavigate={closeRail} />
        <NavFooter user={user} compact={!labelled} onNavigate={closeRail} />
      </aside>
      {railOpen && (
        // A tap beside the open rail closes it (a keyboard closes it with Escape or its button).
        <div
          aria-hidden="true"
          onClick={closeRail}
          className="fixed inset-0 z-20 hidden bg-neutral-950/40 md:block"
        />
      )}

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

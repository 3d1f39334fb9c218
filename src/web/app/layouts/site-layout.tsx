import { CircleUserRound, ReceiptText } from 'lucide-react';
import {
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { Link, useLocation } from 'react-router';
import { hasStaffAccess } from '../../../shared/roles';
import { Button, ButtonLink } from '../../components/ui/button';
import { useSession, useSignOut } from '../../features/auth';
import { useConfig } from '../../features/config';
import { loadNotificationBell } from '../../features/notifications';
import { paths } from '../../lib/paths';
import { formatPhoneNumber } from '../../lib/phone-number';
import { useDismiss } from '../../lib/use-dismiss';

// Only a signed-in visitor sees it: a guest's `/` never downloads it (`npm run weight` checks it loads no zod).
const NotificationBell = lazy(() =>
  loadNotificationBell().then((module) => ({
    default: module.NotificationBell,
  })),
);

/** The bell's place while its module loads, so the header does not move when it appears. */
const BELL_PLACEHOLDER = <span aria-hidden="true" className="size-10" />;

/** Pages that carry their own sign-in and sign-up links, so the header does not repeat them. */
const PAGES_WITH_AUTH_LINKS: readonly string[] = [paths.home, paths.login, paths.signIn, paths.signUp];

function RestaurantName() {
  const config = useConfig();
  if (config.isPending) {
    return <span aria-hidden="true" className="block h-6 w-40 animate-pulse rounded-md bg-neutral-200" />;
  }
  return <>{config.data?.restaurantName ?? 'Brigade'}</>;
}

/** "My orders" in the header: an icon and its words, on every screen size. */
const HEADER_LINK =
  'inline-flex h-10 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium text-neutral-700 hover:bg-neutral-100 hover:text-neutral-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950 sm:px-3';

/** A choice in the phone's account panel. */
const PANEL_ITEM =
  'flex h-11 w-full items-center rounded-lg px-3 text-left text-sm font-medium text-neutral-900 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-neutral-950 disabled:text-neutral-500';

type SignOut = ReturnType<typeof useSignOut>;

/**
 * On phones, the account behind one button: who is signed in, their account page and Sign out, in a
 * small panel that closes on Escape, a tap outside or a choice. Wider screens show these in the header.
 */
function PhoneAccountMenu({ name, signOut }: { name: string; signOut: SignOut }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const panelId = useId();

  const shut = useCallback(() => setOpen(false), []);
  const firstButton = useCallback(() => ref.current?.querySelector('button'), []);
  useDismiss(open, ref, shut, firstButton);

  return (
    <div ref={ref} className="sm:hidden">
      <button
        type="button"
        aria-label="Account"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="flex size-10 items-center justify-center rounded-full text-neutral-700 hover:bg-neutral-100 hover:text-neutral-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950 aria-expanded:bg-neutral-100"
      >
        <CircleUserRound aria-hidden="true" className="size-6" />
      </button>
      {open && (
        <div
          id={panelId}
          className="absolute top-full right-2 left-2 z-40 mt-1 rounded-2xl border border-neutral-200 bg-white p-2 shadow-lg"
        >
          <p className="truncate px-3 pt-2 pb-1 text-sm text-neutral-500">Signed in as {name}</p>
          <Link to={paths.account} onClick={() => setOpen(false)} className={PANEL_ITEM}>
            My account
          </Link>
          <button
            type="button"
            onClick={() => signOut.mutate()}
            disabled={signOut.isPending}
            aria-busy={signOut.isPending || undefined}
            className={PANEL_ITEM}
          >
            {signOut.isPending ? 'Signing out...' : 'Sign out'}
          </button>
        </div>
      )}
    </div>
  );
}

function HeaderActions() {
  const { pathname } = useLocation();
  const { user, isPending } = useSession();
  // Signing out from the public pages goes to /.
  const signOut = useSignOut({ redirectTo: paths.home });

  // The page itself renders before the session is known; its header links wait for it rather than
  // showing "Sign in" to someone who is signed in.
  if (isPending) return null;
  if (user) {
    const name = formatPhoneNumber(user.name.trim()) || user.email;
    const staff = hasStaffAccess(user.role);
    return (
      <div className="flex shrink-0 items-center gap-1 sm:gap-2">
        <Link
          to={paths.account}
          className="hidden max-w-48 truncate rounded-md text-sm text-neutral-600 underline-offset-4 hover:text-neutral-950 hover:underline focus-visible:outline-2 focus-visible:outline-neutral-950 sm:block"
          title="My account"
        >
          {name}
        </Link>
        {staff ? (
          <ButtonLink to={paths.orders} variant="secondary">
            Back office
          </ButtonLink>
        ) : (
          <Link
            to={paths.myOrders}
            className={HEADER_LINK}
            aria-current={pathname.startsWith(paths.myOrders) ? 'page' : undefined}
          >
            <ReceiptText aria-hidden="true" className="size-4" />
            My orders
          </Link>
        )}
        <Suspense fallback={BELL_PLACEHOLDER}>
          <NotificationBell userId={user.id} placement="header" />
        </Suspense>
        <PhoneAccountMenu name={name} signOut={signOut} />
        <div className="hidden sm:block">
          <Button variant="ghost" onClick={() => signOut.mutate()} isLoading={signOut.isPending}>
            {signOut.isPending ? 'Signing out...' : 'Sign out'}
          </Button>
        </div>
      </div>
    );
  }
  if (PAGES_WITH_AUTH_LINKS.includes(pathname)) return null;
  return (
    <ButtonLink to={paths.login} variant="secondary">
      Sign in
    </ButtonLink>
  );
}

/** The current year for the footer, read in the browser only: the server's HTML and hydration leave it out. */
function useYear(): number | null {
  return useSyncExternalStore(
    subscribeToNothing,
    () => new Date().getFullYear(),
    () => null,
  );
}

function subscribeToNothing(): () => void {
  return () => {};
}

const FOOTER_LINKS = [
  { to: paths.terms, label: 'Terms' },
  { to: paths.privacyPolicy, label: 'Privacy' },
  { to: paths.refundPolicy, label: 'Refunds' },
  { to: paths.deliveryPolicy, label: 'Delivery' },
  { to: paths.contact, label: 'Contact' },
];

/** The frame of the public pages: the restaurant's name on top, legal links at the bottom. */
export function SiteLayout({ children }: { children: ReactNode }) {
  const config = useConfig();
  const restaurantName = config.data?.restaurantName ?? 'Brigade';
  const year = useYear();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-neutral-200 bg-white">
        <div className="relative mx-auto flex h-16 max-w-5xl items-center justify-between gap-3 px-4 sm:gap-4 sm:px-6">
          <Link
            to={paths.home}
            className="truncate rounded-md text-lg font-semibold tracking-tight text-neutral-950 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-neutral-950"
          >
            <RestaurantName />
          </Link>
          <HeaderActions />
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col focus:outline-none">
        {children}
      </main>
      <footer className="border-t border-neutral-200 bg-white">
        <div className="mx-auto flex max-w-5xl flex-col gap-3 px-4 py-6 text-sm text-neutral-500 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>
            © {year === null ? '' : `${year} `}
            {restaurantName}
          </p>
          <nav aria-label="Legal">
            <ul className="flex flex-wrap gap-x-5 gap-y-2">
              {FOOTER_LINKS.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className="rounded-sm hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-neutral-950"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </footer>
    </div>
  );
}

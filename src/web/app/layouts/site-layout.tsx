import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { hasStaffAccess } from '../../../shared/roles';
import { Button, ButtonLink } from '../../components/ui/button';
import { useSession } from '../../features/auth/api/get-session';
import { useSignOut } from '../../features/auth/api/sign-out';
import { formatPhoneNumber } from '../../features/auth/components/phone-number';
import { useConfig } from '../../features/config/api/get-config';
import { paths } from '../../lib/paths';

/** Pages that carry their own sign-in and sign-up links, so the header does not repeat them. */
const PAGES_WITH_AUTH_LINKS: readonly string[] = [paths.home, paths.login, paths.signIn, paths.signUp];

function RestaurantName() {
  const config = useConfig();
  if (config.isPending) {
    return <span aria-hidden="true" className="block h-6 w-40 animate-pulse rounded-md bg-neutral-200" />;
  }
  return <>{config.data?.restaurantName ?? 'Brigade'}</>;
}

function HeaderActions() {
  const { pathname } = useLocation();
  const { user, isPending } = useSession();
  // Seed section 4: signing out from the public pages goes to /.
  const signOut = useSignOut({ redirectTo: paths.home });

  // The page itself renders before the session is known; its header links wait for it rather than
  // showing "Sign in" to someone who is signed in.
  if (isPending) return null;
  if (user) {
    return (
      <div className="flex items-center gap-2">
        <Link
          to={paths.account}
          className="hidden max-w-48 truncate rounded-md text-sm text-neutral-600 underline-offset-4 hover:text-neutral-950 hover:underline focus-visible:outline-2 focus-visible:outline-neutral-950 sm:block"
          title="My account"
        >
          {formatPhoneNumber(user.name.trim()) || user.email}
        </Link>
        {hasStaffAccess(user.role) && (
          <ButtonLink to={paths.orders} variant="secondary">
            Back office
          </ButtonLink>
        )}
        <Button variant="ghost" onClick={() => signOut.mutate()} isLoading={signOut.isPending}>
          {signOut.isPending ? 'Signing out...' : 'Sign out'}
        </Button>
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
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-neutral-200 bg-white">
        <div className="mx-auto flex h-16 max-w-5xl items-center justify-between gap-4 px-4 sm:px-6">
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
            © {new Date().getFullYear()} {restaurantName}
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

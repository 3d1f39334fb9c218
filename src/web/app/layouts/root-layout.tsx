import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, Outlet, ScrollRestoration, useLocation } from 'react-router';
import { findPage } from '../../../shared/pages';
import { CookieBanner } from '../../components/cookie-banner/cookie-banner';
import { NotificationNavigation } from '../../components/notification-toast/notification-toast';
import { FullScreenSpinner } from '../../components/ui/spinner';
import { useForgetSignedOutUser, useSession } from '../../features/auth';
import { loadNotificationsWatcher, loadPushSetup } from '../../features/notifications';
import { decideAccess, navigationState } from '../access-rule';
import { SideNavPlaceholder } from './side-nav-placeholder';
import { SiteLayout } from './site-layout';

// Only staff see it: the public pages (and a guest's phone) never download it.
const SideNav = lazy(() => import('./side-nav').then((module) => ({ default: module.SideNav })));
// Only a signed-in user runs it (their notifications' toasts): guests never download it.
const NotificationsWatcher = lazy(() =>
  loadNotificationsWatcher().then((module) => ({
    default: module.NotificationsWatcher,
  })),
);

// A signed-in user's push set-up and the service worker's messages: guests never download it.
const PushSetup = lazy(() => loadPushSetup().then((module) => ({ default: module.PushSetup })));

/**
 * The app shell around every page: applies the access rule, then frames the page with the side
 * navigation (staff on back-office routes) or the public header and footer (everyone else).
 */
export function RootLayout() {
  const location = useLocation();
  const page = findPage(location.pathname);
  const { user, session, isPending } = useSession();
  useForgetSignedOutUser();
  const requestedPath = `${location.pathname}${location.search}${location.hash}`;
  const access = decideAccess({ page, sessionPending: isPending, user, requestedPath });
  const navigation = navigationState(page, isPending, user, location.pathname);

  let content: ReactNode;
  if (access.kind === 'loading') content = <FullScreenSpinner />;
  else if (access.kind === 'redirect') content = <Navigate to={access.to} replace />;
  else content = <Outlet />;

  return (
    <>
      {/* The first thing a keyboard reaches on every layout: past the header or side navigation. */}
      <a
        href="#main"
        className="fixed top-3 left-3 z-[60] -translate-y-[200%] rounded-lg bg-neutral-950 px-4 py-2 text-sm font-medium text-white shadow-lg outline-offset-2 focus:translate-y-0 focus:outline-2 focus:outline-white"
      >
        Skip to content
      </a>
      {/* Shown at the bottom of the screen but early in the page: in the server's HTML of `/` it is
          parsed and painted with the first screen, not after the whole menu; a keyboard reaches it
          right after the skip link. */}
      <CookieBanner />
      <ScrollRestoration />
      <NotificationNavigation />
      {user && session && (
        <Suspense fallback={null}>
          <PushSetup userId={user.id} sessionId={session.id} />
        </Suspense>
      )}
      {user && (
        <Suspense fallback={null}>
          <NotificationsWatcher key={user.id} userId={user.id} />
        </Suspense>
      )}
      {navigation === 'hidden' ? (
        <SiteLayout>{content}</SiteLayout>
      ) : (
        <>
          {navigation === 'shown' && user ? (
            <Suspense fallback={<SideNavPlaceholder />}>
              <SideNav user={user} />
            </Suspense>
          ) : (
            <SideNavPlaceholder />
          )}
          <main
            id="main"
            tabIndex={-1}
            className="min-h-dvh pt-14 focus:outline-none md:ml-16 md:pt-0 xl:ml-64"
          >
            {content}
          </main>
        </>
      )}
    </>
  );
}

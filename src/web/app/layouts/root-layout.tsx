import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, Outlet, ScrollRestoration, useLocation } from 'react-router';
import { findPage } from '../../../shared/pages';
import { CookieBanner } from '../../components/cookie-banner/cookie-banner';
import { NotificationNavigation } from '../../components/notification-toast/notification-toast';
import { FullScreenSpinner } from '../../components/ui/spinner';
import { useSession } from '../../features/auth/api/get-session';
import { useForgetSignedOutUser } from '../../features/auth/api/sign-out';
import { decideAccess, navigationState } from '../access-rule';
import { SideNavPlaceholder } from './side-nav-placeholder';
import { SiteLayout } from './site-layout';

// Only staff see it: the public pages (and a guest's phone) never download it.
const SideNav = lazy(() => import('./side-nav').then((module) => ({ default: module.SideNav })));

/**
 * The app shell around every page: applies the access rule, then frames the page with the side
 * navigation (staff on back-office routes) or the public header and footer (everyone else).
 */
export function RootLayout() {
  const location = useLocation();
  const page = findPage(location.pathname);
  const { user, isPending } = useSession();
  useForgetSignedOutUser();
  const requestedPath = `${location.pathname}${location.search}${location.hash}`;
  const access = decideAccess({ page, sessionPending: isPending, user, requestedPath });
  const navigation = navigationState(page, isPending, user);

  let content: ReactNode;
  if (access.kind === 'loading') content = <FullScreenSpinner />;
  else if (access.kind === 'redirect') content = <Navigate to={access.to} replace />;
  else content = <Outlet />;

  return (
    <>
      <ScrollRestoration />
      <NotificationNavigation />
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
          <main id="main" className="min-h-dvh pt-14 md:ml-64 md:pt-0">
            {content}
          </main>
        </>
      )}
      <CookieBanner />
    </>
  );
}

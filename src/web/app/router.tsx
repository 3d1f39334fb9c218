import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { PAGES } from '../../shared/pages';
import { FullScreenSpinner } from '../components/ui/spinner';
import { RootLayout } from './layouts/root-layout';
import { RouteErrorPage } from './route-error-page';

type LazyPage = NonNullable<RouteObject['lazy']>;

const signInPage: LazyPage = () =>
  import('../pages/sign-in-page').then((module) => ({ Component: module.SignInPage }));
const legalPage: LazyPage = () =>
  import('../pages/legal-page').then((module) => ({ Component: module.LegalPage }));
const notAvailablePage: LazyPage = () =>
  import('../pages/not-available-page').then((module) => ({ Component: module.NotAvailablePage }));
const notFoundPage: LazyPage = () =>
  import('../pages/not-found-page').then((module) => ({ Component: module.NotFoundPage }));

/** Pages built so far, by pattern of the shared table; every other page says it is not available yet. */
const BUILT_PAGES: Readonly<Record<string, LazyPage>> = {
  '/': () => import('../pages/home-page').then((module) => ({ Component: module.HomePage })),
  '/login': signInPage,
  '/auth/signin': signInPage,
  '/auth/signup': () => import('../pages/sign-up-page').then((module) => ({ Component: module.SignUpPage })),
  '/auth/forgot-password': () =>
    import('../pages/forgot-password-page').then((module) => ({ Component: module.ForgotPasswordPage })),
  '/auth/reset-password': () =>
    import('../pages/reset-password-page').then((module) => ({ Component: module.ResetPasswordPage })),
  '/terms': legalPage,
  '/privacy-policy': legalPage,
  '/refund-policy': legalPage,
  '/delivery-policy': legalPage,
  '/contact': () => import('../pages/contact-page').then((module) => ({ Component: module.ContactPage })),
  '/test-notifications': () =>
    import('../pages/test-notifications-page').then((module) => ({
      Component: module.TestNotificationsPage,
    })),
  '/account': () => import('../pages/account-page').then((module) => ({ Component: module.AccountPage })),
  '/account/orders': () =>
    import('../pages/my-orders-page').then((module) => ({ Component: module.MyOrdersPage })),
  '/account/orders/:orderId': () =>
    import('../pages/my-order-page').then((module) => ({ Component: module.MyOrderPage })),
  '/payment/:orderId': () =>
    import('../pages/payment-page').then((module) => ({ Component: module.PaymentPage })),
  '/feedback/:orderId': () =>
    import('../pages/feedback-page').then((module) => ({ Component: module.FeedbackPage })),
  '/admin/users': () =>
    import('../pages/admin-users-page').then((module) => ({ Component: module.AdminUsersPage })),
  '/menu': () => import('../pages/menu-page').then((module) => ({ Component: module.MenuPage })),
  '/master-data': () =>
    import('../pages/master-data-page').then((module) => ({ Component: module.MasterDataPage })),
  '/admin/audit': () =>
    import('../pages/admin-audit-page').then((module) => ({ Component: module.AdminAuditPage })),
  '/admin/feedback': () =>
    import('../pages/admin-feedback-page').then((module) => ({ Component: module.AdminFeedbackPage })),
  '/orders': () => import('../pages/orders-page').then((module) => ({ Component: module.OrdersPage })),
  '/orders/add': () =>
    import('../pages/add-order-page').then((module) => ({ Component: module.AddOrderPage })),
  '/orders/requests': () =>
    import('../pages/order-requests-page').then((module) => ({ Component: module.OrderRequestsPage })),
  '/orders/close-day': () =>
    import('../pages/close-day-page').then((module) => ({ Component: module.CloseDayPage })),
  '/orders/monitor': () =>
    import('../pages/order-monitor-page').then((module) => ({ Component: module.OrderMonitorPage })),
  '/orders/:orderId': () => import('../pages/order-page').then((module) => ({ Component: module.OrderPage })),
  '/coupons': () => import('../pages/coupons-page').then((module) => ({ Component: module.CouponsPage })),
  '/purchase-orders': () =>
    import('../pages/purchase-orders-page').then((module) => ({ Component: module.PurchaseOrdersPage })),
  '/admin/backup': () =>
    import('../pages/admin-backup-page').then((module) => ({ Component: module.AdminBackupPage })),
  '/inventory': () =>
    import('../pages/inventory-page').then((module) => ({ Component: module.InventoryPage })),
  '/expenses': () => import('../pages/expenses-page').then((module) => ({ Component: module.ExpensesPage })),
  '/budget-allocations': () =>
    import('../pages/budget-allocations-page').then((module) => ({
      Component: module.BudgetAllocationsPage,
    })),
  '/statement': () =>
    import('../pages/statement-page').then((module) => ({ Component: module.StatementPage })),
  '/admin/dashboard': () =>
    import('../pages/dashboard-page').then((module) => ({ Component: module.DashboardPage })),
};

/**
 * The sub-pages of built admin areas, by the area's pattern then the path below it. Any other deeper
 * path is a 404 (in the staff frame, after the area's access rule): `/menu/nope` is not the menu under
 * a wrong address. Static sub-paths win over `:param` ones (`/inventory/counts` before `/inventory/:itemId`).
 */
const SUB_PAGES: Readonly<Record<string, Readonly<Record<string, LazyPage>>>> = {
  '/master-data': {
    'bank-accounts/:accountId': () =>
      import('../pages/bank-account-page').then((module) => ({ Component: module.BankAccountPage })),
    'partners/:partnerId': () =>
      import('../pages/partner-page').then((module) => ({ Component: module.PartnerPage })),
    'settlements/:settlementId': () =>
      import('../pages/settlement-page').then((module) => ({ Component: module.SettlementPage })),
    ':tab': () =>
      import('../pages/master-data-page').then((module) => ({ Component: module.MasterDataPage })),
  },
  '/menu': {},
  '/admin/users': {},
  '/admin/audit': {},
  '/coupons': {},
  '/purchase-orders': {
    ':purchaseOrderId': () =>
      import('../pages/purchase-order-page').then((module) => ({ Component: module.PurchaseOrderPage })),
  },
  '/admin/feedback': {},
  '/admin/backup': {},
  '/expenses': {},
  '/budget-allocations': {},
  '/statement': {},
  '/admin/dashboard': {},
  '/inventory': {
    counts: () =>
      import('../pages/stock-counts-page').then((module) => ({ Component: module.StockCountsPage })),
    'counts/:countId': () =>
      import('../pages/stock-count-page').then((module) => ({ Component: module.StockCountPage })),
    usage: () =>
      import('../pages/inventory-usage-page').then((module) => ({ Component: module.InventoryUsagePage })),
    ':itemId': () =>
      import('../pages/inventory-item-page').then((module) => ({ Component: module.InventoryItemPage })),
  },
};

/** One lazy route per page of `src/shared/pages.ts`; admin areas own their sub-paths. */
const pageRoutes: RouteObject[] = PAGES.flatMap((page): RouteObject[] => {
  const lazy = BUILT_PAGES[page.pattern] ?? notAvailablePage;
  if (!page.withSubPaths) return [{ path: page.pattern, lazy }];
  const subPages = SUB_PAGES[page.pattern];
  if (subPages) {
    return [
      { path: page.pattern, lazy },
      ...Object.entries(subPages).map(([subPath, subLazy]) => ({
        path: `${page.pattern}/${subPath}`,
        lazy: subLazy,
      })),
      { path: `${page.pattern}/*`, lazy: notFoundPage },
    ];
  }
  return [{ path: `${page.pattern}/*`, lazy }];
});

/** The app's routes: the shell, then one lazy route per page. The browser and the server render both use them. */
export function appRoutes(): RouteObject[] {
  return [
    {
      Component: RootLayout,
      HydrateFallback: FullScreenSpinner,
      ErrorBoundary: RouteErrorPage,
      children: [...pageRoutes.map((route) => ({ ...route })), { path: '*', lazy: notFoundPage }],
    },
  ];
}

/**
 * Loads the lazy modules of the routes that match `location` and puts them in place, so the first
 * render shows the page itself rather than the fallback: the server renders `/` this way, and the
 * browser must start from the same tree to hydrate it (react-router's SSR guidance for lazy routes).
 */
export async function loadMatchedRoutes(routes: RouteObject[], location: string | Location): Promise<void> {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}

/** The browser's router over `routes` (whose matched lazy modules may already be loaded). */
export function createAppRouter(routes: RouteObject[]) {
  return createBrowserRouter(routes);
}

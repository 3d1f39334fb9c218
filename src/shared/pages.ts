/**
 * Every page route of the product with its access level (docs/PRODUCT-RULES.md, Pages).
 * The web router and the server's SPA fallback both read this table, so an unknown path is a 404 in
 * both places and the access rule cannot drift between them.
 */
export type PageAccess = 'public' | 'signed-in' | 'staff' | 'admin';

export interface PageDefinition {
  /** react-router style pattern: `:param` segments; `withSubPaths` admits any deeper path. */
  pattern: string;
  access: PageAccess;
  /** Admin routes own their sub-paths: any deeper path has the same access. */
  withSubPaths?: boolean;
  /** Public routes on which the side navigation is still shown (only /test-notifications). */
  showsNavigation?: boolean;
}

export const PAGES: readonly PageDefinition[] = [
  { pattern: '/', access: 'public' },
  { pattern: '/login', access: 'public' },
  { pattern: '/feedback/:orderId', access: 'public' },
  { pattern: '/payment/:orderId', access: 'public' },
  { pattern: '/terms', access: 'public' },
  { pattern: '/privacy-policy', access: 'public' },
  { pattern: '/refund-policy', access: 'public' },
  { pattern: '/delivery-policy', access: 'public' },
  { pattern: '/contact', access: 'public' },
  { pattern: '/auth/signin', access: 'public' },
  { pattern: '/auth/signup', access: 'public' },
  { pattern: '/auth/forgot-password', access: 'public' },
  { pattern: '/auth/reset-password', access: 'public' },
  { pattern: '/test-notifications', access: 'public', showsNavigation: true },

  { pattern: '/account', access: 'signed-in' },
  { pattern: '/account/orders', access: 'signed-in' },
  { pattern: '/account/orders/:orderId', access: 'signed-in' },

  { pattern: '/orders', access: 'staff' },
  { pattern: '/orders/add', access: 'staff' },
  { pattern: '/orders/requests', access: 'staff' },
  { pattern: '/orders/close-day', access: 'staff' },
  { pattern: '/orders/monitor', access: 'staff' },
  { pattern: '/orders/:orderId', access: 'staff' },

  { pattern: '/expenses', access: 'admin', withSubPaths: true },
  { pattern: '/statement', access: 'admin', withSubPaths: true },
  { pattern: '/budget-allocations', access: 'admin', withSubPaths: true },
  { pattern: '/purchase-orders', access: 'admin', withSubPaths: true },
  { pattern: '/master-data', access: 'admin', withSubPaths: true },
  { pattern: '/inventory', access: 'admin', withSubPaths: true },
  { pattern: '/menu', access: 'admin', withSubPaths: true },
  { pattern: '/coupons', access: 'admin', withSubPaths: true },
  { pattern: '/admin/users', access: 'admin', withSubPaths: true },
  { pattern: '/admin/backup', access: 'admin', withSubPaths: true },
  { pattern: '/admin/dashboard', access: 'admin', withSubPaths: true },
  { pattern: '/admin/feedback', access: 'admin', withSubPaths: true },
  { pattern: '/admin/audit', access: 'admin', withSubPaths: true },
];

function normalise(pathname: string): string {
  if (pathname.length > 1 && pathname.endsWith('/')) return pathname.slice(0, -1);
  return pathname;
}

function matches(page: PageDefinition, pathname: string): boolean {
  const want = page.pattern.split('/');
  const got = normalise(pathname).split('/');
  if (got.length < want.length) return false;
  if (got.length > want.length && !page.withSubPaths) return false;
  return want.every((segment, index) => {
    const actual = got[index] ?? '';
    if (segment.startsWith(':')) return actual.length > 0;
    return segment === actual;
  });
}

/**
 * Finds the page a path belongs to, or null for an unknown path. Exact patterns win over
 * parameterised ones (`/orders/add` over `/orders/:orderId`).
 */
export function findPage(pathname: string): PageDefinition | null {
  const candidates = PAGES.filter((page) => matches(page, pathname));
  if (candidates.length === 0) return null;
  const literalFirst = [...candidates].sort(
    (a, b) => Number(a.pattern.includes(':')) - Number(b.pattern.includes(':')),
  );
  return literalFirst[0] ?? null;
}

/** The side navigation is hidden on all public routes except /test-notifications. */
export function pageShowsNavigation(page: PageDefinition | null): boolean {
  if (!page) return false;
  return page.access !== 'public' || page.showsNavigation === true;
}

export interface NavItem {
  label: string;
  to: string;
}

/** The side navigation's items for all staff, in this order. */
export const STAFF_NAV_ITEMS: readonly NavItem[] = [
  { label: 'Orders', to: '/orders' },
  { label: 'Add Order', to: '/orders/add' },
  { label: 'Order Monitor', to: '/orders/monitor' },
  { label: 'Order Requests', to: '/orders/requests' },
];

/** The side navigation's admin-only items, in this order. */
export const ADMIN_NAV_ITEMS: readonly NavItem[] = [
  { label: 'Expense Management', to: '/expenses' },
  { label: 'Financial Statement', to: '/statement' },
  { label: 'Budget Allocations', to: '/budget-allocations' },
  { label: 'Purchase Orders', to: '/purchase-orders' },
  { label: 'Master Data', to: '/master-data' },
  { label: 'Inventory Management', to: '/inventory' },
  { label: 'Menu Management', to: '/menu' },
  { label: 'Coupons', to: '/coupons' },
  { label: 'User Management', to: '/admin/users' },
  { label: 'Backup & Restore', to: '/admin/backup' },
  { label: 'Analytics', to: '/admin/dashboard' },
  { label: 'Customer Feedback', to: '/admin/feedback' },
  // The newest admin page comes last, so the others keep their places.
  { label: 'Audit Log', to: '/admin/audit' },
];

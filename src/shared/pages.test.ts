import { describe, expect, it } from 'vitest';
import { ADMIN_NAV_ITEMS, findPage, PAGES, pageShowsNavigation, STAFF_NAV_ITEMS } from './pages';

describe('findPage', () => {
  it.each([
    ['/', '/', 'public'],
    ['/login', '/login', 'public'],
    ['/auth/signin', '/auth/signin', 'public'],
    ['/feedback/abc', '/feedback/:orderId', 'public'],
    ['/orders', '/orders', 'staff'],
    ['/orders/add', '/orders/add', 'staff'],
    ['/orders/monitor/', '/orders/monitor', 'staff'],
    ['/orders/close-day', '/orders/close-day', 'staff'],
    ['/orders/4f1c', '/orders/:orderId', 'staff'],
    ['/menu', '/menu', 'admin'],
    ['/menu/items/12/edit', '/menu', 'admin'],
    ['/admin/users', '/admin/users', 'admin'],
    ['/account', '/account', 'signed-in'],
  ])('%s belongs to %s (%s)', (path, pattern, access) => {
    expect(findPage(path)).toMatchObject({ pattern, access });
  });

  it.each(['/nope', '/orders/1/2', '/feedback', '/feedback/', '/admin', '/loginx', '/terms/extra'])(
    '%s belongs to no page',
    (path) => {
      expect(findPage(path)).toBeNull();
    },
  );

  it('gives every admin navigation route its sub-paths', () => {
    for (const item of ADMIN_NAV_ITEMS) {
      expect(findPage(`${item.to}/anything`)?.access, item.to).toBe('admin');
    }
  });
});

describe('pageShowsNavigation', () => {
  it('hides the navigation on every public route but /test-notifications', () => {
    const publicPages = PAGES.filter((page) => page.access === 'public');
    const shown = publicPages.filter((page) => pageShowsNavigation(page)).map((page) => page.pattern);
    expect(shown).toEqual(['/test-notifications']);
  });

  it('shows it on staff and admin routes and hides it for unknown paths', () => {
    expect(pageShowsNavigation(findPage('/orders'))).toBe(true);
    expect(pageShowsNavigation(findPage('/expenses'))).toBe(true);
    expect(pageShowsNavigation(findPage('/no-page'))).toBe(false);
  });
});

describe('navigation items', () => {
  it('lists the staff items in order', () => {
    expect(STAFF_NAV_ITEMS.map((item) => item.label)).toEqual([
      'Orders',
      'Add Order',
      'Order Monitor',
      'Order Requests',
    ]);
  });

  it('lists the admin items with their labels and routes, in order', () => {
    expect(ADMIN_NAV_ITEMS.map((item) => [item.to, item.label])).toEqual([
      ['/expenses', 'Expense Management'],
      ['/statement', 'Financial Statement'],
      ['/budget-allocations', 'Budget Allocations'],
      ['/purchase-orders', 'Purchase Orders'],
      ['/master-data', 'Master Data'],
      ['/inventory', 'Inventory Management'],
      ['/menu', 'Menu Management'],
      ['/coupons', 'Coupons'],
      ['/admin/users', 'User Management'],
      ['/admin/backup', 'Backup & Restore'],
      ['/admin/dashboard', 'Analytics'],
      ['/admin/feedback', 'Customer Feedback'],
      ['/admin/audit', 'Audit Log'],
    ]);
  });

  it('points every item at a page with the matching access', () => {
    for (const item of STAFF_NAV_ITEMS) expect(findPage(item.to)?.access).toBe('staff');
    for (const item of ADMIN_NAV_ITEMS) expect(findPage(item.to)?.access).toBe('admin');
  });
});

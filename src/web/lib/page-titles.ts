import { ADMIN_NAV_ITEMS, type PageDefinition, STAFF_NAV_ITEMS } from '../../shared/pages';

/** Titles of pages that are not in the side navigation (navigation pages use their navigation label). */
const OTHER_PAGE_TITLES: Readonly<Record<string, string>> = {
  '/': 'Home',
  '/login': 'Sign in',
  '/auth/signin': 'Sign in',
  '/auth/signup': 'Create account',
  '/auth/forgot-password': 'Forgot password',
  '/auth/reset-password': 'Reset password',
  '/feedback/:orderId': 'Order feedback',
  '/payment/:orderId': 'Payment',
  '/terms': 'Terms of Service',
  '/privacy-policy': 'Privacy Policy',
  '/refund-policy': 'Refund Policy',
  '/delivery-policy': 'Delivery Policy',
  '/contact': 'Contact',
  '/test-notifications': 'Test Notifications',
  '/account': 'My Account',
  '/account/orders': 'My Orders',
  '/account/orders/:orderId': 'Order Details',
  '/orders/:orderId': 'Order Details',
  '/orders/close-day': 'Close the day',
};

/** The human name of a page of the shared route table. */
export function pageTitle(page: PageDefinition): string {
  const navItem = [...STAFF_NAV_ITEMS, ...ADMIN_NAV_ITEMS].find((item) => item.to === page.pattern);
  return navItem?.label ?? OTHER_PAGE_TITLES[page.pattern] ?? 'Page';
}

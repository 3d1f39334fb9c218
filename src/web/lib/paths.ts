import { PAGES } from '../../shared/pages';

/** Returns `pattern` after checking that the shared route table knows it, so links cannot rot. */
function pagePath<const P extends string>(pattern: P): P {
  if (!PAGES.some((page) => page.pattern === pattern)) {
    throw new Error(`Unknown page pattern ${pattern}: add it to src/shared/pages.ts first`);
  }
  return pattern;
}

/** Page URLs of the web app, all taken from `src/shared/pages.ts`. */
export const paths = {
  home: pagePath('/'),
  login: pagePath('/login'),
  signIn: pagePath('/auth/signin'),
  signUp: pagePath('/auth/signup'),
  forgotPassword: pagePath('/auth/forgot-password'),
  resetPassword: pagePath('/auth/reset-password'),
  adminUsers: pagePath('/admin/users'),
  adminAudit: pagePath('/admin/audit'),
  adminFeedback: pagePath('/admin/feedback'),
  adminBackup: pagePath('/admin/backup'),
  adminDashboard: pagePath('/admin/dashboard'),
  budgetAllocations: pagePath('/budget-allocations'),
  menu: pagePath('/menu'),
  masterData: pagePath('/master-data'),
  coupons: pagePath('/coupons'),
  expenses: pagePath('/expenses'),
  statement: pagePath('/statement'),
  inventory: pagePath('/inventory'),
  inventoryUsage: `${pagePath('/inventory')}/usage`,
  stockCounts: `${pagePath('/inventory')}/counts`,
  purchaseOrders: pagePath('/purchase-orders'),
  terms: pagePath('/terms'),
  privacyPolicy: pagePath('/privacy-policy'),
  refundPolicy: pagePath('/refund-policy'),
  deliveryPolicy: pagePath('/delivery-policy'),
  contact: pagePath('/contact'),
  account: pagePath('/account'),
  myOrders: pagePath('/account/orders'),
  orders: pagePath('/orders'),
  addOrder: pagePath('/orders/add'),
  orderRequests: pagePath('/orders/requests'),
  closeDay: pagePath('/orders/close-day'),
  orderMonitor: pagePath('/orders/monitor'),
  testNotifications: pagePath('/test-notifications'),
} as const;

/** `/inventory/{itemId}`: one inventory item, its stock and movements. */
export function inventoryItemPath(itemId: string): string {
  return `${paths.inventory}/${encodeURIComponent(itemId)}`;
}

/** `/inventory/counts/{countId}`: one stock count. */
export function stockCountPath(countId: string): string {
  return `${paths.stockCounts}/${encodeURIComponent(countId)}`;
}

/** `/purchase-orders/{purchaseOrderId}`: one purchase order. */
export function purchaseOrderPath(purchaseOrderId: string): string {
  return `${paths.purchaseOrders}/${encodeURIComponent(purchaseOrderId)}`;
}

const ORDER_DETAILS_PATTERN = pagePath('/orders/:orderId');

/** `/orders/{orderId}`: the staff page of one order. */
export function orderPath(orderId: string): string {
  return ORDER_DETAILS_PATTERN.replace(':orderId', encodeURIComponent(orderId));
}

const MY_ORDER_PATTERN = pagePath('/account/orders/:orderId');

/** `/account/orders/{orderId}`: the customer's page of one of their own orders. */
export function myOrderPath(orderId: string): string {
  return MY_ORDER_PATTERN.replace(':orderId', encodeURIComponent(orderId));
}

const FEEDBACK_PATTERN = pagePath('/feedback/:orderId');

/**
 * `/feedback/{orderId}`: the order's feedback page, with the order's secret key for a guest who holds
 * its link (`?key=…`), without it for the order's signed-in customer.
 */
export function feedbackPath(orderId: string, accessKey?: string | null): string {
  const path = FEEDBACK_PATTERN.replace(':orderId', encodeURIComponent(orderId));
  return accessKey ? `${path}?key=${encodeURIComponent(accessKey)}` : path;
}

/** Pages that sign a user in; never worth returning to after signing in. */
const SIGN_IN_PAGES: readonly string[] = [paths.login, paths.signIn, paths.signUp];

/** `/login?callbackUrl=...` for a user sent away from `requestedPath` (path, search and hash). */
export function loginPathFor(requestedPath: string): string {
  return `${paths.login}?callbackUrl=${encodeURIComponent(requestedPath)}`;
}

/** A sign-in or sign-up page URL that carries the callback on, when there is one. */
export function withCallbackUrl(path: string, callbackUrl: string | null): string {
  if (!callbackUrl) return path;
  return `${path}?callbackUrl=${encodeURIComponent(callbackUrl)}`;
}

/**
 * The callback as a same-origin path (path, search and hash), or null when it is anything else:
 * absolute or protocol-relative URLs, backslash tricks, other schemes, or a sign-in page itself.
 */
export function safeCallbackPath(
  value: string | null,
  origin: string = window.location.origin,
): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  if (SIGN_IN_PAGES.includes(url.pathname)) return null;
  // Dot segments can normalize into a protocol-relative path (`/.//evil.example` → `//evil.example`),
  // which the router would treat as another site: judge the result, not only what was given.
  if (url.pathname.startsWith('//') || url.pathname.startsWith('/\\')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `/api/admin/users/{id}` and its actions (User Management). */
export function adminUserApiPath(
  id: string,
  action?: 'role' | 'disable' | 'enable' | 'password-reset',
): string {
  const base = `/api/admin/users/${encodeURIComponent(id)}`;
  return action ? `${base}/${action}` : base;
}

/** `/api/menu/items/{id}` and its actions (Menu Management). */
export function menuItemApiPath(id: string, action?: 'duplicate' | 'photo'): string {
  const base = `/api/menu/items/${encodeURIComponent(id)}`;
  return action ? `${base}/${action}` : base;
}

/** API endpoints the web app calls (same origin, proxied to the server in development). */
export const apiPaths = {
  config: '/api/config',
  session: '/api/auth/get-session',
  signInEmail: '/api/auth/sign-in/email',
  signUpEmail: '/api/auth/sign-up/email',
  signOut: '/api/auth/sign-out',
  syncClaims: '/api/auth/sync-claims',
  humanCheckChallenge: '/api/human-check/challenge',
  requestPasswordReset: '/api/auth/request-password-reset',
  resetPassword: '/api/auth/reset-password',
  adminUsers: '/api/admin/users',
  audit: '/api/admin/audit',
  auditActors: '/api/admin/audit/actors',
  phoneSendCode: '/api/auth/phone-number/send-otp',
  phoneVerify: '/api/auth/phone-number/verify',
  signInSocial: '/api/auth/sign-in/social',
  updateUser: '/api/auth/update-user',
  changeEmail: '/api/auth/change-email',
  changePassword: '/api/auth/change-password',
  revokeSessions: '/api/auth/revoke-sessions',
  sendVerificationEmail: '/api/auth/send-verification-email',
  listAccounts: '/api/auth/list-accounts',
  me: '/api/me',
  accountPhoto: '/api/account/photo',
  siteContact: '/api/site/contact',
  contact: '/api/contact',
  /**
   * `POST`: whether a coupon code can be used now (the point of sale and the guests' checkout). Here
   * as well as in `shared/contracts/coupons.ts`, so the guests' checkout stays zod-free.
   */
  couponCheck: '/api/coupons/check',
} as const;

/** `/api/coupons/{id}` (admin). */
export function couponApiPath(id: string): string {
  return `/api/coupons/${encodeURIComponent(id)}`;
}

/** `GET /api/site/pages/{page}`: a legal page's text. */
export function legalPageApiPath(page: string): string {
  return `/api/site/pages/${encodeURIComponent(page)}`;
}

/** `/master-data/{tab}`: one tab of Master Data (`/master-data` shows the first). */
export function masterDataTabPath(tab: string): string {
  return `${paths.masterData}/${encodeURIComponent(tab)}`;
}

/** `/master-data/bank-accounts/{id}`: one bank or cash account's rows and balance. */
export function bankAccountPath(id: string): string {
  return `${paths.masterData}/bank-accounts/${encodeURIComponent(id)}`;
}

/** `/master-data/partners/{id}`: one delivery or marketplace partner and its settlements. */
export function partnerPath(id: string): string {
  return `${paths.masterData}/partners/${encodeURIComponent(id)}`;
}

/** `/master-data/settlements/{id}`: one partner settlement, its orders, adjustments and payout. */
export function settlementPath(id: string): string {
  return `${paths.masterData}/settlements/${encodeURIComponent(id)}`;
}

/** `GET /api/dining-tables/{id}/qr-code`: the SVG QR code of a table. */
export function diningTableQrCodeApiPath(id: string): string {
  return `/api/dining-tables/${encodeURIComponent(id)}/qr-code`;
}

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { OpenAPIHono } from '@hono/zod-openapi';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import { BACKUP_API } from '../shared/contracts/backup';
import { MENU_API } from '../shared/contracts/menu';
import { leanNotModified, privateAnswers } from './lib/cache-control';
import type { AppDeps, AppEnv } from './lib/context';
import { handleError, notFound } from './lib/errors';
import { refuseHostileInput } from './lib/input-guards';
import { sameOriginOnly } from './lib/origin';
import { announceOwnEvents } from './lib/own-events';
import { INLINE_SCRIPT_SOURCES } from './lib/page-render';
import { mountWebApp } from './lib/web-app';
import { accountRoutes } from './modules/account/account.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { authRoutes, documentAuthEndpoints, handleAuthRequest } from './modules/auth/auth.routes';
import { backupRoutes } from './modules/backup/backup.routes';
import { contactRoutes } from './modules/contact/contact.routes';
import { couponsRoutes } from './modules/coupons/coupons.routes';
import { demoRoutes } from './modules/demo/demo.routes';
import { mountApiDocs } from './modules/docs/docs.routes';
import { eventsRoutes } from './modules/events';
import { budgetsRoutes } from './modules/expenses/budgets.routes';
import { expensesRoutes } from './modules/expenses/expenses.routes';
import { feedbackRoutes } from './modules/feedback/feedback.routes';
import { isImageUploadPath, uploadsPerUser } from './modules/images';
import { imagesRoutes } from './modules/images/images.routes';
import { inventoryRoutes } from './modules/inventory/inventory.routes';
import { inventoryCsvRoutes } from './modules/inventory/inventory-csv.routes';
import { recipeRoutes } from './modules/inventory/recipes.routes';
import { stockCountRoutes } from './modules/inventory/stock-counts.routes';
import { usageRoutes } from './modules/inventory/usage.routes';
import { cashClosesRoutes } from './modules/ledger/cash-closes.routes';
import { ledgerRoutes } from './modules/ledger/ledger.routes';
import { masterDataRoutes } from './modules/master-data/master-data.routes';
import { menuItemListCache } from './modules/menu';
import { foodCategoriesRoutes } from './modules/menu/food-categories.routes';
import { menuRoutes } from './modules/menu/menu.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { pushRoutes } from './modules/notifications/push.routes';
import { ordersRoutes } from './modules/orders/orders.routes';
import { paymentPageRoutes } from './modules/payments/payment-page.routes';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { purchaseOrdersRoutes } from './modules/purchase-orders/purchase-orders.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { securityRoutes } from './modules/security/security.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { settlementsRoutes } from './modules/settlements/settlements.routes';
import { siteRoutes } from './modules/site/site.routes';
import { systemRoutes } from './modules/system/system.routes';
import { userAdminRoutes } from './modules/users/user-admin.routes';
import { usersRoutes } from './modules/users/users.routes';

export const DEFAULT_WEB_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/web');

/** Routes that read and limit their own bodies: picture uploads, and a backup to restore (streamed to disk). */
const readsOwnBody = (path: string) => isImageUploadPath(path) || path === BACKUP_API.restore;
/** The build's hashed scripts and stylesheets (lib/web-app.ts serves them). */
const isBuiltScriptOrStyle = (path: string) => path.startsWith('/assets/') && /\.(?:js|css)$/.test(path);

export interface CreateAppOptions extends AppDeps {
  /** The built web app; defaults to dist/web. */
  webRoot?: string;
}

/**
 * The whole HTTP application: request id and logs, security headers, then for /api: no shared caching
 * of signed-in answers, the same-origin check (CSRF), body limits, refusal of NUL characters and deep
 * nesting, per-user upload limits; better-auth, the API modules, the OpenAPI document, the web app, and
 * one error handler for all of it.
 */
export function createApp(options: CreateAppOptions) {
  const { webRoot = DEFAULT_WEB_ROOT, ...deps } = options;
  const app = new OpenAPIHono<AppEnv>();

  app.use(requestId());
  app.use(async (c, next) => {
    c.set('deps', deps);
    c.set('actor', undefined);
    const started = performance.now();
    await next();
    const entry = {
      requestId: c.get('requestId'),
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round(performance.now() - started),
    };
    // A refused request (4xx) is the caller's mistake, worth a warning but never an error; server
    // faults (5xx) are logged at error by handleError with their cause.
    if (entry.status >= 500) deps.logger.error(entry, 'request');
    else if (entry.status >= 400) deps.logger.warn(entry, 'request');
    else if (c.req.path.startsWith('/api/')) deps.logger.info(entry, 'request');
    else deps.logger.debug(entry, 'request');
  });
  // Outside the security headers, so it sees and trims what they add to a 304.
  app.use(leanNotModified());
  const strictTransportSecurity = deps.config.secure ? 'max-age=31536000; includeSubDomains' : false;
  const documentHeaders = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      // Scripts from this origin, and the inline scripts of a rendered page by their hashes.
      scriptSrc: ["'self'", ...INLINE_SCRIPT_SOURCES],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    strictTransportSecurity,
    crossOriginEmbedderPolicy: false,
  });
  // A built script or stylesheet (/assets/*.js, *.css) is never a document: it gets only the headers a
  // script or stylesheet obeys (nosniff, CORP, the referrer policy of a stylesheet's own requests, HSTS).
  // The CSP, framing, opener and the old browsers' headers bind documents (and a worker's own script:
  // none is built under /assets), and on HTTP/1.1 they cost 0.5 kB on each of the thirty files `/` loads.
  const builtFileHeaders = secureHeaders({
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
    referrerPolicy: 'strict-origin-when-cross-origin',
    strictTransportSecurity,
    crossOriginEmbedderPolicy: false,
  });
  app.use((c, next) =>
    isBuiltScriptOrStyle(c.req.path) ? builtFileHeaders(c, next) : documentHeaders(c, next),
  );
  // Outermost of the /api steps, so that it also sees the answers the steps below refuse with.
  app.use('/api/*', privateAnswers());
  app.use('/api/*', sameOriginOnly());
  // Reads the body once, within its limit (413 above it), and refuses NULs and deep nesting in it.
  app.use('/api/*', refuseHostileInput(readsOwnBody));
  app.use('/api/*', uploadsPerUser());
  // A change is announced once committed: here at once, to the other processes by NOTIFY (lib/own-events.ts).
  app.use('/api/*', announceOwnEvents());
  // The menu screen's list, kept per process while the menu is unchanged (modules/menu/menu-list-cache.ts).
  app.use(MENU_API.items, menuItemListCache());

  app.route('/', authRoutes);
  app.on(['GET', 'POST'], '/api/auth/*', handleAuthRequest);
  app.route('/', systemRoutes);
  app.route('/', backupRoutes);
  app.route('/', usersRoutes);
  app.route('/', settingsRoutes);
  app.route('/', securityRoutes);
  app.route('/', accountRoutes);
  app.route('/', imagesRoutes);
  app.route('/', userAdminRoutes);
  app.route('/', auditRoutes);
  app.route('/', siteRoutes);
  app.route('/', contactRoutes);
  app.route('/', masterDataRoutes);
  app.route('/', foodCategoriesRoutes);
  app.route('/', menuRoutes);
  app.route('/', ordersRoutes);
  app.route('/', paymentsRoutes);
  app.route('/', ledgerRoutes);
  app.route('/', paymentPageRoutes);
  app.route('/', feedbackRoutes);
  app.route('/', couponsRoutes);
  // Before the item routes: `/api/inventory/items/export` is not an item id.
  app.route('/', inventoryCsvRoutes);
  app.route('/', inventoryRoutes);
  app.route('/', purchaseOrdersRoutes);
  app.route('/', expensesRoutes);
  app.route('/', budgetsRoutes);
  app.route('/', settlementsRoutes);
  app.route('/', cashClosesRoutes);
  app.route('/', reportsRoutes);
  app.route('/', usageRoutes);
  app.route('/', recipeRoutes);
  app.route('/', stockCountRoutes);
  app.route('/', notificationsRoutes);
  app.route('/', pushRoutes);
  app.route('/', demoRoutes);
  app.route('/', eventsRoutes);

  documentAuthEndpoints(app);
  mountApiDocs(app);

  app.all('/api/*', (c) => {
    throw notFound(`There is no API endpoint ${c.req.method} ${c.req.path}.`);
  });
  mountWebApp(app, webRoot, { liveTopics: deps.liveTopics, logger: deps.logger });

  app.onError((error, c) => handleError(error, c, deps.logger));
  app.notFound((c) => c.json({ error: { code: 'not-found', message: 'Not found.' } }, 404));
  return app;
}

export type App = ReturnType<typeof createApp>;

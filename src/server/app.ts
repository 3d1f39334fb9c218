import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { OpenAPIHono } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import type { AppDeps, AppEnv } from './lib/context';
import { AppError, handleError, notFound } from './lib/errors';
import { mountWebApp } from './lib/web-app';
import { accountRoutes } from './modules/account/account.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { authRoutes, documentAuthEndpoints, handleAuthRequest } from './modules/auth/auth.routes';
import { contactRoutes } from './modules/contact/contact.routes';
import { demoRoutes } from './modules/demo/demo.routes';
import { mountApiDocs } from './modules/docs/docs.routes';
import { isImageUploadPath } from './modules/images/image-upload';
import { imagesRoutes } from './modules/images/images.routes';
import { masterDataRoutes } from './modules/master-data/master-data.routes';
import { menuRoutes } from './modules/menu/menu.routes';
import { securityRoutes } from './modules/security/security.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { siteRoutes } from './modules/site/site.routes';
import { systemRoutes } from './modules/system/system.routes';
import { userAdminRoutes } from './modules/users/user-admin.routes';
import { usersRoutes } from './modules/users/users.routes';

export const DEFAULT_WEB_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/web');

/** JSON bodies are small; uploads (photos, backups) get their own limits on their own routes. */
const API_BODY_LIMIT = 1024 * 1024;

export interface CreateAppOptions extends AppDeps {
  /** The built web app; defaults to dist/web. */
  webRoot?: string;
}

/**
 * The whole HTTP application: request id and logs, security headers, body limits, better-auth, the
 * API modules, the OpenAPI document, the web app, and one error handler for all of it.
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
    if (c.req.path.startsWith('/api/')) deps.logger.info(entry, 'request');
    else deps.logger.debug(entry, 'request');
  });
  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
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
      strictTransportSecurity: deps.config.secure ? 'max-age=31536000; includeSubDomains' : false,
      crossOriginEmbedderPolicy: false,
    }),
  );
  const apiBodyLimit = bodyLimit({
    maxSize: API_BODY_LIMIT,
    onError: () => {
      throw new AppError(413, `The request body is larger than the limit of ${API_BODY_LIMIT / 1024} KiB.`);
    },
  });
  app.use('/api/*', (c, next) => (isImageUploadPath(c.req.path) ? next() : apiBodyLimit(c, next)));

  app.route('/', authRoutes);
  app.on(['GET', 'POST'], '/api/auth/*', handleAuthRequest);
  app.route('/', systemRoutes);
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
  app.route('/', menuRoutes);
  app.route('/', demoRoutes);

  documentAuthEndpoints(app);
  mountApiDocs(app);

  app.all('/api/*', (c) => {
    throw notFound(`There is no API endpoint ${c.req.method} ${c.req.path}.`);
  });
  mountWebApp(app, webRoot);

  app.onError((error, c) => handleError(error, c, deps.logger));
  app.notFound((c) => c.json({ error: { code: 'not-found', message: 'Not found.' } }, 404));
  return app;
}

export type App = ReturnType<typeof createApp>;

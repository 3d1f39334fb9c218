import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import { findPage } from '../../shared/pages';
import type { AppEnv } from './context';

const NOT_BUILT_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Brigade</title></head>
<body><h1>Brigade</h1><p>The web app has not been built. Run <code>npm run build</code>, then start the server again.</p></body></html>`;

/**
 * Serves the built web app: hashed files under /assets with a year-long immutable cache (Brotli or gzip
 * when the browser takes it, compressed at build time), other files with revalidation, and index.html
 * for every page route (a 404 status for paths no page owns, so the browser app shows its not-found
 * page and crawlers see the truth).
 */
export function mountWebApp(app: Hono<AppEnv>, webRoot: string): void {
  const indexFile = path.join(webRoot, 'index.html');
  const built = existsSync(indexFile);
  const indexHtml = built ? readFileSync(indexFile, 'utf8') : NOT_BUILT_PAGE;
  const relativeRoot = path.relative(process.cwd(), webRoot) || '.';

  if (built) {
    app.use('/assets/*', async (c, next) => {
      await next();
      // File names under /assets carry a content hash: a changed file gets a new name.
      if (c.res.status === 200) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
    });
    // The build writes .br and .gz copies beside each file (scripts/vite-precompress.ts).
    app.use('/assets/*', serveStatic({ root: relativeRoot, precompressed: true }));
    app.use('*', async (c, next) => {
      // Only real files at the top level (favicon, manifest, service worker); pages fall through.
      if (c.req.method !== 'GET' || c.req.path === '/' || c.req.path.startsWith('/api/')) return next();
      if (!/^\/[\w.-]+\.\w+$/.test(c.req.path)) return next();
      const response = await serveStatic({ root: relativeRoot })(c, next);
      if (c.res.status === 200) c.res.headers.set('Cache-Control', 'no-cache');
      return response;
    });
  }

  app.get('*', (c) => {
    c.header('Cache-Control', 'no-cache');
    if (!built) return c.html(NOT_BUILT_PAGE, 503);
    return c.html(indexHtml, findPage(c.req.path) ? 200 : 404);
  });
}

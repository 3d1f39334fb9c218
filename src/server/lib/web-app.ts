import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import { findPage } from '../../shared/pages';
import type { AppEnv } from './context';
import { acceptedEncodings } from './encoded-json';
import { capturedHeaders, type FastRoute, flatHeaders, matchesIfNoneMatch } from './fast-lane';
import type { Logger } from './logger';
import { PageRenderer, type RenderedPage, tableOfQuery } from './page-render';

const NOT_BUILT_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Brigade</title></head>
<body><h1>Brigade</h1><p>The web app has not been built. Run <code>npm run build</code>, then start the server again.</p></body></html>`;

/** Page paths seen lately: findPage splits every pattern on each call, which costs more than a cached page. */
const knownPaths = new Map<string, boolean>();
function isPagePath(path: string): boolean {
  let known = knownPaths.get(path);
  if (known === undefined) {
    known = findPage(path) !== null;
    if (knownPaths.size >= 1000) knownPaths.clear();
    knownPaths.set(path, known);
  }
  return known;
}

/**
 * Serves the built web app: hashed files under /assets with a year-long immutable cache (Brotli or gzip
 * when the browser takes it, compressed at build time), other files with revalidation, and index.html
 * for every page route (a 404 status for paths no page owns, so the browser app shows its not-found
 * page and crawlers see the truth). index.html is read once, at start, and kept in memory with a
 * strong ETag (a hash of its bytes), so a revalidating browser gets a 304.
 */
export function mountWebApp(
  app: Hono<AppEnv>,
  webRoot: string,
  live: { liveTopics: { version(topic: string): number }; logger?: Logger },
): void {
  const indexFile = path.join(webRoot, 'index.html');
  const built = existsSync(indexFile);
  const indexHtml = built ? readFileSync(indexFile, 'utf8') : NOT_BUILT_PAGE;
  const relativeRoot = path.relative(process.cwd(), webRoot) || '.';
  const renderer = built
    ? new PageRenderer({
        ssrModule: path.join(webRoot, '..', 'ssr', 'render-page.js'),
        template: indexHtml,
        versions: () => `${live.liveTopics.version('menu')}.${live.liveTopics.version('settings')}`,
        load: async () => {
          const [config, menu] = await Promise.all(
            ['/api/config', '/api/menu/public'].map(async (apiPath) => {
              const answer = await app.request(`http://localhost${apiPath}`);
              if (answer.status !== 200) throw new Error(`${apiPath} answered ${answer.status}`);
              return answer.json();
            }),
          );
          return { config, menu };
        },
        logger: live.logger,
      })
    : undefined;
  if (renderer?.available) homePageRenderers.set(app, renderer);

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

  const indexEtag = `"${createHash('sha256').update(indexHtml).digest('base64url').slice(0, 27)}"`;
  app.get('*', async (c) => {
    c.header('Cache-Control', 'no-cache');
    if (!built) return c.html(NOT_BUILT_PAGE, 503);
    if (!isPagePath(c.req.path)) return c.html(indexHtml, 404);
    if (c.req.path === '/' && renderer?.available) {
      const page = await renderer.page(tableOfQuery(new URL(c.req.url).searchParams));
      if (page) {
        c.header('ETag', page.etag);
        c.header('Vary', 'Accept-Encoding');
        if (matchesIfNoneMatch(c.req.header('if-none-match'), page.etag)) return c.body(null, 304);
        c.header('Content-Type', 'text/html; charset=UTF-8');
        const encoding = pageEncoding(c.req.header('accept-encoding'));
        if (encoding) c.header('Content-Encoding', encoding === 'gzip' ? 'gzip' : 'br');
        return c.body(new Uint8Array(encoding ? page[encoding] : page.body), 200);
      }
    }
    c.header('ETag', indexEtag);
    if (matchesIfNoneMatch(c.req.header('if-none-match'), indexEtag)) return c.body(null, 304);
    return c.html(indexHtml, 200);
  });
}

/**
 * The SPA page for the fast lane (lib/fast-lane.ts): index.html and its 304, with the headers of the
 * app's own answers, for every page route; undefined when the web app is not built.
 */
export async function pageFastRoute(app: {
  request: (input: string, init?: RequestInit) => Response | Promise<Response>;
}): Promise<FastRoute | undefined> {
  // Any page but `/` is the plain app page.
  const page = await app.request('http://localhost/login');
  const etag = page.headers.get('etag');
  if (page.status !== 200 || !etag) return undefined;
  const body = Buffer.from(await page.arrayBuffer());
  const pageHeaders = flatHeaders(capturedHeaders(page, body));
  const notModified = await app.request('http://localhost/login', { headers: { 'if-none-match': etag } });
  if (notModified.status !== 304) return undefined;
  const notModifiedHeaders = flatHeaders(capturedHeaders(notModified, undefined));
  const home = await homePageFastRoute(app);
  return (request, path) => {
    if (path === '/' && home) return home(request, path);
    // Encoded or odd paths, files, the API and the assets are the app's.
    if (path.includes('%') || path.includes('.') || path.includes('//') || path.startsWith('/api/')) return;
    if (!isPagePath(path)) return;
    if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
      return { status: 304, headers: notModifiedHeaders };
    }
    return { status: 200, headers: pageHeaders, body };
  };
}

/** Which copy of a rendered page to send: Brotli, gzip, or the text. */
function pageEncoding(header: string | string[] | undefined): 'br' | 'gzip' | undefined {
  const accepted = acceptedEncodings(typeof header === 'string' ? header : undefined);
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

/** The renderer of `/` each app mounted (when the server build exists), for the fast lane. */
const homePageRenderers = new WeakMap<object, PageRenderer>();

/**
 * `/` from the renders kept for the current versions: the rendered page or its 304, with the headers of
 * the app's own answer (its ETag and length per page). A page not rendered yet goes to the app.
 */
async function homePageFastRoute(app: {
  request: (input: string, init?: RequestInit) => Response | Promise<Response>;
}): Promise<FastRoute | undefined> {
  const renderer = homePageRenderers.get(app);
  if (!renderer) return undefined;
  // Rendering the page once here also warms it for the first guest.
  const page = await app.request('http://localhost/');
  const etag = page.headers.get('etag');
  if (page.status !== 200 || !etag?.startsWith('"page-')) return undefined;
  const {
    etag: _etag,
    'content-length': _length,
    'content-encoding': _encoding,
    ...base
  } = capturedHeaders(page, undefined);
  await page.arrayBuffer();
  const notModified = await app.request('http://localhost/', { headers: { 'if-none-match': etag } });
  if (notModified.status !== 304) return undefined;
  const { etag: _etag304, ...baseNotModified } = capturedHeaders(notModified, undefined);
  type PageHeaders = Record<'text' | 'br' | 'gzip', string[]> & { notModified: string[] };
  const headersOf = new WeakMap<RenderedPage, PageHeaders>();
  return (request) => {
    const url = request.url ?? '/';
    const queryStart = url.indexOf('?');
    const table = queryStart === -1 ? '' : tableOfQuery(new URLSearchParams(url.slice(queryStart + 1)));
    const current = renderer.current(table);
    if (!current) return;
    let headers = headersOf.get(current);
    if (!headers) {
      const withBody = (body: Buffer, encoding?: string) =>
        flatHeaders({
          ...base,
          etag: current.etag,
          ...(encoding ? { 'content-encoding': encoding } : {}),
          'content-length': String(body.length),
        });
      headers = {
        text: withBody(current.body),
        br: withBody(current.br, 'br'),
        gzip: withBody(current.gzip, 'gzip'),
        notModified: flatHeaders({ ...baseNotModified, etag: current.etag }),
      };
      headersOf.set(current, headers);
    }
    if (matchesIfNoneMatch(request.headers['if-none-match'], current.etag)) {
      return { status: 304, headers: headers.notModified };
    }
    const encoding = pageEncoding(request.headers['accept-encoding']);
    if (!encoding) return { status: 200, headers: headers.text, body: current.body };
    return { status: 200, headers: headers[encoding], body: current[encoding] };
  };
}

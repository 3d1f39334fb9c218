import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../lib/context';
import { ErrorResponseSchema } from '../../lib/router';
import { completeApiDocument } from './openapi-document';

const swaggerDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Brigade API reference</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>
`;

// A separate file, not an inline script: the CSP allows scripts from this origin only.
const INIT_SCRIPT = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true });\n`;

const assets: Record<string, { file: string; type: string }> = {
  'swagger-ui.css': { file: 'swagger-ui.css', type: 'text/css; charset=utf-8' },
  'swagger-ui-bundle.js': { file: 'swagger-ui-bundle.js', type: 'text/javascript; charset=utf-8' },
};
const cache = new Map<string, string>();

function readAsset(name: string): string {
  let text = cache.get(name);
  if (text === undefined) {
    text = readFileSync(path.join(swaggerDir, assets[name]!.file), 'utf8');
    cache.set(name, text);
  }
  return text;
}

const DOCUMENT_INFO = {
  openapi: '3.1.0',
  info: {
    title: 'Brigade API',
    version: '0.1.0',
    description:
      'JSON over HTTP. Errors use the envelope `{ "error": { "code", "message", "details"? } }` with the ' +
      'codes 400 invalid-argument, 401 unauthenticated, 403 permission-denied, 404 not-found, ' +
      '409 aborted, 429 resource-exhausted, 500 internal, 503 unavailable. For every operation: a request ' +
      "other than GET from another origin (its `Origin` is not the app's own, or `Sec-Fetch-Site` is " +
      'not `same-origin`) is refused with 403; a NUL character (U+0000) anywhere in the path, query or ' +
      'body is a 400 naming the field; a JSON body over 1 MiB is a 413. Answers to signed-in requests ' +
      'carry `Cache-Control: no-store` (or `private`). Picture uploads: at most 2 in progress per user, ' +
      'the next is a 429.',
  },
};

/**
 * The OpenAPI document at /api/openapi.json and a reference page at /api/docs that needs no internet:
 * Swagger UI is served from the installed swagger-ui-dist package. The document is built on the
 * first request, when every route is registered, and completed for a partner's tools
 * (openapi-document.ts): operation ids, this process's BASE_URL as its server, the session cookie by
 * the name better-auth gives it. It is the same for every caller, so it is kept.
 */
export function mountApiDocs(app: OpenAPIHono<AppEnv>): void {
  app.openAPIRegistry.register('Error', ErrorResponseSchema);
  let document: Promise<ReturnType<typeof app.getOpenAPI31Document>> | undefined;
  app.get('/api/openapi.json', async (c) => {
    const { auth, config } = c.var.deps;
    document ??= auth.$context.then((context) =>
      completeApiDocument(app.getOpenAPI31Document(DOCUMENT_INFO), {
        baseUrl: config.baseUrl,
        sessionCookieName: context.authCookies.sessionToken.name,
      }),
    );
    return c.json(await document);
  });
  app.get('/api/docs', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(DOCS_PAGE);
  });
  app.get('/api/docs/init.js', (c) => {
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    return c.body(INIT_SCRIPT);
  });
  app.get('/api/docs/:asset{swagger-ui\\.css|swagger-ui-bundle\\.js}', (c) => {
    const name = c.req.param('asset');
    c.header('Content-Type', assets[name]!.type);
    c.header('Cache-Control', 'public, max-age=86400');
    return c.body(readAsset(name));
  });
}

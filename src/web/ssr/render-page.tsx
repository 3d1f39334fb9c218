import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { appRoutes, loadMatchedRoutes } from '../app/router';
import { type PageData, seedQueryCache } from './page-data';

export type { PageData } from './page-data';
export { PAGE_DATA_ELEMENT_ID } from './page-data';

/**
 * The server's render of a public page (today `/`): the same routes, shell and page the
 * browser renders, with the query cache filled from `data` and the session not yet known (exactly the
 * browser's first render: it asks for the session after hydrating). Returns the HTML of `#root`.
 * Built by `vite build --ssr` into `dist/ssr/render-page.js`, which the server imports.
 */
export async function renderPage(url: string, data: PageData): Promise<string> {
  const routes = appRoutes();
  await loadMatchedRoutes(routes, new URL(url).pathname);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`rendering ${url} answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const client = createQueryClient();
  seedQueryCache(client, data);
  const html = renderToString(
    <StrictMode>
      <AppProviders client={client} renderedAt={data.renderedAt}>
        {/* No hydration script: the CSP allows no inline script, and the app has no loader data. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  client.clear();
  return html;
}

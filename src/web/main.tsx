import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { appRoutes, createAppRouter, loadMatchedRoutes } from './app/router';
import { PAGE_DATA_ELEMENT_ID, type PageData, seedQueryCache } from './ssr/page-data';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');
const root = rootElement;

function renderedPageData(): PageData | null {
  const element = document.getElementById(PAGE_DATA_ELEMENT_ID);
  if (!element?.textContent || !root.firstChild) return null;
  try {
    return JSON.parse(element.textContent) as PageData;
  } catch {
    return null;
  }
}

async function start(): Promise<void> {
  const routes = appRoutes();
  const data = renderedPageData();
  // A server-rendered page (`/`) is hydrated from the same tree: its page module must be in place first.
  if (data) await loadMatchedRoutes(routes, window.location);
  const client = createQueryClient();
  if (data) seedQueryCache(client, data);
  const app = (
    <StrictMode>
      <AppProviders client={client} renderedAt={data?.renderedAt ?? null}>
        <RouterProvider router={createAppRouter(routes)} />
      </AppProviders>
    </StrictMode>
  );
  if (data) {
    // As a transition, hydration is done in slices that give the main thread back between them: a phone
    // can scroll the menu it already shows while the page becomes interactive.
    startTransition(() => {
      hydrateRoot(root, app);
    });
  } else createRoot(root).render(app);
}

void start();

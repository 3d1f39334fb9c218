import type { QueryClient } from '@tanstack/react-query';
import type { PublicConfig } from '../../shared/contracts/config';
import type { PublicMenu } from '../../shared/contracts/menu';
import { queryKeys } from '../lib/query-keys';

/**
 * What a server-rendered page was rendered with: the answers of `/api/config` and `/api/menu/public`
 * at that moment. The page carries it as JSON (`<script type="application/json" id="page-data">`, data
 * that never runs, so the CSP's `script-src 'self'` holds), and the browser starts its query cache
 * from it, so its first render is the server's and hydration keeps the HTML as it is.
 */
export interface PageData {
  config: PublicConfig;
  menu: PublicMenu;
  /** When it was rendered (ms): the queries count their age from then, so an old page refetches. */
  renderedAt: number;
}

export const PAGE_DATA_ELEMENT_ID = 'page-data';

/** Fills the query cache with what the page was rendered with. */
export function seedQueryCache(client: QueryClient, data: PageData): void {
  client.setQueryData(queryKeys.config, data.config, { updatedAt: data.renderedAt });
  client.setQueryData(queryKeys.publicMenu, data.menu, { updatedAt: data.renderedAt });
}

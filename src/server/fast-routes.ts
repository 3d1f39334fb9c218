import { MENU_API } from '../shared/contracts/menu';
import type { AppDeps } from './lib/context';
import {
  captureDocument,
  captureNotModified,
  documentFastRoute,
  type FastRoute,
  notModifiedFastRoute,
} from './lib/fast-lane';
import { pageFastRoute } from './lib/web-app';
import { etagHeader } from './modules/images/images.service';
import { publicMenuVersion } from './modules/menu/menu.routes';
import { currentConfigDocument } from './modules/system/system.routes';

const MENU_PUBLIC_PATH = MENU_API.publicMenu;
const CONFIG_PATH = '/api/config';

/**
 * The hot GETs the process answers from memory before the app (lib/fast-lane.ts), each with the
 * headers of the app's own answer captured at start: the SPA page, the public menu's idle 304 (its
 * ETag from the live-topics hub, the same function the route uses) and /api/config (the copy the
 * route keeps per settings version). Requests with cookies, other methods and everything not current
 * in memory go to the app.
 */
export async function createFastRoutes(
  app: { request: (input: string, init?: RequestInit) => Response | Promise<Response> },
  deps: Pick<AppDeps, 'db' | 'config' | 'liveTopics'>,
): Promise<FastRoute[]> {
  const routes: FastRoute[] = [];
  const page = await pageFastRoute(app);
  if (page) routes.push(page);

  const menuEtag = () => etagHeader(publicMenuVersion(deps.liveTopics));
  const menuHeaders = await captureNotModified(app, MENU_PUBLIC_PATH, menuEtag());
  if (menuHeaders) {
    routes.push(
      notModifiedFastRoute({ path: MENU_PUBLIC_PATH, currentEtag: menuEtag, headers: menuHeaders }),
    );
  }

  const configHeaders = await captureDocument(app, CONFIG_PATH);
  if (configHeaders) {
    routes.push(
      documentFastRoute({
        path: CONFIG_PATH,
        current: () => currentConfigDocument(deps),
        headers: configHeaders,
      }),
    );
  }
  return routes;
}

import type { OutgoingHttpHeaders } from 'node:http';
import { MENU_API } from '../shared/contracts/menu';
import type { AppDeps } from './lib/context';
import {
  captureDocument,
  capturedHeaders,
  captureNotModified,
  documentFastRoute,
  type FastRoute,
  flatHeaders,
  notModifiedFastRoute,
} from './lib/fast-lane';
import { keptSession } from './lib/session-fast-path';
import { pageFastRoute } from './lib/web-app';
import { etagHeader } from './modules/images';
import { publicMenuVersion } from './modules/menu/menu.routes';
import { currentConfigDocument } from './modules/system/system.routes';
import { presentProfile } from './modules/users';

const MENU_PUBLIC_PATH = MENU_API.publicMenu;
const CONFIG_PATH = '/api/config';
const ME_PATH = '/api/me';

/**
 * The hot GETs the process answers from memory before the app (lib/fast-lane.ts), each with the
 * headers of the app's own answer captured at start: the SPA page, the public menu's idle 304 (its
 * ETag from the live-topics hub, the same function the route uses) and /api/config (the copy the
 * route keeps per settings version), and a signed-in `GET /api/me` from the session kept for a few
 * seconds. Other requests with cookies, other methods and everything not current in memory go to the
 * app.
 */
export async function createFastRoutes(
  app: { request: (input: string, init?: RequestInit) => Response | Promise<Response> },
  deps: Pick<AppDeps, 'auth' | 'db' | 'config' | 'liveTopics'>,
): Promise<FastRoute[]> {
  const routes: FastRoute[] = [];
  const page = await pageFastRoute(app);
  if (page) routes.push(page);

  // The quoted ETag of the menu's current version, made again only when the version moves.
  let kept = { version: -1, etag: '' };
  const menuEtag = () => {
    const version = deps.liveTopics.version('menu');
    if (kept.version !== version) kept = { version, etag: etagHeader(publicMenuVersion(deps.liveTopics)) };
    return kept.etag;
  };
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
  const meHeaders = await captureSignedInHeaders(app, ME_PATH);
  if (meHeaders) routes.push(ownProfileFastRoute(deps, meHeaders));
  return routes;
}

/**
 * The headers of the app's JSON answers to a request with a session cookie, less the length: those of
 * its 401 to a cookie that names no session (the same security headers, JSON type and `no-store` a
 * signed-in 200 has; tests/api/fast-path.test.ts compares them with a real 200).
 */
async function captureSignedInHeaders(
  app: { request: (input: string, init?: RequestInit) => Response | Promise<Response> },
  path: string,
): Promise<OutgoingHttpHeaders | undefined> {
  const answer = await app.request(`http://localhost${path}`, {
    headers: { cookie: 'brigade.session_token=none' },
  });
  await answer.arrayBuffer();
  if (answer.status !== 401) return undefined;
  const { 'content-length': _length, ...headers } = capturedHeaders(answer, undefined);
  return headers;
}

/**
 * `GET /api/me` (every screen asks it) from the session this process keeps for a few seconds
 * (lib/session-fast-path.ts): the profile is made of the session's user row, by the users module's own
 * presenter. Anything the kept copy cannot answer (not kept, a `sessions` event since, kept too long)
 * goes to the app, whose answer keeps it again.
 */
function ownProfileFastRoute(
  deps: Pick<AppDeps, 'auth' | 'db' | 'liveTopics'>,
  headers: OutgoingHttpHeaders,
): FastRoute {
  const base = flatHeaders(headers);
  return (request, path) => {
    if (path !== ME_PATH) return;
    const kept = keptSession(deps, request.headers.cookie);
    if (!kept) return;
    const { actor, user } = kept;
    // The columns presentProfile reads; the session query selects exactly these.
    const row = {
      id: actor.id,
      email: actor.email,
      name: actor.name,
      role: actor.role,
      phoneNumber: user.phoneNumber,
      image: user.image,
      emailVerified: user.emailVerified,
    } as Parameters<typeof presentProfile>[0];
    const body = Buffer.from(JSON.stringify(presentProfile(row)));
    return { status: 200, headers: base.concat('content-length', String(body.length)), body };
  };
}

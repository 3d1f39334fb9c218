import { randomUUID } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, RequestListener } from 'node:http';

/**
 * A few hot GETs whose answers are already in memory (the SPA page; later a live list's 304) are
 * answered before the request reaches the Hono app: no Request and Response objects, no middleware
 * chain, which on a cheap answer costs several times the answer itself. A fast route must give exactly
 * the answer the app would give; `captureAnswer` takes the headers from the app's own answer, so the
 * security headers stay the app's. Anything a route does not recognise goes to the app.
 */

export interface FastAnswer {
  status: number;
  /** Names and values in one flat list (`flatHeaders`), built once per version, not per answer. */
  headers: readonly string[];
  body?: Buffer;
}

/**
 * Headers as the flat `[name, value, …]` list `writeHead` takes: a route builds it once per version
 * of its answer, so an answer copies no header object (object spreads and per-request header maps were
 * a measurable share of a cheap answer's cost).
 */
export function flatHeaders(headers: OutgoingHttpHeaders): string[] {
  const flat: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const each of value) flat.push(name, each);
    else flat.push(name, String(value));
  }
  return flat;
}

/** Answers a GET from memory, or undefined to leave it to the app. Must not throw and must not wait. */
export type FastRoute = (request: IncomingMessage, path: string) => FastAnswer | undefined;

export function withFastLane(app: RequestListener, routes: FastRoute[]): RequestListener {
  if (routes.length === 0) return app;
  return (request, response) => {
    if (request.method === 'GET') {
      const url = request.url ?? '/';
      const queryStart = url.indexOf('?');
      const path = queryStart === -1 ? url : url.slice(0, queryStart);
      for (const route of routes) {
        const answer = route(request, path);
        if (!answer) continue;
        // Each answer has its own request id, as the app's requestId() gives one.
        response.writeHead(answer.status, answer.headers.concat('x-request-id', randomUUID()));
        response.end(answer.body);
        return;
      }
    }
    app(request, response);
  };
}

/** The headers of one of the app's own answers, less those that differ per request. */
export function capturedHeaders(response: Response, body: Buffer | undefined): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of response.headers) {
    if (name === 'x-request-id' || name === 'date' || name === 'set-cookie') continue;
    headers[name] = value;
  }
  if (body) headers['content-length'] = String(body.length);
  return headers;
}

/** Whether an `If-None-Match` header names `etag` (or is `*`); weak comparison, as for a GET. */
export function matchesIfNoneMatch(header: string | string[] | undefined, etag: string): boolean {
  if (typeof header !== 'string' || header === '') return false;
  // A poll sends back exactly the ETag it got: the common case, without splitting.
  if (header === etag) return true;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * A revalidation answered from memory: a GET of `path` from a client without cookies whose
 * `If-None-Match` names the current ETag gets the app's own 304 (its headers captured once with
 * `captureNotModified`, the ETag set per answer). For a live document whose current version the
 * process keeps in memory (the public menu: `currentEtag` reads it), so an idle poll costs no query and
 * no trip through the app. Requests with cookies go to the app, whose signed-in answers differ
 * (`privateAnswers`); so does everything when `currentEtag` gives undefined (not known yet).
 */
export function notModifiedFastRoute(options: {
  path: string;
  currentEtag: () => string | undefined;
  headers: OutgoingHttpHeaders;
}): FastRoute {
  const base = flatHeaders(options.headers);
  let kept: { etag: string; headers: string[] } | undefined;
  return (request, path) => {
    if (path !== options.path || request.headers.cookie !== undefined) return;
    const etag = options.currentEtag();
    if (!etag || !matchesIfNoneMatch(request.headers['if-none-match'], etag)) return;
    if (kept?.etag !== etag) kept = { etag, headers: base.concat('etag', etag) };
    return { status: 304, headers: kept.headers };
  };
}

/**
 * The headers of the app's own 304 for `path`, asked with `If-None-Match: etag` (which must be the
 * current ETag), less the ETag itself; undefined when the app did not answer 304.
 */
export async function captureNotModified(
  app: { request: (input: string, init?: RequestInit) => Response | Promise<Response> },
  path: string,
  etag: string,
): Promise<OutgoingHttpHeaders | undefined> {
  const answer = await app.request(`http://localhost${path}`, { headers: { 'if-none-match': etag } });
  if (answer.status !== 304) return undefined;
  const { etag: _etag, ...headers } = capturedHeaders(answer, undefined);
  return headers;
}

/** A document kept in memory: its current bytes and their ETag (quoted). */
export interface KeptDocument {
  etag: string;
  body: Buffer;
}

/**
 * A small document answered from memory (`/api/config`): a GET of `path` from a client without
 * cookies gets `current()`'s bytes with the app's own 200 headers, or the app's own 304 when
 * `If-None-Match` names its ETag. `current` gives undefined when the kept copy is not the current
 * version (then the app answers, and builds the new one). Headers come from `captureDocument`.
 */
export function documentFastRoute(options: {
  path: string;
  current: () => KeptDocument | undefined;
  headers: { ok: OutgoingHttpHeaders; notModified: OutgoingHttpHeaders };
}): FastRoute {
  const ok = flatHeaders(options.headers.ok);
  const notModified = flatHeaders(options.headers.notModified);
  // The answers' header lists for the current document, built when it changes.
  const built = new WeakMap<KeptDocument, { ok: string[]; notModified: string[] }>();
  return (request, path) => {
    if (path !== options.path || request.headers.cookie !== undefined) return;
    const document = options.current();
    if (!document) return;
    let headers = built.get(document);
    if (!headers) {
      headers = {
        ok: ok.concat('etag', document.etag, 'content-length', String(document.body.length)),
        notModified: notModified.concat('etag', document.etag),
      };
      built.set(document, headers);
    }
    if (matchesIfNoneMatch(request.headers['if-none-match'], document.etag)) {
      return { status: 304, headers: headers.notModified };
    }
    return { status: 200, headers: headers.ok, body: document.body };
  };
}

/**
 * The headers of the app's own 200 and 304 answers for `path` (asked without cookies), less the ETag
 * and the length, which `documentFastRoute` sets per version; undefined when the app gave no ETag or
 * no 304 for it.
 */
export async function captureDocument(
  app: { request: (input: string, init?: RequestInit) => Response | Promise<Response> },
  path: string,
): Promise<{ ok: OutgoingHttpHeaders; notModified: OutgoingHttpHeaders } | undefined> {
  const answer = await app.request(`http://localhost${path}`);
  const etag = answer.headers.get('etag');
  await answer.arrayBuffer();
  if (answer.status !== 200 || !etag) return undefined;
  const { etag: _etag, 'content-length': _length, ...ok } = capturedHeaders(answer, undefined);
  const notModified = await captureNotModified(app, path, etag);
  return notModified ? { ok, notModified } : undefined;
}

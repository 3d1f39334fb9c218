import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './context';
import { AppError, badRequest, type FieldIssue } from './errors';

/**
 * PostgreSQL cannot store U+0000 in text (and refuses it with an error that is no fault of ours), and
 * no field of Brigade has a use for it, so a NUL anywhere in a request is refused before any route
 * sees it: in the path, the query, a JSON body (keys and values, however deep) or a form field.
 * Nesting deeper than any contract has is refused too, so no validator has to recurse into a
 * megabyte of brackets.
 */

const NUL = '\u0000';
export const NUL_MESSAGE = 'must not contain the NUL character (U+0000)';
const MAX_JSON_DEPTH = 32;
export const TOO_DEEP_MESSAGE = `is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`;

/** A field path as `details.issues[].path` names it, with any NUL in a key shown as `\0`. */
const shown = (path: string) => path.replaceAll(NUL, '\\0') || '(body)';

function refuse(where: string, issues: FieldIssue[]): never {
  const first = issues[0] as FieldIssue;
  throw badRequest(`Invalid ${where}: ${first.path}: ${first.message}`, { issues });
}

/** The first NUL-carrying or too deeply nested place of a parsed JSON value (walked without recursion). */
export function findJsonProblem(value: unknown): FieldIssue | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop() as (typeof stack)[number];
    if (typeof item.value === 'string') {
      if (item.value.includes(NUL)) return { path: shown(item.path), message: NUL_MESSAGE };
      continue;
    }
    if (typeof item.value !== 'object' || item.value === null) continue;
    if (item.depth >= MAX_JSON_DEPTH) return { path: shown(item.path), message: TOO_DEEP_MESSAGE };
    for (const [key, child] of Object.entries(item.value)) {
      const path = item.path ? `${item.path}.${key}` : key;
      if (key.includes(NUL)) return { path: shown(path), message: NUL_MESSAGE };
      stack.push({ value: child, path, depth: item.depth + 1 });
    }
  }
  return null;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    // Malformed escapes are the router's business (it answers 404 or 400); look at what is readable.
    return unescape(value);
  }
}

/**
 * Whether a JSON text can hold a NUL or nest too deeply at all: JSON writes a NUL only as an escape
 * (a raw control character does not parse), and nesting needs brackets. Most bodies have neither, so
 * they are not parsed twice.
 */
function mayHideProblem(text: string): boolean {
  if (/\\u0000/i.test(text)) return true;
  let brackets = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if ((code === 0x7b || code === 0x5b) && ++brackets >= MAX_JSON_DEPTH) return true;
  }
  return false;
}

const isJson = (type: string) => /^application\/([\w.+-]+\+)?json\b/i.test(type);
const isUrlEncoded = (type: string) => /^application\/x-www-form-urlencoded\b/i.test(type);
const isMultipart = (type: string) => /^multipart\/form-data\b/i.test(type);

/** The largest body (in bytes) a route that does not read its own is given. */
export const API_BODY_LIMIT = 1024 * 1024;

const tooLarge = () =>
  new AppError(413, `The request body is larger than the limit of ${API_BODY_LIMIT / 1024} KiB.`);

/**
 * A node request's body, read from the socket into one buffer, refused as soon as it passes `limit`
 * (whatever its Content-Length said: a chunked body has none).
 */
function readIncoming(incoming: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', onError);
      incoming.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        // The rest flows on unread; the server drops it once the answer is sent.
        stop();
        reject(tooLarge());
      } else chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size));
    };
    const onError = () => {
      stop();
      reject(badRequest('The request body could not be read.'));
    };
    const onClose = () => {
      if (!incoming.complete) onError();
    };
    incoming.on('data', onData);
    incoming.on('end', onEnd);
    incoming.on('error', onError);
    incoming.on('close', onClose);
  });
}

/** A web stream's bytes, refused as soon as they pass `limit`. */
async function readStream(stream: ReadableStream<Uint8Array>, limit: number): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks, size);
    size += value.length;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
}

/**
 * Reads a request's body once, within the limit. Served by the node adapter, it is read straight from
 * the socket and handed back as the request's `rawBody`, from which the adapter serves every later
 * read (the route's validator, better-auth's own Request) without building web streams or copying the
 * body for each reader; a standard Request (`app.request()`) is read and put back as a new Request.
 */
async function readBodyOnce(c: Context<AppEnv>, limit: number): Promise<Buffer> {
  const declared = Number(c.req.header('content-length'));
  if (declared > limit) throw tooLarge();
  const incoming = (c.env as { incoming?: IncomingMessage & { rawBody?: Buffer } } | undefined)?.incoming;
  if (incoming) {
    if (incoming.rawBody instanceof Buffer) return incoming.rawBody;
    incoming.rawBody = await readIncoming(incoming, limit);
    return incoming.rawBody;
  }
  const raw = c.req.raw;
  if (!raw.body) return Buffer.alloc(0);
  const body = await readStream(raw.body, limit);
  c.req.raw = new Request(raw, { body: new Uint8Array(body) });
  return body;
}

/**
 * The middleware. It reads the body once (at most API_BODY_LIMIT bytes: a larger one is a 413), so
 * the route and better-auth still read it after; a body that does not parse is left to them to refuse.
 * `skipBody` names paths whose bodies are read elsewhere with their own rules and limits (picture
 * uploads: a single file field, every other field refused by name; a backup to restore).
 */
export function refuseHostileInput(skipBody: (path: string) => boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = new URL(c.req.url);
    if (safeDecode(url.pathname).includes(NUL)) refuse('path', [{ path: 'path', message: NUL_MESSAGE }]);
    const queryIssues: FieldIssue[] = [];
    for (const [name, value] of url.searchParams) {
      if (name.includes(NUL) || value.includes(NUL))
        queryIssues.push({ path: shown(name), message: NUL_MESSAGE });
    }
    if (queryIssues.length > 0) refuse('query', queryIssues);

    const type = c.req.header('content-type') ?? '';
    // GET and HEAD have no body; not touching the request's body for them spares building a full Request.
    const mayHaveBody = c.req.method !== 'GET' && c.req.method !== 'HEAD';
    if (mayHaveBody && !skipBody(c.req.path)) {
      const body = await readBodyOnce(c, API_BODY_LIMIT);
      if (body.length > 0) await refuseHostileBody(c, type, body);
    }
    await next();
  };
}

/** Refuses a NUL in a form's fields or in a JSON body, and JSON nested too deeply. */
async function refuseHostileBody(c: Context<AppEnv>, type: string, body: Buffer): Promise<void> {
  if (isMultipart(type)) {
    const form = await c.req.raw
      .clone()
      .formData()
      .catch(() => null);
    const issues: FieldIssue[] = [];
    for (const [name, value] of form ?? []) {
      if (name.includes(NUL) || (typeof value === 'string' && value.includes(NUL)))
        issues.push({ path: shown(name), message: NUL_MESSAGE });
    }
    if (issues.length > 0) refuse('form', issues);
  } else {
    const text = body.toString('utf8');
    if (isUrlEncoded(type)) {
      const issues: FieldIssue[] = [];
      for (const [name, value] of new URLSearchParams(text)) {
        if (name.includes(NUL) || value.includes(NUL))
          issues.push({ path: shown(name), message: NUL_MESSAGE });
      }
      if (issues.length > 0) refuse('form', issues);
    } else if (text && (isJson(type) || /^\s*[[{"]/.test(text)) && mayHideProblem(text)) {
      // Also a body sent without a JSON type: some readers (better-auth's) parse it anyway.
      let parsed: unknown;
      let readable = true;
      try {
        parsed = JSON.parse(text);
      } catch {
        readable = false;
      }
      const problem = readable ? findJsonProblem(parsed) : null;
      if (problem) refuse('request body', [problem]);
    }
  }
}

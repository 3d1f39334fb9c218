import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context';
import { badRequest, type FieldIssue } from './errors';

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

/**
 * The middleware. It reads a copy of the body (the JSON limit has already bounded it), so the route
 * and better-auth still read the original; a body that does not parse is left to them to refuse.
 * `skipBody` names paths whose bodies are read elsewhere with their own rules (picture uploads: a
 * single file field, every other field refused by name).
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
    // GET and HEAD have no body; not touching c.req.raw for them spares building a full Request.
    const mayHaveBody = c.req.method !== 'GET' && c.req.method !== 'HEAD';
    if (mayHaveBody && c.req.raw.body && !skipBody(c.req.path)) {
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
        const text = await c.req.raw
          .clone()
          .text()
          .catch(() => '');
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
    await next();
  };
}

import type { OpenAPIHono } from '@hono/zod-openapi';
import { SESSION_SCHEME } from '../../lib/router';

/**
 * What the generated OpenAPI document needs before a partner's tools read it (Redocly's `recommended`
 * rules, client generators), added to every operation alike so that a new route needs nothing of its
 * own: an `operationId`, the 400 and the error envelope every /api answer can give, the server, the
 * session cookie's real name, and regex patterns JSON Schema can read. `security` is not filled in
 * here: `defineRoute` declares it from the access level and the auth endpoints from their list, and
 * an operation without it is a mistake `npm run lint:openapi` reports.
 */

type OpenApiDocument = ReturnType<OpenAPIHono['getOpenAPI31Document']>;

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

const pascal = (text: string) =>
  text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');

/**
 * The operation's id, from its method and path only, so that it never changes while the operation
 * keeps its method and path, and a caller can tell it from the path: the method, then each segment
 * after `/api` in PascalCase, a path parameter as `By` and its name.
 * `get /api/orders/{id}/payments` → `getOrdersByIdPayments`. A route may set its own `operationId`.
 */
export function operationIdFor(method: string, path: string): string {
  const segments = path.split('/').filter(Boolean);
  if (segments[0] === 'api') segments.shift();
  const words = segments.map((segment) => {
    const parameter = /^\{(.+)\}$/.exec(segment);
    return parameter ? `By${pascal(parameter[1] as string)}` : pascal(segment);
  });
  return `${method.toLowerCase()}${words.join('')}`;
}

interface OperationLike {
  operationId?: string;
  responses?: Record<string, unknown>;
}

/** Every operation of the document with its method and path. */
export function operationsOf(document: { paths?: Record<string, unknown> }) {
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    HTTP_METHODS.flatMap((method) => {
      const operation = (item as Record<string, OperationLike | undefined>)[method];
      return operation ? [{ method, path, operation }] : [];
    }),
  );
}

/** The operation ids used by more than one operation (each once); a client cannot name both calls. */
export function duplicateOperationIds(document: { paths?: Record<string, unknown> }): string[] {
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  for (const { operation } of operationsOf(document)) {
    if (!operation.operationId) continue;
    if (seen.has(operation.operationId)) duplicates.add(operation.operationId);
    seen.add(operation.operationId);
  }
  return [...duplicates];
}

const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };

/**
 * zod-to-openapi writes a regex check as `RegExp#toString()` without its first and last slash, so a
 * regex with flags ends in `/u` in the document, a pattern that matches nothing. JSON Schema patterns
 * are Unicode regexes already (ECMA-262 with the u flag), so that suffix is dropped; any other flag
 * has no JSON Schema form and is left for the API document test to refuse.
 */
export function unicodeFlagDropped(pattern: string): string {
  return /(?<!\\)\/u$/.test(pattern) ? pattern.slice(0, -2) : pattern;
}

function fixPatterns(value: unknown): void {
  const stack = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null) continue;
    const record = node as Record<string, unknown>;
    if (typeof record.pattern === 'string') record.pattern = unicodeFlagDropped(record.pattern);
    stack.push(...Object.values(record));
  }
}

/** Completes the generated document in place (see the top of this file) and returns it. */
export function completeApiDocument(
  document: OpenApiDocument,
  options: { baseUrl: string; sessionCookieName: string },
): OpenApiDocument {
  document.servers = [{ url: options.baseUrl, description: 'This Brigade (its BASE_URL)' }];
  document.components ??= {};
  document.components.securitySchemes = {
    ...document.components.securitySchemes,
    [SESSION_SCHEME]: {
      type: 'apiKey',
      in: 'cookie',
      name: options.sessionCookieName,
      description:
        'The session cookie that signing in sets (http-only; the browser sends it, a script cannot read it).',
    },
  };
  for (const { method, path, operation } of operationsOf(document)) {
    operation.operationId ??= operationIdFor(method, path);
    operation.responses ??= {};
    // Every /api request is refused with 400 for a NUL character anywhere in it (lib/input-guards.ts).
    operation.responses['400'] ??= {
      description: 'The request carries a NUL character (U+0000) in its path, query or body.',
      content: errorContent,
    };
    // Every error answer of the API is the envelope, including those no route lists (413, 429, 500, 503).
    operation.responses.default ??= {
      description: 'Any other error: the envelope `{ error: { code, message, details? } }`.',
      content: errorContent,
    };
  }
  fixPatterns(document.components.schemas);
  fixPatterns(document.paths);
  return document;
}

import { type ErrorReason, reasonOf } from '../../shared/error-reasons';
import { type ErrorCode, errorCodeForStatus, isErrorBody } from '../../shared/errors';

/** An error from `/api/*`, read from the error envelope `{ error: { code, message, details? } }`. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly details: unknown;
  /** `details.reason`, when it is one the API sends (shared/error-reasons.ts). */
  readonly reason: ErrorReason | undefined;

  constructor(status: number, code: ErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
    this.reason = reasonOf(details);
  }
}

/** Whether `error` is the API's refusal for `reason` (a name the type checker knows). */
export function hasReason(error: unknown, reason: ErrorReason): error is ApiError {
  return error instanceof ApiError && error.reason === reason;
}

/** Status 0 marks a request that never got an answer (offline, server down). */
const NETWORK_ERROR_STATUS = 0;

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** A message fit for a toast, whatever was thrown. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Please try again.';
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; leave undefined to send no body at all. */
  body?: unknown;
  /** Sent as multipart/form-data instead of `body` (the browser sets the boundary). */
  form?: FormData;
  /** Extra headers, such as the solved human check (`X-Human-Check`). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** The browser cache mode: `no-cache` revalidates a stored answer with its ETag (a 304 costs little). */
  cache?: RequestCache;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.length === 0) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The one way the web app talks to the server: same-origin JSON with the session cookie. Resolves with
 * the parsed body (undefined for an empty one, e.g. 204) and rejects with an `ApiError`.
 */
export async function apiRequest<T>(url: string, options: ApiRequestOptions = {}): Promise<T> {
  const { method = 'GET', body, form, signal, cache } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let payloadToSend: BodyInit | undefined;
  if (form) payloadToSend = form;
  else if (body !== undefined) {
    payloadToSend = JSON.stringify(body);
    headers['Content-Type'] = 'application/json';
  }

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: payloadToSend,
      credentials: 'same-origin',
      signal,
      ...(cache ? { cache } : {}),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(
      NETWORK_ERROR_STATUS,
      'unavailable',
      'Could not reach the server. Check your connection and try again.',
    );
  }

  const payload = await readJson(response);
  if (response.ok) return payload as T;

  if (isErrorBody(payload)) {
    throw new ApiError(response.status, payload.error.code, payload.error.message, payload.error.details);
  }
  throw new ApiError(
    response.status,
    errorCodeForStatus(response.status),
    `The server answered with an error (${response.status}). Please try again.`,
  );
}

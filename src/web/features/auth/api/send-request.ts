import { errorCodeForStatus, isErrorBody } from '../../../../shared/errors';
import { ApiError } from '../../../lib/api-client';

export interface SendRequestOptions {
  method?: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as multipart/form-data (the browser sets the boundary). */
  form?: FormData;
  /** Extra headers, such as the solved human check (`X-Human-Check`). */
  headers?: Record<string, string>;
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
 * `apiRequest` for the calls it cannot make yet: a request with extra headers (the human check) or a
 * file upload. Same origin, session cookie, and the same `ApiError` from the seed's envelope.
 */
export async function sendRequest<T>(url: string, options: SendRequestOptions = {}): Promise<T> {
  const { method = 'POST', json, form, headers = {} } = options;
  const allHeaders: Record<string, string> = { Accept: 'application/json', ...headers };
  let body: BodyInit | undefined;
  if (form) body = form;
  else if (json !== undefined) {
    body = JSON.stringify(json);
    allHeaders['Content-Type'] = 'application/json';
  }

  let response: Response;
  try {
    response = await fetch(url, { method, headers: allHeaders, body, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'unavailable', 'Could not reach the server. Check your connection and try again.');
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

/**
 * The error envelope of every refused API request: `{ error: { code, message, details? } }`, with the
 * code a function of the HTTP status, as this table maps it (docs/ARCHITECTURE.md, Request path).
 */
export const ERROR_CODE_BY_STATUS = {
  400: 'invalid-argument',
  401: 'unauthenticated',
  403: 'permission-denied',
  404: 'not-found',
  409: 'aborted',
  429: 'resource-exhausted',
  499: 'cancelled',
  500: 'internal',
  501: 'unimplemented',
  503: 'unavailable',
  504: 'deadline-exceeded',
} as const;

export type ErrorStatus = keyof typeof ERROR_CODE_BY_STATUS;
export type ErrorCode = (typeof ERROR_CODE_BY_STATUS)[ErrorStatus] | 'unknown';

/** Maps an HTTP status to its error code; any status the table does not list is "unknown". */
export function errorCodeForStatus(status: number): ErrorCode {
  return (ERROR_CODE_BY_STATUS as Record<number, ErrorCode>)[status] ?? 'unknown';
}

export interface ErrorBody {
  error: { code: ErrorCode; message: string; details?: unknown };
}

export function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}

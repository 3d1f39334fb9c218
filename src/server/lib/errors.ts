import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ZodError } from 'zod';
import type { ErrorReason } from '../../shared/error-reasons';
import { type ErrorBody, errorCodeForStatus } from '../../shared/errors';
import type { Logger } from './logger';

/**
 * The one error type services throw. The handler turns it into the error envelope (shared/errors.ts);
 * its message is shown to the user, so it must be a clear sentence and never carry SQL or a stack.
 */
/** An error's `details`: its `reason` is one of the shared `ERROR_REASONS`, the rest is free. */
export type ErrorDetails = { reason?: ErrorReason } & Record<string, unknown>;

export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly details?: ErrorDetails,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, details?: ErrorDetails) => new AppError(400, message, details);
export const unauthenticated = (message = 'Sign in to continue.') => new AppError(401, message);
export const forbidden = (message = 'You do not have permission to do this.') => new AppError(403, message);
export const notFound = (message = 'Not found.') => new AppError(404, message);
export const conflict = (message: string, details?: ErrorDetails) => new AppError(409, message, details);

export function errorBody(status: number, message: string, details?: unknown): ErrorBody {
  const body: ErrorBody = { error: { code: errorCodeForStatus(status), message } };
  if (details !== undefined) body.error.details = details;
  return body;
}

export interface FieldIssue {
  path: string;
  message: string;
}

/** zod issues as `{ path: 'items.0.price', message }`, so a 400 names the field. */
export function describeZodIssues(error: ZodError): FieldIssue[] {
  return error.issues.map((issue) => {
    const base = issue.path.map(String).join('.');
    // An unknown field is reported on its parent; name the field itself instead.
    const path =
      issue.code === 'unrecognized_keys'
        ? issue.keys.map((key) => (base ? `${base}.${key}` : key)).join(', ')
        : base || '(body)';
    return { path, message: issue.code === 'unrecognized_keys' ? 'is not a known field' : issue.message };
  });
}

export function validationError(error: ZodError, where: string): AppError {
  const issues = describeZodIssues(error);
  const first = issues[0];
  const summary = first ? `${first.path}: ${first.message}` : 'invalid input';
  return badRequest(`Invalid ${where}: ${summary}`, { issues });
}

interface PgError {
  code: string;
  constraint?: string;
  detail?: string;
}

function isPgError(error: unknown): error is PgError {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((error as { code: string }).code) &&
    'severity' in error
  );
}

/** Drizzle wraps driver errors; the PostgreSQL error is its cause. */
export function findPgError(error: unknown): PgError | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    if (isPgError(current)) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** Maps any thrown value to a status and envelope; unknown errors become a 500 with no internals. */
export function toErrorResponse(error: unknown): { status: ContentfulStatusCode; body: ErrorBody } {
  if (error instanceof AppError) {
    return { status: error.status, body: errorBody(error.status, error.message, error.details) };
  }
  if (error instanceof ZodError) {
    const appError = validationError(error, 'input');
    return { status: 400, body: errorBody(400, appError.message, appError.details) };
  }
  if (error instanceof HTTPException) {
    const status = error.status as ContentfulStatusCode;
    const message =
      status === 400 && /json/i.test(error.message) ? 'The request body is not valid JSON.' : error.message;
    return { status, body: errorBody(status, message || 'The request could not be handled.') };
  }
  const pg = findPgError(error);
  if (pg) {
    if (pg.code === '23505') {
      return { status: 409, body: errorBody(409, 'A record with the same unique value already exists.') };
    }
    if (pg.code === '23503') {
      return {
        status: 409,
        body: errorBody(
          409,
          'This record is referred to by other records, or refers to one that does not exist.',
        ),
      };
    }
    // Bad text representation, numeric/date-time out of range, check constraint, too long, bad date
    // format, NUL in text: values a request carried, never faults of ours. The schemas refuse them
    // first, naming the field; this is the net under them.
    if (['22P02', '22003', '22008', '22007', '23514', '22001', '22021', '22P05'].includes(pg.code)) {
      return { status: 400, body: errorBody(400, 'A value in the request is not valid.') };
    }
    if (pg.code === '40001' || pg.code === '40P01') {
      return {
        status: 409,
        body: errorBody(409, 'Another change happened at the same time. Please try again.'),
      };
    }
    if (pg.code === '57014') {
      return { status: 504, body: errorBody(504, 'The database took too long to answer.') };
    }
  }
  return { status: 500, body: errorBody(500, 'Something went wrong on our side. Please try again.') };
}

/** Hono's onError: logs server faults with the request id, answers with the envelope. */
export function handleError(error: unknown, c: Context, logger: Logger): Response {
  const { status, body } = toErrorResponse(error);
  if (status >= 500) {
    logger.error({ err: error, requestId: c.get('requestId'), path: c.req.path }, 'request failed');
  }
  return c.json(body, status);
}

import { describe, expect, it } from 'vitest';
import { errorCodeForStatus, isErrorBody } from './errors';

describe('errorCodeForStatus', () => {
  it('maps each listed status to its code', () => {
    expect(
      [400, 401, 403, 404, 409, 429, 499, 500, 501, 503, 504].map((status) => errorCodeForStatus(status)),
    ).toEqual([
      'invalid-argument',
      'unauthenticated',
      'permission-denied',
      'not-found',
      'aborted',
      'resource-exhausted',
      'cancelled',
      'internal',
      'unimplemented',
      'unavailable',
      'deadline-exceeded',
    ]);
  });

  it('calls every other status unknown', () => {
    expect(errorCodeForStatus(413)).toBe('unknown');
    expect(errorCodeForStatus(418)).toBe('unknown');
  });
});

describe('isErrorBody', () => {
  it('recognises the envelope only', () => {
    expect(isErrorBody({ error: { code: 'not-found', message: 'x' } })).toBe(true);
    expect(isErrorBody({ message: 'x', code: 'X' })).toBe(false);
    expect(isErrorBody({ error: 'x' })).toBe(false);
    expect(isErrorBody(null)).toBe(false);
  });
});

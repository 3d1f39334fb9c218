import { HTTPException } from 'hono/http-exception';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, toErrorResponse } from './errors';

describe('toErrorResponse', () => {
  it('keeps an AppError’s status, message and details', () => {
    expect(toErrorResponse(new AppError(409, 'Taken.', { field: 'code' }))).toEqual({
      status: 409,
      body: { error: { code: 'aborted', message: 'Taken.', details: { field: 'code' } } },
    });
  });

  it('hides everything about an unexpected error', () => {
    const error = new Error('relation "users" does not exist at select * from users');
    const { status, body } = toErrorResponse(error);
    expect(status).toBe(500);
    expect(body.error.code).toBe('internal');
    expect(JSON.stringify(body)).not.toMatch(/relation|select|users/);
  });

  it('maps PostgreSQL constraint errors, also when wrapped by the ORM', () => {
    const unique = Object.assign(new Error('duplicate key value violates unique constraint "x"'), {
      code: '23505',
      severity: 'ERROR',
    });
    const wrapped = new Error('Failed query: insert into ...', { cause: unique });
    const { status, body } = toErrorResponse(wrapped);
    expect(status).toBe(409);
    expect(body.error.message).not.toMatch(/insert|constraint/);
    const foreign = Object.assign(new Error('fk'), { code: '23503', severity: 'ERROR' });
    expect(toErrorResponse(foreign).status).toBe(409);
  });

  it('turns a zod error into a 400 naming the field', () => {
    const result = z.object({ price: z.number().int() }).safeParse({ price: 1.5 });
    const { status, body } = toErrorResponse(result.error);
    expect(status).toBe(400);
    expect(body.error.message).toContain('price');
  });

  it('rewords a malformed-JSON exception', () => {
    const { status, body } = toErrorResponse(
      new HTTPException(400, { message: 'Malformed JSON in request body' }),
    );
    expect(status).toBe(400);
    expect(body.error).toEqual({ code: 'invalid-argument', message: 'The request body is not valid JSON.' });
  });
});

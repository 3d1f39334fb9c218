import { describe, expect, it } from 'vitest';
import {
  completeApiDocument,
  duplicateOperationIds,
  operationIdFor,
  unicodeFlagDropped,
} from './openapi-document';

type Document = Parameters<typeof completeApiDocument>[0];

const options = { baseUrl: 'https://cafe.example.org', sessionCookieName: '__Secure-brigade.session_token' };

describe('operationIdFor', () => {
  it('is the method and the path after /api in camelCase, a parameter as By and its name', () => {
    expect(operationIdFor('get', '/api/me')).toBe('getMe');
    expect(operationIdFor('post', '/api/orders')).toBe('postOrders');
    expect(operationIdFor('get', '/api/orders/{id}')).toBe('getOrdersById');
    expect(operationIdFor('post', '/api/orders/{id}/payments')).toBe('postOrdersByIdPayments');
    expect(operationIdFor('get', '/api/orders/{orderId}/feedback')).toBe('getOrdersByOrderIdFeedback');
    expect(operationIdFor('post', '/api/auth/sign-in/email')).toBe('postAuthSignInEmail');
    expect(operationIdFor('put', '/api/admin/backups/schedule')).toBe('putAdminBackupsSchedule');
  });

  it('keeps apart a collection and its records, and a path and its parameter', () => {
    expect(operationIdFor('post', '/api/admin/backup/restore')).not.toBe(
      operationIdFor('post', '/api/admin/backups/{id}/restore'),
    );
    expect(operationIdFor('get', '/api/orders')).not.toBe(operationIdFor('get', '/api/orders/{id}'));
  });
});

describe('duplicateOperationIds', () => {
  it('names each id that two operations share, once', () => {
    const document = {
      paths: {
        '/api/a-b': { get: { operationId: 'getAB' }, post: { operationId: 'postAB' } },
        '/api/a/b': { get: { operationId: 'getAB' } },
        '/api/c': { get: { operationId: 'getAB' } },
      },
    };
    expect(duplicateOperationIds(document)).toEqual(['getAB']);
    expect(duplicateOperationIds({ paths: { '/api/c': { get: { operationId: 'getC' } } } })).toEqual([]);
  });
});

describe('unicodeFlagDropped', () => {
  it('drops the `/u` a regex with the u flag leaves in a pattern, and nothing else', () => {
    expect(unicodeFlagDropped('^[^\\p{Cc}]*$/u')).toBe('^[^\\p{Cc}]*$');
    expect(unicodeFlagDropped('^[A-Z]{3}$')).toBe('^[A-Z]{3}$');
    expect(unicodeFlagDropped('^a\\/u')).toBe('^a\\/u');
    expect(unicodeFlagDropped('^abc$/i')).toBe('^abc$/i');
  });
});

describe('completeApiDocument', () => {
  const generated = (): Document =>
    ({
      openapi: '3.1.0',
      info: { title: 'Test', version: '1' },
      paths: {
        '/api/orders/{id}': {
          get: { responses: { 200: { description: 'The order' } } },
          patch: {
            operationId: 'changeOrder',
            responses: { 200: { description: 'Changed' }, 400: { description: 'Not valid' } },
          },
        },
      },
      components: {
        schemas: { Name: { type: 'string', pattern: '^[^\\p{Cc}]*$/u', example: 'Ada' } },
        securitySchemes: { other: { type: 'http', scheme: 'basic' } },
      },
    }) as Document;

  it('names the server, the session cookie, every operation, and the answers every request can get', () => {
    const document = completeApiDocument(generated(), options);
    expect(document.servers).toEqual([{ url: options.baseUrl, description: expect.any(String) }]);
    expect(document.components?.securitySchemes).toEqual({
      other: { type: 'http', scheme: 'basic' },
      sessionCookie: expect.objectContaining({
        type: 'apiKey',
        in: 'cookie',
        name: options.sessionCookieName,
      }),
    });
    const item = document.paths?.['/api/orders/{id}'];
    expect(item?.get?.operationId).toBe('getOrdersById');
    expect(item?.patch?.operationId).toBe('changeOrder');
    expect(Object.keys(item?.get?.responses ?? {})).toEqual(['200', '400', 'default']);
    expect(item?.get?.responses?.['400']?.description).toContain('NUL');
    expect(item?.patch?.responses?.['400']).toEqual({ description: 'Not valid' });
    expect(item?.get?.responses?.default).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    });
    expect(document.components?.schemas?.Name).toMatchObject({ pattern: '^[^\\p{Cc}]*$' });
  });

  it('leaves security to the routes: an operation without it stays without it', () => {
    const item = completeApiDocument(generated(), options).paths?.['/api/orders/{id}'];
    expect(item?.get).not.toHaveProperty('security');
  });
});

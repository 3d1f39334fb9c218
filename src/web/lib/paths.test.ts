import { describe, expect, it } from 'vitest';
import { safeCallbackPath } from './paths';

const origin = 'https://cafe.example';

describe('safeCallbackPath', () => {
  it('keeps a same-origin path with its search and hash', () => {
    expect(safeCallbackPath('/orders?status=pending#top', origin)).toBe('/orders?status=pending#top');
    expect(safeCallbackPath('/menu/../orders', origin)).toBe('/orders');
  });

  it('refuses other sites however they are written', () => {
    for (const value of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      '/.//evil.example',
      '/./\\evil.example',
      '/a/..//evil.example',
      'javascript:alert(1)',
      'orders',
      '',
    ]) {
      expect(safeCallbackPath(value, origin), value).toBeNull();
    }
    expect(safeCallbackPath(null, origin)).toBeNull();
  });

  it('refuses the sign-in pages themselves', () => {
    expect(safeCallbackPath('/login', origin)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { myOrderPath, orderPath, safeCallbackPath } from './paths';

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

describe('order paths', () => {
  it('sends a customer to their own order page and staff to the back office one', () => {
    expect(myOrderPath('3f2a')).toBe('/account/orders/3f2a');
    expect(orderPath('3f2a')).toBe('/orders/3f2a');
    expect(myOrderPath('a/b?c')).toBe('/account/orders/a%2Fb%3Fc');
  });
});

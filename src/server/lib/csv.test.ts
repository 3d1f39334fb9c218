import { describe, expect, it } from 'vitest';
import { decimalCell, toCsv } from './csv';

describe('toCsv', () => {
  it('quotes what needs quoting and disarms formulas in text', () => {
    const rows = [
      ['x, y', 'say "hi"'],
      ['=SUM(A1)', -2.5],
      ['+1', '@x'],
      [null, true],
    ];
    expect(toCsv(['a', 'b'], rows)).toBe(
      ['a,b', '"x, y","say ""hi"""', "'=SUM(A1),-2.5", "'+1,'@x", ',true', ''].join('\r\n'),
    );
  });

  it('keeps decimals the app wrote as written, and refuses anything else as one', () => {
    expect(toCsv(['q'], [[decimalCell('-2.500')], ['-2.500']])).toBe("q\r\n-2.500\r\n'-2.500\r\n");
    expect(() => decimalCell('=1')).toThrow();
  });
});

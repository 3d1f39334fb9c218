import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, decimalCell, parseCsv, toCsv } from './csv';

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

describe('parseCsv', () => {
  it('reads quoted cells, doubled quotes, line breaks in quotes and every line ending', () => {
    const text = '\uFEFFname,note\r\n"Salt, coarse","say ""hi"""\n"two\r\nlines",x\rlast,';
    expect(parseCsv(text)).toEqual([
      ['name', 'note'],
      ['Salt, coarse', 'say "hi"'],
      ['two\r\nlines', 'x'],
      ['last', ''],
    ]);
  });

  it('writes a formula behind apostrophes with one more, so it too comes back as it was', () => {
    expect(toCsv(['a'], [["'=x"]])).toBe("a\r\n''=x\r\n");
    expect(parseCsv("''=x")).toEqual([["'=x"]]);
  });

  it('reads back a formula-looking cell as it was before export, and keeps other apostrophes', () => {
    expect(parseCsv("'=SUM(A1),'-2,'plain,\"'@x, y\"\r\n")).toEqual([['=SUM(A1)', '-2', "'plain", '@x, y']]);
  });

  it('refuses an unclosed quote or text after a closing quote, naming the record', () => {
    expect(() => parseCsv('a\r\n"open')).toThrow(CsvSyntaxError);
    try {
      parseCsv('a\r\nb\r\n"x"y');
    } catch (error) {
      expect(error).toBeInstanceOf(CsvSyntaxError);
      expect((error as CsvSyntaxError).row).toBe(3);
    }
  });

  it('gives back what toCsv wrote, for any text', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.array(
            fc.oneof(
              fc.string({ unit: 'grapheme', maxLength: 12 }),
              fc.stringMatching(/^'{0,2}[=+\-@\t\r"',]{0,3}[a-z]?$/),
            ),
            { minLength: 2, maxLength: 2 },
          ),
          {
            maxLength: 6,
          },
        ),
        (rows) => {
          expect(parseCsv(toCsv(['a', 'b'], rows)).slice(1)).toEqual(rows);
        },
      ),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { csvCell, csvDocument } from './csv';

describe('CSV', () => {
  it('quotes cells holding a comma, a quote or a line break', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it('keeps a spreadsheet from running text as a formula (= + - @, tab, CR)', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('\rx')).toBe(`"'\rx"`);
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('writes numbers as numbers, a negative amount included', () => {
    expect(csvCell(12.5)).toBe('12.5');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(Number.NaN)).toBe('');
  });

  it('builds a file: header, rows, CRLF line ends and a final one', () => {
    expect(
      csvDocument(
        ['name', 'n'],
        [
          ['a', 1],
          ['b,c', 2],
        ],
      ),
    ).toBe('name,n\r\na,1\r\n"b,c",2\r\n');
    expect(csvDocument(['only'], [])).toBe('only\r\n');
  });
});

import { describe, expect, it } from 'vitest';
import { columnLetters, csvField, sheetTable, toCsv } from './sheet-table.js';

describe('sheet tables', () => {
  it('names columns as a spreadsheet does', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(columnLetters)).toEqual([
      'A',
      'B',
      'Z',
      'AA',
      'AB',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
    ]);
  });

  it('takes the first row as headers, keeping letters for empty header cells', () => {
    const sheet = {
      name: 'S',
      columns: 3,
      truncated: false,
      rows: [
        { number: 1, cells: ['Item', ''] },
        { number: 2, cells: ['A', '1', 'x'] },
      ],
    };
    expect(sheetTable(sheet, true)).toEqual({ headers: ['Item', 'B', 'C'], rows: [sheet.rows[1]] });
    expect(sheetTable(sheet, false)).toEqual({ headers: ['A', 'B', 'C'], rows: sheet.rows });
  });

  it('escapes semicolons, quotes, line breaks and surrounding spaces', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a;b')).toBe('"a;b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(' padded')).toBe('" padded"');
    expect(csvField('')).toBe('');
  });

  it('keeps a formula-looking text from running when the export is opened, but not a number', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('-5')).toBe('-5');
    expect(csvField('+3,5')).toBe('+3,5');
    expect(csvField('-x')).toBe("'-x");
  });

  it('writes rows with CRLF', () => {
    expect(toCsv(['a', 'b'], [['1', '2;3']])).toBe('a;b\r\n1;"2;3"\r\n');
  });
});

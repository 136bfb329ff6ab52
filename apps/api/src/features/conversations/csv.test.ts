import { describe, expect, it } from 'vitest';
import { csvCell, csvRow } from './csv.ts';

describe('csvCell', () => {
  it('leaves plain text and numbers alone', () => {
    expect(csvCell('When is the midterm')).toBe('When is the midterm');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(null)).toBe('');
  });

  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"');
    expect(csvCell('cr\r\nlf')).toBe('"cr\r\nlf"');
  });

  it.each([
    ['=1+1', "'=1+1"],
    ['+SUM(A1:A2)', "'+SUM(A1:A2)"],
    ['-2+3', "'-2+3"],
    ['@cmd', "'@cmd"],
    ['\t=1', "'\t=1"],
  ])('neutralises a formula %j', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it('neutralises and quotes together', () => {
    expect(csvCell('=HYPERLINK("http://x.test","click")')).toBe(
      `"'=HYPERLINK(""http://x.test"",""click"")"`,
    );
  });
});

describe('csvRow', () => {
  it('joins cells and ends with CRLF', () => {
    expect(csvRow(['a', 1, null, 'b,c'])).toBe('a,1,,"b,c"\r\n');
  });
});

import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('CSV cells', () => {
  it('leaves plain text and numbers as they are', () => {
    expect(csvCell('vet@example.com')).toBe('vet@example.com');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(null)).toBe('');
  });

  it('quotes commas, quotes and line breaks, doubling inner quotes', () => {
    expect(csvCell('Paws, Claws & Co')).toBe('"Paws, Claws & Co"');
    expect(csvCell('the "best" vet')).toBe('"the ""best"" vet"');
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"');
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
  });

  it.each(['=HYPERLINK("http://evil.example","click")', '+1+2', '-2+3', '@SUM(A1:A2)', '\t=1+1', '\r=1+1'])('makes a formula start inert: %j', (value) => {
    const cell = csvCell(value);
    expect(cell.startsWith(`"'`)).toBe(true);
    // Unquoted again, the cell is the original text behind an apostrophe.
    expect(cell.slice(1, -1).replace(/""/g, '"')).toBe(`'${value}`);
  });

  it('writes a header and CRLF rows behind a BOM', () => {
    expect(
      toCsv(
        ['email', 'state'],
        [
          ['a@example.com', 'confirmed'],
          ['=cmd', null],
        ],
      ),
    ).toBe('\uFEFFemail,state\r\na@example.com,confirmed\r\n"\'=cmd",\r\n');
  });
});

import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('CSV cells', () => {
  it('quotes every text cell and leaves numbers and empty cells bare', () => {
    expect(csvCell('vet@example.com')).toBe('"vet@example.com"');
    expect(csvCell('2025-01-31')).toBe('"2025-01-31"');
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

  it.each([
    ['a;=2+5;', `"a;'=2+5;"`],
    ['a\t+1', `"a\t'+1"`],
    ['line one\n@SUM(A1)', `"line one\n'@SUM(A1)"`],
    ['a;"=1+1"', `"a;""'=1+1"""`],
    ['a,=2+5', `"a,=2+5"`],
  ])('makes a formula inert behind a separator a spreadsheet may split at: %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
    // Read with ';' or tab separators and quotes ignored (the worst case): no piece starts a formula.
    for (const piece of cell.split(/[;\t\n]/)) expect(piece.replace(/^"+/, '')).not.toMatch(/^[=+\-@]/);
  });

  it.each(['=HYPERLINK("http://evil.example","click")', '+1+2', '-2+3', '@SUM(A1:A2)', '\t=1+1', '\r=1+1'])('makes a formula start inert: %j', (value) => {
    const cell = csvCell(value);
    expect(cell.startsWith(`"'`)).toBe(true);
    // Unquoted again, the cell is the original text behind an apostrophe (and one more behind a tab or CR).
    expect(cell.slice(1, -1).replace(/""/g, '"')).toBe(`'${value}`.replace(/^'([\t\r])/, "'$1'"));
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
    ).toBe('\uFEFF"email","state"\r\n"a@example.com","confirmed"\r\n"\'=cmd",\r\n');
  });
});

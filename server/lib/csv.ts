// CSV for the administrators' exports (decisions.md sections 9 and 10): RFC 4180 quoting, and text
// cells that a spreadsheet would run as a formula (=, +, -, @, tab, CR at the start) are made inert
// with a leading apostrophe (OWASP "CSV injection"). Numbers stay numbers.
export type CsvCell = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) || FORMULA_START.test(value) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole file: a header row and the rows, CRLF line ends, with a BOM so spreadsheets read UTF-8. */
export function toCsv(header: string[], rows: CsvCell[][]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

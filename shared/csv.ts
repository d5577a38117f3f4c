// The one CSV writer, for every export (the administrators' exports on the server, profile statistics in the
// browser). OWASP "CSV injection": every text cell is quoted (RFC 4180, inner quotes doubled), and a formula start
// (=, +, -, @) is made inert with an apostrophe where a spreadsheet could begin a cell: at the start of the text
// (also behind a tab or CR), and behind every ';', tab or line break in it. Quotes alone are not enough: a
// spreadsheet set to ';' separators (most of Europe) may split a quoted cell at its ';' and run the rest, and
// Excel runs "=..." in quotes too (docs/security.md, Second review, row 7). Numbers stay numbers.
export type CsvCell = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
/** A formula start behind a character that some reading of the file takes as a cell or row boundary. */
const FORMULA_AFTER_BREAK = /([;\t\r\n]"*)(?=[=+\-@])/g;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const inert = (FORMULA_START.test(value) ? `'${value}` : value).replace(FORMULA_AFTER_BREAK, "$1'");
  return `"${inert.replace(/"/g, '""')}"`;
}

/** A whole file: a header row and the rows, CRLF line ends, with a BOM so spreadsheets read UTF-8. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

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

/**
 * The one CSV reader (administrators' imports, docs/product.md section 20): RFC 4180 with what real files
 * carry: a UTF-8 BOM, CRLF, LF or CR line ends, quoted cells holding commas, quotes ("") and line breaks.
 * Yields each record with the line it starts on (1-based); a record that is blank is skipped. A quote
 * left open at the end of the file is reported as `unclosedAt` (the line it opened on), not guessed at,
 * with the non-blank lines after it that the open quote swallowed (`swallowed`), so a reader can count
 * and report every one of them (docs/product.md 29.5).
 */
export function* readCsv(text: string): Generator<{ line: number; cells: string[] } | { line: number; unclosedAt: number; swallowed: number[] }> {
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  const n = text.length;
  while (i < n) {
    const startLine = line;
    const recordStart = i;
    const cells: string[] = [];
    let cell = '';
    let quoted = false;
    let endOfRecord = false;
    let cellStart = true;
    while (i < n && !endOfRecord) {
      const c = text[i]!;
      if (quoted) {
        if (c === '"') {
          if (text[i + 1] === '"') {
            cell += '"';
            i += 2;
          } else {
            quoted = false;
            i += 1;
          }
        } else {
          if (c === '\n' || (c === '\r' && text[i + 1] !== '\n')) line += 1;
          cell += c;
          i += 1;
        }
        continue;
      }
      if (c === '"' && cellStart) {
        quoted = true;
        cellStart = false;
        i += 1;
      } else if (c === ',') {
        cells.push(cell);
        cell = '';
        cellStart = true;
        i += 1;
      } else if (c === '\r' || c === '\n') {
        i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
        line += 1;
        endOfRecord = true;
      } else {
        cell += c;
        cellStart = false;
        i += 1;
      }
    }
    if (quoted) {
      const swallowed: number[] = [];
      text
        .slice(recordStart)
        .split(/\r\n|\r|\n/)
        .forEach((physical, k) => {
          if (k > 0 && physical.trim() !== '') swallowed.push(startLine + k);
        });
      yield { line: startLine, unclosedAt: startLine, swallowed };
      return;
    }
    cells.push(cell);
    if (cells.length === 1 && cells[0]!.trim() === '') continue;
    yield { line: startLine, cells };
  }
}

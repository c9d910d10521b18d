import { formatShortDateTime } from './french-format';
/**
 * CSV files for spreadsheets as French users open them (shared: the server's exports and the web's import report) (decisions 023 and 025): UTF-8 with a byte
 * order mark (without it Excel reads the accents as Windows-1252), `;` between cells (French Excel
 * expects it, the comma being the decimal separator), CRLF line ends (RFC 4180). `parseCsv` reads
 * what a spreadsheet saves back (an organisation's import of members).
 */

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';
const BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';

/** A cell a spreadsheet would run as a formula: text starting with = + - @ (or a tab or carriage return, which some skip first). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Text a spreadsheet would run as a formula gets a leading apostrophe: it stays text. */
export function neutralizeFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * One cell: text that starts like a formula gets a leading apostrophe (OWASP "CSV injection"),
 * then a cell holding the separator, a quote or a line break is quoted, its quotes doubled.
 * Numbers are written as they are.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'number' ? String(value) : neutralizeFormula(value);
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line of a file written as it goes (CRLF included); the first one carries the BOM. */
export function csvLine(cells: readonly (string | number | null | undefined)[], first = false): string {
  return `${first ? BOM : ''}${cells.map(csvCell).join(CSV_SEPARATOR)}\r\n`;
}

/** The whole file: BOM, header line, one line per row. */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  const lines = [header, ...rows].map((cells) => cells.map(csvCell).join(CSV_SEPARATOR));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

/** '12/03/2026 14:05' in Paris time: what French Excel recognises as a date and time. */
export function csvDateTime(date: Date): string {
  return formatShortDateTime(date);
}

/**
 * Reads CSV text into rows of cells: RFC 4180 quoting (`"a;b"`, `""` for a quote), `;` or `,`
 * as separator (whichever the first line holds more of outside quotes), CRLF, LF or CR line
 * ends, a leading BOM ignored. Each row keeps the number of its first line in the file.
 */
export function parseCsv(text: string): Array<{ line: number; cells: string[] }> {
  const source = text.startsWith(BOM) ? text.slice(1) : text;
  const separator = guessSeparator(source);
  const rows: Array<{ line: number; cells: string[] }> = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (quoted) {
      if (c === '"' && source[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n' || (c === '\r' && source[i + 1] !== '\n')) line++;
        cell += c;
      }
    } else if (c === '"' && cell.trim() === '') {
      cell = '';
      quoted = true;
    } else if (c === separator) {
      cells.push(cell);
      cell = '';
    } else if (c === '\r' || c === '\n') {
      if (c === '\r' && source[i + 1] === '\n') i++;
      cells.push(cell);
      rows.push({ line: rowLine, cells });
      cells = [];
      cell = '';
      line++;
      rowLine = line;
    } else cell += c;
  }
  if (cell !== '' || cells.length > 0) {
    cells.push(cell);
    rows.push({ line: rowLine, cells });
  }
  return rows;
}

function guessSeparator(text: string): ';' | ',' {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (const c of text) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && c === ';') semicolons++;
    else if (!quoted && c === ',') commas++;
  }
  return commas > semicolons ? ',' : ';';
}

/**
 * CSV files for spreadsheets as French users open them (decision 023): UTF-8 with a byte order
 * mark (without it Excel reads the accents as Windows-1252), `;` between cells (French Excel
 * expects it, the comma being the decimal separator), CRLF line ends (RFC 4180).
 */

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';
const BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';

/** A cell a spreadsheet would run as a formula: text starting with = + - @ (or a tab or carriage return, which some skip first). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell: text that starts like a formula gets a leading apostrophe (OWASP "CSV injection"),
 * then a cell holding the separator, a quote or a line break is quoted, its quotes doubled.
 * Numbers are written as they are.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The whole file: BOM, header line, one line per row. */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  const lines = [header, ...rows].map((cells) => cells.map(csvCell).join(CSV_SEPARATOR));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

const parisDateTime = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** '12/03/2026 14:05' in Paris time: what French Excel recognises as a date and time. */
export function csvDateTime(date: Date): string {
  return parisDateTime.format(date).replace(',', '');
}

/**
 * CSV as a spreadsheet opens it safely (issue 21): RFC 4180 quoting, and a cell that a spreadsheet
 * would run as a formula (starting with =, +, -, @, or a tab or carriage return that some strip
 * first) is written with a leading apostrophe, so it shows as the text it is. Numbers are written
 * as numbers: a negative amount is a value, not a formula.
 */
export type CsvCell = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export const csvCell = (cell: CsvCell): string => {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  if (typeof cell === 'boolean') return String(cell);
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
};

/** One row as a line of CSV, ended by CRLF (RFC 4180): what a stream writes a row at a time. */
export const csvLine = (row: readonly CsvCell[]): string => `${row.map(csvCell).join(',')}\r\n`;

/** The rows as CSV text. */
export const csvOf = (rows: readonly (readonly CsvCell[])[]): string => rows.map(csvLine).join('');

/**
 * CSV as a spreadsheet opens it safely (issue 21): RFC 4180 quoting, and a cell that a spreadsheet
 * would run as a formula (starting with =, +, -, @, or a tab or carriage return that some strip
 * first) is written with a leading apostrophe, so it shows as the text it is. Numbers are written
 * as numbers: a negative amount is a value, not a formula.
 */
export type CsvCell = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export const csvCell = (cell: CsvCell): string => {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
};

/** The rows as CSV text, each line ended by CRLF (RFC 4180). */
export const csvOf = (rows: readonly (readonly CsvCell[])[]): string => rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';

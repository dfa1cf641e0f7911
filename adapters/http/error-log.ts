/**
 * What the log says of a server error: its kind, its code and where it happened. Never the message
 * of a database error, nor its other fields: knex puts the query in the message, and PostgreSQL's
 * `detail` holds the row it refused (a password hash, an address); nor any other field of an error
 * object, which console.error would print whole.
 */
const QUERY_TEXT = /\b(select|insert|update|delete)\b[\s\S]*\b(from|into|set|where|values)\b/i;

export const errorSummary = (error: unknown): string => {
  if (!(error instanceof Error)) return `Server error (${typeof error} thrown)`;
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  const fromDatabase = typeof code === 'string' || 'severity' in error || 'sql' in error || QUERY_TEXT.test(error.message);
  const said = fromDatabase ? 'a database or system error (message withheld from the log)' : error.message.split('\n')[0].slice(0, 200);
  const where = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line)).slice(0, 8);
  const named = typeof constraint === 'string' ? ` (constraint ${constraint})` : '';
  return [`Server error: ${error.name}${typeof code === 'string' ? ` ${code}` : ''}${named}: ${said}`, ...where].join('\n');
};

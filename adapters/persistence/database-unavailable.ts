/**
 * Whether an error means the database cannot be reached now (stopped, restarting, the network
 * gone, every connection busy past the wait), as opposed to a fault of the query or of the store.
 * Such a request answers 503 and is worth trying again; the process keeps running and its pool
 * connects again once the database is back.
 */
export const isDatabaseUnavailable = (error: unknown, depth = 0): boolean => {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  const { code, name, message, cause, errors } = error as { code?: unknown; name?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || isServerSideOutage(code))) return true;
  // knex's pool gave up waiting for a connection (acquireConnectionTimeout).
  if (name === 'KnexTimeoutError') return true;
  // pg says these without a code when the socket closes under it or a connection attempt times out.
  if (typeof message === 'string' && LOST_CONNECTION.test(message)) return true;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
};

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/**
 * SQLSTATE class 08 (connection exception); 57P01-57P03 (admin or crash shutdown, "the database
 * system is starting up"); 57014 (a statement cancelled by statement_timeout: the database too
 * slow to answer now); 53300 (too many connections).
 */
const isServerSideOutage = (code: string) => code.startsWith('08') || ['57P01', '57P02', '57P03', '57014', '53300'].includes(code);

const LOST_CONNECTION = /Connection terminated|not queryable|connection timeout|Connection ended unexpectedly|timeout exceeded when trying to connect/i;

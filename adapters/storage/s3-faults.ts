/** Whether the storage can serve now, for GET /api/ready (the same shape as the database's answer). */
export type StorageReadiness = { readonly ready: true } | { readonly ready: false; readonly reason: string };

/** Failures of the connection itself: nothing was answered, so the service is down or out of reach. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNABORTED']);
const NETWORK_NAMES = new Set(['TimeoutError', 'RequestTimeout', 'NetworkingError']);

/**
 * An S3 service's outage: no answer at all, or a 5xx (S3's own 500 InternalError and 503 SlowDown
 * included). A 4xx is the service's considered answer (a refused signature, a missing bucket), not
 * an outage: it is the operator's to fix, and no retry by a visitor helps.
 */
export const isOutage = (error: unknown): boolean => {
  if (typeof error !== 'object' || error === null) return false;
  const { $metadata, code, name, message, cause } = error as { $metadata?: { httpStatusCode?: number }; code?: unknown; name?: unknown; message?: unknown; cause?: unknown };
  const status = $metadata?.httpStatusCode;
  if (status !== undefined) return status >= 500;
  if ((typeof code === 'string' && NETWORK_CODES.has(code)) || (typeof name === 'string' && NETWORK_NAMES.has(name))) return true;
  // The SDK wraps a value it does not see as an Error (one from another realm, as in Jest's sandbox)
  // into an Error of text alone: its code then lives only in the message.
  if (typeof message === 'string' && message.startsWith('AWS SDK error wrapper for') && [...NETWORK_CODES].some((c) => message.includes(c))) return true;
  return cause !== undefined && cause !== error && isOutage(cause);
};

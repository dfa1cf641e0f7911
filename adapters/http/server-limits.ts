import { RequestListener, Server, ServerOptions, createServer } from 'node:http';
import { Middleware } from 'koa';
import { fail } from './respond';

/**
 * How long and how large a request may be before the store gives up on it, so that a slow or
 * endless client holds a connection for a bounded time. Used by every server the store runs
 * (scripts/start.ts, tests/support/http.ts).
 */
export interface ServerLimits {
  /** Until the request's headers are complete (a slowloris client): answered 408, then closed. */
  readonly headersTimeoutMs: number;
  /** Until the whole request, body included, is in (a body that never finishes): 408. */
  readonly requestTimeoutMs: number;
  /** How often Node looks for connections past those limits. */
  readonly checkEveryMs: number;
}

export const SERVER_LIMITS: ServerLimits = {
  headersTimeoutMs: 10_000,
  // An upload of 10 MB (DECISIONS 17) over a slow phone connection still fits.
  requestTimeoutMs: 60_000,
  checkEveryMs: 1_000,
};

/** The longest address (path and query) the store reads; no page or call of the store comes near it. */
export const MAX_ADDRESS_LENGTH = 8 * 1024;

/**
 * Node's own ceiling on the request line and headers (431 and closed above it); above the store's
 * address limit so that a long address is answered 414 with a message, not cut off.
 */
const MAX_HEADER_BYTES = 128 * 1024;

export const createStoreServer = (listener?: RequestListener, limits: ServerLimits = SERVER_LIMITS): Server => {
  const options: ServerOptions = {
    maxHeaderSize: MAX_HEADER_BYTES,
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    connectionsCheckingInterval: limits.checkEveryMs,
  };
  return createServer(options, listener);
};

export const ADDRESS_TOO_LONG = 'The address is too long';

export const refuseLongAddresses: Middleware = async (ctx, next) => {
  if (ctx.url.length > MAX_ADDRESS_LENGTH) return fail(ctx, 414, ADDRESS_TOO_LONG);
  await next();
};

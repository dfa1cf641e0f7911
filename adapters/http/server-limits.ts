import { IncomingMessage, RequestListener, Server, ServerOptions, ServerResponse, createServer } from 'node:http';
import { Middleware } from 'koa';
import { callOf } from '../../api/calls';
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
  /**
   * A product file's upload (admin only, up to 2 GB): a whole-request limit a slow line meets, and
   * a pause limit in its place, so a stalled upload still goes soon.
   */
  readonly productFileUpload: { readonly requestTimeoutMs: number; readonly idleTimeoutMs: number };
}

export const SERVER_LIMITS: ServerLimits = {
  headersTimeoutMs: 10_000,
  // An upload of 10 MB (DECISIONS 17) over a slow phone connection still fits.
  requestTimeoutMs: 60_000,
  checkEveryMs: 1_000,
  // 2 GB at 1 Mbit/s takes four and a half hours; a minute without a byte is a line that is gone.
  productFileUpload: { requestTimeoutMs: 6 * 60 * 60_000, idleTimeoutMs: 60_000 },
};

/** The longest address (path and query) the store reads; no page or call of the store comes near it. */
export const MAX_ADDRESS_LENGTH = 8 * 1024;

/**
 * Node's own ceiling on the request line and headers (431 and closed above it); above the store's
 * address limit so that a long address is answered 414 with a message, not cut off.
 */
const MAX_HEADER_BYTES = 128 * 1024;

const isProductFileUpload = (req: IncomingMessage) => callOf(req.method ?? '', (req.url ?? '').split('?')[0]!) === 'addProductFile';

/** As Node answers its own request timeout: 408, and the connection closed. */
const giveUp = (req: IncomingMessage, res: ServerResponse) => {
  if (req.complete || req.socket.destroyed) return;
  if (res.headersSent) return void req.socket.destroy();
  req.socket.end('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n');
  req.socket.destroySoon();
};

/**
 * The whole-request limit, kept here rather than by Node's `requestTimeout` (one value for every
 * request) so that the product file upload can have its own: Node keeps only the headers' limit.
 */
const bodyLimits = (limits: ServerLimits) => (req: IncomingMessage, res: ServerResponse) => {
  const upload = isProductFileUpload(req);
  const timer = setTimeout(() => giveUp(req, res), upload ? limits.productFileUpload.requestTimeoutMs : limits.requestTimeoutMs);
  req.once('close', () => clearTimeout(timer));
  if (!upload) return;
  // The long limit is the admin's only: a refusal (401, 403, a cut) closes the connection with the
  // answer, so no one else can keep sending a body at the upload's pace afterwards.
  res.setHeader('Connection', 'close');
  res.setTimeout(limits.productFileUpload.idleTimeoutMs, () => (req.complete ? undefined : giveUp(req, res)));
};

export const createStoreServer = (listener?: RequestListener, limits: ServerLimits = SERVER_LIMITS): Server => {
  const options: ServerOptions = {
    maxHeaderSize: MAX_HEADER_BYTES,
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: 0,
    connectionsCheckingInterval: limits.checkEveryMs,
  };
  const server = createServer(options);
  // First: every request is bounded before the store sees it.
  server.on('request', bodyLimits(limits));
  if (listener) server.on('request', listener);
  return server;
};

export const ADDRESS_TOO_LONG = 'The address is too long';

export const refuseLongAddresses: Middleware = async (ctx, next) => {
  if (ctx.url.length > MAX_ADDRESS_LENGTH) return fail(ctx, 414, ADDRESS_TOO_LONG);
  await next();
};

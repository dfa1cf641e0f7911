import { Context } from 'koa';
import { Logger } from './logger';
import { loggedPath } from './request-log';

/**
 * What a client did wrong at the HTTP level, as the log says it. Node reports these on the socket
 * (and Koa passes them on as app errors) while a request is in flight: they are the client's doing,
 * never the store's, so they are logged below error level and without a stack.
 */
export interface ClientFault {
  readonly level: 'debug' | 'info' | 'warn';
  readonly code: string;
  readonly what: string;
}

/**
 * A client that went away mid-answer (a browser leaving a page while a file is sent), or was let go
 * for being too slow (server-limits.ts): ordinary, and below the store's usual log level.
 */
const GONE: Readonly<Record<string, string>> = {
  ECONNRESET: 'the client closed the connection',
  EPIPE: 'the client closed the connection',
  ERR_STREAM_PREMATURE_CLOSE: 'the client closed the connection before the answer was sent',
  ERR_HTTP_REQUEST_TIMEOUT: 'the client was too slow to send its request',
};

/** The connection ended before the body its Content-Length promised (an aborted upload). */
const BODY_CUT_SHORT = 'HPE_INVALID_EOF_STATE';

const codeOf = (error: unknown): string | undefined => {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
};

/** Node's parser's own words (llhttp's reason), cut short; never its rawPacket, which holds the request's bytes. */
const reasonOf = (error: unknown): string => {
  const reason = (error as { reason?: unknown }).reason;
  return typeof reason === 'string' && reason ? reason.slice(0, 100) : 'malformed request';
};

/** The client's fault in `error`, or undefined when the error is the store's own. */
export const clientFaultOf = (error: unknown): ClientFault | undefined => {
  const code = codeOf(error);
  if (code === undefined) return undefined;
  if (Object.hasOwn(GONE, code)) return { level: 'debug', code, what: GONE[code] };
  if (code === BODY_CUT_SHORT) return { level: 'info', code, what: 'the client closed the connection before sending the whole body' };
  // Node's HTTP parser (llhttp): a request that breaks the protocol, such as more bytes after a body
  // than its Content-Length said, which Node reads as a next request that is not one.
  if (code.startsWith('HPE_')) return { level: 'warn', code, what: `the request broke HTTP: ${reasonOf(error)}` };
  return undefined;
};

/** One line a fault, with the request it interrupted when there is one. */
export const logClientFault = (logger: Logger, fault: ClientFault, ctx?: Context): void => {
  const request = ctx ? { reqId: ctx.state.reqId as string | undefined, method: ctx.method, path: loggedPath(ctx.path) } : {};
  logger[fault.level]({ ...request, code: fault.code, what: fault.what }, 'client error');
};

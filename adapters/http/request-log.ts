import { randomUUID } from 'node:crypto';
import { Context, Middleware } from 'koa';
import { RESET_PATH } from '../../core/identity/domain/password-reset';
import { Logger } from './logger';
import { signedInUserId } from './session';

/** What a proxy may name a request by; anything else is replaced by an id of the store's own. */
const SANE_ID = /^[A-Za-z0-9._-]{1,100}$/;
/** A reset token in the path (the e-mailed link and its API call) is a password in all but name. */
const TOKEN_IN_PATH = new RegExp(`^(/api/user/forgot-password/|${RESET_PATH})[^/]+`, 'i');

export const loggedPath = (path: string): string => path.replace(TOKEN_IN_PATH, '$1:token');

/** Set by the error boundary: the stack goes to the log line, never to the answer. */
export const recordServerError = (ctx: Context, summary: string) => {
  ctx.state.serverError = summary;
};

/**
 * One log line per request, written when the response has been sent (or the client went away):
 * its id, method, path without the query string, status, duration and the signed-in user's id
 * when a route looked the session up. No body, header or query string is ever read into it.
 */
export const requestLog =
  (logger: Logger, trustProxy: boolean): Middleware =>
  async (ctx, next) => {
    const started = process.hrtime.bigint();
    const offered = trustProxy ? ctx.get('X-Request-Id') : '';
    const reqId = SANE_ID.test(offered) ? offered : randomUUID();
    ctx.set('X-Request-Id', reqId);
    // For the lines written about this request elsewhere (client-faults.ts).
    ctx.state.reqId = reqId;
    ctx.res.once('close', () => {
      const userId = signedInUserId(ctx);
      const line = {
        reqId,
        method: ctx.method,
        path: loggedPath(ctx.path),
        status: ctx.res.statusCode,
        ms: Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100,
        ...(userId ? { userId } : {}),
        ...(ctx.res.writableFinished ? {} : { aborted: true }),
      };
      const error = ctx.state.serverError as string | undefined;
      if (error) logger.error({ ...line, err: error }, 'request failed');
      else logger.info(line, 'request');
    });
    await next();
  };

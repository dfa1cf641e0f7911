import Router from '@koa/router';
import { Context } from 'koa';
import * as E from 'fp-ts/Either';
import { ExternalSignInFailure, failureOf, safeReturnPath } from '../../../core/identity/domain/external-identity';
import { IdentityProvider } from '../../../core/identity/ports';
import { ExternalSignIn } from '../../../core/identity/use-cases/external-sign-in';
import { sessionToken, setSessionCookie } from '../session';
import { Logger } from '../logger';
import { errorSummary } from '../error-log';

/** Under the /api router's prefix: `/api/auth/google` (DECISIONS 1) and its callback. */
export const GOOGLE_CALLBACK_PATH = '/api/auth/google/callback';
/** Holds the id of the browser's pending sign-in, only while it is at Google, only for these paths. */
export const PENDING_COOKIE = 'google_sign_in';
const COOKIE_PATH = '/api/auth/google';

export interface GoogleSignInRoutes {
  readonly provider: IdentityProvider;
  readonly externalSignIn: ExternalSignIn;
  /** The store's own address (DECISIONS 19): the callback's address is built from it, never from Host. */
  readonly publicUrl: string;
}

const toSignInPage = (ctx: Context, reason: ExternalSignInFailure) => {
  ctx.set('Cache-Control', 'no-store');
  ctx.redirect(`/user/login?google=${reason}`);
};

/** Browser navigations, answered with redirects: no session is made and no account changed unless every check passes. */
export const googleRoutes = (router: Router, { provider, externalSignIn, publicUrl }: GoogleSignInRoutes, log: Logger) => {
  router.get('/auth/google', async (ctx) => {
    let begun;
    try {
      begun = await provider.begin(safeReturnPath(ctx.query.returnTo));
    } catch (error) {
      log.warn({ err: errorSummary(error) }, 'Sign-in with Google could not start');
      return toSignInPage(ctx, 'unavailable');
    }
    // Lax: the cookie comes back on Google's top-level redirect to the callback, not on other sites' requests.
    ctx.cookies.set(PENDING_COOKIE, begun.pendingId, { httpOnly: true, sameSite: 'lax', secure: ctx.secure, expires: begun.expiresAt, path: COOKIE_PATH, overwrite: true });
    ctx.set('Cache-Control', 'no-store');
    ctx.redirect(begun.url);
  });

  router.get('/auth/google/callback', async (ctx) => {
    const pendingId = ctx.cookies.get(PENDING_COOKIE) || undefined;
    ctx.cookies.set(PENDING_COOKIE, '', { httpOnly: true, sameSite: 'lax', secure: ctx.secure, maxAge: 0, path: COOKIE_PATH, overwrite: true });
    const outcome = await provider.finish(pendingId, new URL(`${publicUrl}${GOOGLE_CALLBACK_PATH}${ctx.search}`));
    if (!outcome.ok) return toSignInPage(ctx, outcome.reason);
    const signedIn = await externalSignIn.signIn(outcome.identity, { session: sessionToken(ctx), address: ctx.ip })();
    if (E.isLeft(signedIn)) return toSignInPage(ctx, failureOf(signedIn.left.message));
    setSessionCookie(ctx, signedIn.right.token, signedIn.right.expiresAt);
    ctx.set('Cache-Control', 'no-store');
    ctx.redirect(safeReturnPath(outcome.returnTo));
  });
};

import { Context } from 'koa';
import * as E from 'fp-ts/Either';
import * as TE from 'fp-ts/TaskEither';
import { ExternalSignInFailure, failureOf, safeReturnPath } from '../../../core/identity/domain/external-identity';
import { IdentityProvider } from '../../../core/identity/ports';
import { ExternalSignIn } from '../../../core/identity/use-cases/external-sign-in';
import { DomainError, unavailable } from '../../../core/shared/errors';
import { connectGoogleAnswer } from '../../../api/accounts';
import { currentUser, sessionToken, setSessionCookie } from '../session';
import { Logger } from '../logger';
import { errorSummary } from '../error-log';
import { GuestLibraryAccess } from '../../../core/ordering/use-cases/guest-library';
import { attachProvenOrders } from './guest';
import { refuse, respond } from '../respond';
import { On } from '../calls';
import { networkOf } from '../address-limits';
import { CALLS } from '../../../api/calls';

/** Under the /api router's prefix: `/api/auth/google` (DECISIONS 1) and its callback. */
export const GOOGLE_CALLBACK_PATH = `/api${CALLS.googleReturn.path}`;
/** Holds the id of the browser's pending sign-in, only while it is at Google, only for these paths. */
export const PENDING_COOKIE = 'google_sign_in';
const COOKIE_PATH = `/api${CALLS.googleSignIn.path}`;
/** Where the owner comes back to after connecting Google, told how it went by `?google=`. */
const PROFILE_PATH = '/user/profile';

export interface GoogleSignInRoutes {
  /** Undefined: no sign-in with Google on this store (no credentials, not in test mode). */
  readonly provider?: IdentityProvider;
  readonly externalSignIn: ExternalSignIn;
  /** The store's own address (DECISIONS 19): the callback's address is built from it, never from Host. */
  readonly publicUrl: string;
  /** Attaches a guest's orders to the account Google proves the address of (DECISIONS 25). */
  readonly guestLibrary?: GuestLibraryAccess;
}

const GOOGLE_OFF = 'Sign-in with Google is not available on this store';
// The password may be missing here: the use case says so, after it checked who asks (401 before 400).

const back = (ctx: Context, path: string, reason: ExternalSignInFailure | 'connected') => {
  ctx.set('Cache-Control', 'no-store');
  ctx.redirect(`${path}?google=${reason}`);
};

/**
 * Browser navigations, answered with redirects: no session is made and no account changed unless
 * every check passes. Connecting Google to a signed-in account starts with a call (it checks the
 * password) that answers the provider's address; the browser then goes there as for a sign-in.
 */
export const googleRoutes = (on: On, { provider, externalSignIn, publicUrl, guestLibrary }: GoogleSignInRoutes, log: Logger) => {
  /** Keeps the pending sign-in's id in the browser and answers the provider's address, or why not. */
  const begin = async (ctx: Context, returnTo: string, connectFor?: string): Promise<string | undefined> => {
    let begun;
    try {
      if (!provider) return undefined;
      begun = await provider.begin(returnTo, connectFor);
    } catch (error) {
      log.warn({ err: errorSummary(error) }, 'Sign-in with Google could not start');
      return undefined;
    }
    // Lax: the cookie comes back on Google's top-level redirect to the callback, not on other sites' requests.
    ctx.cookies.set(PENDING_COOKIE, begun.pendingId, { httpOnly: true, sameSite: 'lax', secure: ctx.secure, expires: begun.expiresAt, path: COOKIE_PATH, overwrite: true });
    ctx.set('Cache-Control', 'no-store');
    return begun.url;
  };

  on('googleSignIn', async (ctx) => {
    const url = await begin(ctx, safeReturnPath(ctx.query.returnTo));
    if (!url) return back(ctx, '/user/login', 'unavailable');
    ctx.redirect(url);
  });

  on('connectGoogle', async (ctx, { body }) => {
    if (!provider) return refuse(ctx, unavailable(GOOGLE_OFF));
    const user = await currentUser(ctx);
    const started: TE.TaskEither<DomainError, string> = async () => {
      const owner = await externalSignIn.mayConnect(user, body.password)();
      if (E.isLeft(owner)) return owner;
      const url = await begin(ctx, PROFILE_PATH, owner.right.id);
      return url ? E.right(url) : E.left(unavailable(GOOGLE_OFF));
    };
    await respond(ctx, started, connectGoogleAnswer, (url) => ({ url }));
  });

  on('googleReturn', async (ctx) => {
    const pendingId = ctx.cookies.get(PENDING_COOKIE) || undefined;
    ctx.cookies.set(PENDING_COOKIE, '', { httpOnly: true, sameSite: 'lax', secure: ctx.secure, maxAge: 0, path: COOKIE_PATH, overwrite: true });
    if (!provider) return back(ctx, '/user/login', 'unavailable');
    const outcome = await provider.finish(pendingId, new URL(`${publicUrl}${GOOGLE_CALLBACK_PATH}${ctx.search}`));
    if (!outcome.ok) return back(ctx, outcome.connectFor ? PROFILE_PATH : '/user/login', outcome.reason);
    if (outcome.connectFor) {
      const connected = await externalSignIn.connect(await currentUser(ctx), outcome.connectFor, outcome.identity)();
      return back(ctx, PROFILE_PATH, E.isLeft(connected) ? failureOf(connected.left.message) : 'connected');
    }
    const signedIn = await externalSignIn.signIn(outcome.identity, { session: sessionToken(ctx), address: networkOf(ctx) })();
    if (E.isLeft(signedIn)) return back(ctx, '/user/login', failureOf(signedIn.left.message));
    setSessionCookie(ctx, signedIn.right.token, signedIn.right.expiresAt);
    const { identity } = outcome;
    await attachProvenOrders(ctx, guestLibrary, signedIn.right.user, identity.emailVerified ? identity.email : undefined);
    ctx.set('Cache-Control', 'no-store');
    ctx.redirect(safeReturnPath(outcome.returnTo));
  });
};

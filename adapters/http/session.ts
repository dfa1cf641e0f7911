import { Context, Middleware } from 'koa';
import { User } from '../../core/identity/domain/user';
import { SignIn } from '../../core/identity/use-cases/sign-in';
import { fail } from './respond';

export const SESSION_COOKIE = 'sid';

export interface SessionState {
  /** The signed-in user, looked up once per request and only when a route asks. */
  currentUser(): Promise<User | undefined>;
}

export const sessionToken = (ctx: Context): string | undefined => ctx.cookies.get(SESSION_COOKIE) || undefined;

export const withSession =
  (signIn: SignIn): Middleware =>
  async (ctx, next) => {
    let lookup: Promise<User | undefined> | undefined;
    ctx.state.currentUser = () =>
      (lookup ??= signIn.whoIs(sessionToken(ctx)).then((user) => {
        ctx.state.signedInUserId = user?.id;
        return user;
      }));
    await next();
  };

/** The user a route found signed in, for the request log: never a lookup of its own. */
export const signedInUserId = (ctx: Context): string | undefined => ctx.state.signedInUserId as string | undefined;

export const currentUser = (ctx: Context): Promise<User | undefined> => (ctx.state as SessionState).currentUser();

/** HttpOnly, SameSite=Lax, and Secure whenever the request came over HTTPS; it lasts as long as the session. */
export const setSessionCookie = (ctx: Context, token: string, expires: Date) =>
  ctx.cookies.set(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.secure,
    expires,
    path: '/',
    overwrite: true,
  });

export const clearSessionCookie = (ctx: Context) =>
  ctx.cookies.set(SESSION_COOKIE, '', { httpOnly: true, sameSite: 'lax', secure: ctx.secure, maxAge: 0, path: '/', overwrite: true });

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CROSS_SITE = 'Cross-site requests are not allowed';

/**
 * Against cross-site request forgery, besides SameSite cookies: a state-changing call from a
 * browser must come from this store's own origin, the one configured (PUBLIC_URL, DECISIONS 19),
 * never one built from Host or X-Forwarded-Host, which the client or a proxy chain may set.
 */
export const sameOriginOnly = (publicUrl: string): Middleware => {
  const ours = new URL(publicUrl).origin;
  return async (ctx, next) => {
    if (!SAFE_METHODS.has(ctx.method)) {
      const origin = ctx.get('Origin');
      const crossSite = origin ? origin !== ours : ctx.get('Sec-Fetch-Site') === 'cross-site';
      if (crossSite) return fail(ctx, 403, CROSS_SITE);
    }
    await next();
  };
};

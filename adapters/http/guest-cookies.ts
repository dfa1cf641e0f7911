import { createHmac, timingSafeEqual } from 'node:crypto';
import { Context } from 'koa';
import { OrderHolder } from '../../core/ordering/domain/order-access';

/**
 * A guest's two cookies, each HttpOnly and SameSite=Lax like the account's session, and apart from
 * it, so nothing that reads the account's session (cart, profile, admin) ever sees them:
 * - `library`: the library session a magic link opened (a token the server keeps as a hash);
 * - `guest_order`: the pass for the one guest order this browser just started, signed with a store
 *   secret, so the same browser can pay it and read its result page before any e-mail arrives.
 */
export const LIBRARY_COOKIE = 'library';
export const GUEST_ORDER_COOKIE = 'guest_order';
/** Long enough to pay at the provider and come back; a kiosk's payer comes back through the e-mailed library. */
export const GUEST_ORDER_PASS_MS = 24 * 60 * 60_000;

const cookieOptions = (ctx: Context, expires: Date) => ({ httpOnly: true, sameSite: 'lax' as const, secure: ctx.secure, expires, path: '/', overwrite: true });

export const libraryToken = (ctx: Context): string | undefined => ctx.cookies.get(LIBRARY_COOKIE) || undefined;
export const setLibraryCookie = (ctx: Context, token: string, expires: Date) => ctx.cookies.set(LIBRARY_COOKIE, token, cookieOptions(ctx, expires));
export const clearLibraryCookie = (ctx: Context) => ctx.cookies.set(LIBRARY_COOKIE, '', { ...cookieOptions(ctx, new Date(0)), maxAge: 0 });

export interface GuestOrderPasses {
  give(ctx: Context, orderId: string, now: Date): void;
  /** The guest order this browser's pass names, if the pass is genuine. */
  holder(ctx: Context): OrderHolder | undefined;
}

export const guestOrderPasses = (secret: string): GuestOrderPasses => {
  const sign = (orderId: string) => createHmac('sha256', secret).update(`guest-order|${orderId}`).digest('base64url');
  return {
    give(ctx, orderId, now) {
      ctx.cookies.set(GUEST_ORDER_COOKIE, `${orderId}.${sign(orderId)}`, cookieOptions(ctx, new Date(now.getTime() + GUEST_ORDER_PASS_MS)));
    },
    holder(ctx) {
      const [orderId, sig, ...rest] = (ctx.cookies.get(GUEST_ORDER_COOKIE) ?? '').split('.');
      if (!orderId || !sig || rest.length || orderId.length > 64) return undefined;
      const expected = Buffer.from(sign(orderId));
      const given = Buffer.from(sig);
      return given.length === expected.length && timingSafeEqual(given, expected) ? { kind: 'checkout', orderId } : undefined;
    },
  };
};

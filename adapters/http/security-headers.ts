import { Middleware } from 'koa';

/**
 * The security headers, written here because no maintained middleware for them (helmet,
 * koa-helmet) is installed; they follow helmet's defaults except where the store needs otherwise,
 * and this file is the one to replace with `koa-helmet` once it is a dependency.
 */
export interface SecurityPolicy {
  /** The store's own address (DECISIONS 19): the providers' emulators are served from it. */
  readonly publicUrl: string;
  /** A provider with credentials talks to the real service, else to its emulator (DECISIONS 20). */
  readonly paypal: 'real' | 'emulated';
  readonly paymob: 'real' | 'emulated';
}

/** PayPal's JS SDK, its buttons' frames and its API calls (developer.paypal.com/sdk/js/best-practices). */
const PAYPAL_HOSTS = ['https://www.paypal.com', 'https://*.paypal.com', 'https://*.paypalobjects.com'];
/** Paymob's hosted card page, framed by the checkout. */
const PAYMOB_HOSTS = ['https://accept.paymob.com'];

const directives = (entries: Record<string, readonly string[]>) =>
  Object.entries(entries)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');

/** The policy of the store's own pages: its built UI, and the payment providers' scripts and frames. */
export const storePolicy = (policy: SecurityPolicy, secure: boolean): string => {
  const own = ["'self'", new URL(policy.publicUrl).origin];
  const paypal = policy.paypal === 'real' ? PAYPAL_HOSTS : [];
  const paymob = policy.paymob === 'real' ? PAYMOB_HOSTS : [];
  return directives({
    'default-src': ["'self'"],
    'script-src': [...own, ...paypal],
    'script-src-attr': ["'none'"],
    // PayPal's real SDK writes the style of its buttons' container inline, and documents
    // 'unsafe-inline' for style-src; the emulator and the store's own UI need none.
    'style-src': ["'self'", ...(paypal.length ? [...paypal, "'unsafe-inline'"] : [])],
    // Covers may be addresses on other sites (the admin's form accepts them).
    'img-src': ["'self'", 'https:', 'data:'],
    'font-src': ["'self'"],
    'connect-src': [...own, ...paypal],
    'frame-src': [...own, ...paypal, ...paymob],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    // No other site may frame the store (clickjacking).
    'frame-ancestors': ["'none'"],
    ...(secure ? { 'upgrade-insecure-requests': [] } : {}),
  });
};

/**
 * The emulators' pages stand in for the providers' own pages, which carry their own policy; theirs
 * are small pages with inline script and style. Paymob's card page is framed by the store.
 */
const emulatorPolicy = (framedByStore: boolean): string =>
  directives({
    'default-src': ["'self'"],
    'script-src': ["'self'", "'unsafe-inline'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'frame-ancestors': [framedByStore ? "'self'" : "'none'"],
  });

/** A year, with subdomains, as helmet sends it; only over HTTPS, where a browser heeds it. */
const HSTS = 'max-age=31536000; includeSubDomains';

export const securityHeaders = (policy: SecurityPolicy): Middleware => {
  const plain = storePolicy(policy, false);
  const secure = storePolicy(policy, true);
  return async (ctx, next) => {
    const emulator = ctx.path.startsWith('/emulator/');
    const framedByStore = ctx.path.startsWith('/emulator/paymob/');
    ctx.set('Content-Security-Policy', emulator ? emulatorPolicy(framedByStore) : ctx.secure ? secure : plain);
    // ctx.secure reads X-Forwarded-Proto only from a trusted proxy (TRUST_PROXY).
    if (ctx.secure) ctx.set('Strict-Transport-Security', HSTS);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    ctx.set('X-Frame-Options', framedByStore ? 'SAMEORIGIN' : 'DENY');
    // PayPal's checkout opens a popup that talks back to the page that opened it.
    ctx.set('Cross-Origin-Opener-Policy', 'same-origin-allow-popups');
    // Uploaded covers may be shown by other sites and by mail readers; the rest is the store's own.
    if (!ctx.path.startsWith('/uploads/')) ctx.set('Cross-Origin-Resource-Policy', 'same-origin');
    ctx.set('Origin-Agent-Cluster', '?1');
    ctx.set('X-DNS-Prefetch-Control', 'off');
    ctx.set('X-Download-Options', 'noopen');
    ctx.set('X-Permitted-Cross-Domain-Policies', 'none');
    ctx.set('X-XSS-Protection', '0');
    await next();
  };
};

/**
 * Answers under /api are per-user unless served through `publicRoutes` (which marks them shared):
 * no browser or proxy may keep them, unless the route chose its own Cache-Control.
 */
export const SHARED_ANSWER = 'sharedAnswer';

export const noStoreForUsers: Middleware = async (ctx, next) => {
  try {
    await next();
  } finally {
    const api = ctx.path === '/api' || ctx.path.startsWith('/api/');
    if (api && !ctx.state[SHARED_ANSWER] && !ctx.response.get('Cache-Control')) ctx.set('Cache-Control', 'no-store');
  }
};

import { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { HelmetOptions } from 'helmet';
import { Context, Middleware } from 'koa';

/** Directives a payment provider's real pages may add other sites to. */
export type SourceDirective = 'script-src' | 'style-src' | 'connect-src' | 'frame-src' | 'img-src' | 'form-action';
export type Sources = Readonly<Partial<Record<SourceDirective, readonly string[]>>>;

/** The security headers, from helmet, with the policies the store's pages and its emulators need. */
export interface SecurityPolicy {
  /** The store's own address (DECISIONS 19): the providers' emulators are served from it. */
  readonly publicUrl: string;
  /**
   * What the payment providers with credentials need let in, by directive (their scripts, frames,
   * calls): each provider's descriptor says its own. An emulated provider needs nothing (DECISIONS 20).
   */
  readonly sources: readonly Sources[];
  /** Paths of emulator pages the checkout frames (a card page): framed by the store only. */
  readonly framedPages: readonly string[];
}

type Directives = Record<string, string[]>;

/** The values of every provider for one directive, each once, in the registry's order. */
const sourcesFor = (policy: SecurityPolicy, directive: SourceDirective): string[] => [...new Set(policy.sources.flatMap((s) => s[directive] ?? []))];

/** The policy of the store's own pages: its built UI, and the payment providers' scripts and frames. */
export const storeDirectives = (policy: SecurityPolicy, secure: boolean): Directives => {
  const own = ["'self'", new URL(policy.publicUrl).origin];
  const formAction = sourcesFor(policy, 'form-action');
  return {
    'default-src': ["'self'"],
    'script-src': [...own, ...sourcesFor(policy, 'script-src')],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", ...sourcesFor(policy, 'style-src')],
    // Covers may be addresses on other sites (the admin's form accepts them). `blob:` is the
    // product editor's preview of a file chosen to upload (URL.createObjectURL): only this page
    // can make such an address, and only of what it already holds.
    'img-src': ["'self'", 'https:', 'data:', 'blob:', ...sourcesFor(policy, 'img-src')],
    'font-src': ["'self'"],
    // The reader's pdf.js worker is a module of the built app, from the store's own origin only.
    'worker-src': ["'self'"],
    'connect-src': [...own, ...sourcesFor(policy, 'connect-src')],
    'frame-src': [...own, ...sourcesFor(policy, 'frame-src')],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'", ...formAction],
    // No other site may frame the store (clickjacking).
    'frame-ancestors': ["'none'"],
    ...(secure ? { 'upgrade-insecure-requests': [] } : {}),
  };
};

/**
 * The emulators' pages stand in for the providers' own pages, which carry their own policy; theirs
 * are small pages with inline script and style. A card page (Paymob's) is framed by the store.
 */
const emulatorDirectives = (framedByStore: boolean): Directives => ({
  'default-src': ["'self'"],
  'script-src': ["'self'", "'unsafe-inline'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'frame-ancestors': [framedByStore ? "'self'" : "'none'"],
});

type Page = 'store' | 'uploads' | 'emulator' | 'framed-emulator';

const pageOf = (policy: SecurityPolicy, path: string): Page => {
  if (policy.framedPages.some((framed) => path.startsWith(framed))) return 'framed-emulator';
  if (path.startsWith('/emulator/')) return 'emulator';
  return path.startsWith('/uploads/') ? 'uploads' : 'store';
};

/** helmet's defaults, but for where the store needs otherwise. */
const optionsFor = (policy: SecurityPolicy, page: Page, secure: boolean): HelmetOptions => ({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: page === 'store' || page === 'uploads' ? storeDirectives(policy, secure) : emulatorDirectives(page === 'framed-emulator'),
  },
  // A year, with subdomains; only over HTTPS (ctx.secure reads X-Forwarded-Proto from a trusted
  // proxy only, TRUST_PROXY), where a browser heeds it.
  strictTransportSecurity: secure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  xFrameOptions: { action: page === 'framed-emulator' ? 'sameorigin' : 'deny' },
  // PayPal's checkout opens a popup that talks back to the page that opened it.
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  // Uploaded covers may be shown by other sites and by mail readers; the rest is the store's own.
  crossOriginResourcePolicy: page === 'uploads' ? false : { policy: 'same-origin' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
});

type NodeMiddleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

export const securityHeaders = (policy: SecurityPolicy): Middleware => {
  // One helmet per kind of page and scheme, made once.
  const made = new Map<string, NodeMiddleware>();
  const helmetFor = (ctx: Context): NodeMiddleware => {
    const page = pageOf(policy, ctx.path);
    const key = `${page}|${ctx.secure}`;
    let found = made.get(key);
    if (!found) made.set(key, (found = helmet(optionsFor(policy, page, ctx.secure))));
    return found;
  };
  return async (ctx, next) => {
    await new Promise<void>((resolve, reject) => helmetFor(ctx)(ctx.req, ctx.res, (error) => (error ? reject(error) : resolve())));
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

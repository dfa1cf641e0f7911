import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import Router from '@koa/router';
import { koaBody } from 'koa-body';
import type { Context } from 'koa';
import type { JWTPayload, GenerateKeyPairResult as KeyPair } from 'jose';
import { errorPage, identityPage } from './pages';

/**
 * A local OpenID Connect provider standing in for Google, for `npm start` without credentials and
 * for the tests: discovery, JWKS, an authorization page where the tester picks or types who to be,
 * and a token endpoint (authorization code with PKCE S256 and the client's secret). ID tokens are
 * signed RS256 with a key pair made at start. State is in memory and bounded: one process only.
 */
export interface OidcEmulatorOptions {
  /** Its issuer identifier, the full address it is reached at, e.g. `${PUBLIC_URL}/emulator/oidc`. */
  readonly issuer: string;
  /** Where its router is mounted, e.g. '/emulator/oidc'. */
  readonly prefix: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** The only addresses it sends codes to. */
  readonly redirectUris: readonly string[];
  readonly now?: () => number;
}

/** What tests change directly to make it a hostile provider; the store never touches it. */
export interface OidcEmulatorControl {
  /** Rewrites the claims of the ID tokens it issues (another audience, issuer, nonce, an expiry past). */
  claims?: (claims: JWTPayload) => JWTPayload;
  /** Signs ID tokens with a key its JWKS does not publish. */
  signWithStrangerKey: boolean;
}

const CODE_LIFE_S = 60;
const REQUEST_LIFE_S = 10 * 60;
const TOKEN_LIFE_S = 60 * 60;
/** Pending requests and codes kept; beyond this the oldest go, so a flood cannot grow memory. */
const MAX_HELD = 1000;

interface AuthorizationRequest {
  readonly redirectUri: string;
  readonly state?: string;
  readonly nonce?: string;
  readonly codeChallenge: string;
  readonly scope: string;
  readonly expiresAt: number;
}

interface Grant {
  readonly request: AuthorizationRequest;
  readonly subject: string;
  readonly email: string;
  readonly verified: boolean;
  readonly name: string;
  readonly expiresAt: number;
}

/** A map that forgets its oldest entry past MAX_HELD. */
class Held<V> extends Map<string, V> {
  override set(key: string, value: V) {
    if (this.size >= MAX_HELD) this.delete(this.keys().next().value as string);
    return super.set(key, value);
  }
}

const random = () => randomBytes(24).toString('base64url');
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};
/** Google's `sub` is a string of digits; here the same address is always the same person. */
const subjectOf = (email: string) => BigInt(`0x${createHash('sha256').update(`test-person:${email}`).digest('hex').slice(0, 16)}`).toString();
const field = (body: Record<string, unknown>, name: string): string => {
  const value = body[name];
  return typeof value === 'string' ? value : '';
};

export const oidcEmulator = async (options: OidcEmulatorOptions) => {
  const now = options.now ?? Date.now;
  const seconds = () => Math.floor(now() / 1000);
  const kid = random().slice(0, 16);
  // Made at the first sign-in, not at start: two RSA keys cost the store's start a few hundred ms
  // (and jose its load), for a provider most starts never use.
  let keys: Promise<{ own: KeyPair; stranger: KeyPair; publicJwk: object; SignJWT: typeof import('jose').SignJWT }> | undefined;
  const keysOf = () =>
    (keys ??= import('jose').then(async ({ generateKeyPair, exportJWK, SignJWT }) => {
      const own = await generateKeyPair('RS256', { extractable: true });
      const stranger = await generateKeyPair('RS256');
      return { own, stranger, publicJwk: { ...(await exportJWK(own.publicKey)), kid, alg: 'RS256', use: 'sig' }, SignJWT };
    }));
  const control: OidcEmulatorControl = { signWithStrangerKey: false };
  const requests = new Held<AuthorizationRequest>();
  const codes = new Held<Grant>();
  const url = (path: string) => `${options.issuer}${path}`;

  const router = new Router({ prefix: options.prefix });
  const form = koaBody({ urlencoded: true, json: false, text: false, formLimit: '20kb' });

  router.get('/.well-known/openid-configuration', (ctx) => {
    ctx.body = {
      issuer: options.issuer,
      authorization_endpoint: url('/authorize'),
      token_endpoint: url('/token'),
      jwks_uri: url('/jwks'),
      response_types_supported: ['code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      scopes_supported: ['openid', 'email', 'profile'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      code_challenge_methods_supported: ['S256'],
      claims_supported: ['iss', 'aud', 'sub', 'email', 'email_verified', 'name', 'nonce', 'iat', 'exp'],
      authorization_response_iss_parameter_supported: true,
    };
  });

  router.get('/jwks', async (ctx) => {
    ctx.body = { keys: [(await keysOf()).publicJwk] };
  });

  const refuse = (ctx: Context, message: string) => {
    ctx.status = 400;
    ctx.type = 'html';
    ctx.body = errorPage(message);
  };

  router.get('/authorize', (ctx) => {
    const q = ctx.query as Record<string, unknown>;
    // A wrong client or return address is shown here and never redirected to (RFC 6749 4.1.2.1).
    if (field(q, 'client_id') !== options.clientId) return refuse(ctx, 'Unknown client_id.');
    const redirectUri = field(q, 'redirect_uri');
    if (!options.redirectUris.includes(redirectUri)) return refuse(ctx, 'This redirect_uri is not registered for the client.');
    const back = (error: string) => {
      const to = new URL(redirectUri);
      to.searchParams.set('error', error);
      if (field(q, 'state')) to.searchParams.set('state', field(q, 'state'));
      to.searchParams.set('iss', options.issuer);
      ctx.redirect(to.toString());
    };
    if (field(q, 'response_type') !== 'code') return back('unsupported_response_type');
    if (!field(q, 'scope').split(' ').includes('openid')) return back('invalid_scope');
    if (field(q, 'code_challenge_method') !== 'S256' || !/^[A-Za-z0-9_-]{43}$/.test(field(q, 'code_challenge'))) return back('invalid_request');
    const id = random();
    requests.set(id, {
      redirectUri,
      state: field(q, 'state') || undefined,
      nonce: field(q, 'nonce') || undefined,
      codeChallenge: field(q, 'code_challenge'),
      scope: field(q, 'scope'),
      expiresAt: seconds() + REQUEST_LIFE_S,
    });
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-store');
    ctx.body = identityPage(id, 'the store');
  });

  router.post('/authorize', form, (ctx) => {
    const body = (ctx.request.body ?? {}) as Record<string, unknown>;
    const id = field(body, 'request');
    const request = requests.get(id);
    requests.delete(id);
    if (!request || request.expiresAt <= seconds()) return refuse(ctx, 'This sign-in has expired. Go back to the store and start again.');
    const to = new URL(request.redirectUri);
    if (request.state) to.searchParams.set('state', request.state);
    to.searchParams.set('iss', options.issuer);
    if (field(body, 'choice') === 'cancel') {
      to.searchParams.set('error', 'access_denied');
      return ctx.redirect(to.toString());
    }
    const email = field(body, 'email').trim().toLowerCase();
    if (!email || email.length > 254) return refuse(ctx, 'Type an e-mail address.');
    const code = random();
    codes.set(code, {
      request,
      subject: subjectOf(email),
      email,
      verified: field(body, 'verified') === 'on',
      name: field(body, 'name').trim().slice(0, 100),
      expiresAt: seconds() + CODE_LIFE_S,
    });
    to.searchParams.set('code', code);
    ctx.redirect(to.toString());
  });

  const tokenError = (ctx: Context, status: number, error: string, description: string) => {
    ctx.status = status;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { error, error_description: description };
  };

  /** The client's id and secret, from HTTP Basic (form-encoded, RFC 6749 2.3.1) or the body. */
  const clientOf = (ctx: Context, body: Record<string, unknown>) => {
    const basic = /^Basic (.+)$/i.exec(ctx.get('Authorization'));
    if (basic) {
      const [id = '', secret = ''] = Buffer.from(basic[1], 'base64').toString().split(':');
      return { id: decodeURIComponent(id.replace(/\+/g, ' ')), secret: decodeURIComponent(secret.replace(/\+/g, ' ')) };
    }
    return { id: field(body, 'client_id'), secret: field(body, 'client_secret') };
  };

  router.post('/token', form, async (ctx) => {
    const body = (ctx.request.body ?? {}) as Record<string, unknown>;
    const client = clientOf(ctx, body);
    if (client.id !== options.clientId || !sameText(client.secret, options.clientSecret))
      return tokenError(ctx, 401, 'invalid_client', 'Client authentication failed.');
    if (field(body, 'grant_type') !== 'authorization_code') return tokenError(ctx, 400, 'unsupported_grant_type', 'Only authorization_code.');
    const code = field(body, 'code');
    const grant = codes.get(code);
    // Single use: a code is gone at its first exchange, whether or not that exchange succeeds.
    codes.delete(code);
    if (!grant || grant.expiresAt <= seconds()) return tokenError(ctx, 400, 'invalid_grant', 'The code is unknown, used or expired.');
    if (field(body, 'redirect_uri') !== grant.request.redirectUri) return tokenError(ctx, 400, 'invalid_grant', 'redirect_uri differs.');
    if (!sameText(s256(field(body, 'code_verifier')), grant.request.codeChallenge)) return tokenError(ctx, 400, 'invalid_grant', 'PKCE verification failed.');

    const iat = seconds();
    const standard: JWTPayload = {
      iss: options.issuer,
      aud: options.clientId,
      sub: grant.subject,
      iat,
      exp: iat + TOKEN_LIFE_S,
      email: grant.email,
      email_verified: grant.verified,
      ...(grant.name ? { name: grant.name } : {}),
      ...(grant.request.nonce ? { nonce: grant.request.nonce } : {}),
    };
    const claims = control.claims ? control.claims(standard) : standard;
    const { own, stranger, SignJWT } = await keysOf();
    const key = control.signWithStrangerKey ? stranger.privateKey : own.privateKey;
    const idToken = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' }).sign(key);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { access_token: random(), token_type: 'Bearer', expires_in: TOKEN_LIFE_S, scope: grant.request.scope, id_token: idToken };
  });

  return { router, control };
};

export type OidcEmulator = Awaited<ReturnType<typeof oidcEmulator>>;

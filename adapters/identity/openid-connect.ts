import { randomBytes } from 'node:crypto';
import type * as oidc from 'openid-client';
import {
  ExternalSignInFailure,
  IdentityProviderName,
  PENDING_SIGN_IN_MINUTES,
  safeReturnPath,
} from '../../core/identity/domain/external-identity';
import { IdentityProvider, PendingSignIns, ProviderOutcome } from '../../core/identity/ports';
import { Clock } from '../../core/shared/ids';
import { textProblem } from '../../core/shared/text';

export interface OpenIdConnectOptions {
  readonly provider: IdentityProviderName;
  /** The issuer identifier; its discovery document is at `${issuer}/.well-known/openid-configuration`. */
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** Built from PUBLIC_URL, never from a request (DECISIONS 19). */
  readonly redirectUri: string;
  /** Plain http, allowed only for the store's own local emulator (and a test's). */
  readonly insecure: boolean;
  readonly pending: PendingSignIns;
  readonly clock: Clock;
  /** Where a refused sign-in is told to the operator: the store's log. */
  readonly warn?: (message: string) => void;
}

const SCOPE = 'openid email profile';

/** Loaded at the first sign-in through a provider, not at start: most starts never need it. */
let openidClient: Promise<typeof oidc> | undefined;
const client = () => (openidClient ??= import('openid-client'));
const TIMEOUT_S = 10;

/** A refusal; a connecting owner's (`connectFor`) goes back to their profile rather than to sign-in. */
const failure = (reason: ExternalSignInFailure, connectFor?: string): ProviderOutcome => ({ ok: false, reason, ...(connectFor ? { connectFor } : {}) });

/**
 * The authorization-code flow with PKCE, state and nonce, through openid-client (certified). The
 * ID token's signature is checked against the provider's published keys as well as its issuer,
 * audience, expiry and nonce (non-repudiation checks on: a token is trusted for its signature,
 * not only for the connection it came over).
 */
export class OpenIdConnect implements IdentityProvider {
  private configuration?: Promise<oidc.Configuration>;

  constructor(private readonly options: OpenIdConnectOptions) {}

  /** Discovered once, at the first sign-in; a failed discovery is tried again at the next. */
  private configured(): Promise<oidc.Configuration> {
    const { issuer, clientId, clientSecret, insecure } = this.options;
    this.configuration ??= client()
      .then((oidc) =>
        oidc.discovery(new URL(issuer), clientId, { client_secret: clientSecret }, oidc.ClientSecretBasic(clientSecret), {
          execute: insecure ? [oidc.allowInsecureRequests, oidc.enableNonRepudiationChecks] : [oidc.enableNonRepudiationChecks],
          // Also the timeout of every later request of this configuration.
          timeout: TIMEOUT_S,
        }),
      )
      .catch((error: unknown) => {
        this.configuration = undefined;
        throw error;
      });
    return this.configuration;
  }

  async begin(returnTo: string, connectFor?: string) {
    const config = await this.configured();
    const oidc = await client();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const pendingId = randomBytes(32).toString('base64url');
    const expiresAt = new Date(this.options.clock.now().getTime() + PENDING_SIGN_IN_MINUTES * 60_000);
    await this.options.pending.keep(pendingId, { state, nonce, codeVerifier, returnTo: safeReturnPath(returnTo), ...(connectFor ? { connectFor } : {}) }, expiresAt);
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.options.redirectUri,
      scope: SCOPE,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { pendingId, url: url.href, expiresAt };
  }

  async finish(pendingId: string | undefined, callback: URL): Promise<ProviderOutcome> {
    // Taken first, whatever follows: a callback is answered once (a replay finds nothing).
    const pending = pendingId ? await this.options.pending.take(pendingId, this.options.clock.now()) : undefined;
    if (!pending) return failure('expired');
    const { connectFor } = pending;
    if (callback.searchParams.get('error') === 'access_denied') return failure('cancelled', connectFor);
    let config: oidc.Configuration;
    try {
      config = await this.configured();
    } catch {
      return failure('unavailable', connectFor);
    }
    try {
      const oidc = await client();
      const tokens = await oidc.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      // The person's id is kept and looked up as text: an id the database cannot keep as sent (a half
      // surrogate becomes U+FFFD) could match another person's.
      if (!claims?.sub || textProblem('sub', claims.sub)) return failure('failed', connectFor);
      return {
        ok: true,
        identity: {
          provider: this.options.provider,
          subject: claims.sub,
          email: typeof claims.email === 'string' ? claims.email : undefined,
          // Google has sent it as the string "true" in the past.
          emailVerified: claims.email_verified === true || claims.email_verified === 'true',
          name: typeof claims.name === 'string' ? claims.name : undefined,
        },
        returnTo: safeReturnPath(pending.returnTo),
        ...(connectFor ? { connectFor } : {}),
      };
    } catch (error) {
      // What the operator needs to tell a forgery from a misconfiguration; no token or secret in it.
      const e = error as { name?: string; code?: string; error?: string; cause?: { message?: string } };
      const detail = e.error ?? e.cause?.message;
      (this.options.warn ?? console.warn)(`Sign-in with ${this.options.provider} refused: ${e.code ?? e.name ?? 'error'}${detail ? ` (${detail})` : ''}`);
      return failure('failed', connectFor);
    }
  }
}

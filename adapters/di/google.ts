import { randomBytes } from 'node:crypto';
import Router from '@koa/router';
import { IdentityProvider, PendingSignIns } from '../../core/identity/ports';
import { Clock } from '../../core/shared/ids';
import { GOOGLE_CALLBACK_PATH } from '../http/routes/google';
import { oidcEmulator } from '../identity/oidc-emulator';
import { OpenIdConnect } from '../identity/openid-connect';
import { AppConfig } from './config';

export const OIDC_EMULATOR_PREFIX = '/emulator/oidc';

export interface GoogleSignIn {
  /** Undefined: no sign-in with Google (no credentials, and not in test mode). */
  readonly provider?: IdentityProvider;
  /** The emulated provider's router when Google is not configured, mounted like the payment emulators. */
  readonly emulators: readonly Router[];
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Google when its client is configured; otherwise, in test mode only, a local OpenID Connect
 * provider the store serves itself, with a client id and secret made up at start (anyone may be
 * anyone there, so never on a store the public reaches: DECISIONS 21); else none. The store talks
 * to either through the same client, over HTTP.
 */
export const composeGoogle = async (
  config: Pick<AppConfig, 'google' | 'testMode'>,
  publicUrl: string,
  pending: PendingSignIns,
  clock: Clock,
  warn: (message: string) => void,
): Promise<GoogleSignIn> => {
  const redirectUri = `${publicUrl}${GOOGLE_CALLBACK_PATH}`;
  if (config.google) {
    const issuer = new URL(config.google.issuer);
    // Plain http only for a provider on this machine (a test's); Google itself is https.
    const insecure = issuer.protocol === 'http:' && LOOPBACK.has(issuer.hostname);
    return {
      provider: new OpenIdConnect({ provider: 'google', ...config.google, redirectUri, insecure, pending, clock, warn }),
      emulators: [],
    };
  }
  if (!config.testMode) {
    warn('Sign-in with Google is off: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are not set');
    return { emulators: [] };
  }
  const issuer = `${publicUrl}${OIDC_EMULATOR_PREFIX}`;
  const clientId = `test-${randomBytes(8).toString('hex')}.apps.local`;
  const clientSecret = randomBytes(24).toString('base64url');
  const emulator = await oidcEmulator({ issuer, prefix: OIDC_EMULATOR_PREFIX, clientId, clientSecret, redirectUris: [redirectUri] });
  return {
    provider: new OpenIdConnect({ provider: 'google', issuer, clientId, clientSecret, redirectUri, insecure: issuer.startsWith('http:'), pending, clock, warn }),
    emulators: [emulator.router],
  };
};

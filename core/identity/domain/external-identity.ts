import { Id } from '../../shared/ids';
import { USERNAME_MAX } from './user';

/** The providers a shopper may sign in with besides a password. */
export type IdentityProviderName = 'google';

/** What the provider vouched for, after its ID token was verified (signature, issuer, audience, expiry, nonce). */
export interface VerifiedIdentity {
  readonly provider: IdentityProviderName;
  /** The provider's stable id of the person (`sub`); an e-mail address can change hands, this cannot. */
  readonly subject: string;
  readonly email?: string;
  readonly emailVerified: boolean;
  readonly name?: string;
}

/** A sign-in started at the provider and not yet finished: the secrets its callback is checked against. */
export interface PendingSignIn {
  readonly state: string;
  readonly nonce: string;
  readonly codeVerifier: string;
  /** A path of this store (safeReturnPath). */
  readonly returnTo: string;
  /** Set when a signed-in owner connects the provider to their account, rather than signing in. */
  readonly connectFor?: Id;
}

/** How long a shopper may take at the provider before the sign-in must start again. */
export const PENDING_SIGN_IN_MINUTES = 10;

/**
 * Why a sign-in with another provider was refused, as the sign-in page's address names it
 * (`/user/login?google=<reason>`); the page shows the message. A URL carries only the reason, so
 * no one can put words of their own on the store's page.
 */
export const EXTERNAL_SIGN_IN_MESSAGES = {
  failed: 'Sign-in with Google did not work. Please try again.',
  expired: 'That sign-in with Google had expired or was already used. Please try again.',
  cancelled: 'Sign-in with Google was cancelled.',
  unavailable: 'Google sign-in cannot be reached right now. Please try again later, or sign in with your password.',
  'has-password': 'This e-mail address already has an account. Sign in with your password, then connect Google from your profile.',
  unverified: 'Google has not verified this e-mail address, so no account can be made with it. Verify it with Google, or sign up with a password.',
  'no-email': 'Google did not share an e-mail address. Please allow it, or sign up with a password.',
  'other-google': 'This e-mail address belongs to an account linked to another Google account.',
  'google-taken': 'This Google account is already connected to another account of the store.',
  'has-google': 'Your account is already connected to another Google account.',
} as const;

/** What the profile says once Google is connected (`/user/profile?google=connected`). */
export const GOOGLE_CONNECTED = 'Google is connected: you can now sign in with it as well as with your password.';
/** The password asked before connecting, when it is wrong, or missing. */
export const WRONG_PASSWORD = 'The password is not correct';
export const PASSWORD_NEEDED = 'Please enter your password';

export type ExternalSignInFailure = keyof typeof EXTERNAL_SIGN_IN_MESSAGES;

export const isExternalSignInFailure = (reason: string | null | undefined): reason is ExternalSignInFailure =>
  typeof reason === 'string' && Object.prototype.hasOwnProperty.call(EXTERNAL_SIGN_IN_MESSAGES, reason);

/** The reason of a refusal the core worded (ExternalSignIn's messages); 'failed' for any other. */
export const failureOf = (message: string): ExternalSignInFailure =>
  (Object.keys(EXTERNAL_SIGN_IN_MESSAGES) as ExternalSignInFailure[]).find((r) => EXTERNAL_SIGN_IN_MESSAGES[r] === message) ?? 'failed';

/**
 * Where the browser may go after signing in: a path of this store only. Anything that a browser
 * could read as another site (`//evil.example`, `/\evil.example`, `https://...`, a control
 * character) becomes the home page.
 */
export const safeReturnPath = (wanted: unknown): string => {
  if (typeof wanted !== 'string' || wanted.length > 2000) return '/';
  if (!wanted.startsWith('/') || wanted.startsWith('//') || wanted.includes('\\')) return '/';
  if (/[\p{Cc}\p{Cf}\s]/u.test(wanted)) return '/';
  // The sign-in page itself would only show "You are signed in".
  if (wanted === '/user/login' || wanted.startsWith('/user/login?') || wanted.startsWith('/user/login/')) return '/';
  return wanted;
};

const MIN_USERNAME = 3;
/** Room left for the digits that make a taken name unique. */
const SUFFIX_ROOM = 6;

/** Letters and digits of a name, accents dropped (José Müller -> JoseMuller), within the username rules. */
const lettersAndDigits = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, USERNAME_MAX - SUFFIX_ROOM);

/**
 * The username a new account takes: from the person's name, else the address's local part, else
 * 'shopper'; always within the username rules (user.ts).
 */
export const baseUsername = (identity: Pick<VerifiedIdentity, 'name' | 'email'>): string => {
  for (const source of [identity.name ?? '', (identity.email ?? '').split('@')[0]]) {
    const name = lettersAndDigits(source);
    if (name.length >= MIN_USERNAME) return name;
  }
  return 'shopper';
};

/** The names tried in turn when the base is taken: Hana, Hana2 ... Hana9, then random digits. */
export const usernameCandidate = (base: string, attempt: number, randomHex: () => string): string => {
  if (attempt === 0) return base;
  if (attempt < 9) return `${base}${attempt + 1}`;
  return `${base}${parseInt(randomHex().slice(0, 8), 16) % 1_000_000}`;
};

import { Id } from '../shared/ids';
import { Attempts } from '../shared/attempts';
import { Language } from '../shared/language';
import { Account, User } from './domain/user';
import { ExternalSignInFailure, IdentityProviderName, PendingSignIn, VerifiedIdentity } from './domain/external-identity';

export type NewUser = Account;

export type AddOutcome = 'added' | 'username-taken' | 'email-taken';

/** Accounts. Usernames and e-mail addresses are unique regardless of case. */
export interface Users {
  add(user: NewUser): Promise<AddOutcome>;
  /** Regardless of case. */
  findByUsername(username: string): Promise<Account | undefined>;
  /** An address in its normal form (normalEmail), as every address is stored. */
  findByEmail(email: string): Promise<Account | undefined>;
  findById(id: Id): Promise<Account | undefined>;
  rename(id: Id, username: string): Promise<'renamed' | 'username-taken'>;
  /** Sets the hash and ends every session of the account but `keepSession`, in one step. */
  changePassword(id: Id, passwordHash: string, keepSession: string | undefined): Promise<void>;
  /** Keeps the language the account's owner chose; nothing changes for an unknown account. */
  setLanguage(id: Id, language: Language): Promise<void>;
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** With no hash (unknown account) it spends the same work and answers false. */
  verify(password: string, hash: string | undefined): Promise<boolean>;
}

export interface Session {
  readonly user: User;
  readonly expiresAt: Date;
}

/** Server-side sessions, addressed by an opaque token that only the browser's cookie holds. */
export interface Sessions {
  /**
   * Starts a session that lasts until `expiresAt` and ends `previous` (the session the browser had
   * before, whoever's it was), in one step.
   */
  rotate(previous: string | undefined, userId: Id, expiresAt: Date): Promise<string>;
  /** The live session of a token: whose it is and until when. */
  sessionOf(token: string): Promise<Session | undefined>;
  end(token: string): Promise<void>;
}

/** Sign-in tries counted per key (an account, an address) within a window of time, and the addresses an account signed in from. */
export interface SignInThrottle extends Attempts {
  /** Gives one try back to each key (the try succeeded; only failures count). */
  refund(keys: readonly string[]): Promise<void>;
  clear(key: string): Promise<void>;
  /** Whether the account has signed in (or up) from this address before. */
  knows(userId: Id, address: string): Promise<boolean>;
  remember(userId: Id, address: string): Promise<void>;
}

/** Accounts linked to a person at another provider (Google's `sub`): one person per account and provider. */
export interface ExternalIdentities {
  find(provider: IdentityProviderName, subject: string): Promise<Id | undefined>;
  /**
   * 'subject-linked': that person is linked already (to this account or another);
   * 'account-linked': the account is linked to another person at that provider.
   */
  link(provider: IdentityProviderName, subject: string, userId: Id): Promise<'linked' | 'subject-linked' | 'account-linked'>;
  /** The providers the account is linked to. */
  providersOf(userId: Id): Promise<readonly IdentityProviderName[]>;
}

/** Sign-ins started at another provider, kept server-side until their callback; each taken once. */
export interface PendingSignIns {
  keep(id: string, pending: PendingSignIn, expiresAt: Date): Promise<void>;
  /** The pending sign-in, once: gone after this call, and undefined when unknown or expired at `now`. */
  take(id: string, now: Date): Promise<PendingSignIn | undefined>;
}

/** Unguessable random text (hexadecimal), for what no one should be able to reproduce. */
export interface RandomText {
  next(): string;
}

export type ProviderOutcome =
  | { readonly ok: true; readonly identity: VerifiedIdentity; readonly returnTo: string; readonly connectFor?: Id }
  | { readonly ok: false; readonly reason: ExternalSignInFailure; readonly connectFor?: Id };

/** Another provider's sign-in (OpenID Connect): sends the browser there and checks what comes back. */
export interface IdentityProvider {
  /**
   * The provider's address for the browser, and the id of the pending sign-in the browser keeps.
   * With `connectFor`, the provider is being connected to that account, not signed in with.
   */
  begin(returnTo: string, connectFor?: Id): Promise<{ readonly pendingId: string; readonly url: string; readonly expiresAt: Date }>;
  /** The identity the provider vouched for on this callback, or why not; a bad callback is an outcome, never a throw. */
  finish(pendingId: string | undefined, callback: URL): Promise<ProviderOutcome>;
}

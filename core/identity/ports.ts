import { Id } from '../shared/ids';
import { Role, User } from './domain/user';

export interface NewUser {
  readonly id: Id;
  readonly username: string;
  readonly email: string;
  readonly role: Role;
  readonly passwordHash: string;
}

export type AddOutcome = 'added' | 'username-taken' | 'email-taken';

/** Accounts. Usernames and e-mail addresses are unique regardless of case. */
export interface Users {
  add(user: NewUser): Promise<AddOutcome>;
  /** A username, or an e-mail address when it has an '@'. */
  findBySignInName(name: string): Promise<(User & { readonly passwordHash: string }) | undefined>;
  findById(id: Id): Promise<(User & { readonly passwordHash: string }) | undefined>;
  rename(id: Id, username: string): Promise<'renamed' | 'username-taken'>;
  setPasswordHash(id: Id, passwordHash: string): Promise<void>;
  setRole(id: Id, role: Role): Promise<void>;
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** With no hash (unknown account) it spends the same work and answers false. */
  verify(password: string, hash: string | undefined): Promise<boolean>;
}

/** Server-side sessions, addressed by an opaque token that only the browser's cookie holds. */
export interface Sessions {
  start(userId: Id): Promise<string>;
  userOf(token: string): Promise<User | undefined>;
  end(token: string): Promise<void>;
  /** Ends every session of the user but `keep` (after a password change). */
  endOthers(userId: Id, keep: string): Promise<void>;
}

export interface ThrottleRule {
  readonly key: string;
  /** Failures allowed within the window. */
  readonly limit: number;
}

/** Failed sign-ins counted per key (an account, an address) within a window of time. */
export interface SignInThrottle {
  /** Seconds until every rule allows another try; 0 when none is over its limit. */
  blockedFor(rules: readonly ThrottleRule[]): Promise<number>;
  recordFailure(keys: readonly string[], windowSeconds: number): Promise<void>;
  clear(key: string): Promise<void>;
}

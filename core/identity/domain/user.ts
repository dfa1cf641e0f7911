import { Id } from '../../shared/ids';

/** 'Admin' is the value that grants admin rights. */
export type Role = 'User' | 'Admin';

export interface User {
  readonly id: Id;
  readonly username: string;
  readonly email: string;
  readonly role: Role;
}

/** A user as the Users port keeps it: with the hash of the password, which never leaves the core. */
export type Account = User & { readonly passwordHash: string };

export const withoutHash = ({ passwordHash: _hash, ...user }: Account): User => user;

export const ALL_FIELDS = 'All fields must be filled';
export const PASSWORDS_DIFFER = 'Passwords do not match';
export const WRONG_CREDENTIALS = 'Email/Username or password is wrong';
export const NOT_SIGNED_IN = 'Please sign in first';
export const USERNAME_EMPTY = 'Username cannot be empty';
export const USERNAME_SHORT = 'Username must be at least 3 characters';
export const USERNAME_MAX = 30;
export const EMAIL_MAX = 254;
export const INVALID_EMAIL = 'Invalid email format';
export const USERNAME_TAKEN = 'This username is already taken';
export const ACCOUNT_TAKEN = 'This username or email is already registered';
export const WRONG_OLD_PASSWORD = 'The old password is not correct';

/** A simple address pattern, as the checkout form also uses. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The username rules, also checked by the server. */
export const usernameMessage = (username: string): string | undefined => {
  if (!username.trim()) return USERNAME_EMPTY;
  if (username.length < 3) return USERNAME_SHORT;
  if (username.length > USERNAME_MAX) return `Username must be at most ${USERNAME_MAX} characters`;
  if (!/^[A-Za-z0-9]+$/.test(username)) return 'Username can only have letters and digits';
  return undefined;
};

// Unicode's white space only: String.trim would also drop a byte-order mark, which is refused instead.
const EDGE_SPACE = /^\p{White_Space}+|\p{White_Space}+$/gu;

/**
 * Addresses are compared and stored in one form (DECISIONS 12): compatibility-normalised (NFKC, so
 * fullwidth letters and composed or decomposed accents are one address), trimmed, lower case.
 */
export const normalEmail = (email: string): string =>
  email.normalize('NFKC').replace(EDGE_SPACE, '').toLowerCase().normalize('NFKC');

// Invisible characters (format characters: zero-width spaces and joiners, soft hyphen, BOM) and
// control characters would make a look-alike of another address.
const INVISIBLE = /[\p{Cf}\p{Cc}]/u;

/** Asked of a normalised address (normalEmail). */
export const emailMessage = (email: string): string | undefined => {
  const [local = '', domain = ''] = email.split('@');
  const lookAlike = INVISIBLE.test(email) || local.endsWith('.') || domain.endsWith('.');
  return lookAlike || email.length > EMAIL_MAX || !EMAIL_PATTERN.test(email) ? INVALID_EMAIL : undefined;
};

/**
 * What was typed into the sign-in form's name field: an e-mail address when it has an '@', else a
 * username. The one place that rule is written.
 */
export type SignInName = { readonly kind: 'email'; readonly email: string } | { readonly kind: 'username'; readonly username: string };

export const signInName = (typed: string): SignInName => {
  const name = typed.normalize('NFKC').trim();
  return name.includes('@') ? { kind: 'email', email: normalEmail(name) } : { kind: 'username', username: name };
};

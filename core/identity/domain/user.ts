import { Id } from '../../shared/ids';
import { Language } from '../../shared/language';

/** 'Admin' is the value that grants admin rights. */
export type Role = 'User' | 'Admin';

export interface User {
  readonly id: Id;
  readonly username: string;
  readonly email: string;
  readonly role: Role;
}

/** A user as the Users port keeps it: with the hash of the password, which never leaves the core. */
export type Account = User & {
  readonly passwordHash: string;
  /** The language its owner chose while signed in (issue 20); none until they choose one. */
  readonly language?: Language;
};

export const withoutHash = ({ passwordHash: _hash, ...user }: Account): User => user;

/**
 * The hash of an account that has no password of its own (made by Google sign-in): no password
 * matches it, and its owner may set one without giving a current one.
 */
export const NO_PASSWORD = '';

export const hasOwnPassword = (account: Pick<Account, 'passwordHash'>): boolean => account.passwordHash !== NO_PASSWORD;

/** What the hasher checks a typed password against: nothing at all (the decoy) for an account without one. */
export const hashToCheck = (account: Pick<Account, 'passwordHash'> | undefined): string | undefined =>
  account && hasOwnPassword(account) ? account.passwordHash : undefined;

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

export const EMAIL_LOCAL_MAX = 64;
export const EMAIL_LABEL_MAX = 63;

// RFC 5322's atext, and for an internationalised address (RFC 6531) the letters, marks and digits of
// any script; a mark only after a letter or digit it can sit on.
const ATEXT = "A-Za-z0-9!#$%&'*+/=?^_`{|}~\\-";
const ATOM = `[${ATEXT}\\p{L}\\p{Nd}][${ATEXT}\\p{L}\\p{M}\\p{Nd}]*`;
/** A dot-atom: no leading, trailing or doubled dot. */
const LOCAL_PART = new RegExp(`^${ATOM}(?:\\.${ATOM})*$`, 'u');
/** Letters (ASCII or any script, for IDN), marks, digits and inner hyphens. */
const LABEL = /^[\p{L}\p{Nd}](?:[\p{L}\p{M}\p{Nd}-]*[\p{L}\p{M}\p{Nd}])?$/u;
/** Letters only, at least two (com, test, مصر), or a top-level domain in its ASCII form (xn--wgbh1c). */
const TOP_LEVEL = /^(?:\p{L}[\p{L}\p{M}]+|xn--[a-z0-9-]*[a-z0-9])$/u;
// Characters that show nothing (joiners, soft hyphen, variation selectors, fillers) would make a
// look-alike of another address, even where they count as letters or marks.
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/u;

/**
 * The one rule for an e-mail address (sign-up, sign-in, password reset, checkout, the address a
 * provider such as Google vouches for, the operator's ADMIN_EMAIL), asked of the address as typed
 * or normalised: it is checked in its normal form (normalEmail), the form the store keeps. At most
 * 254 characters; a local part of at most 64, a dot-atom; a domain of two labels or more, each of
 * 1 to 63, the last one letters. Nothing else: no space, NUL, noncharacter, quoted local part, and
 * no % or other symbol in the domain.
 */
export const emailMessage = (typed: string): string | undefined => {
  const email = normalEmail(typed);
  const at = email.indexOf('@');
  const [local, domain] = [email.slice(0, at), email.slice(at + 1)];
  const labels = domain.split('.');
  const valid =
    at > 0 &&
    email.length <= EMAIL_MAX &&
    local.length <= EMAIL_LOCAL_MAX &&
    !INVISIBLE.test(email) &&
    LOCAL_PART.test(local) &&
    labels.length >= 2 &&
    labels.every((label) => label.length <= EMAIL_LABEL_MAX && LABEL.test(label)) &&
    TOP_LEVEL.test(labels[labels.length - 1]!);
  return valid ? undefined : INVALID_EMAIL;
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

import { Id } from '../../shared/ids';

/** 'Admin' is the value that grants admin rights. */
export type Role = 'User' | 'Admin';

export interface User {
  readonly id: Id;
  readonly username: string;
  readonly email: string;
  readonly role: Role;
}

export const ALL_FIELDS = 'All fields must be filled';
export const PASSWORDS_DIFFER = 'Passwords do not match';
export const WRONG_CREDENTIALS = 'Email/Username or password is wrong';
export const NOT_SIGNED_IN = 'Please sign in first';
export const USERNAME_EMPTY = 'Username cannot be empty';
export const USERNAME_SHORT = 'Username must be at least 3 characters';
export const USERNAME_MAX = 30;
export const EMAIL_MAX = 254;
export const INVALID_EMAIL = 'Invalid email format';

/** A simple address pattern, as the checkout form also uses. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The username input's pattern: at least 3 alphanumerics. */
export const USERNAME_PATTERN = '[A-Za-z0-9]{3,}';

/** The username rules, also checked by the server. */
export const usernameMessage = (username: string): string | undefined => {
  if (!username.trim()) return USERNAME_EMPTY;
  if (username.length < 3) return USERNAME_SHORT;
  if (username.length > USERNAME_MAX) return `Username must be at most ${USERNAME_MAX} characters`;
  if (!/^[A-Za-z0-9]+$/.test(username)) return 'Username can only have letters and digits';
  return undefined;
};

export const emailMessage = (email: string): string | undefined =>
  email.length > EMAIL_MAX || !EMAIL_PATTERN.test(email) ? INVALID_EMAIL : undefined;

/** Addresses are compared case-insensitively (DECISIONS 12). */
export const normalEmail = (email: string): string => email.trim().toLowerCase();

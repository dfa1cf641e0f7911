import { DomainError, forbidden, unauthorized } from '../../shared/errors';
import { NOT_SIGNED_IN, User } from './user';

export const ADMINS_ONLY = 'This is for the store administrator only';

/** The session's user, or why the call is refused (401). */
export const requireUser = (user: User | undefined): User | DomainError => user ?? unauthorized(NOT_SIGNED_IN);

/** The session's user when an admin: 401 signed out, 403 for anyone else (DECISIONS 11). */
export const requireAdmin = (user: User | undefined): User | DomainError => {
  if (!user) return unauthorized(NOT_SIGNED_IN);
  return user.role === 'Admin' ? user : forbidden(ADMINS_ONLY);
};

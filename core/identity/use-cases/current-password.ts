import { DomainError, invalid, rateLimited } from '../../shared/errors';
import { SIGN_IN_POLICY, passwordCheckRule, tooManyPasswordChecks } from '../domain/sign-in-limits';
import { User, hashToCheck } from '../domain/user';
import { PasswordHasher, SignInThrottle, Users } from '../ports';

/**
 * The signed-in owner's current password, asked before a change to how the account is reached (a
 * new password, a Google account connected): a session left open must not be enough for either,
 * nor a way to guess the password, so the checks are limited as sign-ins are, per account.
 */
export const checkCurrentPassword = async (
  ports: { readonly users: Users; readonly hasher: PasswordHasher; readonly throttle: SignInThrottle },
  user: User,
  password: string,
  wrong: string,
): Promise<DomainError | undefined> => {
  const rule = passwordCheckRule(user.id);
  const wait = await ports.throttle.consume([rule], SIGN_IN_POLICY.windowSeconds);
  if (wait > 0) return rateLimited(tooManyPasswordChecks(wait));
  const account = await ports.users.findById(user.id);
  if (!account || !(await ports.hasher.verify(password, hashToCheck(account)))) return invalid(wrong);
  await ports.throttle.clear(rule.key);
  return undefined;
};

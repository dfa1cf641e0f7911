import * as TE from 'fp-ts/TaskEither';
import { DomainError, conflict, invalid, isDomainError, rateLimited } from '../../shared/errors';
import { attempt } from '../../shared/task';
import { passwordMessage } from '../domain/password-policy';
import { firstProblem } from '../domain/problems';
import { requireUser } from '../domain/rights';
import { SIGN_IN_POLICY, passwordCheckRule, tooManyPasswordChecks } from '../domain/sign-in-limits';
import { ALL_FIELDS, PASSWORDS_DIFFER, USERNAME_TAKEN, User, WRONG_OLD_PASSWORD, usernameMessage } from '../domain/user';
import { PasswordHasher, SignInThrottle, Users } from '../ports';

export interface PasswordChangeForm {
  readonly oldpassword: string;
  readonly newpassword: string;
  readonly repeatpassword: string;
}

/** The signed-in user's own account: what it shows, and changing its username or password. */
export class Profile {
  constructor(
    private readonly users: Users,
    private readonly hasher: PasswordHasher,
    private readonly throttle: SignInThrottle,
  ) {}

  show(user: User | undefined): TE.TaskEither<DomainError, User> {
    return attempt(async () => requireUser(user));
  }

  changeUsername(user: User | undefined, newUsername: string): TE.TaskEither<DomainError, User> {
    return attempt(async () => {
      const signedIn = requireUser(user);
      if (isDomainError(signedIn)) return signedIn;
      const username = newUsername.trim();
      const problem = firstProblem(usernameMessage(username));
      if (problem) return problem;
      if ((await this.users.rename(signedIn.id, username)) === 'username-taken') return conflict(USERNAME_TAKEN);
      return { ...signedIn, username };
    });
  }

  /**
   * Checks the old password, limited as sign-in is (a session left open must not become a way to
   * guess it); every other session of the account ends with the change.
   */
  changePassword(user: User | undefined, session: string | undefined, form: PasswordChangeForm): TE.TaskEither<DomainError, void> {
    return attempt(async () => {
      const signedIn = requireUser(user);
      if (isDomainError(signedIn)) return signedIn;
      const problem =
        firstProblem(!form.oldpassword || !form.newpassword || !form.repeatpassword ? ALL_FIELDS : undefined) ??
        firstProblem(form.newpassword !== form.repeatpassword ? PASSWORDS_DIFFER : undefined) ??
        firstProblem(passwordMessage(form.newpassword));
      if (problem) return problem;
      const rule = passwordCheckRule(signedIn.id);
      const wait = await this.throttle.consume([rule], SIGN_IN_POLICY.windowSeconds);
      if (wait > 0) return rateLimited(tooManyPasswordChecks(wait));
      const account = await this.users.findById(signedIn.id);
      if (!account || !(await this.hasher.verify(form.oldpassword, account.passwordHash))) return invalid(WRONG_OLD_PASSWORD);
      await this.throttle.clear(rule.key);
      await this.users.changePassword(signedIn.id, await this.hasher.hash(form.newpassword), session);
    });
  }
}

import * as TE from 'fp-ts/TaskEither';
import { DomainError, conflict, isDomainError } from '../../shared/errors';
import { attempt } from '../../shared/task';
import { passwordMessage } from '../domain/password-policy';
import { firstProblem } from '../domain/problems';
import { requireUser } from '../domain/rights';
import { ALL_FIELDS, PASSWORDS_DIFFER, USERNAME_TAKEN, User, WRONG_OLD_PASSWORD, usernameMessage } from '../domain/user';
import { IdentityProviderName } from '../domain/external-identity';
import { ExternalIdentities, PasswordHasher, SignInThrottle, Users } from '../ports';
import { checkCurrentPassword } from './current-password';

export interface PasswordChangeForm {
  readonly oldpassword: string;
  readonly newpassword: string;
  readonly repeatpassword: string;
}

/** The account as its owner sees it: with the providers they connected to sign in with. */
export interface OwnAccount extends User {
  readonly connected: readonly IdentityProviderName[];
}

/** The signed-in user's own account: what it shows, and changing its username or password. */
export class Profile {
  constructor(
    private readonly users: Users,
    private readonly hasher: PasswordHasher,
    private readonly throttle: SignInThrottle,
    private readonly links: ExternalIdentities,
  ) {}

  show(user: User | undefined): TE.TaskEither<DomainError, OwnAccount> {
    return attempt(async () => {
      const signedIn = requireUser(user);
      if (isDomainError(signedIn)) return signedIn;
      return { ...signedIn, connected: await this.links.providersOf(signedIn.id) };
    });
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
      const wrong = await checkCurrentPassword({ users: this.users, hasher: this.hasher, throttle: this.throttle }, signedIn, form.oldpassword, WRONG_OLD_PASSWORD);
      if (wrong) return wrong;
      await this.users.changePassword(signedIn.id, await this.hasher.hash(form.newpassword), session);
    });
  }
}

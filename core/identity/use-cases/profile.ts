import * as TE from 'fp-ts/TaskEither';
import { DomainError, conflict, invalid, isDomainError } from '../../shared/errors';
import { Language, isLanguage } from '../../shared/language';
import { UNKNOWN_LANGUAGE } from '../domain/language-setting';
import { attempt } from '../../shared/task';
import { passwordMessage } from '../domain/password-policy';
import { firstProblem } from '../domain/problems';
import { requireUser } from '../domain/rights';
import { ALL_FIELDS, PASSWORDS_DIFFER, USERNAME_TAKEN, User, WRONG_OLD_PASSWORD, hasOwnPassword, usernameMessage } from '../domain/user';
import { IdentityProviderName } from '../domain/external-identity';
import { ExternalIdentities, PasswordHasher, SignInThrottle, Users } from '../ports';
import { checkCurrentPassword } from './current-password';

export interface PasswordChangeForm {
  /** Empty or absent only to set the first password of an account that has none. */
  readonly oldpassword?: string;
  readonly newpassword: string;
  readonly repeatpassword: string;
}

/** The account as its owner sees it: with the providers they connected to sign in with. */
export interface OwnAccount extends User {
  readonly connected: readonly IdentityProviderName[];
  /** False for an account made by Google sign-in that never had a password set: it sets one, rather than changing it. */
  readonly hasPassword: boolean;
  /** The language the owner chose while signed in; none until they choose one. */
  readonly language?: Language;
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
      const account = await this.users.findById(signedIn.id);
      return {
        ...signedIn,
        connected: await this.links.providersOf(signedIn.id),
        hasPassword: !account || hasOwnPassword(account),
        ...(account?.language ? { language: account.language } : {}),
      };
    });
  }

  /** Keeps the language the owner picked in the store's chooser; answers it. */
  chooseLanguage(user: User | undefined, language: string): TE.TaskEither<DomainError, Language> {
    return attempt(async () => {
      const signedIn = requireUser(user);
      if (isDomainError(signedIn)) return signedIn;
      if (!isLanguage(language)) return invalid(UNKNOWN_LANGUAGE);
      await this.users.setLanguage(signedIn.id, language);
      return language;
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
   * guess it); every other session of the account ends with the change. An account with no
   * password of its own (made by Google sign-in) sets its first one with no current password: it
   * has none to give. Only such an account skips the check; any other without one is refused.
   */
  changePassword(user: User | undefined, session: string | undefined, form: PasswordChangeForm): TE.TaskEither<DomainError, void> {
    return attempt(async () => {
      const signedIn = requireUser(user);
      if (isDomainError(signedIn)) return signedIn;
      const account = await this.users.findById(signedIn.id);
      const setting = account !== undefined && !hasOwnPassword(account);
      const problem =
        firstProblem((!setting && !form.oldpassword) || !form.newpassword || !form.repeatpassword ? ALL_FIELDS : undefined) ??
        firstProblem(form.newpassword !== form.repeatpassword ? PASSWORDS_DIFFER : undefined) ??
        firstProblem(passwordMessage(form.newpassword));
      if (problem) return problem;
      if (!setting) {
        const ports = { users: this.users, hasher: this.hasher, throttle: this.throttle };
        const wrong = await checkCurrentPassword(ports, signedIn, form.oldpassword ?? '', WRONG_OLD_PASSWORD);
        if (wrong) return wrong;
      }
      await this.users.changePassword(signedIn.id, await this.hasher.hash(form.newpassword), session);
    });
  }
}

import * as TE from 'fp-ts/TaskEither';
import { DomainError, conflict, invalid, rateLimited, unauthorized } from '../../shared/errors';
import { IdGenerator } from '../../shared/ids';
import { attempt } from '../../shared/task';
import { passwordMessage } from '../domain/password-policy';
import {
  ALL_FIELDS,
  NOT_SIGNED_IN,
  PASSWORDS_DIFFER,
  Role,
  User,
  WRONG_CREDENTIALS,
  emailMessage,
  normalEmail,
  usernameMessage,
} from '../domain/user';
import { PasswordHasher, Sessions, SignInThrottle, Users } from '../ports';

/** Failed sign-ins: per account and per address, so one noisy address cannot lock others out. */
export const SIGN_IN_POLICY = { windowSeconds: 15 * 60, perAccount: 10, perAddress: 50 } as const;
export const USERNAME_TAKEN = 'This username is already taken';
export const ACCOUNT_TAKEN = 'This username or email is already registered';
export const WRONG_OLD_PASSWORD = 'The old password is not correct';

export interface SignUpForm {
  readonly username: string;
  readonly email: string;
  readonly password: string;
  /** The page's form sends it; when it does, it must match. */
  readonly repeatpassword?: string;
}

export interface SignedIn {
  readonly user: User;
  readonly token: string;
}

const check = (...messages: (string | undefined)[]): DomainError | undefined => {
  const message = messages.find(Boolean);
  return message ? invalid(message) : undefined;
};


/** Sign-up, sign-in, sign-out and the account's own changes. Rights are checked here. */
export class Accounts {
  constructor(
    private readonly users: Users,
    private readonly hasher: PasswordHasher,
    private readonly sessions: Sessions,
    private readonly throttle: SignInThrottle,
    private readonly ids: IdGenerator,
  ) {}

  signUp(form: SignUpForm): TE.TaskEither<DomainError, SignedIn> {
    return attempt(async () => {
      const username = form.username.trim();
      const email = normalEmail(form.email);
      const problem =
        check(!username || !email || !form.password || form.repeatpassword === '' ? ALL_FIELDS : undefined) ??
        check(usernameMessage(username), emailMessage(email)) ??
        check(form.repeatpassword !== undefined && form.repeatpassword !== form.password ? PASSWORDS_DIFFER : undefined) ??
        check(passwordMessage(form.password));
      if (problem) return problem;
      const id = this.ids.next();
      const outcome = await this.users.add({ id, username, email, role: 'User', passwordHash: await this.hasher.hash(form.password) });
      if (outcome !== 'added') return conflict(ACCOUNT_TAKEN);
      return { user: { id, username, email, role: 'User' as Role }, token: await this.sessions.start(id) };
    });
  }

  /** By username or e-mail. An unknown name costs the same work and says the same as a wrong password. */
  signIn(name: string, password: string, address: string): TE.TaskEither<DomainError, SignedIn> {
    return attempt(async () => {
      if (!name.trim() || !password) return invalid(ALL_FIELDS);
      const signInName = name.includes('@') ? normalEmail(name) : name.trim().toLowerCase();
      const accountKey = `account:${signInName}`;
      const keys = [accountKey, `address:${address}`];
      const { windowSeconds, perAccount, perAddress } = SIGN_IN_POLICY;
      const wait = await this.throttle.blockedFor([{ key: keys[0], limit: perAccount }, { key: keys[1], limit: perAddress }]);
      if (wait > 0) return rateLimited(`Too many failed sign-ins. Please try again in ${Math.ceil(wait / 60)} minutes.`);
      const account = await this.users.findBySignInName(signInName);
      const matches = await this.hasher.verify(password, account?.passwordHash);
      if (!account || !matches) {
        await this.throttle.recordFailure(keys, windowSeconds);
        return unauthorized(WRONG_CREDENTIALS);
      }
      await this.throttle.clear(accountKey);
      const { passwordHash: _hash, ...user } = account;
      return { user, token: await this.sessions.start(user.id) };
    });
  }

  signOut(token: string | undefined): TE.TaskEither<DomainError, void> {
    return attempt(async () => (token ? this.sessions.end(token) : undefined));
  }

  /** The signed-in user of a session token, if any. */
  whoIs(token: string | undefined): Promise<User | undefined> {
    return token ? this.sessions.userOf(token) : Promise.resolve(undefined);
  }

  changeUsername(user: User | undefined, newUsername: string): TE.TaskEither<DomainError, User> {
    return attempt(async () => {
      if (!user) return unauthorized(NOT_SIGNED_IN);
      const username = newUsername.trim();
      const problem = check(usernameMessage(username));
      if (problem) return problem;
      if ((await this.users.rename(user.id, username)) === 'username-taken') return conflict(USERNAME_TAKEN);
      return { ...user, username };
    });
  }

  /** Checks the old password; every other session of the account ends. */
  changePassword(
    user: User | undefined,
    token: string,
    form: { oldpassword: string; newpassword: string; repeatpassword: string },
  ): TE.TaskEither<DomainError, void> {
    return attempt(async () => {
      if (!user) return unauthorized(NOT_SIGNED_IN);
      const problem =
        check(!form.oldpassword || !form.newpassword || !form.repeatpassword ? ALL_FIELDS : undefined) ??
        check(form.newpassword !== form.repeatpassword ? PASSWORDS_DIFFER : undefined) ??
        check(passwordMessage(form.newpassword));
      if (problem) return problem;
      const account = await this.users.findById(user.id);
      if (!account || !(await this.hasher.verify(form.oldpassword, account.passwordHash))) return invalid(WRONG_OLD_PASSWORD);
      await this.users.setPasswordHash(user.id, await this.hasher.hash(form.newpassword));
      await this.sessions.endOthers(user.id, token);
    });
  }

  profile(user: User | undefined): TE.TaskEither<DomainError, User> {
    return attempt(async () => user ?? unauthorized(NOT_SIGNED_IN));
  }

  /**
   * Makes sure the operator's admin account exists with role Admin (DECISIONS 4). An existing
   * account keeps its password; a new one gets the configured one.
   */
  ensureAdmin(form: { username: string; email: string; password: string }): TE.TaskEither<DomainError, User> {
    return attempt(async () => {
      const existing =
        (await this.users.findBySignInName(form.username.toLowerCase())) ?? (await this.users.findBySignInName(normalEmail(form.email)));
      if (existing) {
        if (existing.role !== 'Admin') await this.users.setRole(existing.id, 'Admin');
        const { passwordHash: _h, ...user } = existing;
        return { ...user, role: 'Admin' as Role };
      }
      const problem = check(usernameMessage(form.username), emailMessage(normalEmail(form.email)), passwordMessage(form.password));
      if (problem) return problem;
      const id = this.ids.next();
      const email = normalEmail(form.email);
      const outcome = await this.users.add({ id, username: form.username, email, role: 'Admin', passwordHash: await this.hasher.hash(form.password) });
      if (outcome !== 'added') return conflict(ACCOUNT_TAKEN);
      return { id, username: form.username, email, role: 'Admin' as Role };
    });
  }
}

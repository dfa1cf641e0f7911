import * as TE from 'fp-ts/TaskEither';
import { DomainError, invalid, rateLimited, unauthorized } from '../../shared/errors';
import { Clock } from '../../shared/ids';
import { attempt } from '../../shared/task';
import { SIGN_IN_POLICY, accountKey, signInRules, tooManySignIns } from '../domain/sign-in-limits';
import { ALL_FIELDS, Account, SignInName, User, WRONG_CREDENTIALS, emailMessage, hashToCheck, signInName, withoutHash } from '../domain/user';
import { PasswordHasher, Sessions, SignInThrottle, Users } from '../ports';
import { Browser, SessionStarter, SignedIn } from './start-session';

/** No account holds an address the e-mail rule refuses: such a name is an unknown one, looked up nowhere. */
export const findAccount = async (users: Users, name: SignInName): Promise<Account | undefined> => {
  if (name.kind === 'username') return users.findByUsername(name.username);
  return emailMessage(name.email) ? undefined : users.findByEmail(name.email);
};

/** Sign-in by username or e-mail, sign-out, and who holds a session. */
export class SignIn {
  private readonly session: SessionStarter;

  constructor(
    private readonly users: Users,
    private readonly hasher: PasswordHasher,
    private readonly sessions: Sessions,
    private readonly throttle: SignInThrottle,
    clock: Clock,
  ) {
    this.session = new SessionStarter(sessions, throttle, clock);
  }

  /** An unknown name is counted, costs the same work and says the same as a wrong password. */
  signIn(typedName: string, password: string, browser: Browser): TE.TaskEither<DomainError, SignedIn> {
    return attempt(async () => {
      if (!typedName.trim() || !password) return invalid(ALL_FIELDS);
      const name = signInName(typedName);
      const account = await findAccount(this.users, name);
      const known = account ? await this.throttle.knows(account.id, browser.address) : false;
      const rules = signInRules(accountKey(account?.id, name), browser.address, known);
      const wait = await this.throttle.consume(rules, SIGN_IN_POLICY.windowSeconds);
      if (wait > 0) return rateLimited(tooManySignIns(wait));
      const matches = await this.hasher.verify(password, hashToCheck(account));
      if (!account || !matches) return unauthorized(WRONG_CREDENTIALS);
      // The count the try was held against starts again; the address gets its try back.
      const [accountRule, ...others] = rules;
      await this.throttle.clear(accountRule.key);
      await this.throttle.refund(others.map((rule) => rule.key));
      return this.session.start(withoutHash(account), browser);
    });
  }

  signOut(token: string | undefined): TE.TaskEither<DomainError, void> {
    return attempt(async () => (token ? this.sessions.end(token) : undefined));
  }

  /** The signed-in user of a session token, if any. */
  whoIs(token: string | undefined): Promise<User | undefined> {
    return token ? this.sessions.sessionOf(token).then((session) => session?.user) : Promise.resolve(undefined);
  }
}

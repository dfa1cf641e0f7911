import * as TE from 'fp-ts/TaskEither';
import { DomainError, conflict, rateLimited } from '../../shared/errors';
import { LIMITS } from '../../shared/limits';
import { signUpRule, tooManySignUps } from '../domain/sign-in-limits';
import { Clock, IdGenerator } from '../../shared/ids';
import { attempt } from '../../shared/task';
import { passwordMessage } from '../domain/password-policy';
import { firstProblem } from '../domain/problems';
import { ACCOUNT_TAKEN, ALL_FIELDS, PASSWORDS_DIFFER, User, emailMessage, normalEmail, usernameMessage } from '../domain/user';
import { PasswordHasher, Sessions, SignInThrottle, Users } from '../ports';
import { Browser, SessionStarter, SignedIn } from './start-session';

export interface SignUpForm {
  readonly username: string;
  readonly email: string;
  readonly password: string;
  /** The page's form sends it; when it does, it must match. */
  readonly repeatpassword?: string;
}

/** A new account, signed in at once (the spec's states: signed in after sign-up). */
export class SignUp {
  private readonly session: SessionStarter;

  constructor(
    private readonly users: Users,
    private readonly hasher: PasswordHasher,
    private readonly ids: IdGenerator,
    sessions: Sessions,
    private readonly throttle: SignInThrottle,
    clock: Clock,
  ) {
    this.session = new SessionStarter(sessions, throttle, clock);
  }

  signUp(form: SignUpForm, browser: Browser): TE.TaskEither<DomainError, SignedIn> {
    return attempt(async () => {
      const username = form.username.trim();
      const email = normalEmail(form.email);
      const problem =
        firstProblem(!username || !email || !form.password || form.repeatpassword === '' ? ALL_FIELDS : undefined) ??
        firstProblem(usernameMessage(username), emailMessage(email)) ??
        firstProblem(form.repeatpassword !== undefined && form.repeatpassword !== form.password ? PASSWORDS_DIFFER : undefined) ??
        firstProblem(passwordMessage(form.password));
      if (problem) return problem;
      // Counted only once the form is right: a mistake costs nothing.
      const wait = await this.throttle.consume([signUpRule(browser.address)], LIMITS.signUpsPerAddress.windowSeconds);
      if (wait > 0) return rateLimited(tooManySignUps(wait));
      const user: User = { id: this.ids.next(), username, email, role: 'User' };
      const outcome = await this.users.add({ ...user, passwordHash: await this.hasher.hash(form.password) });
      if (outcome !== 'added') return conflict(ACCOUNT_TAKEN);
      return this.session.start(user, browser);
    });
  }
}

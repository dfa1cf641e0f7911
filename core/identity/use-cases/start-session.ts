import { Clock } from '../../shared/ids';
import { sessionExpiry } from '../domain/session-policy';
import { User } from '../domain/user';
import { Sessions, SignInThrottle } from '../ports';

/** The browser a call comes from: the session it holds (if any) and its address. */
export interface Browser {
  readonly session?: string;
  readonly address: string;
}

export interface SignedIn {
  readonly user: User;
  readonly token: string;
  readonly expiresAt: Date;
}

/**
 * Every way into an account (sign-up, sign-in, and later a password reset or Google) ends in the
 * same session policy: a new session for the policy's lifetime that replaces the browser's former
 * one (a session id planted before opens nothing), and the address remembered as the owner's.
 */
export class SessionStarter {
  constructor(
    private readonly sessions: Sessions,
    private readonly throttle: SignInThrottle,
    private readonly clock: Clock,
  ) {}

  async start(user: User, browser: Browser): Promise<SignedIn> {
    const expiresAt = sessionExpiry(this.clock.now());
    const token = await this.sessions.rotate(browser.session, user.id, expiresAt);
    await this.throttle.remember(user.id, browser.address);
    return { user, token, expiresAt };
  }
}

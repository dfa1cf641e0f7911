import * as TE from 'fp-ts/TaskEither';
import { DomainError, conflict, invalid, isDomainError, unauthorized } from '../../shared/errors';
import { Clock, Id, IdGenerator } from '../../shared/ids';
import { attempt } from '../../shared/task';
import { EXTERNAL_SIGN_IN_MESSAGES as SAYS, PASSWORD_NEEDED, VerifiedIdentity, WRONG_PASSWORD, baseUsername, usernameCandidate } from '../domain/external-identity';
import { requireUser } from '../domain/rights';
import { Account, NO_PASSWORD, User, emailMessage, normalEmail, withoutHash } from '../domain/user';
import { ExternalIdentities, PasswordHasher, RandomText, Sessions, SignInThrottle, Users } from '../ports';
import { checkCurrentPassword } from './current-password';
import { Browser, SessionStarter, SignedIn } from './start-session';

/** Names tried for a new account before giving up (the last ones random). */
const USERNAME_TRIES = 20;
/** A sign-in that lost a race with another for the same person or address looks again this often. */
const RACE_TRIES = 3;

/**
 * Signs in the account of a person another provider (Google) vouched for: the account linked to
 * that person, else a new account. An account gets linked only when Google made it, or when its
 * owner, signed in and giving their password, connects Google from the profile (DECISIONS 23).
 * An address that already has an account signs nobody in, whatever the provider says of it: a
 * provider's word (or a test provider where anyone may type any address) never takes over an
 * account, the admin's least of all. A new account needs a verified address, so that no one can
 * hold an address that is not theirs. It has no password of its own (NO_PASSWORD): it signs in
 * with Google, and its owner may set a password from the profile or through a password reset.
 */
export class ExternalSignIn {
  private readonly session: SessionStarter;

  constructor(
    private readonly users: Users,
    private readonly links: ExternalIdentities,
    private readonly hasher: PasswordHasher,
    private readonly ids: IdGenerator,
    private readonly random: RandomText,
    sessions: Sessions,
    private readonly throttle: SignInThrottle,
    clock: Clock,
  ) {
    this.session = new SessionStarter(sessions, throttle, clock);
  }

  /** Before the owner is sent to the provider to connect it: they are signed in and know the password. */
  mayConnect(user: User | undefined, password: string | undefined): TE.TaskEither<DomainError, User> {
    return attempt(async () => {
      const owner = requireUser(user);
      if (isDomainError(owner)) return owner;
      if (!password) return invalid(PASSWORD_NEEDED);
      return (await checkCurrentPassword({ users: this.users, hasher: this.hasher, throttle: this.throttle }, owner, password, WRONG_PASSWORD)) ?? owner;
    });
  }

  /**
   * Connects the person the provider vouched for to the account that asked (`connectFor`, kept with
   * the pending sign-in), if the browser is still signed in to that account.
   */
  connect(user: User | undefined, connectFor: Id, identity: VerifiedIdentity): TE.TaskEither<DomainError, void> {
    return attempt(async () => {
      if (!user || user.id !== connectFor) return unauthorized(SAYS.failed);
      const outcome = await this.links.link(identity.provider, identity.subject, user.id);
      if (outcome === 'account-linked') return conflict(SAYS['has-google']);
      if (outcome === 'subject-linked' && (await this.links.find(identity.provider, identity.subject)) !== user.id) return conflict(SAYS['google-taken']);
    });
  }

  signIn(identity: VerifiedIdentity, browser: Browser): TE.TaskEither<DomainError, SignedIn> {
    return attempt(async () => {
      for (let tries = 0; tries < RACE_TRIES; tries++) {
        const account = await this.accountOf(identity);
        if (account === 'lost-race') continue;
        if (!('id' in account)) return account;
        return this.session.start(withoutHash(account), browser);
      }
      return unauthorized(SAYS.failed);
    });
  }

  private async accountOf(identity: VerifiedIdentity): Promise<Account | DomainError | 'lost-race'> {
    const linked = await this.links.find(identity.provider, identity.subject);
    if (linked) return (await this.users.findById(linked)) ?? unauthorized(SAYS.failed);

    const email = normalEmail(identity.email ?? '');
    if (!email || emailMessage(email)) return invalid(SAYS['no-email']);
    const holder = await this.users.findByEmail(email);
    if (holder) {
      const linkedElsewhere = (await this.links.providersOf(holder.id)).includes(identity.provider);
      return unauthorized(SAYS[linkedElsewhere ? 'other-google' : 'has-password']);
    }
    if (!identity.emailVerified) return unauthorized(SAYS.unverified);

    const created = await this.create(identity, email);
    return created === 'lost-race' ? created : this.linked(identity, created);
  }

  /** The account Google just made, linked; another sign-in of the same person may have made one first. */
  private async linked(identity: VerifiedIdentity, account: Account): Promise<Account | DomainError | 'lost-race'> {
    const outcome = await this.links.link(identity.provider, identity.subject, account.id);
    if (outcome === 'account-linked') return unauthorized(SAYS['other-google']);
    return outcome === 'linked' ? account : 'lost-race';
  }

  private async create(identity: VerifiedIdentity, email: string): Promise<Account | 'lost-race'> {
    const base = baseUsername(identity);
    // No password of its own: none signs in to it, and its owner may set one from the profile.
    const passwordHash = NO_PASSWORD;
    for (let n = 0; n < USERNAME_TRIES; n++) {
      const user: User = { id: this.ids.next(), username: usernameCandidate(base, n, () => this.random.next()), email, role: 'User' };
      const outcome = await this.users.add({ ...user, passwordHash });
      if (outcome === 'added') return { ...user, passwordHash };
      // Someone took the address meanwhile: look again, from the link.
      if (outcome === 'email-taken') return 'lost-race';
    }
    throw new Error('No free username was found for a new account');
  }
}

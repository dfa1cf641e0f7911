import * as TE from 'fp-ts/TaskEither';
import { DomainError, invalid, unauthorized } from '../../shared/errors';
import { Clock, IdGenerator } from '../../shared/ids';
import { attempt } from '../../shared/task';
import { EXTERNAL_SIGN_IN_MESSAGES as SAYS, VerifiedIdentity, baseUsername, usernameCandidate } from '../domain/external-identity';
import { Account, User, emailMessage, normalEmail, withoutHash } from '../domain/user';
import { ExternalIdentities, PasswordHasher, RandomText, Sessions, SignInThrottle, Users } from '../ports';
import { Browser, SessionStarter, SignedIn } from './start-session';

/** Names tried for a new account before giving up (the last ones random). */
const USERNAME_TRIES = 20;
/** A sign-in that lost a race with another for the same person or address looks again this often. */
const RACE_TRIES = 3;

/**
 * Signs in the account of a person another provider (Google) vouched for: the account linked to
 * that person; else the account of that e-mail address, linked now, but only when the provider
 * verified the address (anyone can type an address into a Google account); else a new account.
 * A new account needs a verified address too, so that no one can hold an address that is not
 * theirs. Its password is the hash of random text: it signs in with Google, or sets a password
 * through a password reset.
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
    throttle: SignInThrottle,
    clock: Clock,
  ) {
    this.session = new SessionStarter(sessions, throttle, clock);
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
      if (!identity.emailVerified) return unauthorized(SAYS['has-password']);
      return this.linked(identity, holder);
    }
    if (!identity.emailVerified) return unauthorized(SAYS.unverified);

    const created = await this.create(identity, email);
    return created === 'lost-race' ? created : this.linked(identity, created);
  }

  private async linked(identity: VerifiedIdentity, account: Account): Promise<Account | DomainError | 'lost-race'> {
    const outcome = await this.links.link(identity.provider, identity.subject, account.id);
    if (outcome === 'account-linked') return unauthorized(SAYS['other-google']);
    return outcome === 'linked' ? account : 'lost-race';
  }

  private async create(identity: VerifiedIdentity, email: string): Promise<Account | 'lost-race'> {
    const base = baseUsername(identity);
    const passwordHash = await this.hasher.hash(this.random.next());
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

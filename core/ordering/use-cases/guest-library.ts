import { Language } from '../../shared/language';
import * as TE from 'fp-ts/TaskEither';
import { entryOf } from '../../audit/domain/audit';
import { firstProblem } from '../../identity/domain/problems';
import { User, emailMessage, normalEmail } from '../../identity/domain/user';
import { ResetTokens } from '../../identity/ports/password-resets';
import { Attempts } from '../../shared/attempts';
import { DomainError, gone, invalid, rateLimited, unauthorized } from '../../shared/errors';
import { Clock, Id } from '../../shared/ids';
import { attempt } from '../../shared/task';
import { StoreContact } from '../domain/confirmation';
import {
  AddressProof,
  LIBRARY_EMAIL_REQUIRED,
  LIBRARY_LINK_LIFETIME_MS,
  LIBRARY_LINK_POLICY,
  LIBRARY_LINK_SENT,
  LIBRARY_LINK_SPENT,
  LIBRARY_SESSION_LIFETIME_MS,
  NO_LIBRARY_SESSION,
  libraryLinkRules,
  mayAttach,
  tooManyLibraryLinks,
} from '../domain/guest-library';
import { libraryLetterOf } from '../domain/library-letter';
import { OrderHolder } from '../domain/order-access';
import { GuestLibrary } from '../ports/guest-library';
import { UnitOfWork } from '../ports/orders';

/** Longer than any token the store issues; a longer one is not looked up. */
const TOKEN_MAX = 200;

/** A library opened by its link: the session for the browser's cookie, and the orders it attached to the signed-in account, if any. */
export interface LibraryOpened {
  readonly email: string;
  readonly token: string;
  readonly expiresAt: Date;
  readonly attached: readonly Id[];
}

/**
 * A guest's way back to their purchases (DECISIONS 25): the single-use link of the confirmation, the
 * library session it opens, a new link by e-mail, and attaching the address's orders to the account
 * that proves it.
 */
export class GuestLibraryAccess {
  constructor(
    private readonly library: GuestLibrary,
    private readonly work: UnitOfWork,
    private readonly tokens: ResetTokens,
    private readonly throttle: Attempts,
    private readonly clock: Clock,
    private readonly contact: StoreContact,
  ) {}

  /**
   * Spends the link and starts a library session for its address. Used, expired or unknown: 410,
   * with the way to ask for another. Opened in a browser signed in to the account of that very
   * address, the link is the proof: the address's guest orders join the account.
   */
  open(token: string, signedIn: User | undefined): TE.TaskEither<DomainError, LibraryOpened> {
    return attempt(async () => {
      if (!token || token.length > TOKEN_MAX) return gone(LIBRARY_LINK_SPENT);
      const now = this.clock.now();
      const session = this.tokens.issue();
      const expiresAt = new Date(now.getTime() + LIBRARY_SESSION_LIFETIME_MS);
      const email = await this.library.open(this.tokens.hashOf(token), { tokenHash: session.hash, expiresAt }, now);
      if (email === undefined) return gone(LIBRARY_LINK_SPENT);
      const attached = signedIn ? await this.attach(signedIn, { kind: 'library', email }) : [];
      return { email, token: session.token, expiresAt, attached };
    });
  }

  /** Whose library a browser's library cookie opens, if it is live: a holder of that address's guest orders. */
  async holderOf(sessionToken: string | undefined): Promise<OrderHolder | undefined> {
    if (!sessionToken || sessionToken.length > TOKEN_MAX) return undefined;
    const email = await this.library.sessionOf(this.tokens.hashOf(sessionToken), this.clock.now());
    return email === undefined ? undefined : { kind: 'library', email };
  }

  /** The address of a library session, or 401 with the way back in. */
  async emailOf(sessionToken: string | undefined): Promise<string | DomainError> {
    const holder = await this.holderOf(sessionToken);
    return holder?.kind === 'library' ? holder.email : unauthorized(NO_LIBRARY_SESSION);
  }

  /** Ends a library session (the library's sign-out). */
  close(sessionToken: string | undefined): TE.TaskEither<DomainError, void> {
    return attempt(async () => (sessionToken && sessionToken.length <= TOKEN_MAX ? this.library.end(this.tokens.hashOf(sessionToken)) : undefined));
  }

  /**
   * A new link to the library of an address, e-mailed only when it has guest orders; the answer is
   * the same either way. Counted per address typed and per network, as reset links are.
   */
  ask(typedEmail: string, network: string, language: Language): TE.TaskEither<DomainError, string> {
    return attempt(async () => {
      if (!typedEmail.trim()) return invalid(LIBRARY_EMAIL_REQUIRED);
      const email = normalEmail(typedEmail);
      const problem = firstProblem(emailMessage(email));
      if (problem) return problem;
      const wait = await this.throttle.consume(libraryLinkRules(email, network), LIBRARY_LINK_POLICY.windowSeconds);
      if (wait > 0) return rateLimited(tooManyLibraryLinks(wait));
      const { token, hash } = this.tokens.issue();
      const issuedAt = this.clock.now();
      const link = { tokenHash: hash, email, issuedAt, expiresAt: new Date(issuedAt.getTime() + LIBRARY_LINK_LIFETIME_MS) };
      await this.library.offer(link, libraryLetterOf(email, token, this.contact, language));
      return LIBRARY_LINK_SENT;
    });
  }

  /**
   * Gives the account the guest orders of its own address, when `proof` proves that address
   * (mayAttach); audited in the same unit. Answers the ids attached (none without proof).
   */
  async attach(account: User, proof: AddressProof | undefined): Promise<readonly Id[]> {
    if (!proof || !mayAttach(account, proof)) return [];
    const email = normalEmail(proof.email);
    return this.work.run(async (tx) => {
      const attached = await tx.orders.attachGuestOrders(email, account.id);
      if (attached.length)
        await tx.audit(
          entryOf({ id: account.id, username: account.username, at: this.clock.now() }, 'guest-orders-attached', {
            subject: account.id,
            detail: { email, proof: proof.kind, orders: [...attached] },
          }),
        );
      return attached;
    });
  }
}

import { Carts } from '../../core/cart/ports';
import { NewUser, Session, Sessions, Users } from '../../core/identity/ports';
import { Clock } from '../../core/shared/ids';
import { Language } from '../../core/shared/language';
import { Memo } from './memo';
import { ChangeFeed } from './change-feed';

/**
 * Every signed-in request asks who its session belongs to, and the badge asks for the cart count
 * on every page: both are kept in memory, per user. A change to an account (sign-out, name, role,
 * password) forgets that user's sessions, and a cart write that user's cart answers, through the
 * ChangeFeed: in this process at once, in the others within CATALOGUE_REFRESH_MS.
 * A session is kept a minute at most and never past its expiry, so a change whose log row was lost
 * (the process stopped between the write and the row) is forgotten within that minute.
 */
const SESSION_KEPT_MS = 60_000;

export class CachedSessions implements Sessions {
  private readonly owners = new Memo(20_000, SESSION_KEPT_MS);

  constructor(
    private readonly inner: Sessions,
    private readonly changes: ChangeFeed,
    private readonly clock: Clock,
  ) {
    changes.on('account', (userId) => (userId === undefined ? this.owners.clear() : this.owners.forgetOwner(userId)));
  }

  /** The browser's former session may be kept here or in another process: both forget it. */
  async rotate(previous: string | undefined, userId: string, expiresAt: Date) {
    const formerOwner = previous ? (await this.sessionOf(previous))?.user : undefined;
    const token = await this.inner.rotate(previous, userId, expiresAt);
    if (previous) this.owners.forget(previous);
    if (formerOwner) await this.changes.record('account', formerOwner.id);
    return token;
  }

  async sessionOf(token: string): Promise<Session | undefined> {
    const session = await this.owners.get(token, () => this.inner.sessionOf(token), (kept) => kept?.user.id);
    if (!session || session.expiresAt > this.clock.now()) return session;
    this.owners.forget(token);
    return undefined;
  }

  async end(token: string) {
    const user = (await this.sessionOf(token))?.user;
    await this.inner.end(token);
    this.owners.forget(token);
    if (user) await this.changes.record('account', user.id);
  }
}

/** Changes to an account (its name or password, which ends its other sessions) reach the cached sessions. */
export class UsersThatTell implements Users {
  constructor(
    private readonly inner: Users,
    private readonly changes: ChangeFeed,
  ) {}

  add(user: NewUser) {
    return this.inner.add(user);
  }
  findByUsername(username: string) {
    return this.inner.findByUsername(username);
  }
  findByEmail(email: string) {
    return this.inner.findByEmail(email);
  }
  findById(id: string) {
    return this.inner.findById(id);
  }
  async rename(id: string, username: string) {
    const outcome = await this.inner.rename(id, username);
    await this.changes.record('account', id);
    return outcome;
  }
  async changePassword(id: string, passwordHash: string, keepSession: string | undefined) {
    await this.inner.changePassword(id, passwordHash, keepSession);
    await this.changes.record('account', id);
  }
  // Sessions hold no language: nothing cached to forget.
  setLanguage(id: string, language: Language) {
    return this.inner.setLanguage(id, language);
  }
}

/**
 * Counts and memberships are kept per user. The knex carts log each write in the same statement
 * (knex-carts.ts), so only the local forgetting is left here; a catalogue change (a product
 * deleted) forgets every cart's answers.
 */
export class CachedCarts implements Carts {
  private readonly answers = new Memo(50_000);

  constructor(
    private readonly inner: Carts,
    private readonly changes: ChangeFeed,
  ) {
    changes.on('cart', (userId) => (userId === undefined ? this.answers.clear() : this.answers.forgetOwner(userId)));
    changes.on('catalogue', () => this.answers.clear());
  }

  async add(userId: string, productId: string) {
    const added = await this.inner.add(userId, productId);
    this.changes.changedHere('cart', userId);
    return added;
  }

  async remove(userId: string, productId: string) {
    await this.inner.remove(userId, productId);
    this.changes.changedHere('cart', userId);
  }

  contains(userId: string, productId: string) {
    return this.answers.get(`has|${userId}|${productId}`, () => this.inner.contains(userId, productId), userId);
  }

  count(userId: string) {
    return this.answers.get(`count|${userId}`, () => this.inner.count(userId), userId);
  }

  products(userId: string) {
    return this.inner.products(userId);
  }
}

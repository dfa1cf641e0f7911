import { User } from '../../core/identity/domain/user';
import { Carts } from '../../core/cart/ports';
import { NewUser, Sessions, Users } from '../../core/identity/ports';
import { Memo } from './memo';
import { SharedVersion } from './shared-version';

/**
 * Every signed-in request asks who its session belongs to, and the badge asks for the cart count
 * on every page: both are kept in memory and forgotten whenever an account changes anywhere (the
 * accounts' SharedVersion): in this process at once, in the others within CATALOGUE_REFRESH_MS.
 * Sessions are kept a minute at most, so an expiry is noticed too.
 */
const SESSION_KEPT_MS = 60_000;

export class CachedSessions implements Sessions {
  private readonly owners = new Memo(20_000, SESSION_KEPT_MS);

  constructor(
    private readonly inner: Sessions,
    private readonly version: SharedVersion,
  ) {
    version.onChange(() => this.owners.clear());
  }

  /** The browser's former session may be kept here or in another process. */
  async rotate(previous: string | undefined, userId: string, expiresAt: Date) {
    const token = await this.inner.rotate(previous, userId, expiresAt);
    if (previous) await this.version.bump();
    return token;
  }

  userOf(token: string): Promise<User | undefined> {
    return this.owners.get(token, () => this.inner.userOf(token));
  }

  async end(token: string) {
    await this.inner.end(token);
    await this.version.bump();
  }
}

/** Changes to an account (its name or password, which ends its other sessions) reach the cached sessions. */
export class UsersThatTell implements Users {
  constructor(
    private readonly inner: Users,
    private readonly version: SharedVersion,
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
    await this.version.bump();
    return outcome;
  }
  async changePassword(id: string, passwordHash: string, keepSession: string | undefined) {
    await this.inner.changePassword(id, passwordHash, keepSession);
    await this.version.bump();
  }
}

/** Counts and memberships are kept; a cart change, or a catalogue change (a product deleted), forgets them. */
export class CachedCarts implements Carts {
  private readonly answers = new Memo(50_000);

  constructor(
    private readonly inner: Carts,
    private readonly accounts: SharedVersion,
    catalogue: SharedVersion,
  ) {
    for (const version of [accounts, catalogue]) version.onChange(() => this.answers.clear());
  }

  async add(userId: string, productId: string) {
    const added = await this.inner.add(userId, productId);
    await this.accounts.bump();
    return added;
  }

  async remove(userId: string, productId: string) {
    await this.inner.remove(userId, productId);
    await this.accounts.bump();
  }

  contains(userId: string, productId: string) {
    return this.answers.get(`has|${userId}|${productId}`, () => this.inner.contains(userId, productId));
  }

  count(userId: string) {
    return this.answers.get(`count|${userId}`, () => this.inner.count(userId));
  }

  products(userId: string) {
    return this.inner.products(userId);
  }
}

import { CatalogWriter } from '../../core/catalog/ports/catalog';
import { Carts } from '../../core/cart/ports';
import { Sessions, SignInThrottle, Users } from '../../core/identity/ports';
import { FixedClock } from '../support/clock';
import { aProduct, nextId } from '../support/products';

export interface AccountsUnderTest {
  users: Users;
  sessions: Sessions;
  throttle: SignInThrottle;
  carts: Carts;
  catalog: CatalogWriter;
  clock: FixedClock;
  /** Soft-deletes a product, as the admin editor will. */
  deleteProduct(id: string): Promise<void>;
  close(): Promise<void>;
}

const aUser = (name: string) => ({ id: nextId(), username: name, email: `${name.toLowerCase()}@mail.test`, role: 'User' as const, passwordHash: `hash-${name}` });

/** Users, sessions, the sign-in throttle and carts: the same behaviour on every adapter. */
export const accountsContract = (name: string, open: () => Promise<AccountsUnderTest>) =>
  describe(`Accounts contract: ${name}`, () => {
    let s: AccountsUnderTest;
    beforeAll(async () => (s = await open()));
    afterAll(() => s.close());

    it('adds users with unique usernames and addresses, regardless of case', async () => {
      const amal = aUser('Amal');
      expect(await s.users.add(amal)).toBe('added');
      expect(await s.users.add({ ...aUser('AMAL'), email: 'other@mail.test' })).toBe('username-taken');
      expect(await s.users.add({ ...aUser('Other'), email: 'AMAL@mail.test' })).toBe('email-taken');
      expect(await s.users.findBySignInName('amal')).toEqual(amal);
      expect(await s.users.findBySignInName('Amal@Mail.test')).toEqual(amal);
      expect(await s.users.findBySignInName('nobody')).toBeUndefined();
    });

    it('renames, re-hashes and promotes', async () => {
      const basma = aUser('Basma');
      const taken = aUser('Taken');
      await s.users.add(basma);
      await s.users.add(taken);
      expect(await s.users.rename(basma.id, 'taken')).toBe('username-taken');
      expect(await s.users.rename(basma.id, 'Basma2')).toBe('renamed');
      await s.users.setPasswordHash(basma.id, 'new-hash');
      await s.users.setRole(basma.id, 'Admin');
      expect(await s.users.findById(basma.id)).toEqual({ ...basma, username: 'Basma2', passwordHash: 'new-hash', role: 'Admin' });
    });

    it('keeps sessions until they end or expire', async () => {
      const user = aUser('Sessioned');
      await s.users.add(user);
      const first = await s.sessions.start(user.id);
      const second = await s.sessions.start(user.id);
      expect(first).not.toBe(second);
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(await s.sessions.userOf(first)).toEqual({ id: user.id, username: user.username, email: user.email, role: 'User' });
      await s.sessions.endOthers(user.id, second);
      expect(await s.sessions.userOf(first)).toBeUndefined();
      expect(await s.sessions.userOf(second)).toBeDefined();
      await s.sessions.end(second);
      expect(await s.sessions.userOf(second)).toBeUndefined();
      const third = await s.sessions.start(user.id);
      s.clock.advance(31 * 24 * 60 * 60 * 1000);
      expect(await s.sessions.userOf(third)).toBeUndefined();
      expect(await s.sessions.userOf('not-a-token')).toBeUndefined();
    });

    it('throttles a key over its limit until its window ends, and clears', async () => {
      const rules = [{ key: 'account:x', limit: 2 }, { key: 'address:1', limit: 3 }];
      expect(await s.throttle.blockedFor(rules)).toBe(0);
      await s.throttle.recordFailure(['account:x', 'address:1'], 60);
      expect(await s.throttle.blockedFor(rules)).toBe(0);
      await s.throttle.recordFailure(['account:x', 'address:1'], 60);
      expect(await s.throttle.blockedFor(rules)).toBe(60);
      expect(await s.throttle.blockedFor([{ key: 'account:y', limit: 2 }])).toBe(0);
      s.clock.advance(30_000);
      expect(await s.throttle.blockedFor(rules)).toBe(30);
      await s.throttle.clear('account:x');
      expect(await s.throttle.blockedFor(rules)).toBe(0);
      s.clock.advance(31_000);
      await s.throttle.recordFailure(['address:1'], 60);
      expect(await s.throttle.blockedFor(rules)).toBe(0);
    });

    it('keeps a cart as a set of products still on sale, first added first', async () => {
      const shopper = aUser('Shopper');
      await s.users.add(shopper);
      const [a, b, c] = [aProduct(), aProduct(), aProduct()];
      await s.catalog.addMany([a, b, c]);
      expect(await s.carts.add(shopper.id, b._id)).toBe(true);
      expect(await s.carts.add(shopper.id, a._id)).toBe(true);
      expect(await s.carts.add(shopper.id, b._id)).toBe(false);
      expect(await s.carts.count(shopper.id)).toBe(2);
      expect((await s.carts.products(shopper.id)).map((p) => p._id)).toEqual([b._id, a._id]);
      expect(await s.carts.contains(shopper.id, a._id)).toBe(true);
      expect(await s.carts.contains(shopper.id, c._id)).toBe(false);
      await s.carts.add(shopper.id, c._id);
      await s.deleteProduct(c._id);
      expect(await s.carts.count(shopper.id)).toBe(2);
      expect(await s.carts.contains(shopper.id, c._id)).toBe(false);
      await s.carts.remove(shopper.id, b._id);
      expect((await s.carts.products(shopper.id)).map((p) => p._id)).toEqual([a._id]);
      expect(JSON.stringify(await s.carts.products(shopper.id))).not.toMatch(/producturl|downloadpass|secret-/);
    });
  });

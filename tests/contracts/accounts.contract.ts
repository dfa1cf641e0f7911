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
    let later: Date;
    beforeAll(async () => {
      s = await open();
      later = new Date(s.clock.now().getTime() + 30 * 24 * 60 * 60 * 1000);
    });
    afterAll(() => s.close());

    it('adds users with unique usernames and addresses, regardless of case', async () => {
      const amal = aUser('Amal');
      expect(await s.users.add(amal)).toBe('added');
      expect(await s.users.add({ ...aUser('AMAL'), email: 'other@mail.test' })).toBe('username-taken');
      expect(await s.users.add({ ...aUser('Other'), email: 'AMAL@mail.test' })).toBe('email-taken');
      expect(await s.users.findByUsername('amal')).toEqual(amal);
      expect(await s.users.findByEmail('amal@mail.test')).toEqual(amal);
      expect(await s.users.findByUsername('amal@mail.test')).toBeUndefined();
      expect(await s.users.findByEmail('amal')).toBeUndefined();
      expect(await s.users.findByUsername('nobody')).toBeUndefined();
      expect(await s.users.findById(amal.id)).toEqual(amal);
    });

    it("keeps the language the account's owner chose: none at first, then the latest choice; its sessions go on", async () => {
      const chadia = aUser('Chadia');
      await s.users.add(chadia);
      const session = await s.sessions.rotate(undefined, chadia.id, later);
      expect((await s.users.findById(chadia.id))?.language).toBeUndefined();
      await s.users.setLanguage(chadia.id, 'ar');
      expect(await s.users.findById(chadia.id)).toEqual({ ...chadia, language: 'ar' });
      expect(await s.users.findByEmail(chadia.email)).toEqual({ ...chadia, language: 'ar' });
      await s.users.setLanguage(chadia.id, 'pt');
      expect((await s.users.findByUsername('chadia'))?.language).toBe('pt');
      expect((await s.sessions.sessionOf(session))?.user).toMatchObject({ id: chadia.id, username: 'Chadia' });
      await s.users.setLanguage(nextId(), 'es');
      expect((await s.users.findById(chadia.id))?.language).toBe('pt');
    });

    it('renames, and changes a password ending every session but the one kept', async () => {
      const basma = aUser('Basma');
      const taken = aUser('Taken');
      await s.users.add(basma);
      await s.users.add(taken);
      expect(await s.users.rename(basma.id, 'taken')).toBe('username-taken');
      expect(await s.users.rename(basma.id, 'Basma2')).toBe('renamed');
      const [here, elsewhere, other] = [
        await s.sessions.rotate(undefined, basma.id, later),
        await s.sessions.rotate(undefined, basma.id, later),
        await s.sessions.rotate(undefined, taken.id, later),
      ];
      await s.users.changePassword(basma.id, 'new-hash', here);
      expect(await s.users.findById(basma.id)).toEqual({ ...basma, username: 'Basma2', passwordHash: 'new-hash' });
      expect((await s.sessions.sessionOf(here))?.user).toMatchObject({ id: basma.id });
      expect((await s.sessions.sessionOf(elsewhere))?.user).toBeUndefined();
      expect((await s.sessions.sessionOf(other))?.user).toMatchObject({ id: taken.id });
      await s.users.changePassword(basma.id, 'newer-hash', undefined);
      expect((await s.sessions.sessionOf(here))?.user).toBeUndefined();
    });

    it('rotates sessions: the new one lasts until its expiry, the one replaced ends', async () => {
      const user = aUser('Sessioned');
      await s.users.add(user);
      const first = await s.sessions.rotate(undefined, user.id, later);
      const second = await s.sessions.rotate(undefined, user.id, later);
      expect(first).not.toBe(second);
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect((await s.sessions.sessionOf(first))?.user).toEqual({ id: user.id, username: user.username, email: user.email, role: 'User' });
      const third = await s.sessions.rotate(first, user.id, later);
      expect((await s.sessions.sessionOf(first))?.user).toBeUndefined();
      expect((await s.sessions.sessionOf(third))?.user).toBeDefined();
      await s.sessions.end(second);
      expect((await s.sessions.sessionOf(second))?.user).toBeUndefined();
      const briefEnd = new Date(s.clock.now().getTime() + 60_000);
      const brief = await s.sessions.rotate('not-a-token', user.id, briefEnd);
      expect((await s.sessions.sessionOf(brief))?.expiresAt).toEqual(briefEnd);
      s.clock.advance(59_000);
      expect((await s.sessions.sessionOf(brief))?.user).toBeDefined();
      s.clock.advance(1_000);
      expect((await s.sessions.sessionOf(brief))?.user).toBeUndefined();
      expect((await s.sessions.sessionOf(third))?.user).toBeDefined();
      expect((await s.sessions.sessionOf('not-a-token'))?.user).toBeUndefined();
    });

    it('counts tries atomically: of 40 at once, exactly the limit may go on', async () => {
      const rules = [{ key: 'account:burst', limit: 10 }];
      const waits = await Promise.all(Array.from({ length: 40 }, () => s.throttle.consume(rules, 60)));
      expect(waits.filter((w) => w === 0)).toHaveLength(10);
      expect(waits.filter((w) => w === 60)).toHaveLength(30);
    });

    it('blocks a key over its limit until its window ends; refunds and clears', async () => {
      const rules = [{ key: 'account:x', limit: 2 }, { key: 'address:1', limit: 3 }];
      expect(await s.throttle.consume(rules, 60)).toBe(0);
      expect(await s.throttle.consume(rules, 60)).toBe(0);
      expect(await s.throttle.consume(rules, 60)).toBe(60);
      expect(await s.throttle.consume([{ key: 'account:y', limit: 2 }], 60)).toBe(0);
      s.clock.advance(30_000);
      expect(await s.throttle.consume(rules, 60)).toBe(30);
      await s.throttle.clear('account:x');
      await s.throttle.refund(['address:1']);
      // address:1 has had 4 tries; less the one refunded, the next is its fourth, over its limit of 3.
      expect(await s.throttle.consume([{ key: 'address:1', limit: 3 }], 60)).toBe(30);
      expect(await s.throttle.consume([{ key: 'account:x', limit: 2 }], 60)).toBe(0);
      s.clock.advance(30_000);
      expect(await s.throttle.consume(rules, 60)).toBe(0);
      await s.throttle.refund(['never-counted']);
      expect(await s.throttle.consume([{ key: 'never-counted', limit: 1 }], 60)).toBe(0);
    });

    it('knows the addresses an account has signed in from', async () => {
      const user = aUser('Traveller');
      await s.users.add(user);
      expect(await s.throttle.knows(user.id, '10.0.0.1')).toBe(false);
      await s.throttle.remember(user.id, '10.0.0.1');
      await s.throttle.remember(user.id, '10.0.0.1');
      expect(await s.throttle.knows(user.id, '10.0.0.1')).toBe(true);
      expect(await s.throttle.knows(user.id, '10.0.0.2')).toBe(false);
      expect(await s.throttle.knows('ffffffffffffffffffffffff', '10.0.0.1')).toBe(false);
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

import * as E from 'fp-ts/Either';
import { MemoryCatalog } from '../../adapters/persistence/memory/memory-catalog';
import { MemoryCarts } from '../../adapters/persistence/memory/memory-carts';
import { MemorySessions, MemorySignInThrottle, MemoryUsers } from '../../adapters/persistence/memory/memory-accounts';
import { Cart } from '../../core/cart/use-cases';
import { Accounts } from '../../core/identity/use-cases/accounts';
import { conflict, invalid, notFound, rateLimited, unauthorized } from '../../core/shared/errors';
import { FixedClock } from '../support/clock';
import { PlainHasher } from '../support/plain-hasher';
import { aProduct, nextId } from '../support/products';

const setUp = () => {
  const clock = new FixedClock();
  const users = new MemoryUsers();
  const hasher = new PlainHasher();
  const catalog = new MemoryCatalog();
  const accounts = new Accounts(users, hasher, new MemorySessions(users, clock), new MemorySignInThrottle(clock), { next: nextId });
  const cart = new Cart(new MemoryCarts((id) => catalog.findById(id)), catalog);
  return { clock, users, hasher, catalog, accounts, cart };
};

const form = (overrides = {}) => ({ username: 'Hana', email: 'Hana@Mail.test', password: 'Secret12', repeatpassword: 'Secret12', ...overrides });

describe('signing up and in', () => {
  it('makes a user with a hashed password and an open session; the address is kept lower-case', async () => {
    const { accounts, users } = setUp();
    const result = await accounts.signUp(form())();
    if (E.isLeft(result)) throw new Error(result.left.message);
    expect(result.right.user).toMatchObject({ username: 'Hana', email: 'hana@mail.test', role: 'User' });
    expect(await accounts.whoIs(result.right.token)).toEqual(result.right.user);
    expect((await users.findBySignInName('hana'))?.passwordHash).toBe('plain:Secret12');
  });

  it('checks fields, then names, then the repeat, then the password rules', async () => {
    const { accounts } = setUp();
    expect(await accounts.signUp(form({ email: '' }))()).toEqual(E.left(invalid('All fields must be filled')));
    expect(await accounts.signUp(form({ repeatpassword: '' }))()).toEqual(E.left(invalid('All fields must be filled')));
    expect(await accounts.signUp(form({ username: 'x!' }))()).toEqual(E.left(invalid('Username must be at least 3 characters')));
    expect(await accounts.signUp(form({ repeatpassword: 'Secret13' }))()).toEqual(E.left(invalid('Passwords do not match')));
    expect(await accounts.signUp(form({ password: 'Secret', repeatpassword: 'Secret' }))()).toEqual(
      E.left(invalid('Password should have at least 2 digits')),
    );
  });

  it('refuses a taken username or address whatever its case', async () => {
    const { accounts } = setUp();
    await accounts.signUp(form())();
    expect(await accounts.signUp(form({ username: 'HANA', email: 'x@mail.test' }))()).toEqual(E.left(conflict('This username or email is already registered')));
  });

  it('spends a hash on an unknown account and answers as for a wrong password', async () => {
    const { accounts, hasher } = setUp();
    await accounts.signUp(form())();
    const unknown = await accounts.signIn('ghost', 'Secret12', '10.0.0.1')();
    const wrong = await accounts.signIn('hana', 'Secret99', '10.0.0.1')();
    expect(unknown).toEqual(E.left(unauthorized('Email/Username or password is wrong')));
    expect(wrong).toEqual(unknown);
    expect(hasher.verified).toEqual([undefined, 'plain:Secret12']);
  });

  it('blocks an account after 10 failures for 15 minutes, another account stays open', async () => {
    const { accounts, clock } = setUp();
    await accounts.signUp(form())();
    await accounts.signUp(form({ username: 'Other', email: 'o@mail.test' }))();
    for (let i = 0; i < 10; i++) await accounts.signIn('hana', 'nope', `10.0.0.${i}`)();
    expect(await accounts.signIn('hana', 'Secret12', '10.9.9.9')()).toEqual(E.left(rateLimited('Too many failed sign-ins. Please try again in 15 minutes.')));
    expect(E.isRight(await accounts.signIn('other', 'Secret12', '10.9.9.9')())).toBe(true);
    clock.advance(15 * 60 * 1000);
    expect(E.isRight(await accounts.signIn('hana@mail.test', 'Secret12', '10.9.9.9')())).toBe(true);
  });

  it('makes sure the admin exists: creates it, or promotes the account of that name', async () => {
    const { accounts, users } = setUp();
    const made = await accounts.ensureAdmin({ username: 'owner', email: 'owner@mail.test', password: 'Owner123' })();
    expect(E.isRight(made) && made.right.role).toBe('Admin');
    await accounts.signUp(form())();
    await accounts.ensureAdmin({ username: 'Hana', email: 'hana@mail.test', password: 'Ignored12' })();
    expect((await users.findBySignInName('hana'))?.role).toBe('Admin');
    expect((await users.findBySignInName('hana'))?.passwordHash).toBe('plain:Secret12');
    expect(await accounts.ensureAdmin({ username: 'boss', email: 'boss@mail.test', password: 'weak' })()).toMatchObject(E.left({ kind: 'invalid' }));
  });
});

describe('the cart', () => {
  it('needs a signed-in user for every call', async () => {
    const { cart } = setUp();
    for (const call of [cart.add(undefined, 'x'), cart.remove(undefined, 'x'), cart.count(undefined), cart.products(undefined), cart.contains(undefined, 'x')])
      expect(await call()).toEqual(E.left(unauthorized('Please sign in first')));
  });

  it('adds products on sale once, and refuses unknown ones', async () => {
    const { cart, catalog } = setUp();
    const user = { id: nextId(), username: 'Hana', email: 'hana@mail.test', role: 'User' as const };
    const book = aProduct();
    await catalog.addMany([book]);
    expect(await cart.add(user, book._id)()).toEqual(E.right({ added: true, count: 1 }));
    expect(await cart.add(user, book._id)()).toEqual(E.right({ added: false, count: 1 }));
    expect(await cart.add(user, 'ffffffffffffffffffffffff')()).toEqual(E.left(notFound('Product not found')));
    expect(await cart.add(user, 'not an id')()).toEqual(E.left(notFound('Product not found')));
    catalog.remove(book._id);
    expect(await cart.count(user)()).toEqual(E.right(0));
  });
});

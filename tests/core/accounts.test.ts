import * as E from 'fp-ts/Either';
import { conflict, invalid, rateLimited, unauthorized } from '../../core/shared/errors';
import { SESSION_LIFETIME_DAYS } from '../../core/identity/domain/session-policy';
import { aForm, at, identityOnMemory } from '../support/identity';
import { LIMITS } from '../../core/shared/limits';
import { tooManySignUps } from '../../core/identity/domain/sign-in-limits';

const DAY_MS = 24 * 60 * 60 * 1000;

const signedUp = async (overrides = {}, browser = at()) => {
  const s = identityOnMemory();
  const result = await s.signUp.signUp(aForm(overrides), browser)();
  if (E.isLeft(result)) throw new Error(result.left.message);
  return { ...s, first: result.right };
};

describe('signing up', () => {
  it('makes a user with a hashed password and an open session for the policy lifetime; the address is kept lower-case', async () => {
    const { signIn, users, first, clock } = await signedUp();
    expect(first.user).toMatchObject({ username: 'Hana', email: 'hana@mail.test', role: 'User' });
    expect(first.expiresAt).toEqual(new Date(clock.now().getTime() + SESSION_LIFETIME_DAYS * DAY_MS));
    expect(await signIn.whoIs(first.token)).toEqual(first.user);
    expect((await users.findByUsername('hana'))?.passwordHash).toBe('plain:Secret12');
    clock.advance(SESSION_LIFETIME_DAYS * DAY_MS);
    expect(await signIn.whoIs(first.token)).toBeUndefined();
  });

  it('counts new accounts per address only once the form is right, up to a campus-sized limit an hour', async () => {
    const { signUp, clock } = identityOnMemory();
    const { tries, windowSeconds } = LIMITS.signUpsPerAddress;
    const campus = at('41.33.0.7');
    const student = (n: number) => aForm({ username: `Student${n}`, email: `student${n}@uni.test` });
    // Mistakes first: none of them counts.
    for (let n = 0; n < tries + 10; n++) expect(E.isLeft(await signUp.signUp(aForm({ repeatpassword: 'Other12' }), campus)())).toBe(true);
    for (let n = 0; n < tries; n++) expect([n, E.isRight(await signUp.signUp(student(n), campus)())]).toEqual([n, true]);
    expect(await signUp.signUp(student(tries), campus)()).toEqual(E.left(rateLimited(tooManySignUps(windowSeconds))));
    expect(E.isRight(await signUp.signUp(student(tries), at('41.33.0.8'))())).toBe(true);
    clock.advance(windowSeconds * 1000);
    expect(E.isRight(await signUp.signUp(student(tries + 1), campus)())).toBe(true);
  });

  it('checks fields, then names, then the repeat, then the password rules', async () => {
    const { signUp } = identityOnMemory();
    const refused = (overrides: object) => signUp.signUp(aForm(overrides), at())();
    expect(await refused({ email: '' })).toEqual(E.left(invalid('All fields must be filled')));
    expect(await refused({ repeatpassword: '' })).toEqual(E.left(invalid('All fields must be filled')));
    expect(await refused({ username: 'x!' })).toEqual(E.left(invalid('Username must be at least 3 characters')));
    expect(await refused({ repeatpassword: 'Secret13' })).toEqual(E.left(invalid('Passwords do not match')));
    expect(await refused({ password: 'Secret', repeatpassword: 'Secret' })).toEqual(E.left(invalid('Password should have at least 2 digits')));
  });

  it('refuses a taken username or address whatever its case', async () => {
    const { signUp } = await signedUp();
    expect(await signUp.signUp(aForm({ username: 'HANA', email: 'x@mail.test' }), at())()).toEqual(E.left(conflict('This username or email is already registered')));
  });

  it('ends the session the browser had before', async () => {
    const { signUp, signIn, first } = await signedUp();
    const second = await signUp.signUp(aForm({ username: 'Other', email: 'o@mail.test' }), at('10.0.0.1', first.token))();
    expect(E.isRight(second)).toBe(true);
    expect(await signIn.whoIs(first.token)).toBeUndefined();
  });

  it.each([
    ['a zero-width space before', '\u200bhana@mail.test', 'invalid'],
    ['a zero-width joiner inside', 'ha\u200dna@mail.test', 'invalid'],
    ['a word joiner', 'hana\u2060@mail.test', 'invalid'],
    ['a byte-order mark', '\ufeffhana@mail.test', 'invalid'],
    ['a trailing dot', 'hana@mail.test.', 'invalid'],
    ['a dot ending the local part', 'hana.@mail.test', 'invalid'],
    ['fullwidth letters', '\uff28\uff21\uff2e\uff21@mail.test', 'conflict'],
    ['spaces around', '  hana@mail.test ', 'conflict'],
  ])('an address with %s is refused or is the same account', async (_, email, kind) => {
    const { signUp } = await signedUp({ email: 'hana@mail.test' });
    const twin = await signUp.signUp(aForm({ username: 'Twin', email }), at())();
    expect(twin).toEqual(E.left(kind === 'invalid' ? invalid('Invalid email format') : conflict('This username or email is already registered')));
  });

  it('keeps café one address whether typed composed or decomposed', async () => {
    const { signUp, signIn } = await signedUp({ email: 'cafe\u0301@mail.test' });
    expect(await signUp.signUp(aForm({ username: 'Twin', email: 'caf\u00e9@mail.test' }), at())()).toEqual(
      E.left(conflict('This username or email is already registered')),
    );
    expect(E.isRight(await signIn.signIn('CAF\u00c9@mail.test', 'Secret12', at())())).toBe(true);
  });
});

describe('signing in and out', () => {
  it('spends a hash on an unknown account and answers as for a wrong password', async () => {
    const { signIn, hasher } = await signedUp();
    const unknown = await signIn.signIn('ghost', 'Secret12', at())();
    const wrong = await signIn.signIn('hana', 'Secret99', at())();
    expect(unknown).toEqual(E.left(unauthorized('Email/Username or password is wrong')));
    expect(wrong).toEqual(unknown);
    expect(hasher.verified).toEqual([undefined, 'plain:Secret12']);
  });

  it('takes the username in any case or the address, and ends the session the browser had', async () => {
    const { signIn, first } = await signedUp();
    const byName = await signIn.signIn('HANA', 'Secret12', at('10.0.0.1', first.token))();
    expect(byName).toMatchObject(E.right({ user: first.user }));
    expect(await signIn.whoIs(first.token)).toBeUndefined();
    expect(E.isRight(byName) && (await signIn.whoIs(byName.right.token))).toEqual(first.user);
    expect(await signIn.signIn(' Hana@MAIL.test ', 'Secret12', at())()).toMatchObject(E.right({ user: first.user }));
    expect(await signIn.signIn('', 'Secret12', at())()).toEqual(E.left(invalid('All fields must be filled')));
  });

  it('looks up no account for an address the e-mail rule refuses, even one kept from before the rule', async () => {
    const { signIn, users } = identityOnMemory();
    await users.add({ id: 'b'.repeat(24), username: 'Before', email: 'before@mail.test\uffff', role: 'User', passwordHash: 'plain:Secret12' });
    expect(await signIn.signIn('before@mail.test\uffff', 'Secret12', at())()).toEqual(E.left(unauthorized('Email/Username or password is wrong')));
    expect(await signIn.signIn('Before', 'Secret12', at())()).toMatchObject(E.right({ user: { username: 'Before' } }));
  });

  it('signs out on the server; signing out with no session is no failure', async () => {
    const { signIn, first } = await signedUp();
    expect(await signIn.signOut(first.token)()).toEqual(E.right(undefined));
    expect(await signIn.whoIs(first.token)).toBeUndefined();
    expect(await signIn.signOut(undefined)()).toEqual(E.right(undefined));
    expect(await signIn.whoIs(undefined)).toBeUndefined();
  });
});

describe('sign-in limits', () => {
  const blocked = E.left(rateLimited('Too many failed sign-ins. Please try again in 15 minutes.'));

  it('blocks an account after 10 failures for 15 minutes, another account stays open', async () => {
    const { signUp, signIn, clock } = await signedUp();
    await signUp.signUp(aForm({ username: 'Other', email: 'o@mail.test' }), at())();
    for (let i = 0; i < 10; i++) await signIn.signIn('hana', 'nope', at(`10.0.1.${i}`))();
    expect(await signIn.signIn('hana', 'Secret12', at('10.9.9.9'))()).toEqual(blocked);
    expect(E.isRight(await signIn.signIn('other', 'Secret12', at('10.9.9.9'))())).toBe(true);
    clock.advance(15 * 60 * 1000);
    expect(E.isRight(await signIn.signIn('hana@mail.test', 'Secret12', at('10.9.9.9'))())).toBe(true);
  });

  it('checks at most 10 passwords of 40 wrong ones sent at once', async () => {
    const { signIn, hasher } = await signedUp();
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => signIn.signIn('hana', `Wrong${i}`, at(`10.0.2.${i}`))()));
    expect(hasher.verified.length).toBeLessThanOrEqual(10);
    expect(answers.filter((a) => E.isLeft(a) && a.left.kind === 'rate-limited').length).toBeGreaterThanOrEqual(30);
  });

  it('counts the account whatever name was typed', async () => {
    const { signIn } = await signedUp();
    for (let i = 0; i < 5; i++) await signIn.signIn('hana', 'nope', at(`10.0.3.${i}`))();
    for (let i = 0; i < 5; i++) await signIn.signIn('HANA@mail.test', 'nope', at(`10.0.4.${i}`))();
    expect(await signIn.signIn('Hana', 'Secret12', at('10.0.5.1'))()).toEqual(blocked);
  });

  it("does not let a stranger's guesses lock the owner out of an address the owner has used", async () => {
    const { signIn } = await signedUp({}, at('10.1.1.1'));
    for (let i = 0; i < 30; i++) await signIn.signIn('hana', 'nope', at('10.66.6.6'))();
    expect(await signIn.signIn('hana', 'Secret12', at('10.66.6.6'))()).toEqual(blocked);
    expect(await signIn.signIn('hana', 'Secret12', at('10.2.2.2'))()).toEqual(blocked);
    expect(E.isRight(await signIn.signIn('hana', 'Secret12', at('10.1.1.1'))())).toBe(true);
  });

  it('limits an address over all accounts at 50 failures, but not for accounts signed in there before', async () => {
    const { signUp, signIn } = await signedUp({}, at('10.7.7.7'));
    await signUp.signUp(aForm({ username: 'Colleague', email: 'c@mail.test' }), at('10.8.8.8'))();
    for (let i = 0; i < 50; i++) await signIn.signIn(`ghost${i}`, 'nope', at('10.7.7.7'))();
    expect(await signIn.signIn('colleague', 'Secret12', at('10.7.7.7'))()).toEqual(blocked);
    expect(E.isRight(await signIn.signIn('hana', 'Secret12', at('10.7.7.7'))())).toBe(true);
  });

  it('counts names that match no account alike, so the answer tells nothing', async () => {
    const { signIn } = await signedUp();
    for (let i = 0; i < 10; i++) await signIn.signIn('ghost', 'nope', at(`10.0.6.${i}`))();
    expect(await signIn.signIn('GHOST', 'nope', at('10.0.7.1'))()).toEqual(blocked);
  });
});

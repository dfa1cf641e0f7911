import * as E from 'fp-ts/Either';
import { conflict, invalid, rateLimited, unauthorized } from '../../core/shared/errors';
import { NO_PASSWORD, User } from '../../core/identity/domain/user';
import { aForm, at, identityOnMemory } from '../support/identity';
import { nextId } from '../support/products';

const withAccount = async () => {
  const s = identityOnMemory();
  const here = await s.signUp.signUp(aForm(), at('10.0.0.1'))();
  const elsewhere = await s.signIn.signIn('hana', 'Secret12', at('10.0.0.2'))();
  if (E.isLeft(here) || E.isLeft(elsewhere)) throw new Error('setting up failed');
  await s.signUp.signUp(aForm({ username: 'Taken', email: 'taken@mail.test' }), at())();
  return { ...s, here: here.right, elsewhere: elsewhere.right };
};

const change = (oldpassword: string, newpassword = 'Better34', repeatpassword = newpassword) => ({ oldpassword, newpassword, repeatpassword });

describe('the profile', () => {
  it('shows the signed-in user, and refuses anyone else', async () => {
    const { profile, here } = await withAccount();
    expect(await profile.show(here.user)()).toEqual(E.right({ ...here.user, connected: [], hasPassword: true }));
    expect(await profile.show(undefined)()).toEqual(E.left(unauthorized('Please sign in first')));
  });

  it('changes the username by the username rules, refusing one taken in any case', async () => {
    const { profile, signIn, here } = await withAccount();
    expect(await profile.changeUsername(undefined, 'Someone')()).toEqual(E.left(unauthorized('Please sign in first')));
    expect(await profile.changeUsername(here.user, 'TAKEN')()).toEqual(E.left(conflict('This username is already taken')));
    expect(await profile.changeUsername(here.user, 'ab')()).toEqual(E.left(invalid('Username must be at least 3 characters')));
    expect(await profile.changeUsername(here.user, '  ')()).toEqual(E.left(invalid('Username cannot be empty')));
    expect(await profile.changeUsername(here.user, ' Hana2 ')()).toEqual(E.right({ ...here.user, username: 'Hana2' }));
    expect(await signIn.whoIs(here.token)).toEqual({ ...here.user, username: 'Hana2' });
  });
});

describe('changing the password', () => {
  it('checks the form, then the old password; then every other session ends', async () => {
    const { profile, signIn, here, elsewhere } = await withAccount();
    expect(await profile.changePassword(undefined, undefined, change('Secret12'))()).toEqual(E.left(unauthorized('Please sign in first')));
    expect(await profile.changePassword(here.user, here.token, change('', 'Better34'))()).toEqual(E.left(invalid('All fields must be filled')));
    expect(await profile.changePassword(here.user, here.token, change('Secret12', 'Better34', 'Better35'))()).toEqual(E.left(invalid('Passwords do not match')));
    expect(await profile.changePassword(here.user, here.token, change('Secret12', 'weak1'))()).toMatchObject(E.left({ kind: 'invalid' }));
    expect(await profile.changePassword(here.user, here.token, change('Wrong99'))()).toEqual(E.left(invalid('The old password is not correct')));
    expect(await signIn.whoIs(elsewhere.token)).toEqual(here.user);
    expect(await profile.changePassword(here.user, here.token, change('Secret12'))()).toEqual(E.right(undefined));
    expect(await signIn.whoIs(here.token)).toEqual(here.user);
    expect(await signIn.whoIs(elsewhere.token)).toBeUndefined();
    expect(E.isRight(await signIn.signIn('hana', 'Better34', at())())).toBe(true);
    expect(await signIn.signIn('hana', 'Secret12', at())()).toEqual(E.left(unauthorized('Email/Username or password is wrong')));
  });

  it('limits wrong old passwords: after 30, the right one is refused too until the window ends', async () => {
    const { profile, here, hasher, clock } = await withAccount();
    const before = hasher.verified.length;
    for (let i = 0; i < 30; i++) await profile.changePassword(here.user, here.token, change(`Wrong${i}`))();
    expect(hasher.verified.length - before).toBe(10);
    expect(await profile.changePassword(here.user, here.token, change('Secret12'))()).toEqual(
      E.left(rateLimited('Too many wrong passwords. Please try again in 15 minutes.')),
    );
    clock.advance(15 * 60 * 1000);
    expect(await profile.changePassword(here.user, here.token, change('Secret12'))()).toEqual(E.right(undefined));
  });
});

describe('an account with no password of its own (made by Google sign-in)', () => {
  const withoutPassword = async () => {
    const s = identityOnMemory();
    const sara: User = { id: nextId(), username: 'Sara', email: 'sara@mail.test', role: 'User' };
    await s.users.add({ ...sara, passwordHash: NO_PASSWORD });
    return { ...s, sara };
  };
  const setting = (newpassword = 'Better34', repeatpassword = newpassword) => ({ newpassword, repeatpassword });

  it('says so in the profile', async () => {
    const { profile, sara } = await withoutPassword();
    expect(await profile.show(sara)()).toEqual(E.right({ ...sara, connected: [], hasPassword: false }));
  });

  it('sets its first password with no current one, by the same rules; from then on it changes it like any other', async () => {
    const { profile, signIn, sara } = await withoutPassword();
    expect(await profile.changePassword(sara, undefined, setting('Better34', 'Better35'))()).toEqual(E.left(invalid('Passwords do not match')));
    expect(await profile.changePassword(sara, undefined, setting('weak1'))()).toMatchObject(E.left({ kind: 'invalid' }));
    expect(await profile.changePassword(sara, undefined, { newpassword: '', repeatpassword: '' })()).toEqual(E.left(invalid('All fields must be filled')));
    expect(await profile.changePassword(sara, undefined, setting())()).toEqual(E.right(undefined));
    expect(E.isRight(await signIn.signIn('sara', 'Better34', at())())).toBe(true);
    expect(await profile.show(sara)()).toMatchObject(E.right({ hasPassword: true }));
    // It has one now: no more setting without it.
    expect(await profile.changePassword(sara, undefined, setting('Other567'))()).toEqual(E.left(invalid('All fields must be filled')));
    expect(await profile.changePassword(sara, undefined, { oldpassword: 'Wrong999', ...setting('Other567') })()).toEqual(E.left(invalid('The old password is not correct')));
  });

  it('an account with a password never skips it, empty or absent', async () => {
    const { profile, here } = await withAccount();
    expect(await profile.changePassword(here.user, here.token, setting())()).toEqual(E.left(invalid('All fields must be filled')));
    expect(await profile.changePassword(here.user, here.token, { oldpassword: '', ...setting() })()).toEqual(E.left(invalid('All fields must be filled')));
  });
});

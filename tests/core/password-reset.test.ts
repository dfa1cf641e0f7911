import * as E from 'fp-ts/Either';
import { PASSWORD_RESET_DONE, RESET_LINK_INVALID, RESET_LINK_SENT } from '../../core/identity/domain/password-reset';
import { invalid } from '../../core/shared/errors';
import { right } from '../support/either';
import { aForm, at } from '../support/identity';
import { resetOnMemory } from '../support/password-reset';

const HOUR = 60 * 60 * 1000;

const withAccount = async () => {
  const s = resetOnMemory();
  const here = right(await s.signUp.signUp(aForm(), at('10.0.0.1'))());
  const elsewhere = right(await s.signIn.signIn('hana', 'Secret12', at('10.0.0.2'))());
  return { ...s, here, elsewhere };
};

const signsIn = async (s: Awaited<ReturnType<typeof withAccount>>, password: string) =>
  E.isRight(await s.signIn.signIn('hana@mail.test', password, at('10.0.0.9'))());

describe('asking for a reset link', () => {
  it('answers the same neutral message for a known and an unknown address, doing the same work', async () => {
    const s = await withAccount();
    expect(await s.passwordReset.request(' HANA@mail.test ', '10.0.0.1', 'en')()).toEqual(E.right(RESET_LINK_SENT));
    expect(s.tokens.issued).toBe(1);
    expect(await s.passwordReset.request('nobody@mail.test', '10.0.0.1', 'en')()).toEqual(E.right(RESET_LINK_SENT));
    expect(s.tokens.issued).toBe(2);
    // One letter only: to the account's address.
    const letters = [...s.outbox.entries.values()].map((entry) => entry.mail);
    expect(letters).toHaveLength(1);
    expect(letters[0].to).toBe('hana@mail.test');
  });

  it('mails a link under the public address, in text and escaped HTML, with the store and its support address', async () => {
    const s = await withAccount();
    await s.passwordReset.request('hana@mail.test', '10.0.0.1', 'en')();
    const token = s.lastToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [{ mail }] = [...s.outbox.entries.values()];
    expect(mail.subject).toBe('Dental Library: reset your password');
    expect(mail.text).toContain(`https://shop.test/reset-password/${token}`);
    expect(mail.text).toContain('help@store.test');
    expect(mail.html).toContain(`<a href="https://shop.test/reset-password/${token}">`);
    expect(mail.html).toContain('mailto:help@store.test');
  });

  it('requires an address of the right form', async () => {
    const s = await withAccount();
    expect(await s.passwordReset.request('  ', '10.0.0.1', 'en')()).toEqual(E.left(invalid('Email is required')));
    expect(await s.passwordReset.request('hana', '10.0.0.1', 'en')()).toEqual(E.left(invalid('Invalid email format')));
    expect(s.tokens.issued).toBe(0);
  });

  it('allows 5 requests an hour per address typed and 20 per browser address, known or not', async () => {
    const s = await withAccount();
    for (let i = 0; i < 5; i++) right(await s.passwordReset.request('hana@mail.test', `10.0.1.${i}`, 'en')());
    const over = await s.passwordReset.request('Hana@Mail.test', '10.0.2.1', 'en')();
    expect(over).toMatchObject(E.left({ kind: 'rate-limited', message: 'Too many password reset requests. Please try again in 60 minutes.' }));
    expect(s.outbox.entries.size).toBe(5);

    for (let i = 0; i < 20; i++) right(await s.passwordReset.request(`someone${i}@mail.test`, '10.0.3.1', 'en')());
    expect(await s.passwordReset.request('other@mail.test', '10.0.3.1', 'en')()).toMatchObject(E.left({ kind: 'rate-limited' }));
    s.clock.advance(HOUR);
    expect(await s.passwordReset.request('hana@mail.test', '10.0.3.1', 'en')()).toEqual(E.right(RESET_LINK_SENT));
  });
});

describe('resetting through the link', () => {
  const linked = async () => {
    const s = await withAccount();
    await s.passwordReset.request('hana@mail.test', '10.0.0.1', 'en')();
    return { ...s, token: s.lastToken() };
  };

  it('sets the new password once, ends every session, and starts none', async () => {
    const s = await linked();
    expect(await s.passwordReset.reset(s.token, 'Fresh123', 'Fresh123', '10.0.0.1')()).toEqual(E.right(PASSWORD_RESET_DONE));
    expect(await s.signIn.whoIs(s.here.token)).toBeUndefined();
    expect(await s.signIn.whoIs(s.elsewhere.token)).toBeUndefined();
    expect(s.users.sessions.size).toBe(0);
    expect(await signsIn(s, 'Fresh123')).toBe(true);
    expect(await signsIn(s, 'Secret12')).toBe(false);
    // Used: a second time changes nothing.
    expect(await s.passwordReset.reset(s.token, 'Other456', 'Other456', '10.0.0.1')()).toEqual(E.left(invalid(RESET_LINK_INVALID)));
    expect(await signsIn(s, 'Fresh123')).toBe(true);
  });

  it('checks the form first: every field, the repeat, the password rules (joined by newlines)', async () => {
    const s = await linked();
    expect(await s.passwordReset.reset(s.token, '', '', '10.0.0.1')()).toEqual(E.left(invalid('All fields must be filled')));
    expect(await s.passwordReset.reset(s.token, 'Fresh123', 'Fresh124', '10.0.0.1')()).toEqual(E.left(invalid('Passwords do not match')));
    expect(await s.passwordReset.reset(s.token, 'abc', 'abc', '10.0.0.1')()).toEqual(
      E.left(
        invalid(
          'Password should be at least 6 characters\nPassword should have at least 1 uppercase letter\nPassword should have at least 2 digits',
        ),
      ),
    );
    // None of those used the link.
    expect(await s.passwordReset.reset(s.token, 'Fresh123', 'Fresh123', '10.0.0.1')()).toEqual(E.right(PASSWORD_RESET_DONE));
  });

  it('refuses a link after its hour', async () => {
    const s = await linked();
    s.clock.advance(HOUR);
    expect(await s.passwordReset.reset(s.token, 'Fresh123', 'Fresh123', '10.0.0.1')()).toEqual(E.left(invalid(RESET_LINK_INVALID)));
    expect(await signsIn(s, 'Secret12')).toBe(true);
    expect(await s.signIn.whoIs(s.here.token)).toEqual(s.here.user);
  });

  it('works a minute before its hour is up', async () => {
    const s = await linked();
    s.clock.advance(HOUR - 60_000);
    expect(await s.passwordReset.reset(s.token, 'Fresh123', 'Fresh123', '10.0.0.1')()).toEqual(E.right(PASSWORD_RESET_DONE));
  });

  it.each([
    ['altered', (token: string) => `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`],
    ['unknown', () => 'x'.repeat(43)],
    ['too long', (token: string) => token.repeat(10)],
  ])('refuses an %s token and changes nothing', async (_case, alter) => {
    const s = await linked();
    expect(await s.passwordReset.reset(alter(s.token), 'Fresh123', 'Fresh123', '10.0.0.1')()).toEqual(E.left(invalid(RESET_LINK_INVALID)));
    expect(await signsIn(s, 'Secret12')).toBe(true);
    expect(await s.signIn.whoIs(s.elsewhere.token)).toEqual(s.elsewhere.user);
  });

  it('voids every link of the account once one is used', async () => {
    const s = await linked();
    await s.passwordReset.request('hana@mail.test', '10.0.0.1', 'en')();
    const second = s.lastToken();
    right(await s.passwordReset.reset(second, 'Fresh123', 'Fresh123', '10.0.0.1')());
    expect(await s.passwordReset.reset(s.token, 'Other456', 'Other456', '10.0.0.1')()).toEqual(E.left(invalid(RESET_LINK_INVALID)));
  });

  it('voids a link when the password is changed after it was sent', async () => {
    const s = await linked();
    right(await s.profile.changePassword(s.here.user, s.here.token, { oldpassword: 'Secret12', newpassword: 'Changed12', repeatpassword: 'Changed12' })());
    expect(await s.passwordReset.reset(s.token, 'Fresh123', 'Fresh123', '10.0.0.1')()).toEqual(E.left(invalid(RESET_LINK_INVALID)));
    expect(await signsIn(s, 'Changed12')).toBe(true);
    // A link asked for after the change works.
    await s.passwordReset.request('hana@mail.test', '10.0.0.1', 'en')();
    expect(await s.passwordReset.reset(s.lastToken(), 'Fresh123', 'Fresh123', '10.0.0.1')()).toEqual(E.right(PASSWORD_RESET_DONE));
  });

  it('limits tries of links per browser address', async () => {
    const s = await linked();
    for (let i = 0; i < 20; i++) await s.passwordReset.reset(`guess${i}`, 'Fresh123', 'Fresh123', '10.0.5.5')();
    expect(await s.passwordReset.reset(s.token, 'Fresh123', 'Fresh123', '10.0.5.5')()).toMatchObject(E.left({ kind: 'rate-limited' }));
    expect(await s.passwordReset.reset(s.token, 'Fresh123', 'Fresh123', '10.0.0.1')()).toEqual(E.right(PASSWORD_RESET_DONE));
  });
});

import * as E from 'fp-ts/Either';
import { EXTERNAL_SIGN_IN_MESSAGES as SAYS, PASSWORD_NEEDED, VerifiedIdentity, WRONG_PASSWORD, baseUsername, safeReturnPath } from '../../core/identity/domain/external-identity';
import { conflict, invalid, rateLimited, unauthorized } from '../../core/shared/errors';
import { tooManyPasswordChecks } from '../../core/identity/domain/sign-in-limits';
import { ExternalSignIn } from '../../core/identity/use-cases/external-sign-in';
import { NO_PASSWORD } from '../../core/identity/domain/user';
import { right } from '../support/either';
import { aForm, at, identityOnMemory } from '../support/identity';
import { nextId } from '../support/products';

const google = (overrides: Partial<VerifiedIdentity> = {}): VerifiedIdentity => ({
  provider: 'google',
  subject: '110248495921238986420',
  email: 'Hana.Ali@Mail.test',
  emailVerified: true,
  name: 'Hana Ali',
  ...overrides,
});

const setUp = () => {
  const s = identityOnMemory();
  let n = 0;
  const random = { next: () => (++n).toString(16).padStart(64, '0') };
  const external = new ExternalSignIn(s.users, s.links, s.hasher, { next: nextId }, random, s.sessions, s.throttle, s.clock);
  return { ...s, external };
};

describe('signing in with Google', () => {
  it('makes a new account for a verified address, with a username from the name and no password of its own, and signs it in', async () => {
    const { external, users, signIn, hasher } = setUp();
    const signedIn = right(await external.signIn(google(), at())());
    expect(signedIn.user).toMatchObject({ username: 'HanaAli', email: 'hana.ali@mail.test', role: 'User' });
    expect(await signIn.whoIs(signedIn.token)).toEqual(signedIn.user);
    const account = await users.findById(signedIn.user.id);
    expect(account?.passwordHash).toBe(NO_PASSWORD);
    // No password signs in to it: the check runs against nothing (the decoy), never the empty hash.
    const before = hasher.verified.length;
    expect(await signIn.signIn('HanaAli', 'anything1A', at())()).toEqual(E.left(unauthorized('Email/Username or password is wrong')));
    expect(hasher.verified.slice(before)).toEqual([undefined]);
  });

  it('makes the username unique with digits when the name is taken', async () => {
    const { external, signUp } = setUp();
    right(await signUp.signUp(aForm({ username: 'HanaAli', email: 'other@mail.test' }), at())());
    expect(right(await external.signIn(google(), at())()).user.username).toBe('HanaAli2');
    expect(right(await external.signIn(google({ subject: '2', email: 'hana2@mail.test' }), at())()).user.username).toBe('HanaAli3');
  });

  it('signs the same person into the same account every time, even after the address changed at Google', async () => {
    const { external, users } = setUp();
    const first = right(await external.signIn(google(), at())());
    const again = right(await external.signIn(google({ email: 'new@mail.test', emailVerified: false, name: 'H' }), at())());
    expect(again.user).toEqual(first.user);
    expect(again.token).not.toBe(first.token);
    expect(users.byId.size).toBe(1);
  });

  it.each([true, false])('never takes over an account that has the address (verified: %s): no link, no session, no change', async (emailVerified) => {
    const { external, signUp, users, links, sessions } = setUp();
    right(await signUp.signUp(aForm({ email: 'hana.ali@mail.test' }), at())());
    const before = [...users.byId.values()];
    expect(await external.signIn(google({ emailVerified }), at())()).toEqual(E.left(unauthorized(SAYS['has-password'])));
    expect([...users.byId.values()]).toEqual(before);
    expect(links.links.size).toBe(0);
    expect(await sessions.sessionOf('anything')).toBeUndefined();
  });

  it('never signs in as the admin by the admin\'s address', async () => {
    const { external, adminAtStart, links } = setUp();
    right(await adminAtStart.ensure({ username: 'owner', email: 'owner@mail.test', password: 'Secret12' })());
    expect(await external.signIn(google({ email: 'OWNER@mail.test' }), at())()).toEqual(E.left(unauthorized(SAYS['has-password'])));
    expect(links.links.size).toBe(0);
  });

  it('makes no account for an unverified address, or for none', async () => {
    const { external, users } = setUp();
    expect(await external.signIn(google({ emailVerified: false }), at())()).toEqual(E.left(unauthorized(SAYS.unverified)));
    expect(await external.signIn(google({ email: undefined }), at())()).toEqual(E.left(invalid(SAYS['no-email'])));
    expect(await external.signIn(google({ email: 'not an address' }), at())()).toEqual(E.left(invalid(SAYS['no-email'])));
    expect(users.byId.size).toBe(0);
  });

  it('refuses a second Google person for an account already linked to one', async () => {
    const { external, users } = setUp();
    right(await external.signIn(google(), at())());
    expect(await external.signIn(google({ subject: '999' }), at())()).toEqual(E.left(unauthorized(SAYS['other-google'])));
    expect(users.byId.size).toBe(1);
  });

  it('ends the session the browser had before (a planted session opens nothing)', async () => {
    const { external, signIn } = setUp();
    const first = right(await external.signIn(google(), at())());
    right(await external.signIn(google(), at('10.0.0.1', first.token))());
    expect(await signIn.whoIs(first.token)).toBeUndefined();
  });
});

describe('connecting Google to an account', () => {
  const withAccount = async () => {
    const s = setUp();
    const owner = right(await s.signUp.signUp(aForm({ email: 'hana@mail.test' }), at())()).user;
    return { ...s, owner };
  };

  it('asks the signed-in owner for the password, limited per account as a password change is', async () => {
    const { external, owner } = await withAccount();
    expect(right(await external.mayConnect(owner, 'Secret12')())).toEqual(owner);
    expect(await external.mayConnect(undefined, 'Secret12')()).toMatchObject(E.left({ kind: 'unauthorized' }));
    expect(await external.mayConnect(owner, '')()).toEqual(E.left(invalid(PASSWORD_NEEDED)));
    expect(await external.mayConnect(undefined, undefined)()).toMatchObject(E.left({ kind: 'unauthorized' }));
    for (let i = 0; i < 10; i++) expect(await external.mayConnect(owner, 'Wrong123')()).toEqual(E.left(invalid(WRONG_PASSWORD)));
    expect(await external.mayConnect(owner, 'Secret12')()).toEqual(E.left(rateLimited(tooManyPasswordChecks(15 * 60))));
  });

  it('links the person to the account that asked; from then on Google signs that account in', async () => {
    const { external, owner, profile } = await withAccount();
    right(await external.connect(owner, owner.id, google())());
    expect(right(await profile.show(owner)()).connected).toEqual(['google']);
    expect(right(await external.signIn(google({ email: 'another@mail.test' }), at())()).user).toEqual(owner);
  });

  it('links nothing when the browser is no longer signed in to the account that asked', async () => {
    const { external, owner, signUp, links } = await withAccount();
    const other = right(await signUp.signUp(aForm({ username: 'Omar', email: 'omar@mail.test' }), at())()).user;
    expect(await external.connect(other, owner.id, google())()).toEqual(E.left(unauthorized(SAYS.failed)));
    expect(await external.connect(undefined, owner.id, google())()).toEqual(E.left(unauthorized(SAYS.failed)));
    expect(links.links.size).toBe(0);
  });

  it('refuses a Google person connected elsewhere, and a second person for one account; connecting twice is fine', async () => {
    const { external, owner, signUp } = await withAccount();
    const other = right(await signUp.signUp(aForm({ username: 'Omar', email: 'omar@mail.test' }), at())()).user;
    right(await external.connect(owner, owner.id, google())());
    right(await external.connect(owner, owner.id, google())());
    expect(await external.connect(other, other.id, google())()).toEqual(E.left(conflict(SAYS['google-taken'])));
    expect(await external.connect(owner, owner.id, google({ subject: '42' }))()).toEqual(E.left(conflict(SAYS['has-google'])));
  });
});

describe('the new username', () => {
  it('comes from the name, else the local part, else "shopper", within the rules', () => {
    expect(baseUsername({ name: 'José Müller-Ünal', email: 'j@x.test' })).toBe('JoseMullerUnal');
    expect(baseUsername({ name: '李', email: 'li.wei@x.test' })).toBe('liwei');
    expect(baseUsername({ name: '', email: 'a@x.test' })).toBe('shopper');
    expect(baseUsername({ name: 'A'.repeat(50) }).length).toBeLessThanOrEqual(24);
  });
});

describe('where the browser goes after signing in', () => {
  it.each([
    ['/product/abc?x=1', '/product/abc?x=1'],
    ['/', '/'],
    ['//evil.example', '/'],
    ['https://evil.example', '/'],
    ['/\\evil.example', '/'],
    ['\\\\evil.example', '/'],
    ['/\tevil', '/'],
    ['javascript:alert(1)', '/'],
    ['/user/login', '/'],
    [undefined, '/'],
  ])('%s goes to %s', (wanted, path) => {
    expect(safeReturnPath(wanted)).toBe(path);
  });
});

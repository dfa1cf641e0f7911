import { createHash } from 'node:crypto';
import { Sessions, Users } from '../../core/identity/ports';
import { PasswordResets } from '../../core/identity/ports/password-resets';
import { Outbox } from '../../core/ordering/ports/mailer';
import { FixedClock } from '../support/clock';
import { nextId } from '../support/products';

export interface PasswordResetsUnderTest {
  resets: PasswordResets;
  users: Users;
  sessions: Sessions;
  outbox: Outbox;
  clock: FixedClock;
  close(): Promise<void>;
}

const HOUR = 60 * 60 * 1000;
const FAR = new Date('2100-01-01T00:00:00Z');
let n = 0;
const aUser = () => {
  const name = `Reader${++n}`;
  return { id: nextId(), username: name, email: `${name.toLowerCase()}@mail.test`, role: 'User' as const, passwordHash: `hash-${name}` };
};
const aHash = () => createHash('sha256').update(`token-${++n}`).digest('hex');
const aLetter = (to: string) => ({ to, subject: 'Reset', text: 'Open the link', html: '<p>Open the link</p>' });

/** Reset links: kept for an account only, used once, void after any password change; the same on every adapter. */
export const passwordResetsContract = (name: string, open: () => Promise<PasswordResetsUnderTest>) =>
  describe(`PasswordResets contract: ${name}`, () => {
    let s: PasswordResetsUnderTest;
    beforeAll(async () => {
      s = await open();
    });
    afterAll(() => s.close());

    const request = (email: string, tokenHash = aHash()) => {
      const issuedAt = s.clock.now();
      return s.resets
        .request({ email, tokenHash, issuedAt, expiresAt: new Date(issuedAt.getTime() + HOUR), mail: aLetter(email) })
        .then(() => tokenHash);
    };
    const queued = async () => (await s.outbox.due(FAR, 100)).map((mail) => ({ id: mail.id, to: mail.to, subject: mail.subject }));
    const withSessions = async () => {
      const user = aUser();
      await s.users.add(user);
      const sessions = [
        await s.sessions.rotate(undefined, user.id, new Date(s.clock.now().getTime() + 24 * HOUR)),
        await s.sessions.rotate(undefined, user.id, new Date(s.clock.now().getTime() + 24 * HOUR)),
      ];
      return { user, sessions };
    };

    it("queues the letter in the account's chosen language when given in it, else the request's", async () => {
      await queued();
      const [chose, never] = [aUser(), aUser()];
      await s.users.add(chose);
      await s.users.add(never);
      await s.users.setLanguage(chose.id, 'ar');
      const inOwnLanguage = { ar: { ...aLetter(chose.email), subject: 'إعادة تعيين' }, pt: { ...aLetter(chose.email), subject: 'Redefinir' } };
      const ask = async (email: string, own = inOwnLanguage) => {
        const issuedAt = s.clock.now();
        const tokenHash = aHash();
        await s.resets.request({ email, tokenHash, issuedAt, expiresAt: new Date(issuedAt.getTime() + HOUR), mail: aLetter(email), inOwnLanguage: own });
        return (await queued()).find((mail) => mail.id === `password-reset:${tokenHash}`)?.subject;
      };
      expect(await ask(chose.email)).toBe('إعادة تعيين');
      expect(await ask(never.email)).toBe('Reset');
      // Chosen, but not among the letters given: the request's.
      await s.users.setLanguage(chose.id, 'es');
      expect(await ask(chose.email)).toBe('Reset');
      await s.users.setLanguage(chose.id, 'pt');
      expect(await ask(chose.email, { ...inOwnLanguage })).toBe('Redefinir');
      await queued();
    });

    it('keeps a token and queues its letter only for an address that has an account', async () => {
      await queued();
      const { user } = await withSessions();
      const hash = await request(user.email.toUpperCase());
      await request('nobody@mail.test');
      expect(await queued()).toEqual([{ id: `password-reset:${hash}`, to: user.email, subject: 'Reset' }]);
    });

    it('sets the password, voids every token of the account and ends all its sessions, once', async () => {
      const { user, sessions } = await withSessions();
      const [first, second] = [await request(user.email), await request(user.email)];
      const other = await withSessions();
      expect(await s.resets.redeem(first, 'new-hash', s.clock.now())).toBe(user.id);
      expect((await s.users.findById(user.id))?.passwordHash).toBe('new-hash');
      for (const session of sessions) expect(await s.sessions.sessionOf(session)).toBeUndefined();
      expect(await s.sessions.sessionOf(other.sessions[0])).toMatchObject({ user: { id: other.user.id } });
      expect(await s.resets.redeem(first, 'again', s.clock.now())).toBeUndefined();
      expect(await s.resets.redeem(second, 'again', s.clock.now())).toBeUndefined();
      expect((await s.users.findById(user.id))?.passwordHash).toBe('new-hash');
    });

    it('refuses an unknown or expired token, changing nothing', async () => {
      const { user, sessions } = await withSessions();
      const hash = await request(user.email);
      expect(await s.resets.redeem(aHash(), 'new-hash', s.clock.now())).toBeUndefined();
      expect(await s.resets.redeem(hash, 'new-hash', new Date(s.clock.now().getTime() + HOUR))).toBeUndefined();
      expect((await s.users.findById(user.id))?.passwordHash).toBe(user.passwordHash);
      expect(await s.sessions.sessionOf(sessions[0])).toMatchObject({ user: { id: user.id } });
      expect(await s.resets.redeem(hash, 'new-hash', new Date(s.clock.now().getTime() + HOUR - 1000))).toBe(user.id);
    });

    it('voids the tokens sent before a password change', async () => {
      const { user, sessions } = await withSessions();
      const before = await request(user.email);
      await s.users.changePassword(user.id, 'changed', sessions[0]);
      expect(await s.resets.redeem(before, 'new-hash', s.clock.now())).toBeUndefined();
      expect((await s.users.findById(user.id))?.passwordHash).toBe('changed');
      const after = await request(user.email);
      expect(await s.resets.redeem(after, 'new-hash', s.clock.now())).toBe(user.id);
    });

    it('lets one of two resets through the same token at once succeed', async () => {
      const { user } = await withSessions();
      const hash = await request(user.email);
      const outcomes = await Promise.all([s.resets.redeem(hash, 'one', s.clock.now()), s.resets.redeem(hash, 'two', s.clock.now())]);
      expect(outcomes.filter(Boolean)).toEqual([user.id]);
    });
  });

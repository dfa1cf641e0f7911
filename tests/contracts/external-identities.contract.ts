import { ExternalIdentities, PendingSignIns } from '../../core/identity/ports';

export interface ExternalIdentitiesUnderTest {
  links: ExternalIdentities;
  pending: PendingSignIns;
  /** An account the links may point to. */
  addAccount(id: string): Promise<void>;
  close(): Promise<void>;
}

const T0 = Date.parse('2026-11-21T10:00:00Z');
const MINUTE = 60_000;
const account = (n: number) => n.toString(16).padStart(24, 'a');
const aPending = (returnTo = '/product/1') => ({ state: 's-1', nonce: 'n-1', codeVerifier: 'v-1', returnTo });

/** Links to Google accounts and pending sign-ins: the same behaviour on every adapter. */
export const externalIdentitiesContract = (name: string, open: () => Promise<ExternalIdentitiesUnderTest>) =>
  describe(`ExternalIdentities and PendingSignIns contract: ${name}`, () => {
    let s: ExternalIdentitiesUnderTest;
    beforeAll(async () => {
      s = await open();
      for (const n of [1, 2, 3, 4, 5]) await s.addAccount(account(n));
    });
    afterAll(() => s.close());

    it('finds the account linked to a person, and nothing for a person never linked', async () => {
      expect(await s.links.link('google', '1001', account(1))).toBe('linked');
      expect(await s.links.find('google', '1001')).toBe(account(1));
      expect(await s.links.find('google', '1002')).toBeUndefined();
    });

    it('links a person once: a second link of that person changes nothing', async () => {
      expect(await s.links.link('google', '2001', account(2))).toBe('linked');
      expect(await s.links.link('google', '2001', account(3))).toBe('subject-linked');
      expect(await s.links.find('google', '2001')).toBe(account(2));
    });

    it('links an account to one person per provider', async () => {
      expect(await s.links.link('google', '4001', account(4))).toBe('linked');
      expect(await s.links.link('google', '4002', account(4))).toBe('account-linked');
      expect(await s.links.find('google', '4002')).toBeUndefined();
    });

    it('names the providers an account is linked to', async () => {
      expect(await s.links.providersOf(account(1))).toEqual(['google']);
      await s.addAccount(account(9));
      expect(await s.links.providersOf(account(9))).toEqual([]);
    });

    it('of links made at once for one person, exactly one wins', async () => {
      const outcomes = await Promise.all([s.links.link('google', '5001', account(5)), s.links.link('google', '5001', account(3))]);
      expect(outcomes.filter((o) => o === 'linked')).toHaveLength(1);
      expect([account(5), account(3)]).toContain(await s.links.find('google', '5001'));
    });

    it('gives a pending sign-in back once, before it expires', async () => {
      await s.pending.keep('flow-1', aPending(), new Date(T0 + 10 * MINUTE));
      expect(await s.pending.take('flow-1', new Date(T0 + 9 * MINUTE))).toEqual(aPending());
      expect(await s.pending.take('flow-1', new Date(T0 + 9 * MINUTE))).toBeUndefined();
    });

    it('gives nothing for an expired or unknown pending sign-in, and the expired one is gone', async () => {
      await s.pending.keep('flow-2', aPending(), new Date(T0 + 10 * MINUTE));
      expect(await s.pending.take('flow-2', new Date(T0 + 10 * MINUTE))).toBeUndefined();
      expect(await s.pending.take('flow-2', new Date(T0))).toBeUndefined();
      expect(await s.pending.take('no-such-flow', new Date(T0))).toBeUndefined();
    });

    it('keeps whose account a connecting owner asked for', async () => {
      const connecting = { ...aPending('/user/profile'), connectFor: account(2) };
      await s.pending.keep('flow-4', connecting, new Date(T0 + 10 * MINUTE));
      expect(await s.pending.take('flow-4', new Date(T0))).toEqual(connecting);
    });

    it('of two callbacks at once for one pending sign-in, one gets it', async () => {
      await s.pending.keep('flow-3', aPending('/cart'), new Date(T0 + 10 * MINUTE));
      const taken = await Promise.all([s.pending.take('flow-3', new Date(T0)), s.pending.take('flow-3', new Date(T0))]);
      expect(taken.filter(Boolean)).toEqual([aPending('/cart')]);
    });
  });

import net from 'node:net';
import { configFromEnv } from '../../adapters/di/config';
import { TOKENS } from '../../adapters/di/tokens';
import { REFUSAL_HOLD_MS, addressKey, tooManyAttempts, tooManyRequests } from '../../adapters/http/address-limits';
import { RunningStore, startStore } from '../support/http';
import { Shopper } from '../support/browser-like';
import { aProduct } from '../support/products';

/** The limits the store runs with when nothing is configured: the ones these tests hold it to. */
const PRODUCTION = configFromEnv({}).addressLimits;
const SIGN_INS = PRODUCTION.signIns!;

/** As one proxy in front would say who asks (TRUST_PROXY=1). */
const from = (address: string) => ({ 'x-forwarded-for': address });

const CATALOGUE = '/api/backendproduct/getproducts?page=1&limit=5';
const PASSWORD = 'Secret12';

/** Rows of every table a sign-in call may write, to show that a refused one wrote nothing. */
const TABLES = ['users', 'sessions', 'sign_in_failures', 'sign_in_addresses', 'password_resets', 'pending_sign_ins', 'outbox', 'cache_changes'] as const;
const rowsOf = async (api: RunningStore) => {
  const { knex } = api.store.get(TOKENS.Database);
  const counts = await Promise.all(TABLES.map((table) => knex(table).count<{ count: string | number }[]>('* as count')));
  return Object.fromEntries(TABLES.map((table, i) => [table, Number(counts[i]![0]!.count)]));
};

/** Sends `total` requests from one address, `atOnce` at a time; the statuses in the order sent. */
const burst = async (api: RunningStore, total: number, atOnce: number, headers: Record<string, string>) => {
  const statuses: number[] = new Array(total);
  let next = 0;
  const worker = async () => {
    for (let n = next++; n < total; n = next++) statuses[n] = (await fetch(api.url + CATALOGUE, { headers }).then(async (r) => (await r.arrayBuffer(), r))).status;
  };
  await Promise.all(Array.from({ length: atOnce }, worker));
  return statuses;
};

// The floods (1,000 and 10,000 requests; a hundred costly sign-ins at once) are in tests/bursts/, run by `npm run test:e2e`.
describe('per-address limits at the edge, as configured by default', () => {
  let api: RunningStore;
  beforeAll(async () => (api = await startStore([aProduct()], { trustProxy: 1, addressLimits: PRODUCTION })));
  afterAll(() => api.close());

  it('are the limits docs/operating.md names', () => {
    expect(PRODUCTION).toEqual({ requests: { tries: 1000, seconds: 10 }, signIns: { tries: 5, seconds: 15 } });
  });

  it('limits sign-ins from one address even when each is valid, and writes nothing for a refused one', async () => {
    await new Shopper(api).signUp('Valid', PASSWORD);
    const attacker = from('203.0.113.20');
    for (let n = 0; n < SIGN_INS.tries; n++) {
      const signedIn = await api.post('/api/user/login', { username: 'Valid', password: PASSWORD }, attacker);
      expect([n, signedIn.status]).toEqual([n, 200]);
    }
    const before = await rowsOf(api);
    const refused = await api.post('/api/user/login', { username: 'Valid', password: PASSWORD }, attacker);
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(SIGN_INS.seconds);
    expect(refused.body).toEqual({ success: false, message: tooManyAttempts(wait) });
    expect(refused.headers.getSetCookie()).toEqual([]);
    expect(await rowsOf(api)).toEqual(before);
    // The owner, elsewhere, signs in; and the address may still browse.
    expect((await api.post('/api/user/login', { username: 'Valid', password: PASSWORD }, from('198.51.100.2'))).status).toBe(200);
    expect((await api.get(CATALOGUE, attacker)).status).toBe(200);
  });

  it('counts every call of the sign-in family together, before reading the body, as the API routes it', async () => {
    // A signed-in shopper whose network then uses up its tries.
    const shopper = new Shopper(api);
    expect((await shopper.post('/api/user/signup', { username: 'Family', email: 'family@mail.test', password: PASSWORD }, from('203.0.113.30'))).status).toBe(201);
    const tries: [string, unknown][] = [
      ['/api/user/login', { username: 'Family', password: 'Wrong123' }],
      ['/api/user/signup', { username: 'Other', email: 'other@mail.test', password: 'short' }],
      ['/api/user/forgot-password', { resetEmail: 'nobody@mail.test' }],
      ['/api/user/forgot-password/not-a-token', { newPassword: 'Secret34', repeatPassword: 'Secret35' }],
    ];
    for (let n = 1; n < SIGN_INS.tries; n++) {
      const [path, body] = tries[n % tries.length]!;
      expect([path, (await shopper.post(path, body, from('203.0.113.30'))).status]).not.toEqual([path, 429]);
    }
    const before = await rowsOf(api);
    const hashBefore = (await api.store.get(TOKENS.Database).knex('users').where({ username: 'Family' }).first('password_hash')).password_hash;
    const calls: [string, unknown][] = [
      ['/api/user/login', { username: 'Family', password: PASSWORD }],
      ['/api/user/signup', { username: 'Newcomer', email: 'new@mail.test', password: PASSWORD }],
      ['/api/user/forgot-password', { resetEmail: 'family@mail.test' }],
      ['/api/user/forgot-password/any-token', { newPassword: 'Secret34', repeatPassword: 'Secret34' }],
      ['/api/user/passwordChange', { newPassword: { oldpassword: PASSWORD, newpassword: 'Secret34', repeatpassword: 'Secret34' } }],
      // Spelt as the API's router would still take it.
      ['/api/USER/Login/', { username: 'Family', password: PASSWORD }],
    ];
    for (const [path, body] of calls) {
      const answer = await shopper.post(path, body, from('203.0.113.30'));
      expect([path, answer.status, answer.body.message]).toEqual([path, 429, tooManyAttempts(Number(answer.headers.get('retry-after')))]);
    }
    // Refused without being read: not the 400 of a malformed body.
    const unread = await api.post('/api/user/login', '{"username": "Family", "pass', from('203.0.113.30'));
    expect(unread.status).toBe(429);
    const google = await shopper.get('/api/auth/google?returnTo=/user/profile', from('203.0.113.30'));
    expect([google.status, google.headers.get('location')]).toEqual([302, '/user/login?google=too-many']);
    expect(await rowsOf(api)).toEqual(before);
    expect((await api.store.get(TOKENS.Database).knex('users').where({ username: 'Family' }).first('password_hash')).password_hash).toBe(hashBefore);
    // The shopper's session still works: only the sign-in calls are held back.
    expect((await shopper.get('/api/user/islogged', from('203.0.113.30'))).body).toEqual({ success: true, username: 'Family' });
  });
});

describe('per-address limits, their windows and their settings', () => {
  it('lets an address in again when its window ends', async () => {
    const api = await startStore([], { trustProxy: 1, addressLimits: { requests: { tries: 2, seconds: 1 } } });
    try {
      const statuses = async () => [(await api.get('/api/health')).status, (await api.get('/api/health')).status, (await api.get('/api/health')).status];
      expect(await statuses()).toEqual([200, 200, 429]);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect(await statuses()).toEqual([200, 200, 429]);
    } finally {
      await api.close();
    }
  });

  it('says why, for how long (Retry-After), and that the answer is not to be kept, after holding it a moment', async () => {
    // The answer of the default limit (tests/bursts: past 1,000 requests in 10 s), here past 3 in 10 s.
    const limit = { tries: 3, seconds: 10 };
    const api = await startStore([], { trustProxy: 1, addressLimits: { requests: limit } });
    try {
      expect(await burst(api, limit.tries, limit.tries, from('203.0.113.8'))).toEqual([200, 200, 200]);
      const asked = Date.now();
      const refused = await api.get(CATALOGUE, from('203.0.113.8'));
      const tookMs = Date.now() - asked;
      expect(refused.status).toBe(429);
      // A script that tries again at once is slowed down; the answer still comes soon.
      expect(tookMs).toBeGreaterThanOrEqual(REFUSAL_HOLD_MS - 5);
      expect(tookMs).toBeLessThan(REFUSAL_HOLD_MS + 1000);
      const wait = Number(refused.headers.get('retry-after'));
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(limit.seconds);
      expect(refused.body).toEqual({ success: false, message: tooManyRequests(wait) });
      expect(refused.headers.get('cache-control')).toBe('no-store');
      // Every request counts, the UI's files and pages too.
      expect((await api.get('/some/page', from('203.0.113.8'))).status).toBe(429);
    } finally {
      await api.close();
    }
  });

  it('limits nothing when a limit is off', async () => {
    const api = await startStore([], { addressLimits: {} });
    try {
      await new Shopper(api).signUp('Many', PASSWORD);
      for (let n = 0; n <= SIGN_INS.tries; n++) expect((await api.post('/api/user/login', { username: 'Many', password: PASSWORD })).status).toBe(200);
    } finally {
      await api.close();
    }
  });

  it('counts an IPv6 address by its /64 network, and an IPv4 address written as IPv6 as itself', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe(addressKey('2001:db8:1:2::ffff:9'));
    expect(addressKey('2001:db8:1:2::1')).not.toBe(addressKey('2001:db8:1:3::1'));
    expect(addressKey('2001:DB8:0001:0002:0:0:0:1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey('192.0.2.1')).not.toBe(addressKey('192.0.2.2'));
  });

  it('refuses to start with a malformed limit, naming the setting', () => {
    const refused = (env: Record<string, string>) => {
      try {
        return configFromEnv(env) && 'accepted';
      } catch (error) {
        return (error as Error).message;
      }
    };
    for (const [setting, value] of [
      ['RATE_LIMIT_REQUESTS', '1000'],
      ['RATE_LIMIT_REQUESTS', 'lots/10s'],
      ['RATE_LIMIT_SIGN_INS', '0/60s'],
      ['RATE_LIMIT_SIGN_INS', '20/60'],
      ['SIGN_INS_AT_ONCE', '0'],
    ])
      expect(refused({ [setting!]: value! })).toMatch(new RegExp(`^The configuration is not valid:\\n  ${setting}: `));
    expect(configFromEnv({ RATE_LIMIT_REQUESTS: 'off', RATE_LIMIT_SIGN_INS: '5/30s', SIGN_INS_AT_ONCE: '3' })).toMatchObject({
      addressLimits: { requests: undefined, signIns: { tries: 5, seconds: 30 } },
      signInsAtOnce: 3,
    });
  });
});

describe('sign-ins take turns', () => {
  it('only once their body is in: a client sending its body slowly holds no turn', async () => {
    const api = await startStore([], { trustProxy: 1, signInsAtOnce: 1 });
    const { hostname, port } = new URL(api.url);
    const slow = net.connect(Number(port), hostname, () =>
      slow.write(`POST /api/user/login HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"username":`),
    );
    slow.on('error', () => {});
    try {
      await new Shopper(api).signUp('Prompt', PASSWORD);
      const asked = Date.now();
      expect((await api.post('/api/user/login', { username: 'Prompt', password: PASSWORD }, from('198.51.100.9'))).status).toBe(200);
      expect(Date.now() - asked).toBeLessThan(2_000);
    } finally {
      slow.destroy();
      await api.close();
    }
  });
});

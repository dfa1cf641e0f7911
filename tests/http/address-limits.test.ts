import net from 'node:net';
import { configFromEnv } from '../../adapters/di/config';
import { addressKey } from '../../adapters/http/address-limits';
import { RunningStore, startStore } from '../support/http';
import { burst, expectRefusedPastLimit, from } from '../support/bursts';
import { Shopper } from '../support/browser-like';
import { aProduct } from '../support/products';

/** The limits the store runs with when nothing is configured: the ones these tests hold it to. */
const PRODUCTION = configFromEnv({}).addressLimits;

const PASSWORD = 'Secret12';

// The floods (1,000 and 10,000 requests; a hundred costly sign-ins at once) are in tests/bursts/, run by `npm run test:e2e`.
describe('per-address limits at the edge, as configured by default', () => {
  let api: RunningStore;
  beforeAll(async () => (api = await startStore([aProduct()], { trustProxy: 1, addressLimits: PRODUCTION })));
  afterAll(() => api.close());

  it('are the limits docs/operating.md names', () => {
    expect(PRODUCTION).toEqual({ requests: { tries: 1000, seconds: 10 } });
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
      await expectRefusedPastLimit(api, '203.0.113.8', limit.seconds);
    } finally {
      await api.close();
    }
  });

  it('limits nothing when the limit is off', async () => {
    const api = await startStore([], { trustProxy: 1, addressLimits: {} });
    try {
      for (let n = 0; n < 3; n++) expect((await api.get('/api/health')).status).toBe(200);
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
      ['RATE_LIMIT_REQUESTS', '0/60s'],
      ['RATE_LIMIT_REQUESTS', '20/60'],
      ['SIGN_INS_AT_ONCE', '0'],
    ])
      expect(refused({ [setting!]: value! })).toMatch(new RegExp(`^The configuration is not valid:\\n  ${setting}: `));
    expect(configFromEnv({ RATE_LIMIT_REQUESTS: 'off', SIGN_INS_AT_ONCE: '3' })).toMatchObject({
      addressLimits: { requests: undefined },
      signInsAtOnce: 3,
    });
  });
});

describe('sign-ins take turns', () => {
  it("are shared out by address: one address's flood of valid sign-ins never fills the queue others wait in", async () => {
    const api = await startStore([], { trustProxy: 1, argon2: { memoryCost: 16_384, timeCost: 2 }, signInsAtOnce: 1 });
    try {
      await new Shopper(api).signUp('Flooder', PASSWORD);
      await new Shopper(api).signUp('Other', PASSWORD);
      const flood = Array.from({ length: 30 }, () => api.post('/api/user/login', { username: 'Flooder', password: PASSWORD }, from('203.0.113.7')));
      const other = api.post('/api/user/login', { username: 'Other', password: PASSWORD }, from('198.51.100.3'));
      const answers = await Promise.all(flood);
      // At most 8 places of one address at once; the rest of its calls are turned away, held a moment.
      expect(answers.filter((a) => a.status === 503).length).toBeGreaterThanOrEqual(15);
      expect(answers.filter((a) => a.status !== 503 && a.status !== 200)).toEqual([]);
      expect((await other).status).toBe(200);
    } finally {
      await api.close();
    }
  });

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

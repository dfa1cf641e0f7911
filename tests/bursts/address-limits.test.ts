import { configFromEnv } from '../../adapters/di/config';
import { STORE_BUSY } from '../../adapters/http/app';
import { RunningStore, startStore } from '../support/http';
import { CATALOGUE, burst, expectRefusedPastLimit, from } from '../support/bursts';
import { aProduct } from '../support/products';
import { withCode } from '../support/codes';

/**
 * The floods, run by `npm run test:e2e` (a minute of both cores between them): 1,000 and 10,000
 * requests at the production limits, and a hundred costly sign-ins at once. The limits' every rule,
 * at a smaller scale, is in tests/http/address-limits.test.ts, which `npm test` runs.
 */
const PRODUCTION = configFromEnv({}).addressLimits;
const REQUESTS = PRODUCTION.requests!;

const PASSWORD = 'Secret12';

describe('per-address limits at the edge, as configured by default, under a flood', () => {
  let api: RunningStore;
  beforeAll(async () => (api = await startStore([aProduct()], { trustProxy: 1, addressLimits: PRODUCTION })));
  afterAll(() => api.close());

  it('answers a 10,000-request burst from one address 429 past the limit, while another address is served', async () => {
    const started = Date.now();
    const others: number[] = [];
    // Many connections at once: each refusal is held a quarter second.
    const flood = burst(api, 10_000, 200, from('203.0.113.7'));
    // Another shopper browses while the burst runs.
    const shopper = (async () => {
      for (let i = 0; i < 20; i++) others.push((await api.get(CATALOGUE, from('198.51.100.1'))).status);
    })();
    const [statuses] = await Promise.all([flood, shopper]);
    const windows = Math.ceil((Date.now() - started) / (REQUESTS.seconds * 1000));
    const served = statuses.filter((s) => s === 200).length;
    expect(served).toBeGreaterThanOrEqual(REQUESTS.tries);
    expect(served).toBeLessThanOrEqual(REQUESTS.tries * windows);
    expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
    expect(others).toEqual(new Array(20).fill(200));
  }, 120_000);

  it('says why, for how long (Retry-After), and that the answer is not to be kept, after holding it a moment', async () => {
    await burst(api, REQUESTS.tries, 20, from('203.0.113.8'));
    await expectRefusedPastLimit(api, '203.0.113.8', REQUESTS.seconds);
  });
});

describe('sign-ins take turns, under a flood', () => {
  it('beyond what the queue holds are answered 503 with Retry-After, and the others are checked', async () => {
    // A costly hash, one sign-in at a time: 100 at once overflow the queue of 64.
    const api = await startStore([], { trustProxy: 1, argon2: { memoryCost: 16_384, timeCost: 2 }, signInsAtOnce: 1 });
    try {
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, n) => api.post('/api/user/login', { username: `nobody${n}`, password: PASSWORD }, from(`192.0.2.${n}`))),
      );
      const busy = answers.filter((a) => a.status === 503);
      expect(busy.length).toBeGreaterThan(0);
      expect(busy[0]!.body).toEqual({ success: false, ...withCode(STORE_BUSY) });
      expect(busy[0]!.headers.get('retry-after')).toBe('1');
      expect(answers.filter((a) => a.status !== 503 && a.status !== 401)).toEqual([]);
    } finally {
      await api.close();
    }
  });
});

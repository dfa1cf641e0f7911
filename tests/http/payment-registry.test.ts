import { ALL_CREDENTIALS } from '../support/credentials';
import Router from '@koa/router';
import { configFromEnv } from '../../adapters/di/config';
import { composePayments } from '../../adapters/di/payment-providers';
import { TOKENS } from '../../adapters/di/tokens';
import { MemoryGateway } from '../../adapters/payments/memory/memory-gateway';
import type { PaymentProvider, ProviderReadiness } from '../../adapters/payments/provider';
import { PAYMENT_PROVIDERS } from '../../adapters/payments/registry';
import { allOrNone } from '../../adapters/payments/settings';
import { paymentSettingsAnswer, startPaymentAnswer } from '../../api/ordering';
import { egp, usd } from '../../core/shared/money';
import { signedInShopper } from '../support/admin';
import { RunningStore, startStore } from '../support/http';
import { aProduct } from '../support/products';

/**
 * Issue 18, item 1: a payment provider is one folder and one line of the registry. Here a provider
 * the store has never heard of is registered by this test alone (its descriptor below, a gateway
 * kept in memory): composed, served through its emulator in test mode or its own service with its
 * settings, listed to the checkout, paid through the generic checkout call, told of payments on its
 * own routes, let into the content policy and asked whether it is ready, with no other file naming it.
 */
const MEMORYPAY_ORIGIN = 'https://pay.memorypay.example';
let memorypayReady: ProviderReadiness = { ready: true };
const closed: string[] = [];

interface MemoryPayConfig {
  readonly key: string;
}

const memorypay: PaymentProvider<MemoryPayConfig> = {
  name: 'memorypay',
  label: 'Memory Pay',
  currency: 'EGP',
  methods: () => [
    { name: 'card', label: 'Card (Memory Pay)' },
    { name: 'wallet', label: 'Mobile wallet (Memory Pay)', regions: ['EG'] },
  ],
  settings: ['MEMORYPAY_KEY'],
  settingsFrom: (env) => {
    const given = allOrNone(env, ['MEMORYPAY_KEY']);
    return given && { key: given.MEMORYPAY_KEY };
  },
  gateway: (config) => new MemoryGateway('memorypay', 'EGP', `${MEMORYPAY_ORIGIN}/pay/${config.key}`, ['card', 'wallet']),
  emulator: ({ prefix }) => {
    const router = new Router({ prefix });
    router.get('/card', (ctx) => {
      ctx.body = '<p>Memory Pay, emulated</p>';
    });
    return { config: { key: 'emulated' }, router, close: () => closed.push('memorypay') };
  },
  routes: (router, { notification }) => {
    router.post('/notice', notification);
  },
  aliases: { '/notice': '/api/memorypay-notice' },
  csp: { real: { 'frame-src': [MEMORYPAY_ORIGIN], 'script-src': [`${MEMORYPAY_ORIGIN}/js`] }, framedEmulatorPages: '/card' },
  readiness: async () => memorypayReady,
  ui: { component: 'frame', client: (config) => ({ publicKey: `pk-${config.key}` }) },
};

const REGISTERED = [...PAYMENT_PROVIDERS, memorypay];
const directive = (policy: string | null, name: string): string[] =>
  policy
    ?.split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([first]) => first === name)
    ?.slice(1) ?? [];

describe('a provider registered by a test, in test mode (its emulator)', () => {
  const atlas = aProduct({ title: 'Atlas of Periodontics', price: usd(2599), egpprice: egp(130_000) });
  let api: RunningStore;
  beforeAll(async () => (api = await startStore([atlas], { paymentProviders: REGISTERED })));
  afterAll(() => api.close());

  const gateway = () => api.store.get(TOKENS.Gateways).memorypay as MemoryGateway;

  it('is listed to the checkout after the registry\'s own, with its methods, its component and its public client settings', async () => {
    const answer = await api.get('/api/payment/settings');
    expect(paymentSettingsAnswer.safeParse(answer.body).success).toBe(true);
    expect(answer.body.providers.map((p: { name: string }) => p.name)).toEqual(['paypal', 'paymob', 'transfer', 'memorypay']);
    expect(answer.body.providers[3]).toEqual({
      name: 'memorypay',
      label: 'Memory Pay',
      currency: 'EGP',
      test: true,
      component: 'frame',
      methods: [
        { name: 'card', label: 'Card (Memory Pay)' },
        { name: 'wallet', label: 'Mobile wallet (Memory Pay)', egypt: true },
      ],
      client: { publicKey: 'pk-emulated' },
    });
  });

  it('is paid through the generic checkout call with the method chosen, and told of the payment on its own route', async () => {
    const shopper = await signedInShopper(api, 'Mona');
    const asked = jest.spyOn(gateway(), 'start');
    const started = await shopper.post('/api/checkout/start', {
      name: 'Mona Said',
      email: 'mona@mail.test',
      productId: atlas._id,
      provider: 'memorypay',
      method: 'wallet',
      phone: '01000000001',
    });
    expect(started.status).toBe(200);
    expect(startPaymentAnswer.safeParse(started.body).success).toBe(true);
    expect(started.body.order).toMatchObject({ status: 'pending', total: 1300, currency: 'EGP' });
    expect(started.body.next).toEqual({ kind: 'frame', url: expect.stringMatching(/^https:\/\/pay\.memorypay\.example\/pay\/emulated\?payment=/) });
    expect(asked.mock.calls[0]?.[0]).toMatchObject({ method: 'wallet', buyer: { phone: '01000000001' } });

    const orderId = started.body.order.orderId as string;
    const { reference } = (await api.store.get(TOKENS.Orders).findById(orderId))!;
    gateway().pay(reference!);
    const notice = gateway().notificationOf(reference!);
    const told = await fetch(`${api.url}/api/payments/memorypay/notice`, { method: 'POST', headers: notice.headers as Record<string, string>, body: notice.rawBody });
    expect(told.status).toBe(200);
    expect((await api.store.get(TOKENS.Orders).findById(orderId))?.status).toBe('paid');
  });

  it("starts the registry's own providers too: PayPal's buttons know the payment by its reference, Paymob's card is a frame", async () => {
    const shopper = await signedInShopper(api, 'Rana');
    const form = { name: 'Rana Adel', email: 'rana@mail.test', productId: atlas._id };
    const paypal = await shopper.post('/api/checkout/start', { ...form, provider: 'paypal', method: 'paypal' });
    expect(paypal.body).toMatchObject({ success: true, order: { status: 'pending', currency: 'USD', total: 25.99 }, next: { kind: 'buttons' } });
    const reference = paypal.body.next.reference as string;
    expect((await fetch(`${api.url}/emulator/paypal/buyer/orders/${reference}/approve`, { method: 'POST' })).status).toBe(204);
    expect((await shopper.post('/api/paypal/capture-order', { orderID: reference })).body).toMatchObject({ result: { status: 'paid' } });
    const paymob = await shopper.post('/api/checkout/start', { ...form, provider: 'paymob', method: 'card' });
    expect(paymob.body.next).toEqual({ kind: 'frame', url: expect.stringMatching(new RegExp(`^${api.url}/emulator/paymob/`)) });
    expect((await api.post('/api/checkout/start', { ...form, provider: 'paymob', method: 'card' })).status).toBe(401);
    expect(await shopper.post('/api/checkout/start', { ...form, provider: 'paymob', method: 'card', amount: 1, iframeUrl: 'x' })).toMatchObject({
      status: 400,
      body: { message: 'Unrecognized key: "iframeUrl"' },
    });
  });

  it('verifies every call to its routes, at the generic address and at its alias', async () => {
    for (const path of ['/api/payments/memorypay/notice', '/api/memorypay-notice']) {
      const forged = await api.post(path, { reference: 'MEM-MEMORYPAY-1', outcome: { kind: 'paid' } });
      expect([path, forged.status, forged.body.message]).toEqual([path, 400, 'Notification refused']);
    }
  });

  it("refuses a method it does not offer, and another provider's method, before any order is written", async () => {
    const shopper = await signedInShopper(api, 'Nour');
    for (const method of ['kiosk', 'paypal']) {
      const refused = await shopper.post('/api/checkout/start', { name: 'Nour', email: 'nour@mail.test', productId: atlas._id, provider: 'memorypay', method });
      expect([method, refused.status, refused.body.message]).toEqual([method, 400, 'Please select a payment method']);
    }
    expect((await shopper.get('/api/user/profiledata')).body.userData.orders).toEqual([]);
  });

  it('serves its emulator, whose framed page the store alone may frame; the store lets in none of its real sites', async () => {
    const page = await api.get('/emulator/memorypay/card');
    expect(page.status).toBe(200);
    expect(directive(page.headers.get('content-security-policy'), 'frame-ancestors')).toEqual(["'self'"]);
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const store = (await api.get('/api/health')).headers.get('content-security-policy');
    expect(store).not.toContain(MEMORYPAY_ORIGIN);
  });

  it('is asked whether it is ready: the store is not while it is not, and says why', async () => {
    memorypayReady = { ready: false, reason: 'its account is suspended' };
    try {
      expect(await api.get('/api/ready')).toMatchObject({ status: 503, body: { success: false, message: 'Memory Pay: its account is suspended', code: 'store.not_ready' } });
    } finally {
      memorypayReady = { ready: true };
    }
    expect((await api.get('/api/ready')).status).toBe(200);
  });
});

describe('a provider registered by a test, with its own settings', () => {
  const refusal = (env: Record<string, string>) => {
    try {
      configFromEnv(env, REGISTERED);
      return 'accepted';
    } catch (error) {
      return (error as Error).message;
    }
  };

  it('reads its settings all or none, and a public store without them names them', () => {
    expect(refusal({ PUBLIC_URL: 'https://shop.example', ...ALL_CREDENTIALS })).toContain('  Memory Pay: MEMORYPAY_KEY');
    expect(refusal({ PUBLIC_URL: 'https://shop.example', ...ALL_CREDENTIALS })).not.toContain('PayPal:');
    expect(refusal({ MEMORYPAY_KEY: '' })).toBe('The configuration is not valid:\n  MEMORYPAY_KEY: must not be empty');
    expect(configFromEnv({ PUBLIC_URL: 'https://shop.example', ...ALL_CREDENTIALS, MEMORYPAY_KEY: 'live-1' }, REGISTERED).payments?.memorypay).toEqual({ key: 'live-1' });
  });

  it('talks to its own service: no emulator, its sites let into the store\'s pages, not a test provider', async () => {
    closed.length = 0;
    const config = configFromEnv({ PUBLIC_URL: 'https://shop.example', ...ALL_CREDENTIALS, MEMORYPAY_KEY: 'live-1' }, REGISTERED);
    const api = await startStore([], { publicUrl: 'https://shop.example', testMode: undefined, payments: config.payments, paymentProviders: REGISTERED });
    try {
      expect((await api.get('/emulator/memorypay/card')).status).toBe(404);
      const csp = (await api.get('/api/health')).headers.get('content-security-policy');
      expect(directive(csp, 'frame-src')).toEqual(expect.arrayContaining([MEMORYPAY_ORIGIN, 'https://accept.paymob.com']));
      expect(directive(csp, 'script-src')).toContain(`${MEMORYPAY_ORIGIN}/js`);
      const settings = await api.get('/api/payment/settings');
      expect(settings.body.providers.find((p: { name: string }) => p.name === 'memorypay')).toMatchObject({ test: false, client: { publicKey: 'pk-live-1' } });
    } finally {
      await api.close();
    }
    expect(closed).toEqual([]);
  });

  it('never composes its emulator outside test mode', async () => {
    const config = configFromEnv({ PUBLIC_URL: 'https://shop.example', ...ALL_CREDENTIALS, MEMORYPAY_KEY: 'x' }, REGISTERED);
    const { memorypay: _left, ...others } = config.payments ?? {};
    await expect(startStore([], { publicUrl: 'https://shop.example', testMode: undefined, payments: others, paymentProviders: REGISTERED })).rejects.toThrow(
      /missing: memorypay/,
    );
  });
});

describe('the registered providers', () => {
  it("refuse to start with a name that is no path segment, is taken, or is the free orders' 'free'", () => {
    const compose = (providers: readonly PaymentProvider<unknown>[]) => () =>
      composePayments({ publicUrl: 'http://127.0.0.1:3000', testMode: true, providers, configured: {}, clock: { now: () => new Date() } });
    expect(compose([...PAYMENT_PROVIDERS, { ...memorypay, name: 'paypal' }])).toThrow("Two payment providers are registered as 'paypal'");
    for (const name of ['free', 'Memory Pay', '../paypal', ''])
      expect(compose([{ ...memorypay, name }])).toThrow(`A payment provider's name must be lower-case letters, digits and hyphens, and not 'free': '${name}'`);
    expect(compose([{ ...memorypay, methods: () => [{ name: 'card', label: 'Card' }] }])).toThrow('Memory Pay lists the methods card but its gateway offers card, wallet');
  });


  it('each list, with the settings they are given, the methods their gateway offers', () => {
    for (const provider of PAYMENT_PROVIDERS) {
      const emulated = provider.emulator({ publicUrl: 'http://127.0.0.1:3000', prefix: `/emulator/${provider.name}`, routes: (path) => path });
      try {
        const gateway = provider.gateway(emulated.config, { publicUrl: 'http://127.0.0.1:3000', routeUrl: (path) => path, clock: { now: () => new Date() } });
        expect([provider.name, gateway.provider, gateway.currency, [...gateway.methods]]).toEqual([
          provider.name,
          provider.name,
          provider.currency,
          provider.methods(emulated.config).map((m) => m.name),
        ]);
      } finally {
        emulated.close();
      }
    }
  });
});

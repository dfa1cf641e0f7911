import { NO_INTEGRATION } from '../../adapters/payments/paymob/emulator/validate';
import { egp } from '../../core/shared/money';
import { Json } from '../support/json';
import { ACCOUNT, INTEGRATIONS, order, PREFIX, RunningPaymob, startCallbackReceiver, startPaymob } from './paymob-harness';

/** The emulator answers what Paymob answers, for what the adapter never sends too. */
describe("Paymob's emulator", () => {
  let paymob: RunningPaymob;
  beforeAll(async () => (paymob = await startPaymob({ maxOrders: 3 })));
  afterAll(() => paymob.close());

  const intention = (body: Json, secretKey: string = ACCOUNT.secretKey) =>
    fetch(`${paymob.url}${PREFIX}/v1/intention/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(secretKey ? { authorization: `Token ${secretKey}` } : {}) },
      body: JSON.stringify(body),
    });
  const valid = () => ({
    amount: 5000,
    currency: 'EGP',
    payment_methods: [INTEGRATIONS.card],
    items: [
      { name: 'Atlas', amount: 3000, description: 'Atlas', quantity: 1 },
      { name: 'Guide', amount: 1000, description: 'Guide', quantity: 2 },
    ],
    billing_data: { first_name: 'Hana', last_name: 'Adel', email: 'hana@mail.test', phone_number: 'NA' },
    special_reference: `ref-${Math.random()}`,
  });
  const pay = (body: Json) =>
    fetch(`${paymob.url}${PREFIX}/api/acceptance/payments/pay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('makes an intention with the secret key only', async () => {
    expect((await intention(valid(), '')).status).toBe(401);
    const wrong = await intention(valid(), 'egy_sk_test_wrong');
    expect([wrong.status, await wrong.json()]).toEqual([401, { detail: 'Invalid token.' }]);
    const made = await intention(valid());
    expect(made.status).toBe(201);
    expect(await made.json()).toMatchObject({
      id: expect.stringMatching(/^pi_test_/),
      client_secret: expect.stringMatching(/^egy_csk_test_/),
      intention_order_id: expect.any(Number),
      payment_keys: [{ integration: INTEGRATIONS.card, key: expect.any(String) }],
      intention_detail: { amount: 5000, currency: 'EGP' },
    });
  });

  it('answers 400 with the fields at fault, items that do not add up among them, and 404 for an integration of no account', async () => {
    const fields = await intention({ ...valid(), amount: -1, currency: 'USD', billing_data: { first_name: 'Hana' }, expiration: 0 });
    expect(fields.status).toBe(400);
    expect(await fields.json()).toMatchObject({
      amount: expect.any(Array),
      currency: expect.any(Array),
      billing_data: { last_name: ['This field is required.'], email: expect.any(Array), phone_number: expect.any(Array) },
      expiration: expect.any(Array),
    });
    const items = await intention({ ...valid(), amount: 5001 });
    expect([items.status, await items.json()]).toEqual([400, { items: ["The items' amounts do not add up to the intention's amount."] }]);
    const twice = valid();
    expect((await intention(twice)).status).toBe(201);
    expect(await (await intention(twice)).json()).toEqual({ special_reference: ['An intention with this special reference already exists.'] });
    const unknown = await intention({ ...valid(), payment_methods: [INTEGRATIONS.card, 123] });
    expect([unknown.status, await unknown.json()]).toEqual([404, { detail: NO_INTEGRATION }]);
  });

  it("pays a wallet or a kiosk only with that integration's payment key, and a valid number", async () => {
    const made = await (await intention({ ...valid(), payment_methods: [INTEGRATIONS.card, INTEGRATIONS.wallet] })).json();
    const keyOf = (integration: number) => made.payment_keys.find((k: Json) => k.integration === integration).key;
    expect((await pay({ source: { identifier: '01012345678', subtype: 'WALLET' }, payment_token: keyOf(INTEGRATIONS.card) })).status).toBe(400);
    expect((await pay({ source: { identifier: 'AGGREGATOR', subtype: 'AGGREGATOR' }, payment_token: keyOf(INTEGRATIONS.wallet) })).status).toBe(400);
    expect((await pay({ source: { identifier: '+201012345678', subtype: 'WALLET' }, payment_token: keyOf(INTEGRATIONS.wallet) })).status).toBe(400);
    expect((await pay({ source: { identifier: '01012345678', subtype: 'WALLET' }, payment_token: 'nope' })).status).toBe(400);
    const wallet = await pay({ source: { identifier: '01012345678', subtype: 'WALLET' }, payment_token: keyOf(INTEGRATIONS.wallet) });
    expect(await wallet.json()).toMatchObject({ pending: true, success: false, redirect_url: expect.stringMatching(new RegExp(`^${PREFIX}/wallet/`)) });
  });

  it('keeps a bounded number of intentions: the oldest is forgotten with its pages and references', async () => {
    const gateway = paymob.gateway();
    const first = await gateway.start(order(egp(5000), 'kiosk'));
    if (first.kind !== 'started' || first.next.kind !== 'offline') throw new Error('not started');
    const frame = paymob.control.framePathOf(first.reference);
    for (let i = 0; i < 3; i++) expect((await gateway.start(order())).kind).toBe('started');
    expect(paymob.control.intentionOf(first.reference)).toBeUndefined();
    expect((await fetch(paymob.url + frame)).status).toBe(403);
    expect(paymob.control.payKiosk(first.next.payAt.reference)).toBe('unknown');
  });

  it("shows the wallet's OTP on its approval page, which says it is a test", async () => {
    const start = await paymob.gateway().start(order(egp(5000), 'wallet', '01012345678'));
    if (start.kind !== 'started' || start.next.kind !== 'redirect') throw new Error('not started');
    const page = await (await fetch(start.next.url)).text();
    expect(page).toMatch(/<label for="otp">Verification code \(OTP\)<\/label>/);
    expect(page).toContain(`data-otp="${paymob.control.walletOtpOf(start.reference)}"`);
    expect(page).toContain('Test wallet');
    const bad = await fetch(start.next.url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'otp=12' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('That code is wrong.');
    expect((await fetch(`${paymob.url}${PREFIX}/wallet/unknown`)).status).toBe(404);
  });

  it('sends either callback shape, or both, once, twice, late or never', async () => {
    const store = await startCallbackReceiver();
    paymob.control.callbackUrl = store.url;
    const paid = async () => {
      const start = await paymob.gateway().start(order());
      if (start.kind !== 'started') throw new Error('not started');
      await paymob.buyer(start.reference, 'pay');
      await paymob.control.delivered();
      return start.reference;
    };
    const count = (reference: string) => [store.about(reference, 'transaction').length, store.about(reference, 'intention').length];
    try {
      paymob.control.shape = 'intention';
      paymob.control.delivery = 'twice';
      expect(count(await paid())).toEqual([0, 2]);
      paymob.control.shape = 'both';
      paymob.control.delivery = 'once';
      expect(count(await paid())).toEqual([1, 1]);
      paymob.control.delivery = 'never';
      expect(count(await paid())).toEqual([0, 0]);
      paymob.control.delivery = 'once';
      paymob.control.lateMs = 100;
      const late = await paid();
      expect(count(late)).toEqual([0, 0]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await paymob.control.delivered();
      expect(count(late)).toEqual([1, 1]);
    } finally {
      Object.assign(paymob.control, { shape: 'transaction', delivery: 'once', lateMs: 0, callbackUrl: undefined });
      await store.close();
    }
  });
});

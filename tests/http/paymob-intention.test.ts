import { TOKENS } from '../../adapters/di/tokens';
import { egp, usd } from '../../core/shared/money';
import { altered, ACCOUNT, PREFIX, RunningPaymob, startPaymob } from '../payments/paymob-harness';
import { Shopper } from '../support/browser-like';
import { RunningStore, startStore } from '../support/http';
import { buyer } from '../support/ordering';
import { aProduct } from '../support/products';

/**
 * Issue 18, item 2, through the real app: the store pays Paymob through its Intention API
 * (Unified Checkout instead of the legacy iframe), and its callback route takes Paymob's intention
 * ("flash") callback as well as the transaction one, each verified, settling the order once.
 * Paymob is its emulator, driven by the test, configured as adapters/di reads it today.
 */
describe("Paymob's Intention API, through the store", () => {
  const atlas = aProduct({ title: 'Atlas of Periodontics', price: usd(2599), egpprice: egp(130_000) });
  let paymob: RunningPaymob;
  let api: RunningStore;

  beforeAll(async () => {
    paymob = await startPaymob();
    paymob.control.delivery = 'never';
    api = await startStore([atlas], { payments: { paymob: { ...ACCOUNT, baseUrl: paymob.url + PREFIX, mode: 'test' } } });
    paymob.control.callbackUrl = `${api.url}/api/paymob/callback`;
    paymob.control.responseUrl = `${api.url}/api/paymob/response`;
  });
  afterAll(async () => {
    await api.close();
    await paymob.close();
  });

  const paymobOrder = async (name: string) => {
    const shopper = new Shopper(api);
    await shopper.signUp(name);
    const started = await shopper.post('/api/checkout/pay', { ...buyer, productId: atlas._id });
    expect(started.body.order).toMatchObject({ status: 'pending', total: 1300, currency: 'EGP' });
    const orderId = started.body.order.orderId as string;
    const order = await api.store.get(TOKENS.Orders).findById(orderId);
    return { orderId, reference: order!.reference!, frame: started.body.iframeUrl as string };
  };
  const statusOf = async (orderId: string) => (await api.store.get(TOKENS.Orders).findById(orderId))?.status;
  const post = (callback: { rawBody: string }) =>
    fetch(`${api.url}/api/paymob/callback`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: callback.rawBody });

  it('opens Unified Checkout for the intention made for the order; the reference is its Paymob order', async () => {
    const { orderId, reference, frame } = await paymobOrder('Salma');
    const url = new URL(frame);
    expect(url.pathname).toBe(`${PREFIX}/unifiedcheckout/`);
    expect(url.searchParams.get('clientSecret')).toMatch(/^egy_csk_test_/);
    expect(paymob.control.intentionOf(reference)).toMatchObject({ specialReference: orderId, amountCents: 130_000 });
  });

  it('pays the order on a genuine intention callback, once however often it comes', async () => {
    const { orderId, reference, frame } = await paymobOrder('Nour');
    await paymob.press(frame, 'pay');
    const callback = paymob.control.intentionCallbackOf(reference)!;
    for (let time = 0; time < 2; time++) expect((await post(callback)).status).toBe(200);
    expect(await statusOf(orderId)).toBe('paid');
    const outbox = await api.store.get(TOKENS.Database).knex('outbox').where('id', `order-paid-${orderId}`);
    expect(outbox).toHaveLength(1);
  });

  it('refuses a forged intention callback, and one replayed for another order pays nothing', async () => {
    const paid = await paymobOrder('Yara');
    const other = await paymobOrder('Omar');
    await paymob.press(paid.frame, 'pay');
    const genuine = paymob.control.intentionCallbackOf(paid.reference)!;
    const forged = altered({ headers: {}, ...genuine }, (body) => (body.hmac = '0'.repeat(128)));
    expect((await post(forged)).status).toBe(400);
    const renamed = altered({ headers: {}, ...genuine }, (body) => (body.intention.intention_order_id = Number(other.reference)));
    expect((await post(renamed)).status).toBe(400);
    expect(await statusOf(paid.orderId)).toBe('pending');
    expect(await statusOf(other.orderId)).toBe('pending');
  });
});

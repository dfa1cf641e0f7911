import { paymentGatewayContract } from '../contracts/payment-gateway.contract';
import { flatFields, hmacMessage, intentionHmacMessage, nestedFields, signHmac, signedOnly } from '../../adapters/payments/paymob/hmac';
import { TOKEN_REUSE_MS } from '../../adapters/payments/paymob/gateway';
import { IncomingNotification } from '../../core/ordering/ports/payment-gateway';
import { egp } from '../../core/shared/money';
import { nextId } from '../support/products';
import { ACCOUNT, altered, INTEGRATIONS, order, paymentNotice, PREFIX, RunningPaymob, returnLinkOf, startCallbackReceiver, startPaymob } from './paymob-harness';

paymentGatewayContract('Paymob', async () => {
  const paymob = await startPaymob();
  const gateway = paymob.gateway();
  return {
    gateway,
    approve: async (reference) => void (await paymob.buyer(reference, 'pay')),
    decline: async (reference) => void (await paymob.buyer(reference, 'decline')),
    failNext: (count) => paymob.control.failNext(count),
    notificationOf: async (reference) => {
      const callback = paymob.control.callbackOf(reference);
      if (!callback) throw new Error(`no transaction for Paymob order ${reference}`);
      return { headers: { 'content-type': 'application/json' }, ...callback };
    },
    refundNotificationOf: async (reference) => {
      const callback = paymob.control.callbackOf(reference);
      if (!callback) throw new Error(`no transaction for Paymob order ${reference}`);
      return { headers: { 'content-type': 'application/json' }, ...callback };
    },
    close: () => paymob.close(),
  };
});

/** The documented transaction whose fields make PROVIDERS.md's example string. */
const documented = {
  id: 2556706,
  pending: false,
  amount_cents: 100,
  success: true,
  is_auth: false,
  is_capture: false,
  is_standalone_payment: true,
  is_voided: false,
  is_refunded: false,
  is_3d_secure: true,
  integration_id: 6741,
  profile_id: 4,
  has_parent_transaction: false,
  order: { id: 4778239, merchant_order_id: null },
  created_at: '2020-03-25T18:39:44.719228',
  currency: 'EGP',
  error_occured: false,
  owner: 4705,
  source_data: { pan: '2346', sub_type: 'MasterCard', type: 'card' },
  data: { message: 'Approved' },
};
const DOCUMENTED_STRING = '1002020-03-25T18:39:44.719228EGPfalsefalse25567066741truefalsefalsefalsetruefalse47782394705false2346MasterCardcardtrue';

describe('Paymob HMAC', () => {
  it('concatenates the documented fields in the documented order, from a callback or a redirect', () => {
    expect(hmacMessage(nestedFields(documented))).toBe(DOCUMENTED_STRING);
    const flattened = {
      ...Object.fromEntries(Object.entries(documented).filter(([, v]) => typeof v !== 'object').map(([k, v]) => [k, String(v)])),
      order: '4778239',
      'source_data.pan': '2346',
      'source_data.sub_type': 'MasterCard',
      'source_data.type': 'card',
    };
    expect(hmacMessage(flatFields(flattened))).toBe(DOCUMENTED_STRING);
    expect(hmacMessage(flatFields({ ...flattened, order: undefined, order_id: '4778239' }))).toBe(DOCUMENTED_STRING);
  });

  it('reads, through signedOnly, the signed fields and nothing else', () => {
    const read = signedOnly(nestedFields({ ...documented, refunded_amount_cents: 100 }));
    expect(hmacMessage(read)).toBe(DOCUMENTED_STRING);
    expect(read('order.id')).toBe('4778239');
    for (const unsigned of ['data.message', 'order.amount_cents', 'order.merchant_order_id', 'profile_id', 'txn_response_code', 'refunded_amount_cents'])
      expect(read(unsigned)).toBeUndefined();
    expect(signedOnly(flatFields({ merchant_order_id: 'abc', 'data.message': 'Approved' }))('order.merchant_order_id')).toBeUndefined();
  });

  it('is lowercase hex SHA-512, and makes no message when a field is missing', () => {
    expect(signHmac('secret', DOCUMENTED_STRING)).toMatch(/^[0-9a-f]{128}$/);
    expect(hmacMessage(nestedFields({ ...documented, owner: undefined }))).toBeUndefined();
  });

  it("signs an intention callback over its amount in pounds with two decimals, then the intention's id", () => {
    expect(intentionHmacMessage(120_000, 'pi_test_4f1c')).toBe('1200.00pi_test_4f1c');
    expect(intentionHmacMessage(4550, 'pi_test_4f1c')).toBe('45.50pi_test_4f1c');
    expect(intentionHmacMessage(5, 'pi_test_4f1c')).toBe('0.05pi_test_4f1c');
  });
});

describe('Paymob by card, through the Intention API and Unified Checkout', () => {
  let paymob: RunningPaymob;
  let store: Awaited<ReturnType<typeof startCallbackReceiver>>;
  beforeAll(async () => {
    store = await startCallbackReceiver();
    paymob = await startPaymob({ callbackUrl: store.url, responseUrl: 'http://store.test/api/payments/paymob/response' });
  });
  afterAll(async () => {
    await paymob.close();
    await store.close();
  });
  afterEach(() => {
    paymob.control.failNext(0);
    paymob.control.latencyMs = 0;
    paymob.control.delivery = 'once';
    paymob.control.lateMs = 0;
  });

  const paid = async (request = order()) => {
    const gateway = paymob.gateway();
    const start = await gateway.start(request);
    if (start.kind !== 'started' || start.next.kind !== 'frame') throw new Error(`not started: ${JSON.stringify(start)}`);
    const page = await paymob.press(start.next.url, 'pay');
    await paymob.control.delivered();
    return { gateway, request, reference: start.reference, page };
  };
  const callbackAbout = (reference: string): IncomingNotification => {
    const found = store.about(reference);
    expect(found).toHaveLength(1);
    return found[0] as IncomingNotification;
  };

  it('makes an intention for the card integration, and opens Unified Checkout with the public key: EGP 1,200.00 as 120000 piasters', async () => {
    const request = order(egp(120_000));
    const gateway = paymob.gateway({ notificationUrl: store.url, redirectionUrl: 'http://store.test/api/payments/paymob/response' });
    const start = await gateway.start(request);
    if (start.kind !== 'started' || start.next.kind !== 'frame') throw new Error('not started');
    const frame = new URL(start.next.url);
    expect(frame.origin + frame.pathname).toBe(`${paymob.url}${PREFIX}/unifiedcheckout/`);
    expect(frame.searchParams.get('publicKey')).toBe(ACCOUNT.publicKey);
    expect(frame.searchParams.get('clientSecret')).toMatch(/^egy_csk_test_/);
    expect(paymob.control.intentionOf(start.reference)).toMatchObject({
      integrations: [INTEGRATIONS.card],
      specialReference: request.orderId,
      amountCents: 120_000,
      notificationUrl: store.url,
      redirectionUrl: 'http://store.test/api/payments/paymob/response',
    });
    expect(await (await fetch(start.next.url)).text()).toContain('EGP 1,200.00');
    await paymob.press(start.next.url, 'pay');
    const transaction = JSON.parse(paymob.control.callbackOf(start.reference)!.rawBody).obj;
    expect(transaction).toMatchObject({ integration_id: INTEGRATIONS.card, source_data: { type: 'card' } });
    expect(transaction.order).toMatchObject({ id: Number(start.reference), amount_cents: 120_000, currency: 'EGP', merchant_order_id: request.orderId });
    expect(transaction.order.items).toEqual([{ name: 'Atlas of Periodontics', amount: 120_000, description: 'Atlas of Periodontics', quantity: 1 }]);
    expect(await gateway.settle(start.reference, request.orderId)).toEqual({ kind: 'paid', paymentId: String(transaction.id), amount: egp(120_000) });
  });

  it('trusts the callback Paymob delivered, with the paid amount; the store order only as an unsigned claim', async () => {
    const { gateway, request, reference } = await paid(order(egp(99_900)));
    const notice = await gateway.verify(callbackAbout(reference));
    expect(notice).toEqual({ reference, unsignedOrderId: request.orderId, outcome: { kind: 'paid', paymentId: expect.any(String), amount: egp(99_900) } });
  });

  it("decides from the signed fields only: the order's own amount, merchant_order_id and the message change nothing", async () => {
    const { gateway, request, reference } = await paid(order(egp(99_900)));
    const genuine = callbackAbout(reference);
    const trusted = paymentNotice(await gateway.verify(genuine));
    const unsigned = altered(genuine, (body) => {
      body.obj.order.amount_cents = 1;
      body.obj.order.merchant_order_id = nextId();
      body.obj.data = { message: 'Refused by the bank', txn_response_code: 'DECLINED' };
    });
    const notice = paymentNotice(await gateway.verify(unsigned));
    expect(notice.outcome).toEqual(trusted.outcome);
    expect(notice.reference).toBe(reference);
    expect(notice.unsignedOrderId).not.toBe(request.orderId);
    expect(notice).not.toHaveProperty('orderId');
  });

  it('refuses a callback with a bad HMAC, a missing HMAC, a tampered amount or success flipped on a replay', async () => {
    const { gateway, reference } = await paid();
    const genuine = callbackAbout(reference);
    const hmac = genuine.query.hmac as string;
    const flipped = `${hmac[0] === 'a' ? 'b' : 'a'}${hmac.slice(1)}`;
    expect(await gateway.verify({ ...genuine, query: { hmac: flipped } })).toBeUndefined();
    expect(await gateway.verify({ ...genuine, query: {} })).toBeUndefined();
    expect(await gateway.verify({ ...genuine, query: { hmac: hmac.slice(0, 64) } })).toBeUndefined();
    expect(await gateway.verify(altered(genuine, (body) => (body.obj.amount_cents = 100)))).toBeUndefined();

    const declined = await gateway.start(order());
    if (declined.kind !== 'started') throw new Error('not started');
    await paymob.buyer(declined.reference, 'decline');
    const replay = { headers: {}, ...paymob.control.callbackOf(declined.reference)! };
    expect(paymentNotice(await gateway.verify(replay)).outcome.kind).toBe('declined');
    expect(await gateway.verify(altered(replay, (body) => (body.obj.success = true)))).toBeUndefined();
  });

  it('reads a genuine HMAC that does not pay as pending or declined', async () => {
    const cases = [
      [{ pending: true }, 'pending'],
      [{ is_voided: true }, 'declined'],
    ] as const;
    for (const [changes, kind] of cases) {
      const { gateway, request, reference } = await paid();
      paymob.control.amend(reference, changes);
      const notice = paymentNotice(await gateway.verify({ headers: {}, ...paymob.control.callbackOf(reference)! }));
      expect([changes, notice.outcome.kind]).toEqual([changes, kind]);
      expect([changes, (await gateway.inquire(reference, request.orderId)).kind]).toEqual([changes, kind]);
    }
  });

  it("reports a signed amount that is not the order's as that amount, for the store to hold against its order", async () => {
    const { gateway, request, reference } = await paid();
    paymob.control.amend(reference, { amount_cents: 100 });
    // The callback's order amount is outside the HMAC: the notice says what was charged, and the
    // store refuses it (AMOUNT_MISMATCH); the inquiry is Paymob's own answer, and compares the two.
    const notice = paymentNotice(await gateway.verify({ headers: {}, ...paymob.control.callbackOf(reference)! }));
    expect(notice.outcome).toEqual({ kind: 'paid', paymentId: expect.any(String), amount: egp(100) });
    expect(await gateway.inquire(reference, request.orderId)).toMatchObject({ kind: 'declined' });
  });

  it('sends the buyer to the way back with signed flattened fields, which verify', async () => {
    const { gateway, request, reference, page } = await paid(order(egp(4550)));
    expect(page).toContain('window.top.location.replace(');
    const link = returnLinkOf(page);
    expect(link.origin + link.pathname).toBe('http://store.test/api/payments/paymob/response');
    const query = Object.fromEntries(link.searchParams);
    expect(query).toMatchObject({ success: 'true', order: reference, merchant_order_id: request.orderId, amount_cents: '4550' });
    const notice = await gateway.verify({ headers: {}, rawBody: '', query });
    expect(notice).toEqual({ reference, unsignedOrderId: request.orderId, outcome: { kind: 'paid', paymentId: query.id, amount: egp(4550) } });

    const { order: orderId, ...rest } = query;
    expect(await gateway.verify({ headers: {}, rawBody: '', query: { ...rest, order_id: orderId as string } })).toEqual(notice);
    expect(await gateway.verify({ headers: {}, rawBody: '', query: { ...query, amount_cents: '1' } })).toBeUndefined();
    expect(await gateway.verify({ headers: {}, rawBody: '', query: { ...query, hmac: undefined } })).toBeUndefined();
  });

  it('reports a declined card through the way back, and the buyer may try another card', async () => {
    const gateway = paymob.gateway();
    const request = order();
    const start = await gateway.start(request);
    if (start.kind !== 'started') throw new Error('not started');
    const query = Object.fromEntries(returnLinkOf(await paymob.buyer(start.reference, 'decline')).searchParams);
    expect(query.success).toBe('false');
    // The bank's words (data.message) are outside the HMAC: the reason is the store's own.
    expect(paymentNotice(await gateway.verify({ headers: {}, rawBody: '', query })).outcome).toEqual({ kind: 'declined', reason: 'The card was declined.', retry: true });
    expect(await gateway.inquire(start.reference, request.orderId)).toMatchObject({ kind: 'declined', reason: 'Do not honour' });
    await paymob.buyer(start.reference, 'pay');
    expect((await gateway.settle(start.reference, request.orderId)).kind).toBe('paid');
  });

  it('reuses the intention when the store starts the same order again; another amount or method is not that payment', async () => {
    const gateway = paymob.gateway();
    const request = order();
    const before = paymob.control.calls['/v1/intention/'] ?? 0;
    const first = await gateway.start(request);
    const again = await gateway.start(request);
    expect(first.kind).toBe('started');
    expect(again).toEqual(first);
    expect(paymob.control.calls['/v1/intention/']).toBe(before + 1);
    expect(await gateway.start({ ...request, amount: egp(1), items: [{ name: 'Atlas', price: egp(1) }] })).toMatchObject({ kind: 'unavailable' });
    expect(await gateway.start({ ...request, method: 'kiosk' })).toMatchObject({ kind: 'unavailable' });
  });

  it('after a restart, does not start an order twice: Paymob holds one intention per store order', async () => {
    const request = order();
    const first = await paymob.gateway().start(request);
    expect(first.kind).toBe('started');
    const restarted = paymob.gateway();
    expect(await restarted.start(request)).toMatchObject({ kind: 'unavailable', reason: expect.stringContaining('special_reference') });
  });

  it('started again (npm start twice on one database), never repeats an order id or a payment id', async () => {
    const before = await paid();
    const paymentBefore = JSON.parse(paymob.control.callbackOf(before.reference)!.rawBody).obj.id as number;
    await new Promise((resolve) => setTimeout(resolve, 2));
    const again = await startPaymob({ callbackUrl: store.url });
    try {
      const start = await again.gateway().start(order());
      if (start.kind !== 'started' || start.next.kind !== 'frame') throw new Error('not started');
      await again.press(start.next.url, 'pay');
      const payment = JSON.parse(again.control.callbackOf(start.reference)!.rawBody).obj.id as number;
      expect(Number(start.reference)).toBeGreaterThan(Number(before.reference));
      expect(payment).toBeGreaterThan(paymentBefore);
    } finally {
      await again.close();
    }
  });

  it("answers pending before the buyer pays, and refuses to read another order's payment", async () => {
    const gateway = paymob.gateway();
    const request = order();
    const start = await gateway.start(request);
    if (start.kind !== 'started') throw new Error('not started');
    expect(await gateway.inquire(start.reference, request.orderId)).toMatchObject({ kind: 'pending' });
    await paymob.buyer(start.reference, 'pay');
    expect(await gateway.inquire(start.reference, nextId())).toMatchObject({ kind: 'unavailable' });
    expect(await gateway.inquire('not-a-number', request.orderId)).toMatchObject({ kind: 'unavailable' });
  });

  it('reuses its auth token (inquiries, refunds) for about fifty minutes, then asks for a new one; intentions need none', async () => {
    let now = Date.now();
    const gateway = paymob.gateway({ now: () => now });
    const before = paymob.control.calls['/api/auth/tokens'] ?? 0;
    const request = order();
    const start = await gateway.start(request);
    if (start.kind !== 'started') throw new Error('not started');
    expect(paymob.control.calls['/api/auth/tokens'] ?? 0).toBe(before);
    await gateway.inquire(start.reference, request.orderId);
    await gateway.inquire(start.reference, request.orderId);
    expect(paymob.control.calls['/api/auth/tokens']).toBe(before + 1);
    now += TOKEN_REUSE_MS + 1;
    expect((await gateway.inquire(start.reference, request.orderId)).kind).toBe('pending');
    expect(paymob.control.calls['/api/auth/tokens']).toBe(before + 2);
  });

  it('answers unavailable on a 5xx, a time-out, a wrong key or nobody listening', async () => {
    const gateway = paymob.gateway();
    const request = order();
    const start = await gateway.start(request);
    if (start.kind !== 'started') throw new Error('not started');
    paymob.control.failNext(1);
    expect(await gateway.inquire(start.reference, request.orderId)).toMatchObject({ kind: 'unavailable', reason: 'Paymob answered 500.' });
    paymob.control.failNext(1);
    expect(await gateway.start(order())).toMatchObject({ kind: 'unavailable' });
    paymob.control.latencyMs = 300;
    const slow = paymob.gateway({ timeoutMs: 100 });
    expect(await slow.start(order())).toMatchObject({ kind: 'unavailable', reason: 'Paymob did not answer within 100 ms.' });
    expect(await slow.settle(start.reference, request.orderId)).toMatchObject({ kind: 'unavailable' });
    paymob.control.latencyMs = 0;
    expect(await paymob.gateway({ secretKey: 'egy_sk_test_wrong' }).start(order())).toMatchObject({
      kind: 'unavailable',
      reason: 'Paymob refused the intention (401): Invalid token.',
    });
    expect(await paymob.gateway({ apiKey: 'wrong' }).inquire(start.reference, request.orderId)).toMatchObject({
      kind: 'unavailable',
      reason: 'Paymob refused the API key (403): incorrect credentials',
    });
    expect(await paymob.gateway({ baseUrl: 'http://127.0.0.1:9' }).start(order())).toMatchObject({ kind: 'unavailable' });
  });

  it('delivers the processed callback twice, late or never, as told', async () => {
    paymob.control.delivery = 'twice';
    const twice = await paid();
    expect(store.about(twice.reference)).toHaveLength(2);
    paymob.control.delivery = 'never';
    const never = await paid();
    expect(store.about(never.reference)).toHaveLength(0);
    paymob.control.delivery = 'once';
    paymob.control.lateMs = 150;
    const late = await paid();
    expect(store.about(late.reference)).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 250));
    await paymob.control.delivered();
    expect(store.about(late.reference)).toHaveLength(1);
  });

  it('shows an accessible checkout page, refuses an unknown client secret, a wrong public key and a paid order', async () => {
    const { reference } = await paid();
    const frame = paymob.control.framePathOf(reference)!;
    expect(await (await fetch(paymob.url + frame)).text()).toContain('Order already paid');
    const fresh = await paymob.gateway().start(order(egp(2599)));
    if (fresh.kind !== 'started' || fresh.next.kind !== 'frame') throw new Error('not started');
    const html = await (await fetch(fresh.next.url)).text();
    expect(html).toMatch(/<html lang="en" dir="ltr">/);
    expect(html).toMatch(/<form method="post" aria-labelledby="title">/);
    expect(html).toContain('>Pay (test card)</button>');
    expect(html).toContain('>Decline (test card)</button>');
    expect(html).toContain('EGP 25.99');
    const url = new URL(fresh.next.url);
    url.searchParams.set('clientSecret', 'egy_csk_test_nope');
    expect((await fetch(url)).status).toBe(403);
    url.searchParams.set('publicKey', 'egy_pk_test_other');
    expect((await fetch(url)).status).toBe(404);
  });

  it("speaks the buyer's browser language (issue 20): an Arabic page right to left, its amount left to right; English for a language the store lacks", async () => {
    const started = await paymob.gateway().start(order(egp(120000)));
    if (started.kind !== 'started' || started.next.kind !== 'frame') throw new Error('not started');
    const arabic = await (await fetch(started.next.url, { headers: { 'Accept-Language': 'ar-EG,ar;q=0.9,en;q=0.5' } })).text();
    expect(arabic).toMatch(/<html lang="ar" dir="rtl">/);
    expect(arabic).toContain('>ادفع (بطاقة تجريبية)</button>');
    expect(arabic).toMatch(/<bdi class="amount" dir="ltr" data-amount="1200.00">[^<]*1,200\.00[^<]*<\/bdi>/);
    const unknown = await (await fetch(started.next.url, { headers: { 'Accept-Language': 'fr-FR' } })).text();
    expect(unknown).toContain('>Pay (test card)</button>');
    const url = new URL(started.next.url);
    url.searchParams.set('clientSecret', 'egy_csk_test_nope');
    expect(await (await fetch(url, { headers: { 'Accept-Language': 'es' } })).text()).toContain('Enlace de pago caducado');
  });
});

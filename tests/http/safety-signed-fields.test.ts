import { connect } from 'node:net';
import { TOKENS } from '../../adapters/di/tokens';
import { clientFaultOf } from '../../adapters/http/client-faults';
import { egp, usd } from '../../core/shared/money';
import { ACCOUNT, PREFIX, RunningPaymob, returnLinkOf, startPaymob } from '../payments/paymob-harness';
import { Shopper } from '../support/browser-like';
import { RunningStore, startStore } from '../support/http';
import { CapturedLog, captureLog } from '../support/log';
import { buyer } from '../support/ordering';
import { aProduct } from '../support/products';

/**
 * Issue 16, "signed fields only": a payment is decided from what the provider's signature covers,
 * the page a buyer is sent back to speaks of the order that signature names, and a client that
 * breaks HTTP is logged as the client's fault. Paymob here is its emulator driven by the test (as a
 * real Paymob account would be configured), so that each callback arrives only when the test says.
 */
describe('signed fields only', () => {
  const atlas = aProduct({ title: 'Atlas of Periodontics', price: usd(2599), egpprice: egp(130_000) });
  let paymob: RunningPaymob;
  let api: RunningStore;
  let log: CapturedLog;
  beforeEach(() => (log = captureLog()));
  afterEach(() => log.restore());

  beforeAll(async () => {
    paymob = await startPaymob();
    paymob.control.delivery = 'never';
    api = await startStore([atlas], {
      payments: { paymob: { ...ACCOUNT, baseUrl: paymob.url + PREFIX, mode: 'test' } },
      logLevel: 'info',
    });
    paymob.control.callbackUrl = `${api.url}/api/paymob/callback`;
    paymob.control.responseUrl = `${api.url}/api/paymob/response`;
  });
  afterAll(async () => {
    await api.close();
    await paymob.close();
  });

  /** A shopper's Paymob order: the store's id, Paymob's id (the reference) and its card page. */
  const paymobOrder = async (shopper: Shopper) => {
    const started = await shopper.post('/api/checkout/pay', { ...buyer, productId: atlas._id });
    expect(started.body.order).toMatchObject({ status: 'pending', total: 1300, currency: 'EGP' });
    const orderId = started.body.order.orderId as string;
    const order = await api.store.get(TOKENS.Orders).findById(orderId);
    return { orderId, reference: order!.reference!, frame: started.body.iframeUrl as string };
  };
  /** The buyer presses a button on Paymob's card page; the signed query of the way back to the store. */
  const press = async (frame: string, choice: 'pay' | 'decline') => Object.fromEntries(returnLinkOf(await paymob.press(frame, choice)).searchParams);
  const statusOf = async (orderId: string) => (await api.store.get(TOKENS.Orders).findById(orderId))?.status;
  const landOn = async (query: Record<string, string>) =>
    (await fetch(`${api.url}/api/paymob/response?${new URLSearchParams(query)}`, { redirect: 'manual' })).headers.get('location');
  const postCallback = (callback: { rawBody: string; query: { hmac: string } }) =>
    fetch(`${api.url}/api/paymob/callback?hmac=${callback.query.hmac}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: callback.rawBody,
    });

  it("pays on a genuinely signed callback whatever its unsigned fields say: the Paymob order's own amount decides nothing", async () => {
    const shopper = new Shopper(api);
    await shopper.signUp('Salma');
    const { orderId, reference, frame } = await paymobOrder(shopper);
    await press(frame, 'pay');
    const genuine = paymob.control.callbackOf(reference)!;
    const body = JSON.parse(genuine.rawBody);
    // Outside the HMAC: the order's amount, the merchant's order id, the bank's message.
    body.obj.order.amount_cents = 1;
    body.obj.data.message = 'Amount mismatch';
    const answer = await postCallback({ rawBody: JSON.stringify(body), query: genuine.query });
    expect(answer.status).toBe(200);
    expect(await statusOf(orderId)).toBe('paid');
  });

  it('finds the order by the signed Paymob order id, never by the unsigned merchant_order_id', async () => {
    const shopper = new Shopper(api);
    await shopper.signUp('Nour');
    const paid = await paymobOrder(shopper);
    const other = await paymobOrder(shopper);
    await press(paid.frame, 'pay');
    const genuine = paymob.control.callbackOf(paid.reference)!;
    const body = JSON.parse(genuine.rawBody);
    body.obj.order.merchant_order_id = other.orderId;
    expect((await postCallback({ rawBody: JSON.stringify(body), query: genuine.query })).status).toBe(200);
    expect(await statusOf(paid.orderId)).toBe('paid');
    expect(await statusOf(other.orderId)).toBe('pending');
  });

  it('shows success on the way back only for the order the signature names, when that order is paid', async () => {
    const shopper = new Shopper(api);
    await shopper.signUp('Yara');
    const a = await paymobOrder(shopper);
    const b = await paymobOrder(shopper);
    const paid = await press(a.frame, 'pay');
    expect(paid.merchant_order_id).toBe(a.orderId);
    // Replayed naming pending order B: B is not paid, so no success is shown, and nothing changes for B.
    expect(await landOn({ ...paid, merchant_order_id: b.orderId })).toBe('/afterpayment?success=false');
    expect(await statusOf(b.orderId)).toBe('pending');
    // The genuine way back: A is paid by it.
    expect(await landOn(paid)).toBe(`/afterpayment?success=true&order=${a.orderId}`);
    expect(await statusOf(a.orderId)).toBe('paid');
  });

  it('an old decline replayed once the order is paid is still a decline, not a success', async () => {
    const shopper = new Shopper(api);
    await shopper.signUp('Laila');
    const { orderId, frame } = await paymobOrder(shopper);
    // The first card is declined (the order stays open for another), the second pays.
    const declined = await press(frame, 'decline');
    expect(await landOn(declined)).toBe('/afterpayment?success=false');
    expect(await statusOf(orderId)).toBe('pending');
    expect(await landOn(await press(frame, 'pay'))).toBe(`/afterpayment?success=true&order=${orderId}`);
    expect(await landOn(declined)).toBe('/afterpayment?success=false');
    expect(await statusOf(orderId)).toBe('paid');
  });

  describe('a client that breaks HTTP', () => {
    it("tells the client's faults from the store's own errors by their code", () => {
      expect(clientFaultOf(Object.assign(new Error('Parse Error'), { code: 'HPE_INVALID_METHOD', reason: 'Invalid method', rawPacket: Buffer.from('password') })))
        .toEqual({ level: 'warn', code: 'HPE_INVALID_METHOD', what: 'the request broke HTTP: Invalid method' });
      expect(clientFaultOf(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }))).toMatchObject({ level: 'debug' });
      for (const own of [new Error('boom'), Object.assign(new Error('duplicate key'), { code: '23505' }), 'thrown text', { code: 'constructor' }, null])
        expect(clientFaultOf(own)).toBeUndefined();
    });

    /** Writes `request` on a raw socket, then ends it; what came back. */
    const send = (request: string, { end = false } = {}): Promise<string> =>
      new Promise((resolve) => {
        const socket = connect(Number(new URL(api.url).port), '127.0.0.1', () => {
          socket.write(request);
          if (end) setTimeout(() => socket.destroy(), 100);
        });
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk));
        socket.on('error', () => resolve(answer));
        socket.on('close', () => resolve(answer));
      });
    const login = (contentLength: number, body: string) =>
      `POST /api/user/login HTTP/1.1\r\nHost: store.test\r\nContent-Type: application/json\r\nContent-Length: ${contentLength}\r\n\r\n${body}`;

    it('sending more bytes than its Content-Length is logged as a client error, without a stack, and the store goes on', async () => {
      const body = JSON.stringify({ username: 'Salma', password: 'Secret12' });
      const answer = await send(login(10, body + ' and then some bytes that are no request'));
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
      expect(answer).not.toMatch(/\bat |\.ts:\d|Error/);
      const lines = await log.until((line) => line.msg === 'client error');
      const fault = lines.find((line) => line.msg === 'client error')!;
      expect(fault).toMatchObject({ level: 40, method: 'POST', path: '/api/user/login', code: expect.stringMatching(/^HPE_/), what: expect.stringContaining('broke HTTP') });
      expect(fault.reqId).toEqual(expect.any(String));
      // Never the request's bytes (a password may be among them).
      expect(log.text()).not.toContain('Secret12');
      expect(lines.filter((line) => line.level >= 50)).toEqual([]);
      expect((await api.get('/api/health')).status).toBe(200);
    });

    it('an upload cut short is logged as a client error at info, not a server error', async () => {
      await send(login(1000, '{"username":'), { end: true });
      const lines = await log.until((line) => line.msg === 'client error');
      expect(lines.find((line) => line.msg === 'client error')).toMatchObject({ level: 30, path: '/api/user/login', what: expect.stringContaining('whole body') });
      await log.until((line) => line.msg === 'request' && line.path === '/api/user/login');
      expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    });
  });
});

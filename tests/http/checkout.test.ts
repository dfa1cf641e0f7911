import { TOKENS } from '../../adapters/di/tokens';
import { egp, usd } from '../../core/shared/money';
import { RunningStore, startStore } from '../support/http';
import { aProduct } from '../support/products';
import { Json } from '../support/json';

/**
 * Buying through the real app and its providers' local emulators, over HTTP, as the browser and
 * the providers would: Buy now with PayPal and with Paymob, a free product, the profile's download.
 */
describe('checkout, payment and delivery', () => {
  let api: RunningStore;
  const atlas = aProduct({ title: 'Atlas of Periodontics', price: usd(2599), egpprice: egp(130000) });
  const guide = aProduct({ title: 'Free Guide', price: usd(0), egpprice: egp(0) });
  const onRequest = aProduct({ title: 'Course on request', producturl: '', downloadpass: '' });
  const buyer = { name: 'Hana Adel', email: 'hana@mail.test' };

  beforeAll(async () => {
    api = await startStore([atlas, guide, onRequest]);
  });
  afterAll(() => api.close());

  /** A new shopper's session cookie. */
  const shopper = async (username: string) => {
    const response = await fetch(`${api.url}/api/user/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, email: `${username.toLowerCase()}@mail.test`, password: 'Secret12' }),
    });
    return response.headers.getSetCookie().find((c) => c.startsWith('sid='))!.split(';')[0]!;
  };
  const call = async (cookie: string, method: string, path: string, body?: unknown) => {
    const response = await fetch(api.url + path, {
      method,
      redirect: 'manual',
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    let json: Json;
    try {
      json = JSON.parse(text);
    } catch {
      json = text;
    }
    return { status: response.status, body: json, location: response.headers.get('location') };
  };
  const outboxOf = (orderId: string) => api.store.get(TOKENS.Database).knex('outbox').where('id', `order-paid-${orderId}`);
  const ordersOf = async (cookie: string) => (await call(cookie, 'GET', '/api/user/profiledata')).body.userData.orders;

  it('Buy now with PayPal: priced by the store, captured once, confirmed once, delivered with its download', async () => {
    const cookie = await shopper('Hana');
    // Prices and amounts sent by the browser are never read.
    const created = await call(cookie, 'POST', '/api/paypal/create-order', { ...buyer, productId: atlas._id, price: 0.01, amount: 0.01 });
    expect(created.status).toBe(200);
    expect(created.body.order).toMatchObject({ status: 'pending', total: 25.99, currency: 'USD' });
    const paypalOrder = created.body.id as string;

    expect((await call(cookie, 'POST', '/api/paypal/capture-order', { orderID: paypalOrder })).body).toMatchObject({
      success: true,
      result: { status: 'pending' },
    });
    expect((await fetch(`${api.url}/emulator/paypal/buyer/orders/${paypalOrder}/approve`, { method: 'POST' })).status).toBe(204);

    const stranger = await shopper('Omar');
    expect((await call(stranger, 'POST', '/api/paypal/capture-order', { orderID: paypalOrder })).status).toBe(404);

    const [first, again] = await Promise.all([
      call(cookie, 'POST', '/api/paypal/capture-order', { orderID: paypalOrder }),
      call(cookie, 'POST', '/api/paypal/capture-order', { orderID: paypalOrder }),
    ]);
    expect(first.body).toMatchObject({ success: true, result: { status: 'paid', total: 25.99 } });
    expect(again.body).toMatchObject({ success: true, result: { status: 'paid' } });
    const orderId = first.body.result.orderId as string;
    expect(await outboxOf(orderId)).toHaveLength(1);

    const [order] = await ordersOf(cookie);
    expect(order).toMatchObject({ _id: orderId, status: 'paid', delivered: true, total: 25.99 });
    const { url, password } = order.products[0].download;
    expect(password).toBe(atlas.downloadpass);
    expect(await call(cookie, 'GET', url)).toMatchObject({ status: 302, location: atlas.producturl });
    expect((await call(stranger, 'GET', url)).status).toBe(404);
    expect((await call('', 'GET', url)).status).toBe(401);
    expect((await call(cookie, 'GET', url.replace(/sig=[^&]+/, 'sig=forged'))).status).toBe(404);
    expect(await ordersOf(stranger)).toEqual([]);
  });

  it('the store stopping between PayPal\'s capture and its own write loses nothing: the webhook settles the order, once', async () => {
    const cookie = await shopper('Rana');
    const created = await call(cookie, 'POST', '/api/paypal/create-order', { ...buyer, productId: atlas._id });
    const { id: paypalOrder, order } = created.body as { id: string; order: { orderId: string } };
    await fetch(`${api.url}/emulator/paypal/buyer/orders/${paypalOrder}/approve`, { method: 'POST' });
    // The capture happens at PayPal, and the store never hears its answer (as if it stopped then).
    const captured = await api.store.get(TOKENS.Gateways).paypal!.settle(paypalOrder, order.orderId);
    expect(captured.kind).toBe('paid');
    for (let tries = 0; tries < 50 && (await ordersOf(cookie))[0]?.status !== 'paid'; tries++) await new Promise((r) => setTimeout(r, 100));
    expect((await ordersOf(cookie))[0]).toMatchObject({ _id: order.orderId, status: 'paid', delivered: true });
    expect(await outboxOf(order.orderId)).toHaveLength(1);
    // The buyer's own capture afterwards finds it paid and charges nothing more.
    expect((await call(cookie, 'POST', '/api/paypal/capture-order', { orderID: paypalOrder })).body).toMatchObject({ result: { status: 'paid' } });
    expect(await outboxOf(order.orderId)).toHaveLength(1);
  });

  it('refuses a forged PayPal webhook and changes nothing', async () => {
    const forged = await fetch(`${api.url}/api/paypal/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'paypal-transmission-id': 'x', 'paypal-transmission-sig': 'x' },
      body: JSON.stringify({ id: 'WH-1', event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: { id: 'CAP-1', amount: { currency_code: 'USD', value: '25.99' } } }),
    });
    expect(forged.status).toBe(400);
  });

  it('Buy now with Paymob: the frame, the card page, the way back; paid once however the news arrives', async () => {
    const cookie = await shopper('Salma');
    const started = await call(cookie, 'POST', '/api/checkout/pay', { ...buyer, productId: atlas._id });
    expect(started.body.order).toMatchObject({ status: 'pending', total: 1300, currency: 'EGP' });
    const frame = started.body.iframeUrl as string;
    expect(frame.startsWith(`${api.url}/emulator/paymob/`)).toBe(true);
    // Paymob's Intention API: Unified Checkout of the order's intention, no longer the legacy iframe.
    expect(new URL(frame).pathname).toBe('/emulator/paymob/unifiedcheckout/');
    expect((await fetch(frame)).headers.get('content-security-policy')).toContain("frame-ancestors 'self'");

    const paid = await fetch(frame, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'choice=pay' });
    const back = /href="([^"]+)"/.exec(await paid.text())![1]!.replace(/&amp;/g, '&');
    // The emulator is told the generic address of Paymob's return route (the older one stays an alias).
    expect(back.startsWith(`${api.url}/api/payments/paymob/response?`)).toBe(true);
    const landed = await fetch(back, { redirect: 'manual' });
    const orderId = started.body.order.orderId as string;
    // The way back names the store's order, and only its buyer gets its number and amount, from the server.
    expect(landed.headers.get('location')).toBe(`/afterpayment?success=true&order=${orderId}`);
    expect(await call(cookie, 'GET', `/api/orders/${orderId}`)).toMatchObject({
      status: 200,
      body: { success: true, order: { orderId, orderNumber: orderId.slice(-6), status: 'paid', total: 1300, currency: 'EGP' } },
    });
    expect((await call(await shopper('Karim'), 'GET', `/api/orders/${orderId}`)).status).toBe(404);
    expect((await call('', 'GET', `/api/orders/${orderId}`)).status).toBe(401);

    const [order] = await ordersOf(cookie);
    expect(order).toMatchObject({ _id: orderId, status: 'paid', delivered: true, currency: 'EGP' });
    // The server callback arrives too (and a forged redirect is refused): still one confirmation.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await outboxOf(orderId)).toHaveLength(1);
    const forged = await fetch(back.replace(/success=true/, 'success=false').replace(/hmac=[0-9a-f]+/, 'hmac=00'), { redirect: 'manual' });
    expect(forged.headers.get('location')).toBe('/afterpayment?success=false');
    expect((await ordersOf(cookie))[0]).toMatchObject({ status: 'paid' });
  });

  it('a declined card at Paymob sends the buyer to the failure page; the order stays open for another card', async () => {
    const cookie = await shopper('Yara');
    const started = await call(cookie, 'POST', '/api/checkout/pay', { ...buyer, productId: atlas._id });
    const declined = await fetch(started.body.iframeUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'choice=decline',
    });
    const back = /href="([^"]+)"/.exec(await declined.text())![1]!.replace(/&amp;/g, '&');
    expect((await fetch(back, { redirect: 'manual' })).headers.get('location')).toBe('/afterpayment?success=false');
    // Paymob lets the buyer try another card in the same frame: the order is failed only when
    // reconciliation finds it still unpaid after a day.
    expect((await ordersOf(cookie))[0]).toMatchObject({ status: 'pending', state: 'not completed', delivered: false });
  });

  it('a free product is paid at once without a provider; a product without a link waits for delivery', async () => {
    const cookie = await shopper('Mona');
    const free = await call(cookie, 'POST', '/api/checkout/pay', { ...buyer, productId: guide._id });
    expect(free.body).toMatchObject({ success: true, order: { status: 'paid', total: 0 } });
    expect(free.body.iframeUrl).toBeUndefined();

    const waiting = await call(cookie, 'POST', '/api/paypal/create-order', { ...buyer, productId: onRequest._id });
    await fetch(`${api.url}/emulator/paypal/buyer/orders/${waiting.body.id}/approve`, { method: 'POST' });
    await call(cookie, 'POST', '/api/paypal/capture-order', { orderID: waiting.body.id });
    const [onRequestOrder, freeOrder] = await ordersOf(cookie);
    expect(freeOrder).toMatchObject({ status: 'paid', delivered: true });
    expect(onRequestOrder).toMatchObject({ status: 'paid', delivered: false });
    expect(onRequestOrder.products[0].download).toBeUndefined();
  });

  it('refuses a checkout signed out, of an unknown product, or with a bad form', async () => {
    const cookie = await shopper('Laila');
    expect((await call('', 'POST', '/api/checkout/pay', { ...buyer, productId: atlas._id })).status).toBe(401);
    expect((await call(cookie, 'POST', '/api/checkout/pay', { ...buyer, productId: 'ffffffffffffffffffffffff' })).body).toEqual({
      success: false,
      message: 'Product not found',
      code: 'product.not_found',
    });
    expect((await call(cookie, 'POST', '/api/paypal/create-order', { ...buyer, email: 'nope', productId: atlas._id })).body).toEqual({
      success: false,
      message: 'Invalid email format',
      code: 'account.invalid_email',
    });
    expect((await call(cookie, 'POST', '/api/checkout/pay', buyer)).status).toBe(400);
  });
});

import { CREDENTIALS, PREFIX, RunningEmulator, startPayPalEmulator } from './paypal-emulator';

/** The emulator over plain HTTP, as PayPal's API answers: statuses, shapes and error bodies. */
describe('PayPal emulator', () => {
  let paypal: RunningEmulator;
  let token: string;
  beforeAll(async () => {
    paypal = await startPayPalEmulator();
    token = (await tokenWith(`${CREDENTIALS.clientId}:${CREDENTIALS.clientSecret}`)).body.access_token;
  });
  afterAll(() => paypal.close());

  const read = async (response: Response) => ({ status: response.status, body: await response.json() });
  const tokenWith = async (credentials: string) =>
    read(
      await fetch(`${paypal.base}/v1/oauth2/token`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from(credentials).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials',
      }),
    );
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    read(
      await fetch(paypal.base + path, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
  const usd = (value: string) => ({ currency_code: 'USD', value });
  const orderOf = (amount: string, itemTotal: string, prices: string[]) => ({
    intent: 'CAPTURE',
    purchase_units: [
      {
        custom_id: '0000000000000000a0000001',
        amount: { ...usd(amount), breakdown: { item_total: usd(itemTotal) } },
        items: prices.map((p, n) => ({ name: `Book ${n}`, unit_amount: usd(p), quantity: '1', category: 'DIGITAL_GOODS' })),
      },
    ],
  });

  it('issues a bearer token for the right Basic credentials only', async () => {
    expect((await tokenWith(`${CREDENTIALS.clientId}:${CREDENTIALS.clientSecret}`)).body).toMatchObject({ token_type: 'Bearer', expires_in: 32_400, access_token: expect.any(String) });
    expect(await tokenWith(`${CREDENTIALS.clientId}:wrong`)).toEqual({ status: 401, body: { error: 'invalid_client', error_description: expect.any(String) } });
  });

  it('refuses the API without a valid bearer token', async () => {
    const answer = await call('GET', '/v2/checkout/orders/AAAAAAAAAAAAAAAAA', undefined, { authorization: 'Bearer forged' });
    expect(answer).toMatchObject({ status: 401, body: { name: 'AUTHENTICATION_FAILURE' } });
  });

  it('creates an order with its links, answering 201 first and 200 when the PayPal-Request-Id repeats', async () => {
    const first = await call('POST', '/v2/checkout/orders', orderOf('25.99', '25.99', ['20.00', '5.99']), { 'paypal-request-id': 'key-1' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ id: expect.stringMatching(/^[A-Z0-9]{17}$/), status: 'CREATED', intent: 'CAPTURE' });
    expect(first.body.links.map((l: { rel: string }) => l.rel)).toEqual(['self', 'approve', 'update', 'capture']);
    expect(first.body.links[1].href).toBe(`${paypal.base}/checkoutnow?token=${first.body.id}`);
    const again = await call('POST', '/v2/checkout/orders', orderOf('25.99', '25.99', ['20.00', '5.99']), { 'paypal-request-id': 'key-1' });
    expect(again).toEqual({ status: 200, body: first.body });
    const other = await call('POST', '/v2/checkout/orders', orderOf('25.99', '25.99', ['20.00', '5.99']), { 'paypal-request-id': 'key-2' });
    expect(other.body.id).not.toBe(first.body.id);
  });

  it.each([
    ['ITEM_TOTAL_MISMATCH', orderOf('25.99', '25.99', ['20.00', '5.00'])],
    ['AMOUNT_MISMATCH', orderOf('26.00', '25.99', ['20.00', '5.99'])],
    ['ITEM_TOTAL_REQUIRED', { intent: 'CAPTURE', purchase_units: [{ amount: usd('5.00'), items: [{ name: 'Book', unit_amount: usd('5.00'), quantity: '1' }] }] }],
  ])('refuses an order with 422 %s in PayPal error shape', async (issue, order) => {
    const answer = await call('POST', '/v2/checkout/orders', order);
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({
      name: 'UNPROCESSABLE_ENTITY',
      message: expect.any(String),
      details: [expect.objectContaining({ issue, description: expect.any(String) })],
      debug_id: expect.any(String),
      links: [expect.objectContaining({ rel: 'information_link' })],
    });
  });

  it('refuses malformed amounts and bodies with 400', async () => {
    expect((await call('POST', '/v2/checkout/orders', orderOf('25.999', '25.999', ['25.999']))).body).toMatchObject({ name: 'INVALID_REQUEST', details: [{ issue: 'DECIMAL_PRECISION' }] });
    expect((await call('POST', '/v2/checkout/orders', { purchase_units: [] })).body).toMatchObject({ details: [{ issue: 'MISSING_REQUIRED_PARAMETER', field: '/intent' }] });
  });

  it('captures an approved order once: ORDER_NOT_APPROVED before, ORDER_ALREADY_CAPTURED after', async () => {
    const { body: order } = await call('POST', '/v2/checkout/orders', orderOf('10.00', '10.00', ['10.00']));
    const capture = () => call('POST', `/v2/checkout/orders/${order.id}/capture`, {});
    expect(await capture()).toMatchObject({ status: 422, body: { details: [{ issue: 'ORDER_NOT_APPROVED' }] } });
    expect(await paypal.buyer(order.id, 'approve')).toBe(204);
    const captured = await capture();
    expect(captured.status).toBe(201);
    expect(captured.body).toMatchObject({
      status: 'COMPLETED',
      purchase_units: [{ custom_id: '0000000000000000a0000001', payments: { captures: [{ status: 'COMPLETED', amount: usd('10.00'), final_capture: true }] } }],
    });
    expect(await capture()).toMatchObject({ status: 422, body: { details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] } });
    expect(await paypal.buyer(order.id, 'approve')).toBe(422);
  });

  it('answers a declined card with 422 INSTRUMENT_DECLINED and a link back to PayPal', async () => {
    const { body: order } = await call('POST', '/v2/checkout/orders', orderOf('10.00', '10.00', ['10.00']));
    await paypal.buyer(order.id, 'decline');
    const answer = await call('POST', `/v2/checkout/orders/${order.id}/capture`, {});
    expect(answer).toMatchObject({ status: 422, body: { details: [{ issue: 'INSTRUMENT_DECLINED' }], links: [{ rel: 'redirect' }] } });
  });

  it('answers 404 RESOURCE_NOT_FOUND for an unknown order', async () => {
    expect(await call('GET', '/v2/checkout/orders/AAAAAAAAAAAAAAAAA')).toMatchObject({ status: 404, body: { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] } });
  });

  it('fails the next calls with 500 when told to, then answers again', async () => {
    paypal.emulator.controls.failNext(2);
    expect((await call('GET', '/v2/checkout/orders/AAAAAAAAAAAAAAAAA')).status).toBe(500);
    expect((await call('GET', '/v2/checkout/orders/AAAAAAAAAAAAAAAAA')).body).toMatchObject({ name: 'INTERNAL_SERVER_ERROR' });
    expect((await call('GET', '/v2/checkout/orders/AAAAAAAAAAAAAAAAA')).status).toBe(404);
  });

  it('verifies a webhook signature over the event PayPal sent, and nothing else', async () => {
    const { body: order } = await call('POST', '/v2/checkout/orders', orderOf('10.00', '10.00', ['10.00']));
    await paypal.buyer(order.id, 'approve');
    await call('POST', `/v2/checkout/orders/${order.id}/capture`, {});
    const { headers, rawBody } = paypal.emulator.controls.notificationOf(order.id);
    const request = (changes: Record<string, unknown>) => ({
      auth_algo: headers['paypal-auth-algo'],
      cert_url: headers['paypal-cert-url'],
      transmission_id: headers['paypal-transmission-id'],
      transmission_sig: headers['paypal-transmission-sig'],
      transmission_time: headers['paypal-transmission-time'],
      webhook_id: CREDENTIALS.webhookId,
      webhook_event: JSON.parse(rawBody),
      ...changes,
    });
    const verify = async (changes: Record<string, unknown>) => (await call('POST', '/v1/notifications/verify-webhook-signature', request(changes))).body;
    expect(JSON.parse(rawBody)).toMatchObject({ event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: { supplementary_data: { related_ids: { order_id: order.id } } } });
    expect(await verify({})).toEqual({ verification_status: 'SUCCESS' });
    expect(await verify({ webhook_id: 'OTHER' })).toEqual({ verification_status: 'FAILURE' });
    expect(await verify({ transmission_time: new Date(0).toISOString() })).toEqual({ verification_status: 'FAILURE' });
    expect(await verify({ webhook_event: { ...JSON.parse(rawBody), event_type: 'PAYMENT.CAPTURE.DENIED' } })).toEqual({ verification_status: 'FAILURE' });
  });

  describe('refunding a capture (Payments v2)', () => {
    const captured = async (value = '30.00') => {
      const { body: order } = await call('POST', '/v2/checkout/orders', orderOf(value, value, [value]));
      await paypal.buyer(order.id, 'approve');
      const { body } = await call('POST', `/v2/checkout/orders/${order.id}/capture`, {});
      return { orderId: order.id as string, captureId: body.purchase_units[0].payments.captures[0].id as string };
    };
    const refund = (captureId: string, body: unknown, key?: string) =>
      call('POST', `/v2/payments/captures/${captureId}/refund`, body, key ? { 'paypal-request-id': key } : {});
    const captureOf = async (orderId: string) => (await call('GET', `/v2/checkout/orders/${orderId}`)).body.purchase_units[0].payments;

    it('answers 201 with the refund, 200 with the same refund when the PayPal-Request-Id repeats', async () => {
      const { orderId, captureId } = await captured();
      const first = await refund(captureId, { amount: usd('10.00') }, 'refund-key-1');
      expect(first.status).toBe(201);
      expect(first.body).toMatchObject({
        id: expect.stringMatching(/^[A-Z0-9]{17}$/),
        status: 'COMPLETED',
        amount: usd('10.00'),
        seller_payable_breakdown: { gross_amount: usd('10.00'), net_amount: usd('10.00'), total_refunded_amount: usd('10.00') },
        custom_id: '0000000000000000a0000001',
        links: [
          { rel: 'self', href: `${paypal.base}/v2/payments/refunds/${first.body.id}` },
          { rel: 'up', href: `${paypal.base}/v2/payments/captures/${captureId}` },
        ],
      });
      expect(await refund(captureId, { amount: usd('10.00') }, 'refund-key-1')).toEqual({ status: 200, body: first.body });
      expect((await captureOf(orderId)).captures[0].status).toBe('PARTIALLY_REFUNDED');
      expect((await captureOf(orderId)).refunds).toEqual([first.body]);
    });

    it('refunds all that is left when no amount is given, and then nothing more', async () => {
      const { orderId, captureId } = await captured();
      await refund(captureId, { amount: usd('12.50') });
      const rest = await refund(captureId, {});
      expect(rest).toMatchObject({ status: 201, body: { amount: usd('17.50'), seller_payable_breakdown: { total_refunded_amount: usd('30.00') } } });
      expect((await captureOf(orderId)).captures[0].status).toBe('REFUNDED');
      expect(await refund(captureId, {})).toMatchObject({ status: 422, body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'CAPTURE_FULLY_REFUNDED' }] } });
    });

    it.each([
      [422, 'REFUND_AMOUNT_EXCEEDED', { amount: usd('30.01') }],
      [422, 'REFUND_CAPTURE_CURRENCY_MISMATCH', { amount: { currency_code: 'EUR', value: '1.00' } }],
      [422, 'CANNOT_BE_ZERO_OR_NEGATIVE', { amount: usd('0.00') }],
      [422, 'DECIMAL_PRECISION', { amount: usd('1.001') }],
      [400, 'INVALID_PARAMETER_SYNTAX', { amount: usd('-1.00') }],
      [400, 'MISSING_REQUIRED_PARAMETER', { amount: { currency_code: 'USD' } }],
    ])('refuses with %i %s, and refunds nothing', async (status, issue, body) => {
      const { orderId, captureId } = await captured();
      const answer = await refund(captureId, body);
      expect(answer).toMatchObject({ status, body: { details: [{ issue }], links: [{ href: expect.stringContaining('/payments/v2/'), rel: 'information_link' }] } });
      expect((await captureOf(orderId)).refunds).toBeUndefined();
    });

    it('answers 404 for an unknown capture, 401 without a token, and refuses a charged-back capture', async () => {
      expect(await refund('AAAAAAAAAAAAAAAAA', {})).toMatchObject({ status: 404, body: { details: [{ issue: 'INVALID_RESOURCE_ID' }] } });
      const { orderId, captureId } = await captured();
      expect((await call('POST', `/v2/payments/captures/${captureId}/refund`, {}, { authorization: 'Bearer forged' })).status).toBe(401);
      paypal.emulator.controls.reverse(orderId);
      expect(await refund(captureId, {})).toMatchObject({ status: 422, body: { details: [{ issue: 'REFUND_NOT_PERMITTED_DUE_TO_CHARGEBACK' }] } });
    });

    it('lets a test act as the merchant over HTTP: a refund at PayPal\'s site, a chargeback, and the notice PayPal sent', async () => {
      const { orderId, captureId } = await captured();
      const dashboard = (path: string, body?: unknown) => fetch(`${paypal.base}/dashboard/orders/${orderId}${path}`, { method: body === undefined ? 'GET' : 'POST', body: body === undefined ? undefined : JSON.stringify(body) });
      const refunded = await dashboard('/refund', { value: '4.00' });
      expect(refunded.status).toBe(201);
      expect(await refunded.json()).toMatchObject({ amount: usd('4.00'), links: [{ rel: 'self' }, { rel: 'up', href: expect.stringContaining(captureId) }] });
      const notice = await (await dashboard('/notification')).json();
      expect(JSON.parse(notice.rawBody)).toMatchObject({ event_type: 'PAYMENT.CAPTURE.REFUNDED', resource_type: 'refund' });
      expect(notice.headers).toMatchObject({ 'paypal-transmission-sig': expect.any(String), 'paypal-auth-algo': 'SHA256withRSA' });
      expect((await dashboard('/refund', { value: '26.01' })).status).toBe(422);
      expect((await dashboard('/reverse', {})).status).toBe(201);
      expect(JSON.parse((await (await dashboard('/notification')).json()).rawBody)).toMatchObject({ event_type: 'PAYMENT.CAPTURE.REVERSED', resource: { amount: usd('26.00') } });
      expect((await dashboard('/reverse', {})).status).toBe(422);
      expect((await fetch(`${paypal.base}/dashboard/orders/AAAAAAAAAAAAAAAAA/refund`, { method: 'POST' })).status).toBe(404);
    });
  });

  it('keeps at most maxOrders orders, forgetting the oldest', async () => {
    const small = await startPayPalEmulator({ maxOrders: 2 });
    const gateway = small.gateway();
    const dollar = { minor: 100, currency: 'USD' as const };
    const order = (n: number) => ({ orderId: `0000000000000000b000000${n}`, method: 'paypal', amount: dollar, items: [{ name: 'Book', price: dollar }], buyer: { name: 'A', email: 'a@mail.test' } });
    const refs: string[] = [];
    for (const n of [1, 2, 3]) {
      const start = await gateway.start(order(n));
      if (start.kind !== 'started') throw new Error(JSON.stringify(start));
      refs.push(start.reference);
    }
    expect(small.emulator.controls.order(refs[0])).toBeUndefined();
    expect(small.emulator.controls.order(refs[1])).toBeDefined();
    expect(small.emulator.controls.order(refs[2])).toBeDefined();
    await small.close();
  });

  describe('the stand-in for PayPal\'s browser SDK', () => {
    // What @paypal/paypal-js's loadScript({ clientId, currency, intent, sdkBaseUrl }) requests:
    // sdkBaseUrl, then '?' and its options as kebab-case query parameters.
    const scriptUrl = () => `${paypal.base}/sdk/js?client-id=${CREDENTIALS.clientId}&currency=USD&intent=capture`;

    it('is served where paypal-js looks for it when sdkBaseUrl is the emulator, and defines window.paypal', async () => {
      const response = await fetch(scriptUrl());
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/javascript/);
      const source = await response.text();
      const window: { paypal?: { version: string; Buttons: (o: object) => unknown } } = {};
      const document = { currentScript: { src: scriptUrl() }, querySelector: () => null };
      new Function('window', 'document', source)(window, document);
      expect(window.paypal?.version).toEqual(expect.any(String));
      const buttons = window.paypal!.Buttons({}) as { isEligible(): boolean; render(target: string): Promise<void>; close(): Promise<void> };
      expect(buttons.isEligible()).toBe(true);
      await expect(buttons.render('#nowhere')).rejects.toThrow(/does not exist/);
      await expect(buttons.close()).resolves.toBeUndefined();
    });

    it('refuses another client id, as PayPal does, and fails when told to', async () => {
      expect((await fetch(`${paypal.base}/sdk/js?client-id=someone-else`)).status).toBe(400);
      paypal.emulator.controls.failScriptNext(1);
      expect((await fetch(scriptUrl())).status).toBe(503);
      expect((await fetch(scriptUrl())).status).toBe(200);
    });

    it('serves PayPal\'s approve page for the links it hands out', async () => {
      const page = await fetch(`${paypal.base}/checkoutnow?token=ABC`);
      expect(await page.text()).toContain('Approve payment');
      expect(PREFIX).toBe(new URL(paypal.base).pathname);
    });
  });
});

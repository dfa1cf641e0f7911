import { paymentGatewayContract } from '../contracts/payment-gateway.contract';
import { PaymentRequest, RefundRequest } from '../../core/ordering/ports/payment-gateway';
import { egp, usd } from '../../core/shared/money';
import { outcomeOfRefund, refundRequestId } from '../../adapters/payments/paypal/refunds';
import { noticeOfEvent } from '../../adapters/payments/paypal/webhook';
import { nextId } from '../support/products';
import { paypalBaseUrl, paypalConfigFromEnv } from '../../adapters/payments/paypal/config';
import { RunningEmulator, startPayPalEmulator, startWebhookReceiver } from './paypal-emulator';

paymentGatewayContract('PayPal', async () => {
  const running = await startPayPalEmulator();
  return {
    gateway: running.gateway(),
    approve: async (reference) => void (await running.buyer(reference, 'approve')),
    decline: async (reference) => void (await running.buyer(reference, 'decline')),
    failNext: (count) => running.emulator.controls.failNext(count),
    notificationOf: async (reference) => ({ ...running.emulator.controls.notificationOf(reference), query: {} }),
    // PayPal announces each refund (PAYMENT.CAPTURE.REFUNDED): the order's last event.
    refundNotificationOf: async (reference) => ({ ...running.emulator.controls.notificationOf(reference), query: {} }),
    close: running.close,
  };
});

const anOrder = (minor = 2599): PaymentRequest => ({
  orderId: nextId(),
  method: 'paypal',
  amount: usd(minor),
  items: [{ name: 'Atlas of Periodontics', price: usd(minor) }],
  buyer: { name: 'Hana Adel', email: 'hana@mail.test' },
});

describe('PayPal adapter against the emulator', () => {
  let paypal: RunningEmulator;
  beforeAll(async () => (paypal = await startPayPalEmulator()));
  afterAll(() => paypal.close());
  afterEach(() => {
    const c = paypal.emulator.controls;
    c.latencyMs = 0;
    c.failNext(0);
    c.webhooks('now', { url: '' });
  });

  const started = async (gateway = paypal.gateway(), order = anOrder()) => {
    const start = await gateway.start(order);
    if (start.kind !== 'started') throw new Error(`not started: ${JSON.stringify(start)}`);
    return { gateway, order, reference: start.reference };
  };

  describe('the access token', () => {
    it('is fetched once and reused for every call while it is valid', async () => {
      const before = paypal.emulator.controls.tokensIssued;
      const { gateway, order, reference } = await started();
      await gateway.inquire(reference, order.orderId);
      await gateway.start(anOrder());
      expect(paypal.emulator.controls.tokensIssued - before).toBe(1);
    });

    it('is fetched again shortly before PayPal says it expires', async () => {
      let now = Date.parse('2026-01-01T00:00:00Z');
      const gateway = paypal.gateway({}, { now: () => new Date(now) });
      paypal.emulator.controls.tokenLifeSeconds = 600;
      const before = paypal.emulator.controls.tokensIssued;
      await started(gateway);
      now += 500_000;
      await started(gateway);
      expect(paypal.emulator.controls.tokensIssued - before).toBe(1);
      now += 50_000; // 550 s of 600: inside the last tenth of its life
      await started(gateway);
      expect(paypal.emulator.controls.tokensIssued - before).toBe(2);
      paypal.emulator.controls.tokenLifeSeconds = 32_400;
    });

    it('is fetched again, once, when PayPal answers 401 to a token it revoked', async () => {
      const gateway = paypal.gateway();
      await started(gateway);
      paypal.emulator.controls.revokeTokens();
      const before = paypal.emulator.controls.tokensIssued;
      const { reference } = await started(gateway);
      expect(reference).toMatch(/^[A-Z0-9]{17}$/);
      expect(paypal.emulator.controls.tokensIssued - before).toBe(1);
    });

    it('answers unavailable, without throwing, when PayPal refuses the credentials', async () => {
      const gateway = paypal.gateway({ clientSecret: 'wrong' });
      expect(await gateway.start(anOrder())).toEqual({ kind: 'unavailable', reason: expect.stringContaining('invalid_client') });
      expect(await gateway.inquire('5O190127TN364715T', nextId())).toMatchObject({ kind: 'unavailable' });
    });
  });

  describe('creating the PayPal order', () => {
    it('sends the store order id, the items as digital goods and the amounts as decimal strings', async () => {
      const order: PaymentRequest = { ...anOrder(), amount: usd(3050), items: [{ name: 'Atlas', price: usd(2000) }, { name: 'Handbook', price: usd(1050) }] };
      const { reference } = await started(paypal.gateway(), order);
      const unit = (paypal.emulator.controls.order(reference)?.body as { purchase_units: Record<string, unknown>[] }).purchase_units[0];
      expect(unit).toMatchObject({
        custom_id: order.orderId,
        amount: { currency_code: 'USD', value: '30.50', breakdown: { item_total: { currency_code: 'USD', value: '30.50' } } },
        items: [
          { name: 'Atlas', unit_amount: { currency_code: 'USD', value: '20.00' }, quantity: '1', category: 'DIGITAL_GOODS' },
          { name: 'Handbook', unit_amount: { currency_code: 'USD', value: '10.50' }, quantity: '1', category: 'DIGITAL_GOODS' },
        ],
      });
    });

    it('returns the same PayPal order when the same store order is started again', async () => {
      const { gateway, order, reference } = await started();
      expect(await gateway.start(order)).toEqual({ kind: 'started', reference, next: { kind: 'buttons' } });
    });

    it('reports an amount that is not the sum of the items as unavailable, as PayPal refuses it', async () => {
      const order = { ...anOrder(1000), items: [{ name: 'Atlas', price: usd(900) }] };
      expect(await paypal.gateway().start(order)).toEqual({ kind: 'unavailable', reason: expect.stringContaining('AMOUNT_MISMATCH') });
    });

    it('refuses to charge another currency than USD', async () => {
      const order = { ...anOrder(), amount: { minor: 100, currency: 'EGP' as const }, items: [] };
      expect((await paypal.gateway().start(order)).kind).toBe('unavailable');
    });
  });

  describe('capturing (settle)', () => {
    it('settles once when the first capture timed out after PayPal had captured', async () => {
      const { order, reference } = await started();
      await paypal.buyer(reference, 'approve');
      const impatient = paypal.gateway({ timeoutMs: 150 });
      paypal.emulator.controls.latencyMs = 400;
      expect(await impatient.settle(reference, order.orderId)).toMatchObject({ kind: 'unavailable', reason: expect.stringContaining('in time') });
      paypal.emulator.controls.latencyMs = 0;
      const outcome = await impatient.settle(reference, order.orderId);
      const captured = paypal.emulator.controls.order(reference);
      const capture = (captured?.body as { purchase_units: { payments: { captures: { id: string }[] } }[] }).purchase_units[0].payments.captures[0];
      expect(outcome).toEqual({ kind: 'paid', paymentId: capture.id, amount: order.amount });
      expect(captured?.captures).toBe(1);
    });

    it('reports an order someone else already captured as paid, with that first capture', async () => {
      const { gateway, order, reference } = await started();
      await paypal.buyer(reference, 'approve');
      const first = await paypal.gateway().settle(reference, nextId()); // another request id: PayPal answers ORDER_ALREADY_CAPTURED below
      expect(first.kind).toBe('paid');
      expect(await gateway.settle(reference, order.orderId)).toEqual(first);
      expect(paypal.emulator.controls.order(reference)?.captures).toBe(1);
    });

    it('reports a declined card with retry, and settles after the buyer restarts with another card', async () => {
      const { gateway, order, reference } = await started();
      await paypal.buyer(reference, 'decline');
      expect(await gateway.settle(reference, order.orderId)).toEqual({ kind: 'declined', reason: expect.stringContaining('INSTRUMENT_DECLINED'), retry: true });
      await paypal.buyer(reference, 'approve');
      expect(await gateway.settle(reference, order.orderId)).toMatchObject({ kind: 'paid', amount: order.amount });
    });

    it('reports a capture PayPal declines after the fact as declined with retry', async () => {
      const { gateway, order, reference } = await started();
      await paypal.buyer(reference, 'approve');
      paypal.emulator.controls.captureAs(reference, 'DECLINED');
      expect(await gateway.settle(reference, order.orderId)).toMatchObject({ kind: 'declined', retry: true });
      expect((await gateway.inquire(reference, order.orderId)).kind).toBe('declined');
    });

    it('reports a capture under review as pending', async () => {
      const { gateway, order, reference } = await started();
      await paypal.buyer(reference, 'approve');
      paypal.emulator.controls.captureAs(reference, 'PENDING');
      expect(await gateway.settle(reference, order.orderId)).toEqual({ kind: 'pending', reason: expect.stringContaining('PENDING_REVIEW') });
    });

    it('reports an order the buyer has not approved (or cancelled) as pending', async () => {
      const { gateway, order, reference } = await started();
      await paypal.buyer(reference, 'cancel');
      expect(await gateway.settle(reference, order.orderId)).toEqual({ kind: 'pending', reason: expect.stringContaining('not approved') });
    });

    it('sends the buyer back to PayPal when it asks for a payer action', async () => {
      const { gateway, order, reference } = await started();
      paypal.emulator.controls.requirePayerAction(reference);
      expect(await gateway.settle(reference, order.orderId)).toEqual({ kind: 'pending', reason: expect.any(String), redirectUrl: `${paypal.base}/checkoutnow?token=${reference}` });
      expect(await gateway.inquire(reference, order.orderId)).toMatchObject({ kind: 'pending', redirectUrl: `${paypal.base}/checkoutnow?token=${reference}` });
    });

    it('answers unavailable for a 5xx and for a PayPal that cannot be reached', async () => {
      const { gateway, order, reference } = await started();
      paypal.emulator.controls.failNext(1);
      expect((await gateway.settle(reference, order.orderId)).kind).toBe('unavailable');
      const nowhere = paypal.gateway({ baseUrl: 'http://127.0.0.1:9' });
      expect((await nowhere.settle(reference, order.orderId)).kind).toBe('unavailable');
    });

    it('refuses a reference that is not a PayPal order id without calling PayPal', async () => {
      expect(await paypal.gateway().settle('../../v1/oauth2/token', nextId())).toEqual({ kind: 'declined', reason: 'Not a PayPal order id' });
    });
  });

  describe('reading the order (inquire)', () => {
    it('reports a voided order as declined and an unknown one as declined', async () => {
      const { gateway, order, reference } = await started();
      paypal.emulator.controls.voidOrder(reference);
      expect((await gateway.inquire(reference, order.orderId)).kind).toBe('declined');
      expect((await gateway.inquire('AAAAAAAAAAAAAAAAA', order.orderId)).kind).toBe('declined');
    });
  });

  describe('webhooks', () => {
    const paidWithWebhook = async (mode: 'now' | 'late' | 'twice' | 'never', url: string) => {
      paypal.emulator.controls.webhooks(mode, { url, lateMs: 300 });
      const { gateway, order, reference } = await started();
      await paypal.buyer(reference, 'approve');
      const outcome = await gateway.settle(reference, order.orderId);
      return { gateway, order, reference, outcome };
    };

    it('delivers PAYMENT.CAPTURE.COMPLETED, which the adapter verifies as the payment of the order', async () => {
      const store = await startWebhookReceiver();
      const { gateway, order, reference, outcome } = await paidWithWebhook('now', store.url);
      await paypal.emulator.controls.webhooksSent();
      expect(store.received).toHaveLength(1);
      const notice = await gateway.verify({ ...store.received[0], query: {} });
      expect(notice).toEqual({ reference, orderId: order.orderId, outcome });
      await store.close();
    });

    it('delivers twice with the same event id when told to, and both deliveries verify', async () => {
      const store = await startWebhookReceiver();
      const { gateway, reference } = await paidWithWebhook('twice', store.url);
      await paypal.emulator.controls.webhooksSent();
      const ids = store.received.map((d) => JSON.parse(d.rawBody).id);
      expect(ids).toHaveLength(2);
      expect(ids[0]).toBe(ids[1]);
      expect(store.received[0].headers['paypal-transmission-id']).not.toBe(store.received[1].headers['paypal-transmission-id']);
      for (const delivery of store.received) expect(await gateway.verify({ ...delivery, query: {} })).toMatchObject({ reference, outcome: { kind: 'paid' } });
      await store.close();
    });

    it('delivers late, or never, when told to', async () => {
      const store = await startWebhookReceiver();
      await paidWithWebhook('late', store.url);
      expect(store.received).toHaveLength(0);
      await paypal.emulator.controls.webhooksSent();
      expect(store.received).toHaveLength(1);
      await paidWithWebhook('never', store.url);
      await paypal.emulator.controls.webhooksSent();
      expect(store.received).toHaveLength(1);
      await store.close();
    });

    it('is refused with a forged signature, an altered body or another webhook id', async () => {
      const { gateway, reference } = await paidWithWebhook('never', '');
      const genuine = { ...paypal.emulator.controls.notificationOf(reference), query: {} };
      expect(await gateway.verify(genuine)).toMatchObject({ reference });
      const forged = { ...genuine, headers: { ...genuine.headers, 'paypal-transmission-sig': Buffer.alloc(32, 7).toString('base64') } };
      expect(await gateway.verify(forged)).toBeUndefined();
      const altered = { ...genuine, rawBody: genuine.rawBody.replace(reference, 'AAAAAAAAAAAAAAAAA') };
      expect(await gateway.verify(altered)).toBeUndefined();
      expect(await paypal.gateway({ webhookId: 'ANOTHER-WEBHOOK' }).verify(genuine)).toBeUndefined();
      const unsigned = { ...genuine, headers: { 'content-type': 'application/json' } };
      expect(await gateway.verify(unsigned)).toBeUndefined();
    });

    it('reads PAYMENT.CAPTURE.REFUNDED as a refund of the capture, with all refunded of it so far', async () => {
      const store = await startWebhookReceiver();
      const { gateway, reference, outcome } = await paidWithWebhook('now', store.url);
      const paymentId = outcome.kind === 'paid' ? outcome.paymentId : 'no capture';
      paypal.emulator.controls.refundAtDashboard(reference, '5.00');
      paypal.emulator.controls.refundAtDashboard(reference, '6.00');
      await paypal.emulator.controls.webhooksSent();
      const [, first, second] = store.received;
      const event = JSON.parse(second.rawBody);
      // PayPal's shape: the resource is the refund; the capture it gives back is only its `up` link.
      expect(event).toMatchObject({
        event_type: 'PAYMENT.CAPTURE.REFUNDED',
        resource_type: 'refund',
        resource: {
          id: expect.stringMatching(/^[A-Z0-9]{17}$/),
          status: 'COMPLETED',
          amount: { currency_code: 'USD', value: '6.00' },
          seller_payable_breakdown: { total_refunded_amount: { currency_code: 'USD', value: '11.00' } },
          links: [{ rel: 'self' }, { rel: 'up', href: `${paypal.base}/v2/payments/captures/${paymentId}` }],
        },
      });
      expect(event.resource.id).not.toBe(paymentId);
      expect(await gateway.verify({ ...first, query: {} })).toEqual({ kind: 'refund', paymentId, refundedSoFar: usd(500) });
      expect(await gateway.verify({ ...second, query: {} })).toEqual({ kind: 'refund', paymentId, refundedSoFar: usd(1100) });
      await store.close();
    });

    it('reads PAYMENT.CAPTURE.REVERSED (a chargeback) as a refund of the whole capture', async () => {
      const { gateway, reference, outcome } = await paidWithWebhook('never', '');
      const paymentId = outcome.kind === 'paid' ? outcome.paymentId : 'no capture';
      paypal.emulator.controls.refundAtDashboard(reference, '1.00');
      paypal.emulator.controls.reverse(reference);
      const delivery = { ...paypal.emulator.controls.notificationOf(reference), query: {} };
      expect(JSON.parse(delivery.rawBody)).toMatchObject({ event_type: 'PAYMENT.CAPTURE.REVERSED', resource: { amount: { value: '24.99' }, note_to_payer: 'Payment reversed' } });
      expect(await gateway.verify(delivery)).toEqual({ kind: 'refund', paymentId });
      const forged = { ...delivery, rawBody: delivery.rawBody.replace(paymentId, 'AAAAAAAAAAAAAAAAA') };
      expect(await gateway.verify(forged)).toBeUndefined();
    });
  });

  describe('refunds', () => {
    const paid = async (minor = 2599) => {
      const { gateway, order, reference } = await started(paypal.gateway(), anOrder(minor));
      await paypal.buyer(reference, 'approve');
      const outcome = await gateway.settle(reference, order.orderId);
      if (outcome.kind !== 'paid') throw new Error(JSON.stringify(outcome));
      const refund = (minorBack: number, refundKey = nextId(), through = gateway) =>
        through.refund({ reference, paymentId: outcome.paymentId, paid: outcome.amount, amount: usd(minorBack), refundKey, method: 'paypal' });
      const view = () => paypal.emulator.controls.order(reference)!;
      const captureStatus = () => (view().body as { purchase_units: { payments: { captures: { status: string }[] } }[] }).purchase_units[0].payments.captures[0].status;
      return { gateway, reference, paymentId: outcome.paymentId, refund, view, captureStatus };
    };

    it('refunds the capture in USD, which PayPal marks partly refunded, then refunded', async () => {
      const payment = await paid(3000);
      const part = await payment.refund(1000);
      expect(part).toEqual({ kind: 'refunded', refundId: payment.view().refunds[0].id });
      expect(payment.view().refunds[0]).toMatchObject({ status: 'COMPLETED', amount: { currency_code: 'USD', value: '10.00' } });
      expect(payment.captureStatus()).toBe('PARTIALLY_REFUNDED');
      // A capture partly refunded still paid the order.
      expect(await payment.gateway.inquire(payment.reference, nextId())).toMatchObject({ kind: 'paid' });
      await payment.refund(2000);
      expect(payment.captureStatus()).toBe('REFUNDED');
      expect(await payment.refund(1)).toEqual({ kind: 'refused', reason: expect.stringContaining('CAPTURE_FULLY_REFUNDED') });
    });

    it('refunds once when PayPal refunded but its answer came too late: the same key asks again', async () => {
      const payment = await paid();
      const key = nextId();
      paypal.emulator.controls.latencyMs = 400;
      expect(await payment.refund(2599, key, paypal.gateway({ timeoutMs: 150 }))).toMatchObject({ kind: 'unavailable', reason: expect.stringContaining('in time') });
      paypal.emulator.controls.latencyMs = 0;
      const again = await payment.refund(2599, key);
      expect(again).toEqual({ kind: 'refunded', refundId: payment.view().refunds[0].id });
      expect(payment.view().refunds).toHaveLength(1);
    });

    it('says why PayPal refuses: more than is left, a charged-back payment', async () => {
      const payment = await paid(2000);
      expect(await payment.refund(1500)).toMatchObject({ kind: 'refunded' });
      expect(await payment.refund(501)).toEqual({ kind: 'refused', reason: 'The refund is more than is left of the PayPal payment (REFUND_AMOUNT_EXCEEDED)' });
      paypal.emulator.controls.reverse(payment.reference);
      expect(await payment.refund(100)).toEqual({ kind: 'refused', reason: expect.stringContaining('REFUND_NOT_PERMITTED_DUE_TO_CHARGEBACK') });
    });

    it('counts a PENDING refund (an eCheck payment) as refunded: PayPal completes it on its own', async () => {
      const payment = await paid();
      paypal.emulator.controls.refundsAs(payment.reference, 'PENDING');
      expect(await payment.refund(599)).toEqual({ kind: 'refunded', refundId: payment.view().refunds[0].id });
      expect(payment.view().refunds[0].status).toBe('PENDING');
    });

    it('refuses, without asking PayPal, what no capture of its could be', async () => {
      const payment = await paid();
      const ask = (changes: Partial<RefundRequest>) =>
        payment.gateway.refund({ reference: payment.reference, paymentId: payment.paymentId, paid: usd(2599), amount: usd(100), refundKey: nextId(), method: 'paypal', ...changes });
      paypal.emulator.controls.failNext(1); // a call to PayPal would answer unavailable
      expect(await ask({ paymentId: '../../v1/oauth2/token' })).toEqual({ kind: 'refused', reason: 'Not a PayPal capture id' });
      expect(await ask({ amount: egp(100) })).toMatchObject({ kind: 'refused' });
      expect(await ask({ amount: usd(0) })).toMatchObject({ kind: 'refused' });
      expect(await ask({ amount: usd(2600) })).toMatchObject({ kind: 'refused' });
      paypal.emulator.controls.failNext(0);
      expect(await ask({ paymentId: 'AAAAAAAAAAAAAAAAA' })).toEqual({ kind: 'refused', reason: expect.stringContaining('no such payment') });
      expect(payment.view().refunds).toHaveLength(0);
    });

    it('sends a PayPal-Request-Id made from the refund key: a header whatever the key, never the key itself', () => {
      expect(refundRequestId('order-1/refund\n1')).toBe(refundRequestId('order-1/refund\n1'));
      expect(refundRequestId('order-1/refund\n1')).toMatch(/^store-refund-[\w-]{43}$/);
      expect(refundRequestId('order-1/refund-2')).not.toBe(refundRequestId('order-1/refund-1'));
    });

    it.each([
      [403, 'PERMISSION_DENIED', 'refused', "may not refund"],
      [422, 'REFUND_NOT_ALLOWED', 'refused', 'does not allow'],
      [422, 'REFUND_TIME_LIMIT_EXCEEDED', 'refused', 'too old'],
      [422, 'SOMETHING_NEW', 'refused', 'SOMETHING_NEW'],
      [409, 'DUPLICATE_REQUEST_ID', 'unavailable', '409'],
      [429, 'RATE_LIMIT_REACHED', 'unavailable', '429'],
    ])('reads PayPal answering %i %s as %s', (status, issue, kind, words) => {
      const body = { name: 'X', message: 'x', details: [{ issue, description: 'x' }], debug_id: 'x', links: [] };
      expect(outcomeOfRefund({ kind: 'answer', status, body })).toEqual({ kind, reason: expect.stringContaining(words) });
    });

    it('reads a refund PayPal answers CANCELLED or FAILED as refused, and one it cannot read as unavailable', () => {
      expect(outcomeOfRefund({ kind: 'answer', status: 201, body: { id: 'R', status: 'FAILED' } })).toMatchObject({ kind: 'refused' });
      expect(outcomeOfRefund({ kind: 'answer', status: 201, body: 'oops' })).toMatchObject({ kind: 'unavailable' });
    });
  });
});

describe('PayPal webhook events as notices (before the signature check)', () => {
  // Shaped as PayPal documents PAYMENT.CAPTURE.REFUNDED: the resource is the refund.
  const refundEvent = (changes: Record<string, unknown> = {}, eventType = 'PAYMENT.CAPTURE.REFUNDED') => ({
    id: 'WH-1AB23456CD789012E-3FG45678HJ901234K',
    event_version: '1.0',
    resource_type: 'refund',
    event_type: eventType,
    resource: {
      id: '7RX12345AB678901C',
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value: '4.00' },
      seller_payable_breakdown: {
        gross_amount: { currency_code: 'USD', value: '4.00' },
        paypal_fee: { currency_code: 'USD', value: '0.00' },
        net_amount: { currency_code: 'USD', value: '4.00' },
        total_refunded_amount: { currency_code: 'USD', value: '9.00' },
      },
      custom_id: '0000000000000000a0000001',
      links: [
        { href: 'https://api-m.paypal.com/v2/payments/refunds/7RX12345AB678901C', rel: 'self', method: 'GET' },
        { href: 'https://api-m.paypal.com/v2/payments/captures/2GG27954KU471931P', rel: 'up', method: 'GET' },
      ],
      ...changes,
    },
  });

  it('finds the capture through the refund\'s up link, and says all refunded of it so far', () => {
    expect(noticeOfEvent(refundEvent())).toEqual({ kind: 'refund', paymentId: '2GG27954KU471931P', refundedSoFar: usd(900) });
  });

  it('takes the refund\'s own amount, a lower bound, when PayPal leaves the total out', () => {
    expect(noticeOfEvent(refundEvent({ seller_payable_breakdown: undefined }))).toEqual({ kind: 'refund', paymentId: '2GG27954KU471931P', refundedSoFar: usd(400) });
  });

  it('reads a reversal as the whole payment taken back', () => {
    expect(noticeOfEvent(refundEvent({ note_to_payer: 'Payment reversed' }, 'PAYMENT.CAPTURE.REVERSED'))).toEqual({ kind: 'refund', paymentId: '2GG27954KU471931P' });
  });

  it('ignores a refund that gave nothing back yet, or that names no capture', () => {
    expect(noticeOfEvent(refundEvent({ status: 'PENDING' }))).toBeUndefined();
    expect(noticeOfEvent(refundEvent({ links: [] }))).toBeUndefined();
    expect(noticeOfEvent(refundEvent({ links: [{ href: 'https://api-m.paypal.com/v2/checkout/orders/5O190127TN364715T', rel: 'up' }] }))).toBeUndefined();
  });
});

describe('PayPal configuration', () => {
  it('picks the sandbox unless PAYPAL_ENV says live', () => {
    expect(paypalBaseUrl('live')).toBe('https://api-m.paypal.com');
    expect(paypalBaseUrl('sandbox')).toBe('https://api-m.sandbox.paypal.com');
    expect(paypalBaseUrl(undefined)).toBe('https://api-m.sandbox.paypal.com');
  });

  it('reads the credentials, or none so that the store serves its emulator', () => {
    const env = { PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret', PAYPAL_WEBHOOK_ID: 'wh', PAYPAL_ENV: 'live' };
    expect(paypalConfigFromEnv(env)).toEqual({ baseUrl: 'https://api-m.paypal.com', clientId: 'id', clientSecret: 'secret', webhookId: 'wh', timeoutMs: 10_000 });
    expect(paypalConfigFromEnv({ PAYPAL_CLIENT_ID: 'id' })).toBeUndefined();
    expect(() => paypalConfigFromEnv({ ...env, PAYPAL_ENV: 'production' })).toThrow(/sandbox or live/);
  });

});

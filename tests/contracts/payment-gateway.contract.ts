import { IncomingNotification, PaymentGateway, PaymentRequest, RefundOutcome, RefundRequest } from '../../core/ordering/ports/payment-gateway';
import { Money, money } from '../../core/shared/money';
import { nextId } from '../support/products';

/**
 * What the buyer and the provider do outside the store, driven through a provider's local
 * emulator: each provider's test supplies these, and the suite below holds every adapter of the
 * PaymentGateway port to the same behaviour, over real HTTP.
 */
export interface GatewayUnderTest {
  readonly gateway: PaymentGateway;
  /** The buyer approves the payment at the provider (pays in the frame, approves in PayPal's window). */
  approve(reference: string): Promise<void>;
  /** The buyer's card is declined at the provider. */
  decline(reference: string): Promise<void>;
  /** The next `count` calls to the provider's API answer 500. */
  failNext(count: number): void;
  /** The notification the provider sends about `reference` now (webhook, callback), genuinely signed. */
  notificationOf(reference: string): Promise<IncomingNotification>;
  /**
   * The notice the provider sent about the latest refund of the payment `paymentId` (of `reference`),
   * genuinely signed. Every gateway that runs the refund cases gives it.
   */
  refundNotificationOf(reference: string, paymentId: string): Promise<IncomingNotification>;
  close(): Promise<void>;
}

const request = (amount: Money, method: string): PaymentRequest => ({
  orderId: nextId(),
  method,
  amount,
  items: [
    { name: 'Atlas of Periodontics', price: money(amount.minor - 100, amount.currency) },
    { name: 'Endodontics handbook', price: money(100, amount.currency) },
  ],
  buyer: { name: 'Hana Adel', email: 'hana@mail.test' },
});

export const paymentGatewayContract = (name: string, open: () => Promise<GatewayUnderTest>) =>
  describe(`PaymentGateway contract: ${name}`, () => {
    let t: GatewayUnderTest;
    beforeAll(async () => (t = await open()));
    afterAll(() => t.close());

    const started = async (amount = money(2599, t.gateway.currency)) => {
      const order = request(amount, t.gateway.methods[0]!);
      const start = await t.gateway.start(order);
      if (start.kind !== 'started') throw new Error(`not started: ${JSON.stringify(start)}`);
      return { order, reference: start.reference };
    };

    it('starts a payment, which is pending until the buyer approves it', async () => {
      const { order, reference } = await started();
      expect(reference).toEqual(expect.any(String));
      expect((await t.gateway.inquire(reference, order.orderId)).kind).toBe('pending');
    });

    it('settles an approved payment once, for the amount asked, however often it is asked', async () => {
      const amount = money(4550, t.gateway.currency);
      const { order, reference } = await started(amount);
      await t.approve(reference);
      const first = await t.gateway.settle(reference, order.orderId);
      expect(first).toEqual({ kind: 'paid', paymentId: expect.any(String), amount });
      const again = await t.gateway.settle(reference, order.orderId);
      expect(again).toEqual(first);
      expect(await t.gateway.inquire(reference, order.orderId)).toEqual(first);
    });

    it('reports a declined card as declined, and nothing as paid', async () => {
      const { order, reference } = await started();
      await t.decline(reference);
      const outcome = await t.gateway.settle(reference, order.orderId);
      expect(outcome.kind).toBe('declined');
    });

    it('answers unavailable, never throws, when the provider fails', async () => {
      t.failNext(10);
      const start = await t.gateway.start(request(money(1000, t.gateway.currency), t.gateway.methods[0]!));
      expect(start.kind).toBe('unavailable');
      t.failNext(0);
    });

    it('trusts a genuine notification and refuses a forged or altered one', async () => {
      const amount = money(3000, t.gateway.currency);
      const { order, reference } = await started(amount);
      await t.approve(reference);
      await t.gateway.settle(reference, order.orderId);
      const genuine = await t.notificationOf(reference);
      const notice = await t.gateway.verify(genuine);
      expect(notice).toMatchObject({ reference, outcome: { kind: 'paid', amount } });
      const altered = { ...genuine, rawBody: genuine.rawBody.replace(/3000|30\.00/g, '1') };
      expect(await t.gateway.verify(altered)).toBeUndefined();
      expect(await t.gateway.verify({ headers: {}, rawBody: '{}', query: {} })).toBeUndefined();
      expect(await t.gateway.verify({ headers: {}, rawBody: 'not json', query: { hmac: 'x' } })).toBeUndefined();
    });

    describe('refunds', () => {
      /** A payment the buyer approved and the store settled. */
      const settled = async (minor: number) => {
        const amount = money(minor, t.gateway.currency);
        const { order, reference } = await started(amount);
        await t.approve(reference);
        const outcome = await t.gateway.settle(reference, order.orderId);
        if (outcome.kind !== 'paid') throw new Error(`not paid: ${JSON.stringify(outcome)}`);
        const refund = (minorBack: number, refundKey: string = nextId()): Promise<RefundOutcome> =>
          t.gateway.refund({ reference, paymentId: outcome.paymentId, paid: amount, amount: money(minorBack, amount.currency), refundKey, method: order.method } satisfies RefundRequest);
        return { reference, paymentId: outcome.paymentId, refund };
      };

      it('refunds part of a settled payment, then the rest, and nothing after', async () => {
        const payment = await settled(4000);
        const part = await payment.refund(1500);
        const rest = await payment.refund(2500);
        expect(part).toEqual({ kind: 'refunded', refundId: expect.any(String) });
        expect(rest).toEqual({ kind: 'refunded', refundId: expect.any(String) });
        expect(rest).not.toEqual(part);
        expect((await payment.refund(1)).kind).toBe('refused');
      });

      it('refunds once when the same refund (same refundKey) is asked twice', async () => {
        const payment = await settled(3000);
        const key = nextId();
        const first = await payment.refund(1000, key);
        expect(first).toEqual({ kind: 'refunded', refundId: expect.any(String) });
        expect(await payment.refund(1000, key)).toEqual(first);
        // Had the repeat refunded again, less than 20.00 would be left.
        expect((await payment.refund(2000)).kind).toBe('refunded');
        expect((await payment.refund(1)).kind).toBe('refused');
      });

      it('refuses more than was paid, and more than is left, and refunds nothing then', async () => {
        const payment = await settled(2000);
        expect(await payment.refund(2001)).toEqual({ kind: 'refused', reason: expect.any(String) });
        expect((await payment.refund(1200)).kind).toBe('refunded');
        expect(await payment.refund(900)).toEqual({ kind: 'refused', reason: expect.any(String) });
        expect((await payment.refund(800)).kind).toBe('refunded');
      });

      it('answers unavailable while the provider fails; asked again with the same key, refunds once', async () => {
        const payment = await settled(2500);
        const key = nextId();
        t.failNext(1);
        expect(await payment.refund(2500, key)).toEqual({ kind: 'unavailable', reason: expect.any(String) });
        t.failNext(0);
        const refunded = await payment.refund(2500, key);
        expect(refunded).toEqual({ kind: 'refunded', refundId: expect.any(String) });
        expect(await payment.refund(2500, key)).toEqual(refunded);
        expect((await payment.refund(1)).kind).toBe('refused');
      });

      it('announces a refund as a refund notice of the payment, with what was refunded so far', async () => {
        if (!t.refundNotificationOf) throw new Error(`${name} runs the refund cases: it must give refundNotificationOf`);
        const payment = await settled(3000);
        await payment.refund(1000);
        const genuine = await t.refundNotificationOf(payment.reference, payment.paymentId);
        expect(await t.gateway.verify(genuine)).toEqual({ kind: 'refund', paymentId: payment.paymentId, refundedSoFar: money(1000, t.gateway.currency) });
        const altered = { ...genuine, rawBody: genuine.rawBody.replace(/1000|10\.00/g, '3000') };
        expect(await t.gateway.verify(altered)).toBeUndefined();
      });
    });
  });

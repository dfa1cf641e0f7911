import { IncomingNotification, PaymentGateway, PaymentRequest } from '../../core/ordering/ports/payment-gateway';
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
  close(): Promise<void>;
}

const request = (amount: Money): PaymentRequest => ({
  orderId: nextId(),
  method: 'card',
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
      const order = request(amount);
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
      const start = await t.gateway.start(request(money(1000, t.gateway.currency)));
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
  });

import { hmacMessage, intentionHmacMessage, nestedFields, signHmac } from '../../adapters/payments/paymob/hmac';
import { IncomingNotification, PaymentStart } from '../../core/ordering/ports/payment-gateway';
import { egp } from '../../core/shared/money';
import { nextId } from '../support/products';
import { ACCOUNT, altered, order, paymentNotice, RunningPaymob, startCallbackReceiver, startPaymob } from './paymob-harness';

/**
 * Both of Paymob's callback shapes, as an attacker would try them: forged, replayed, the amount
 * changed, another intention or order named, a kiosk reference that expired. Each is refused or
 * read for what Paymob says it is; a refund is told apart from a payment.
 */
describe("Paymob's callbacks", () => {
  let paymob: RunningPaymob;
  let store: Awaited<ReturnType<typeof startCallbackReceiver>>;
  let now = Date.now();
  beforeAll(async () => {
    store = await startCallbackReceiver();
    paymob = await startPaymob({ callbackUrl: store.url, now: () => now });
    paymob.control.shape = 'both';
  });
  afterAll(async () => {
    await paymob.close();
    await store.close();
  });
  afterEach(() => paymob.control.failNext(0));

  const started = (start: PaymentStart) => {
    if (start.kind !== 'started') throw new Error(`not started: ${JSON.stringify(start)}`);
    return start;
  };
  /** A card order paid at Paymob, with both callbacks received by the store. */
  const paidByCard = async (amount = egp(120_000)) => {
    const gateway = paymob.gateway();
    const request = order(amount);
    const { reference } = started(await gateway.start(request));
    await paymob.buyer(reference, 'pay');
    await paymob.control.delivered();
    const [intention] = store.about(reference, 'intention');
    const [transaction] = store.about(reference, 'transaction');
    return { gateway, request, reference, intention: intention as IncomingNotification, transaction: transaction as IncomingNotification };
  };
  /** Signs an intention callback as Paymob would: the test knows the account's HMAC secret. */
  const signed = (notification: IncomingNotification): IncomingNotification =>
    altered(notification, (body) => (body.hmac = signHmac(ACCOUNT.hmacSecret, intentionHmacMessage(body.intention.intention_detail.amount, body.intention.id))));

  describe('the intention callback', () => {
    it("is trusted for its signed intention: the outcome and the store's order are Paymob's own answer", async () => {
      const { gateway, request, reference, intention } = await paidByCard();
      const body = JSON.parse(intention.rawBody);
      expect(body.intention).toMatchObject({ intention_order_id: Number(reference), intention_detail: { amount: 120_000 }, special_reference: request.orderId });
      expect(intention.query).toEqual({});
      expect(await gateway.verify(intention)).toEqual({
        reference,
        orderId: request.orderId,
        unsignedOrderId: request.orderId,
        outcome: { kind: 'paid', paymentId: String(body.transaction.id), amount: egp(120_000) },
      });
    });

    it('after a restart too, once Paymob bears out the order it names', async () => {
      const { request, reference, intention } = await paidByCard();
      expect(paymentNotice(await paymob.gateway().verify(intention))).toMatchObject({ reference, orderId: request.orderId, outcome: { kind: 'paid' } });
    });

    it('refuses one forged, or with its amount or intention changed', async () => {
      const { gateway, intention } = await paidByCard();
      const hmac = JSON.parse(intention.rawBody).hmac as string;
      expect(await gateway.verify(altered(intention, (body) => (body.hmac = `${hmac[0] === 'a' ? 'b' : 'a'}${hmac.slice(1)}`)))).toBeUndefined();
      expect(await gateway.verify(altered(intention, (body) => delete body.hmac))).toBeUndefined();
      expect(await gateway.verify(altered(intention, (body) => (body.intention.intention_detail.amount = 100)))).toBeUndefined();
      expect(await gateway.verify(altered(intention, (body) => (body.intention.id = 'pi_test_other')))).toBeUndefined();
      expect(await gateway.verify({ ...intention, rawBody: '{"intention":{},"hmac":"00"}' })).toBeUndefined();
    });

    it('decides nothing from its unsigned transaction: a decline flipped to success is still a decline', async () => {
      const gateway = paymob.gateway();
      const request = order();
      const { reference } = started(await gateway.start(request));
      await paymob.buyer(reference, 'decline');
      await paymob.control.delivered();
      const [intention] = store.about(reference, 'intention');
      const flipped = altered(intention!, (body) => Object.assign(body.transaction, { success: true, pending: false, data: { message: 'Approved' } }));
      expect(paymentNotice(await gateway.verify(flipped)).outcome).toMatchObject({ kind: 'declined', reason: 'Do not honour' });
    });

    it("replayed naming another order is refused, or after a restart read for that order's true state, never as paid", async () => {
      const { gateway, intention } = await paidByCard();
      const other = started(await gateway.start(order()));
      const renamed = altered(intention, (body) => (body.intention.intention_order_id = Number(other.reference)));
      expect(await gateway.verify(renamed)).toBeUndefined();
      // After a restart nothing remembers the intention: Paymob has no payment for the order named.
      expect(await paymob.gateway().verify(renamed)).toBeUndefined();
      await paymob.buyer(other.reference, 'decline');
      expect(paymentNotice(await paymob.gateway().verify(renamed)).outcome.kind).not.toBe('paid');
    });

    it("is refused when Paymob's order is not for the amount it signs", async () => {
      const { reference, intention } = await paidByCard(egp(120_000));
      // Genuinely signed for another amount (as a callback of another intention would be).
      const otherAmount = signed(altered(intention, (body) => (body.intention.intention_detail.amount = 100)));
      expect(await paymob.gateway().verify(otherAmount)).toBeUndefined();
      expect(JSON.parse(otherAmount.rawBody).intention.intention_order_id).toBe(Number(reference));
    });

    it('is refused while Paymob cannot be asked: nothing is decided from the callback alone', async () => {
      const { gateway, intention } = await paidByCard();
      paymob.control.failNext(2);
      expect(await gateway.verify(intention)).toBeUndefined();
    });
  });

  describe('the transaction callback', () => {
    it('of a wallet, replayed for another order, is refused; naming another store order it is only a claim', async () => {
      const gateway = paymob.gateway();
      const request = order(egp(35_000), 'wallet', '01012345678');
      const start = started(await gateway.start(request));
      if (start.next.kind !== 'redirect') throw new Error('no approval page');
      await paymob.approveWallet(start.next.url);
      await paymob.control.delivered();
      const [genuine] = store.about(start.reference);
      const other = started(await gateway.start(order(egp(35_000), 'wallet', '01012345678')));
      expect(await gateway.verify(altered(genuine!, (body) => (body.obj.order.id = Number(other.reference))))).toBeUndefined();
      const claim = paymentNotice(await gateway.verify(altered(genuine!, (body) => (body.obj.order.merchant_order_id = nextId()))));
      expect(claim.reference).toBe(start.reference);
      expect(claim.unsignedOrderId).not.toBe(request.orderId);
    });

    it('of a kiosk reference that expired is a decline, and cannot be made a payment', async () => {
      const gateway = paymob.gateway({ now: () => now });
      const start = started(await gateway.start(order(egp(99_900), 'kiosk')));
      if (start.next.kind !== 'offline') throw new Error('no reference');
      now += 49 * 3600_000;
      expect(paymob.control.payKiosk(start.next.payAt.reference)).toBe('expired');
      const expired = { headers: {}, ...paymob.control.callbackOf(start.reference)! };
      expect(paymentNotice(await gateway.verify(expired)).outcome).toEqual({ kind: 'declined', reason: 'The kiosk reference was not paid in time.', retry: false });
      expect(await gateway.verify(altered(expired, (body) => Object.assign(body.obj, { success: true, pending: false })))).toBeUndefined();
      const intention = { headers: {}, ...paymob.control.intentionCallbackOf(start.reference)! };
      expect(paymentNotice(await gateway.verify(intention)).outcome.kind).toBe('declined');
    });
  });

  describe('a refund', () => {
    const refunded = async () => {
      const paid = await paidByCard(egp(100_000));
      const paymentId = String(JSON.parse(paid.transaction.rawBody).obj.id);
      const outcome = await paid.gateway.refund({ reference: paid.reference, paymentId, paid: egp(100_000), amount: egp(30_000), refundKey: nextId(), method: 'card' });
      if (outcome.kind !== 'refunded') throw new Error(`not refunded: ${JSON.stringify(outcome)}`);
      await paymob.control.delivered();
      return { ...paid, paymentId, refundId: outcome.refundId };
    };

    it('is told by the payment, now refunded: how much comes from Paymob; an unsigned field claiming more is refused', async () => {
      const { gateway, reference, paymentId } = await refunded();
      const callbacks = store.about(reference);
      expect(callbacks).toHaveLength(2);
      const notice = callbacks[1] as IncomingNotification;
      expect(JSON.parse(notice.rawBody).obj).toMatchObject({ id: Number(paymentId), is_refunded: true, refunded_amount_cents: 30_000 });
      const told = { kind: 'refund', paymentId, refundedSoFar: egp(30_000) };
      expect(await gateway.verify(notice)).toEqual(told);
      expect(await gateway.verify(altered(notice, (body) => (body.obj.refunded_amount_cents = 100)))).toEqual(told);
      expect(await gateway.verify(altered(notice, (body) => (body.obj.refunded_amount_cents = 100_000)))).toBeUndefined();
      expect(await gateway.verify(altered(notice, (body) => (body.obj.is_refunded = false)))).toBeUndefined();
      const [, intention] = store.about(reference, 'intention');
      expect(await gateway.verify(intention!)).toEqual(told);
    });

    it('as a callback of the refund itself is a refund of its payment, never a payment', async () => {
      const { gateway, reference, paymentId, refundId } = await refunded();
      const token = (await (await fetch(`${paymob.url}/emulator/paymob/api/auth/tokens`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ api_key: ACCOUNT.apiKey }) })).json()).token;
      const child = await (await fetch(`${paymob.url}/emulator/paymob/api/acceptance/transactions/${refundId}`, { headers: { authorization: `Bearer ${token}` } })).json();
      expect(child).toMatchObject({ has_parent_transaction: true, parent_transaction: Number(paymentId), amount_cents: 30_000, success: true, order: { id: Number(reference) } });
      const notice = { headers: {}, rawBody: JSON.stringify({ type: 'TRANSACTION', obj: child }), query: { hmac: signHmac(ACCOUNT.hmacSecret, hmacMessage(nestedFields(child))!) } };
      expect(await gateway.verify(notice)).toEqual({ kind: 'refund', paymentId, refundedSoFar: egp(30_000) });
    });
  });
});

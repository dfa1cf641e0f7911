import { KIOSK_NOT_REFUNDABLE } from '../../adapters/payments/paymob/refunds';
import { RefundRequest } from '../../core/ordering/ports/payment-gateway';
import { egp, usd } from '../../core/shared/money';
import { nextId } from '../support/products';
import { order, RunningPaymob, startPaymob } from './paymob-harness';

const REFUND_PATH = '/api/acceptance/void_refund/refund';

/**
 * Paymob refunds a transaction through its older API, with no idempotency key: the adapter makes a
 * repeat harmless itself, and never asks for more than is left.
 */
describe('Paymob refunds', () => {
  let paymob: RunningPaymob;
  beforeAll(async () => (paymob = await startPaymob()));
  afterAll(() => paymob.close());
  afterEach(() => {
    paymob.control.failNext(0);
    for (const path of Object.keys(paymob.control.slowAnswers)) delete paymob.control.slowAnswers[path];
  });

  const refundCalls = () => paymob.control.calls[REFUND_PATH] ?? 0;

  /** A payment settled by `method` (card or kiosk), and a refund request of it. */
  const settled = async (method: 'card' | 'kiosk' = 'card', timeoutMs = 2000) => {
    const gateway = paymob.gateway({ timeoutMs });
    const request = order(egp(100_000), method);
    const start = await gateway.start(request);
    if (start.kind !== 'started') throw new Error('not started');
    if (start.next.kind === 'offline') paymob.control.payKiosk(start.next.payAt.reference);
    else await paymob.buyer(start.reference, 'pay');
    const outcome = await gateway.settle(start.reference, request.orderId);
    if (outcome.kind !== 'paid') throw new Error(`not paid: ${JSON.stringify(outcome)}`);
    const refund = (minor: number, refundKey = nextId(), changes: Partial<RefundRequest> = {}): RefundRequest => ({
      reference: start.reference,
      paymentId: outcome.paymentId,
      paid: egp(100_000),
      amount: egp(minor),
      refundKey,
      method,
      ...changes,
    });
    return { gateway, refund, reference: start.reference };
  };
  const refundedAtPaymob = (reference: string) => JSON.parse(paymob.control.callbackOf(reference)!.rawBody).obj.refunded_amount_cents as number;

  it('refunds part, then the rest; nothing is left after that', async () => {
    const { gateway, refund, reference } = await settled();
    expect(await gateway.refund(refund(30_000))).toEqual({ kind: 'refunded', refundId: expect.stringMatching(/^\d+$/) });
    expect(await gateway.refund(refund(70_000))).toEqual({ kind: 'refunded', refundId: expect.stringMatching(/^\d+$/) });
    expect(refundedAtPaymob(reference)).toBe(100_000);
    expect(await gateway.refund(refund(1))).toEqual({ kind: 'refused', reason: 'Only EGP 0.00 of this payment is left to refund, not EGP 0.01.' });
  });

  it('refunds once for one refundKey, asked twice in turn or at once', async () => {
    const { gateway, refund, reference } = await settled();
    const before = refundCalls();
    const first = await gateway.refund(refund(10_000, 'refund-1'));
    expect(await gateway.refund(refund(10_000, 'refund-1'))).toEqual(first);
    const [a, b] = await Promise.all([gateway.refund(refund(20_000, 'refund-2')), gateway.refund(refund(20_000, 'refund-2'))]);
    expect(a).toEqual(b);
    expect(refundCalls()).toBe(before + 2);
    expect(refundedAtPaymob(reference)).toBe(30_000);
    expect(await gateway.refund(refund(5_000, 'refund-1'))).toMatchObject({ kind: 'refused', reason: 'This refund was asked for EGP 100.00, not EGP 50.00.' });
  });

  it('never gives back more than was paid, even asked twice at once with different keys', async () => {
    const { gateway, refund, reference } = await settled();
    const outcomes = await Promise.all([gateway.refund(refund(60_000)), gateway.refund(refund(60_000))]);
    expect(outcomes.map((o) => o.kind).sort()).toEqual(['refunded', 'refused']);
    expect(refundedAtPaymob(reference)).toBe(60_000);
  });

  it('refuses, without asking Paymob, more than was paid, nothing, another currency or a payment id that is none', async () => {
    const { gateway, refund } = await settled();
    const before = refundCalls();
    expect(await gateway.refund(refund(100_001))).toEqual({ kind: 'refused', reason: 'A refund of EGP 1,000.01 is more than the EGP 1,000.00 paid.' });
    expect(await gateway.refund(refund(0))).toMatchObject({ kind: 'refused' });
    expect(await gateway.refund(refund(1, nextId(), { amount: usd(1) }))).toMatchObject({ kind: 'refused', reason: 'Paymob refunds in EGP only.' });
    expect(await gateway.refund(refund(1, nextId(), { paymentId: 'CAP-1' }))).toMatchObject({ kind: 'refused' });
    expect(refundCalls()).toBe(before);
  });

  it('refuses a kiosk payment with the words the admin is shown, and Paymob refuses it too', async () => {
    const { gateway, refund } = await settled('kiosk');
    const calls = () => Object.values(paymob.control.calls).reduce((sum, n) => sum + n, 0);
    const before = calls();
    expect(await gateway.refund(refund(10_000))).toEqual({ kind: 'refused', reason: KIOSK_NOT_REFUNDABLE });
    expect(calls()).toBe(before);
    // Named as a card payment by mistake, Paymob's own answer (a kiosk transaction) still refuses it.
    const refunds = refundCalls();
    expect(await gateway.refund(refund(10_000, nextId(), { method: 'card' }))).toEqual({ kind: 'refused', reason: KIOSK_NOT_REFUNDABLE });
    expect(refundCalls()).toBe(refunds);
  });

  it('is unavailable while Paymob fails; asked again with the same key, it refunds once', async () => {
    const { gateway, refund, reference } = await settled();
    paymob.control.failNext(1);
    expect(await gateway.refund(refund(25_000, 'again'))).toMatchObject({ kind: 'unavailable' });
    expect(await gateway.refund(refund(25_000, 'again'))).toMatchObject({ kind: 'refunded' });
    expect(await gateway.refund(refund(25_000, 'again'))).toMatchObject({ kind: 'refunded' });
    expect(refundedAtPaymob(reference)).toBe(25_000);
  });

  it('made at Paymob though its answer was lost: asked again, it is found done, not made twice', async () => {
    const { gateway, refund, reference } = await settled('card', 300);
    paymob.control.slowAnswers[REFUND_PATH] = 600;
    expect(await gateway.refund(refund(40_000, 'lost'))).toMatchObject({ kind: 'unavailable', reason: 'Paymob did not answer within 300 ms.' });
    delete paymob.control.slowAnswers[REFUND_PATH];
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(refundedAtPaymob(reference)).toBe(40_000);
    const before = refundCalls();
    expect(await gateway.refund(refund(40_000, 'lost'))).toMatchObject({ kind: 'refunded' });
    expect(refundCalls()).toBe(before);
    expect(refundedAtPaymob(reference)).toBe(40_000);
  });

  it('refuses an unpaid transaction, and one Paymob does not know', async () => {
    const gateway = paymob.gateway();
    const request = order();
    const start = await gateway.start(request);
    if (start.kind !== 'started') throw new Error('not started');
    await paymob.buyer(start.reference, 'decline');
    const declined = String(JSON.parse(paymob.control.callbackOf(start.reference)!.rawBody).obj.id);
    const asked = { reference: start.reference, paid: request.amount, amount: egp(100), refundKey: nextId(), method: 'card' };
    expect(await gateway.refund({ ...asked, paymentId: declined })).toEqual({ kind: 'refused', reason: `Transaction ${declined} is not a settled payment.` });
    expect(await gateway.refund({ ...asked, paymentId: '42' })).toEqual({ kind: 'refused', reason: 'Paymob knows no transaction 42.' });
  });
});

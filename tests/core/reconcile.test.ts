import { egp, usd } from '../../core/shared/money';
import { right } from '../support/either';
import { aShopper, buyer, orderingOnMemory } from '../support/ordering';
import { aProduct } from '../support/products';

const MINUTE = 60_000;

const setUp = async () => {
  const s = orderingOnMemory();
  const atlas = aProduct({ price: usd(2599), egpprice: egp(120_000) });
  await s.catalog.addMany([atlas]);
  const shopper = aShopper();
  const started = async (provider: 'paypal' | 'paymob') => {
    const answer = right(await s.checkout.start(shopper, { productIds: [atlas._id], provider, ...buyer, language: 'en' })());
    return { id: answer.order.id, reference: answer.reference ?? '' };
  };
  const statusOf = async (id: string) => (await s.orders.findById(id))?.status;
  return { ...s, started, statusOf };
};

describe('reconciliation', () => {
  it('settles a pending order the provider says is paid, fails a declined one, and leaves young ones alone', async () => {
    const { reconcile, paymob, paypal, orders, clock, started, statusOf } = await setUp();
    const paidAtProvider = await started('paymob');
    const declined = await started('paypal');
    const unapproved = await started('paypal');
    // The buyer paid in the frame and the callback was lost; another buyer's card was declined.
    paymob.pay(paidAtProvider.reference);
    paypal.decline(declined.reference);
    expect(right(await reconcile.run()())).toEqual({ checked: 0, paid: 0, failed: 0, pending: 0, refused: 0, reminded: 0, refunds: 0 });

    clock.advance(10 * MINUTE);
    expect(right(await reconcile.run()())).toEqual({ checked: 3, paid: 1, failed: 1, pending: 1, refused: 0, reminded: 0, refunds: 0 });
    expect([await statusOf(paidAtProvider.id), await statusOf(declined.id), await statusOf(unapproved.id)]).toEqual(['paid', 'failed', 'pending']);
    expect(orders.queued.map((q) => q.mail.to)).toEqual([buyer.email]);

    // Asked again, nothing changes twice: only the unapproved order is still open.
    expect(right(await reconcile.run()())).toEqual({ checked: 1, paid: 0, failed: 0, pending: 1, refused: 0, reminded: 0, refunds: 0 });
    expect(orders.queued).toHaveLength(1);
  });

  it('keeps an order pending while its provider is down, and fails one the buyer abandoned', async () => {
    const { reconcile, paypal, clock, started, statusOf } = await setUp();
    const order = await started('paypal');
    clock.advance(10 * MINUTE);
    paypal.failNext(1);
    expect(right(await reconcile.run()())).toMatchObject({ checked: 1, pending: 1 });
    expect(await statusOf(order.id)).toBe('pending');
    clock.advance(25 * 60 * MINUTE);
    expect(right(await reconcile.run()())).toMatchObject({ checked: 1, failed: 1 });
    expect(await statusOf(order.id)).toBe('failed');
  });

  it('asks about a bounded batch per run, oldest first', async () => {
    const s = orderingOnMemory();
    const atlas = aProduct();
    await s.catalog.addMany([atlas]);
    const shopper = aShopper();
    for (let i = 0; i < 60; i++) {
      right(await s.checkout.start(shopper, { productIds: [atlas._id], provider: 'paypal', ...buyer, language: 'en' })());
      s.clock.advance(1000);
    }
    s.clock.advance(10 * MINUTE);
    expect(right(await s.reconcile.run()())).toMatchObject({ checked: 50, pending: 50 });
  });
});

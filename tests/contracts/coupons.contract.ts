import { NewCoupon } from '../../core/coupons/domain/coupon';
import { CouponReader } from '../../core/coupons/ports';
import { NewOrder, OrderReader, UnitOfWork } from '../../core/ordering/ports/orders';
import { CatalogWriter } from '../../core/catalog/ports/catalog';
import { egp, usd } from '../../core/shared/money';
import { aProduct, nextId } from '../support/products';

export interface CouponsUnderTest {
  coupons: CouponReader;
  /** The orders the same units write, read back. */
  orders: OrderReader;
  /** The unit of work whose `coupons` are the writes. */
  work: UnitOfWork;
  catalog: CatalogWriter;
  close(): Promise<void>;
}

const aCoupon = (overrides: Partial<NewCoupon> = {}): NewCoupon => ({
  id: nextId(),
  code: `C${nextId().slice(-8).toUpperCase()}`,
  off: { kind: 'percent', percent: 10 },
  scope: { kind: 'all' },
  createdAt: new Date(Date.UTC(2026, 0, 1)).toISOString(),
  ...overrides,
});

/**
 * What every coupon store must do, on the in-memory twin, PGlite and a PostgreSQL server: keep the
 * rules as given, add a batch whole or not at all, and count uses under the caps however many
 * units race for them, giving a use back once.
 */
export const couponsContract = (name: string, open: () => Promise<CouponsUnderTest>) =>
  describe(`Coupons contract: ${name}`, () => {
    let s: CouponsUnderTest;
    const product = aProduct({ price: usd(1000), egpprice: egp(50_000) });
    beforeAll(async () => {
      s = await open();
      await s.catalog.addMany([product]);
    });
    afterAll(() => s.close());

    const anOrder = (id: string): NewOrder => ({
      id,
      buyerName: 'Guest',
      buyerEmail: 'guest@mail.test',
      method: 'paypal',
      paymentMethod: 'paypal',
      currency: 'USD',
      total: usd(900),
      lines: [{ productId: product._id, title: product.title, price: usd(900) }],
      coupon: { code: 'X', discount: usd(100) },
      createdAt: new Date().toISOString(),
    });
    /** Takes a use and writes its order in one unit, as checkout does. */
    const redeem = (couponId: string, customer: string) =>
      s.work.run(async (tx) => {
        const orderId = nextId();
        const result = await tx.coupons.redeem({ couponId, orderId, customer, discount: usd(100), at: new Date() });
        if (result === 'redeemed') await tx.orders.add(anOrder(orderId));
        return { result, orderId };
      });

    it('keeps every rule as given, and finds a coupon by its code', async () => {
      const fixed = aCoupon({
        off: { kind: 'fixed', usd: usd(500), egp: egp(25_000) },
        scope: { kind: 'categories', values: ['Endodontics', 'Anatomy'] },
        startsAt: '2026-01-01T00:00:00.000Z',
        endsAt: '2026-02-01T00:00:00.000Z',
        maxUses: 10,
        maxUsesPerCustomer: 2,
        minimum: { usd: usd(2000), egp: egp(100_000) },
      });
      expect(await s.work.run((tx) => tx.coupons.add([fixed]))).toBe('added');
      expect(await s.coupons.byCode(fixed.code)).toEqual({ ...fixed, disabled: false, uses: 0 });
      expect(await s.coupons.byCode('NOSUCH')).toBeUndefined();
    });

    it('adds a batch whole, or none of it when a code is taken', async () => {
      const taken = aCoupon();
      await s.work.run((tx) => tx.coupons.add([taken]));
      const fresh = aCoupon();
      expect(await s.work.run((tx) => tx.coupons.add([fresh, aCoupon({ code: taken.code })]))).toBe('code-taken');
      expect(await s.coupons.byCode(fresh.code)).toBeUndefined();
      const page = await s.coupons.list({ page: 1, limit: 50 });
      expect(page.total).toBe(page.items.length);
      expect(page.items.map((c) => c.code)).toContain(taken.code);
    });

    it('gives the last use to one of 20 racing units, and a customer no more than their cap', async () => {
      const last = aCoupon({ maxUses: 1 });
      const once = aCoupon({ maxUsesPerCustomer: 1 });
      await s.work.run((tx) => tx.coupons.add([last, once]));
      const all = await Promise.all(Array.from({ length: 20 }, (_, i) => redeem(last.id, `guest:r${i}@mail.test`)));
      expect(all.filter((r) => r.result === 'redeemed')).toHaveLength(1);
      expect(all.filter((r) => r.result === 'used-up')).toHaveLength(19);
      expect((await s.coupons.byCode(last.code))?.uses).toBe(1);

      expect((await redeem(once.id, 'account:a')).result).toBe('redeemed');
      expect((await redeem(once.id, 'account:a')).result).toBe('used-by-customer');
      expect((await redeem(once.id, 'account:b')).result).toBe('redeemed');
      expect(await s.coupons.usesBy(once.id, 'account:a')).toBe(1);
      // The order keeps the code and the discount it was sold with.
      const winner = all.find((r) => r.result === 'redeemed')!;
      expect((await s.orders.findById(winner.orderId))?.coupon).toEqual({ code: 'X', discount: usd(100) });
    });

    it('gives a use back once, takes it again once, and refuses a disabled coupon', async () => {
      const c = aCoupon({ maxUses: 1 });
      await s.work.run((tx) => tx.coupons.add([c]));
      const { orderId } = await redeem(c.id, 'guest:x@mail.test');
      expect(await s.work.run((tx) => tx.coupons.giveBack(orderId))).toBe(true);
      expect(await s.work.run((tx) => tx.coupons.giveBack(orderId))).toBe(false);
      expect((await s.coupons.byCode(c.code))?.uses).toBe(0);
      expect(await s.coupons.usesBy(c.id, 'guest:x@mail.test')).toBe(0);
      expect(await s.work.run((tx) => tx.coupons.retake(orderId))).toBe(true);
      expect(await s.work.run((tx) => tx.coupons.retake(orderId))).toBe(false);
      expect((await s.coupons.byCode(c.code))?.uses).toBe(1);

      const d = aCoupon();
      await s.work.run((tx) => tx.coupons.add([d]));
      expect(await s.work.run((tx) => tx.coupons.disable(d.id))).toMatchObject({ disabled: true });
      expect(await s.work.run((tx) => tx.coupons.disable(nextId()))).toBeUndefined();
      expect((await redeem(d.id, 'guest:y@mail.test')).result).toBe('closed');
    });

    it('takes back the use with the unit that throws', async () => {
      const c = aCoupon({ maxUses: 1 });
      await s.work.run((tx) => tx.coupons.add([c]));
      await expect(
        s.work.run(async (tx) => {
          await tx.coupons.redeem({ couponId: c.id, orderId: nextId(), customer: 'guest:z@mail.test', discount: usd(1), at: new Date() });
          throw new Error('the order could not be written');
        }),
      ).rejects.toThrow('the order could not be written');
      expect((await s.coupons.byCode(c.code))?.uses).toBe(0);
    });
  });

import { COUPON_EXPIRED, COUPON_NOT_STARTED, COUPON_USED_UP, COUPON_DISABLED, Coupon, applyCoupon, covers, discountsOf, whyNotNow } from '../../core/coupons/domain/coupon';
import { CODE_OR_COUNT, CODE_RULE, COUPON_DATES_RULE, OFF_ONE_WAY, PERCENT_RULE, SCOPE_VALUE_UNKNOWN, codesWanted, rulesOf } from '../../core/coupons/domain/coupon-draft';
import { couponUseAfter } from '../../core/coupons/domain/coupon-use';
import { egp, usd } from '../../core/shared/money';
import { orderingOnMemory } from '../support/ordering';
import { aProduct } from '../support/products';
import { COUPON_OUT_OF_SCOPE, COUPON_UNKNOWN, COUPON_USED_BY_YOU } from '../../core/coupons/domain/coupon';

const line = (minor: number, covered = true) => ({ price: usd(minor), covered });
const aCoupon = (overrides: Partial<Coupon> = {}): Coupon => ({
  id: 'd00000000000000000000001',
  code: 'SPRING',
  off: { kind: 'percent', percent: 10 },
  scope: { kind: 'all' },
  disabled: false,
  uses: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

describe('coupon rules', () => {
  it('takes a percent off each covered line, rounded to the cent, and nothing off the others', () => {
    expect(discountsOf({ kind: 'percent', percent: 15 }, [line(999), line(2000, false), line(1)], 'USD')).toEqual([150, 0, 0]);
  });

  it('shares a fixed amount over the covered lines in proportion, to the cent, never below zero', () => {
    expect(discountsOf({ kind: 'fixed', usd: usd(1000), egp: egp(50_000) }, [line(3000), line(1000), line(5000, false)], 'USD')).toEqual([750, 250, 0]);
    // More off than the lines cost: they go to zero, no further.
    const { prices, discount } = applyCoupon({ kind: 'fixed', usd: usd(10_000), egp: egp(1) }, [line(3000), line(1001)], 'USD');
    expect(prices.map((p) => p.minor)).toEqual([0, 0]);
    expect(discount).toEqual(usd(4001));
    // The remainder cents land on lines with room, and the parts add up to the amount.
    const parts = discountsOf({ kind: 'fixed', usd: usd(100), egp: egp(1) }, [line(1), line(333), line(333)], 'USD');
    expect(parts.reduce((a, b) => a + b, 0)).toBe(100);
    parts.forEach((p, i) => expect(p).toBeLessThanOrEqual([1, 333, 333][i]));
  });

  it('takes the amount of the order currency (DECISIONS 24), never a conversion', () => {
    expect(discountsOf({ kind: 'fixed', usd: usd(500), egp: egp(20_000) }, [{ price: egp(100_000), covered: true }], 'EGP')).toEqual([20_000]);
  });

  it('says why a coupon cannot be used now: disabled, not started, ended, used up', () => {
    const now = new Date('2026-06-01T12:00:00Z');
    expect(whyNotNow(aCoupon(), now)).toBeUndefined();
    expect(whyNotNow(aCoupon({ disabled: true }), now)).toBe(COUPON_DISABLED);
    expect(whyNotNow(aCoupon({ startsAt: '2026-06-01T12:00:01Z' }), now)).toBe(COUPON_NOT_STARTED);
    expect(whyNotNow(aCoupon({ endsAt: '2026-06-01T12:00:00Z' }), now)).toBe(COUPON_EXPIRED);
    expect(whyNotNow(aCoupon({ maxUses: 3, uses: 3 }), now)).toBe(COUPON_USED_UP);
    expect(whyNotNow(aCoupon({ maxUses: 3, uses: 2 }), now)).toBeUndefined();
  });

  it('covers products by id, type or book category', () => {
    const book = { _id: 'a00000000000000000000001', category: 'books' as const, subcategory: ['Endodontics' as const] };
    expect(covers({ kind: 'products', values: [book._id] }, book)).toBe(true);
    expect(covers({ kind: 'types', values: ['courses'] }, book)).toBe(false);
    expect(covers({ kind: 'categories', values: ['Endodontics'] }, book)).toBe(true);
    expect(covers({ kind: 'all' }, book)).toBe(true);
  });

  it("refuses drafts that make no coupon, and says why", () => {
    expect(rulesOf({ scope: 'all' })).toBe(OFF_ONE_WAY);
    expect(rulesOf({ scope: 'all', percent: 10, offUsd: 1, offEgp: 50 })).toBe(OFF_ONE_WAY);
    expect(rulesOf({ scope: 'all', offUsd: 1 })).toBe(OFF_ONE_WAY);
    expect(rulesOf({ scope: 'all', percent: 0 })).toBe(PERCENT_RULE);
    expect(rulesOf({ scope: 'all', percent: 12.5 })).toBe(PERCENT_RULE);
    expect(rulesOf({ scope: 'types', values: ['magazines'], percent: 10 })).toBe(SCOPE_VALUE_UNKNOWN);
    expect(rulesOf({ scope: 'all', percent: 10, startsAt: '2026-02-01', endsAt: '2026-01-01' })).toBe(COUPON_DATES_RULE);
    expect(rulesOf({ scope: 'all', percent: 10, startsAt: 'soon' })).toBe(COUPON_DATES_RULE);
    expect(rulesOf({ scope: 'categories', values: ['Endodontics'], offUsd: 5, offEgp: 250, minimumUsd: 20, minimumEgp: 1000, maxUses: 1 })).toEqual({
      off: { kind: 'fixed', usd: usd(500), egp: egp(25_000) },
      scope: { kind: 'categories', values: ['Endodontics'] },
      maxUses: 1,
      minimum: { usd: usd(2000), egp: egp(100_000) },
    });
    expect(codesWanted({ scope: 'all', code: ' spring-26 ' })).toEqual({ code: 'SPRING-26' });
    expect(codesWanted({ scope: 'all', code: 'a b' })).toBe(CODE_RULE);
    expect(codesWanted({ scope: 'all', code: 'ABC', count: 2 })).toBe(CODE_OR_COUNT);
    expect(codesWanted({ scope: 'all' })).toEqual({ count: 1 });
  });

  it('gives a use back when an order fails, expires or is refunded, and takes it again when a failed one is paid', () => {
    expect(couponUseAfter('pending', 'failed')).toBe('give-back');
    expect(couponUseAfter('pending', 'expired')).toBe('give-back');
    expect(couponUseAfter('paid', 'refunded')).toBe('give-back');
    expect(couponUseAfter('partly-refunded', 'refunded')).toBe('give-back');
    expect(couponUseAfter('paid', 'partly-refunded')).toBeUndefined();
    expect(couponUseAfter('pending', 'paid')).toBeUndefined();
    expect(couponUseAfter('failed', 'paid')).toBe('retake');
  });
});

describe('checkout with a coupon, on the in-memory twins', () => {
  const atlas = aProduct({ _id: 'a00000000000000000000011', price: usd(4000), egpprice: egp(200_000), category: 'books' });
  const setUp = async () => {
    const world = orderingOnMemory();
    await world.catalog.addMany([atlas]);
    const admin = { ...(await world.customer('Owner')), role: 'Admin' as const };
    const create = async (draft: Parameters<typeof world.manageCoupons.create>[1]) => {
      const made = await world.manageCoupons.create(admin, draft)();
      if (made._tag === 'Left') throw new Error(made.left.message);
      return made.right;
    };
    const buy = (email: string, coupon: string) =>
      world.checkout.startAsGuest({ productIds: [atlas._id], provider: 'paypal', name: 'Guest', email, language: 'en', coupon })();
    return { world, admin, create, buy };
  };

  it('prices the lines less the coupon, and keeps the code and discount on the order', async () => {
    const { create, buy } = await setUp();
    await create({ code: 'QUARTER', percent: 25, scope: 'all' });
    const started = await buy('a@mail.test', 'quarter');
    expect(started._tag === 'Right' && started.right.order).toMatchObject({ total: usd(3000), coupon: { code: 'QUARTER', discount: usd(1000) }, lines: [{ price: usd(3000) }] });
  });

  it('refuses unknown, out-of-scope and once-per-customer codes as values', async () => {
    const { create, buy } = await setUp();
    await create({ code: 'COURSES', percent: 25, scope: 'types', values: ['courses'] });
    await create({ code: 'ONCE', percent: 25, scope: 'all', maxUsesPerCustomer: 1 });
    expect(await buy('a@mail.test', 'NOPE')).toMatchObject({ _tag: 'Left', left: { kind: 'invalid', message: COUPON_UNKNOWN } });
    expect(await buy('a@mail.test', 'COURSES')).toMatchObject({ _tag: 'Left', left: { kind: 'invalid', message: COUPON_OUT_OF_SCOPE } });
    expect((await buy('a@mail.test', 'ONCE'))._tag).toBe('Right');
    expect(await buy('a@mail.test', 'ONCE')).toMatchObject({ _tag: 'Left', left: { message: COUPON_USED_BY_YOU } });
    expect((await buy('b@mail.test', 'ONCE'))._tag).toBe('Right');
  });

  it('gives one of 20 racing buyers the last use', async () => {
    const { world, create, buy } = await setUp();
    await create({ code: 'LAST', percent: 50, scope: 'all', maxUses: 1 });
    const all = await Promise.all(Array.from({ length: 20 }, (_, i) => buy(`r${i}@mail.test`, 'LAST')));
    expect(all.filter((r) => r._tag === 'Right')).toHaveLength(1);
    expect([...world.orders.orders.values()].filter((o) => o.coupon)).toHaveLength(1);
  });

  it('refuses a shopper the admin calls, and audits the admin', async () => {
    const { world, admin } = await setUp();
    const shopper = await world.customer('Hana');
    expect(await world.manageCoupons.create(shopper, { scope: 'all', percent: 5 })()).toMatchObject({ _tag: 'Left', left: { kind: 'forbidden' } });
    expect(await world.manageCoupons.create(undefined, { scope: 'all', percent: 5 })()).toMatchObject({ _tag: 'Left', left: { kind: 'unauthorized' } });
    const made = await world.manageCoupons.create(admin, { scope: 'all', percent: 5, count: 3 })();
    expect(made._tag === 'Right' && made.right).toHaveLength(3);
    expect((await world.audit.recent({ page: 1, limit: 10 })).map((e) => e.action)).toContain('coupons-created');
  });
});

import { Coupon } from '../../../core/coupons/domain/coupon';
import { ManageCoupons } from '../../../core/coupons/use-cases';
import { toDecimal } from '../../../core/shared/money';
import { COUPONS_CREATED, COUPON_DISABLED_DONE, CouponData, couponDisabledAnswer, couponsAnswer, couponsCreatedAnswer } from '../../../api/coupons';
import { respond } from '../respond';
import { On } from '../calls';
import { currentUser } from '../session';

export interface CouponUseCases {
  readonly manageCoupons: ManageCoupons;
}

export const toCouponData = (c: Coupon): CouponData => ({
  _id: c.id,
  code: c.code,
  ...(c.off.kind === 'percent' ? { percent: c.off.percent } : { offUsd: toDecimal(c.off.usd), offEgp: toDecimal(c.off.egp) }),
  scope: c.scope.kind,
  values: c.scope.kind === 'all' ? [] : [...c.scope.values],
  ...(c.startsAt ? { startsAt: c.startsAt } : {}),
  ...(c.endsAt ? { endsAt: c.endsAt } : {}),
  ...(c.maxUses !== undefined ? { maxUses: c.maxUses } : {}),
  ...(c.maxUsesPerCustomer !== undefined ? { maxUsesPerCustomer: c.maxUsesPerCustomer } : {}),
  ...(c.minimum ? { minimumUsd: toDecimal(c.minimum.usd), minimumEgp: toDecimal(c.minimum.egp) } : {}),
  disabled: c.disabled,
  uses: c.uses,
  createdAt: c.createdAt,
});

/** The admin's coupons (issue 21): each use case refuses anyone but an admin and audits its change. */
export const couponRoutes = (on: On, { manageCoupons }: CouponUseCases) => {
  on('coupons', async (ctx, { query: q }) => {
    await respond(ctx, manageCoupons.list(await currentUser(ctx), q.page, q.limit), couponsAnswer, (p) => ({
      coupons: p.items.map(toCouponData),
      page: q.page,
      totalPages: p.totalPages,
      total: p.total,
    }));
  });

  on('createCoupons', async (ctx, { body }) => {
    await respond(ctx, manageCoupons.create(await currentUser(ctx), body), couponsCreatedAnswer, (made) => {
      ctx.status = 201;
      return { message: COUPONS_CREATED, coupons: made.map(toCouponData) };
    });
  });

  on('disableCoupon', async (ctx) => {
    await respond(ctx, manageCoupons.disable(await currentUser(ctx), ctx.params.id), couponDisabledAnswer, (coupon) => ({
      message: COUPON_DISABLED_DONE,
      coupon: toCouponData(coupon),
    }));
  });
};

import { z } from 'zod';
import { answer } from './envelope';
import { textField } from './fields';

/**
 * The admin's coupons (issue 21). The edge checks shapes only: that a percent is a number and the
 * dates are text; the core decides what makes a coupon (core/coupons/domain/coupon-draft.ts).
 */
const amount = (name: string) => z.number({ error: `${name} must be a number` });
const whole = (name: string) => z.number({ error: `${name} must be a number` });

/** POST /api/admin/coupons: one coupon (its `code`, or one generated) or `count` generated codes, with the same rules. */
export const createCouponsRequest = z
  .object({
    code: textField('code', { max: 40 }).optional(),
    count: whole('count').optional(),
    percent: amount('percent').optional(),
    offUsd: amount('offUsd').optional(),
    offEgp: amount('offEgp').optional(),
    scope: z.enum(['all', 'products', 'types', 'categories'], { error: 'scope must be all, products, types or categories' }),
    values: z.array(textField('values', { max: 100 }), { error: 'values must be a list' }).max(100, 'A coupon names at most 100 products, types or categories').optional(),
    startsAt: textField('startsAt', { max: 40 }).optional(),
    endsAt: textField('endsAt', { max: 40 }).optional(),
    maxUses: whole('maxUses').optional(),
    maxUsesPerCustomer: whole('maxUsesPerCustomer').optional(),
    minimumUsd: amount('minimumUsd').optional(),
    minimumEgp: amount('minimumEgp').optional(),
  })
  .strict();
export type CreateCouponsRequest = z.input<typeof createCouponsRequest>;

export const couponData = z
  .object({
    _id: z.string(),
    code: z.string(),
    percent: z.number().optional(),
    offUsd: z.number().optional(),
    offEgp: z.number().optional(),
    scope: z.enum(['all', 'products', 'types', 'categories']),
    values: z.array(z.string()),
    startsAt: z.string().optional(),
    endsAt: z.string().optional(),
    maxUses: z.number().optional(),
    maxUsesPerCustomer: z.number().optional(),
    minimumUsd: z.number().optional(),
    minimumEgp: z.number().optional(),
    disabled: z.boolean(),
    uses: z.number(),
    createdAt: z.string(),
  })
  .strict();
export type CouponData = z.infer<typeof couponData>;

export const COUPONS_CREATED = 'Coupons created';
export const COUPON_DISABLED_DONE = 'Coupon disabled';

export const couponsCreatedAnswer = answer({ message: z.string(), coupons: z.array(couponData) });
/** GET /api/admin/coupons?page=&limit= : newest first. */
export const couponsAnswer = answer({ coupons: z.array(couponData), page: z.number(), totalPages: z.number(), total: z.number() });
export const couponDisabledAnswer = answer({ message: z.string(), coupon: couponData });

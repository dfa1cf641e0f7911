/** The admin's coupons (api/coupons.ts), loaded with their screen only. */
import type { CouponData, CreateCouponsRequest } from '../../../api/coupons';
import { call } from './client';

export type { CouponData, CreateCouponsRequest } from '../../../api/coupons';

export const couponsApi = {
  /** Newest first, the first 50. */
  async list(): Promise<CouponData[]> {
    return (await call('coupons', { query: { page: 1, limit: 50 } })).coupons;
  },

  async create(request: CreateCouponsRequest): Promise<CouponData[]> {
    return (await call('createCoupons', { body: request })).coupons;
  },

  async disable(id: string): Promise<CouponData> {
    return (await call('disableCoupon', { params: { id } })).coupon;
  },
};

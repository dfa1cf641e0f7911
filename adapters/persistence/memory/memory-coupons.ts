import { Coupon, NewCoupon } from '../../../core/coupons/domain/coupon';
import { CouponLedger, CouponReader, CouponUse, Redemption } from '../../../core/coupons/ports';
import { Id } from '../../../core/shared/ids';
import { Paging, offsetOf } from '../../../core/shared/paging';

interface Kept extends CouponUse {
  readonly givenBack: boolean;
}

/**
 * The in-memory twin of KnexCoupons. Its units of work run one at a time (MemoryUnitOfWork), which
 * is what the coupon row's lock gives the real one; `checkpoint` lets a unit that throws be undone.
 */
export class MemoryCoupons implements CouponReader, CouponLedger {
  private coupons = new Map<Id, Coupon>();
  private uses = new Map<Id, Kept>();

  async byCode(code: string): Promise<Coupon | undefined> {
    return [...this.coupons.values()].find((c) => c.code === code);
  }

  async usesBy(couponId: Id, customer: string): Promise<number> {
    return [...this.uses.values()].filter((u) => u.couponId === couponId && u.customer === customer && !u.givenBack).length;
  }

  async list(paging: Paging) {
    const all = [...this.coupons.values()].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
    return { items: all.slice(offsetOf(paging), offsetOf(paging) + paging.limit), total: all.length };
  }

  async add(coupons: readonly NewCoupon[]): Promise<'added' | 'code-taken'> {
    const codes = new Set([...this.coupons.values()].map((c) => c.code));
    if (coupons.some((c) => codes.has(c.code)) || new Set(coupons.map((c) => c.code)).size !== coupons.length) return 'code-taken';
    for (const c of coupons) this.coupons.set(c.id, { ...c, disabled: false, uses: 0 });
    return 'added';
  }

  async disable(id: Id): Promise<Coupon | undefined> {
    const coupon = this.coupons.get(id);
    if (!coupon) return undefined;
    const now = { ...coupon, disabled: true };
    this.coupons.set(id, now);
    return now;
  }

  async redeem(use: CouponUse): Promise<Redemption> {
    const coupon = this.coupons.get(use.couponId);
    if (!coupon || coupon.disabled) return 'closed';
    if (coupon.maxUses !== undefined && coupon.uses >= coupon.maxUses) return 'used-up';
    if (coupon.maxUsesPerCustomer !== undefined && (await this.usesBy(use.couponId, use.customer)) >= coupon.maxUsesPerCustomer) return 'used-by-customer';
    this.coupons.set(coupon.id, { ...coupon, uses: coupon.uses + 1 });
    this.uses.set(use.orderId, { ...use, givenBack: false });
    return 'redeemed';
  }

  async giveBack(orderId: Id): Promise<boolean> {
    return this.turn(orderId, true);
  }

  async retake(orderId: Id): Promise<boolean> {
    return this.turn(orderId, false);
  }

  private turn(orderId: Id, back: boolean): boolean {
    const use = this.uses.get(orderId);
    const coupon = use && this.coupons.get(use.couponId);
    if (!use || !coupon || use.givenBack === back) return false;
    this.uses.set(orderId, { ...use, givenBack: back });
    this.coupons.set(coupon.id, { ...coupon, uses: Math.max(0, coupon.uses + (back ? -1 : 1)) });
    return true;
  }

  checkpoint(): () => void {
    const coupons = new Map(this.coupons);
    const uses = new Map(this.uses);
    return () => {
      this.coupons = coupons;
      this.uses = uses;
    };
  }
}

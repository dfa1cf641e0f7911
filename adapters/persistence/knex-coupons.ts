import { Knex } from 'knex';
import { Coupon, CouponOff, CouponScope, NewCoupon } from '../../core/coupons/domain/coupon';
import { CouponLedger, CouponReader, CouponUse, Redemption } from '../../core/coupons/ports';
import { Id } from '../../core/shared/ids';
import { Paging, offsetOf } from '../../core/shared/paging';
import { egp, usd } from '../../core/shared/money';
import { toCount } from './product-rows';

interface CouponRow {
  id: string;
  code: string;
  percent_off: number | null;
  usd_off_minor: string | number | null;
  egp_off_minor: string | number | null;
  scope: CouponScope['kind'];
  scope_values: string[];
  starts_at: Date | string | null;
  ends_at: Date | string | null;
  max_uses: number | null;
  max_uses_per_customer: number | null;
  minimum_usd_minor: string | number | null;
  minimum_egp_minor: string | number | null;
  disabled: boolean;
  uses: number;
  created_at: Date | string;
}

const iso = (value: Date | string) => new Date(value).toISOString();

const offOf = (row: CouponRow): CouponOff =>
  row.percent_off !== null ? { kind: 'percent', percent: row.percent_off } : { kind: 'fixed', usd: usd(toCount(row.usd_off_minor ?? 0)), egp: egp(toCount(row.egp_off_minor ?? 0)) };

const toCoupon = (row: CouponRow): Coupon => ({
  id: row.id,
  code: row.code,
  off: offOf(row),
  scope: row.scope === 'all' ? { kind: 'all' } : { kind: row.scope, values: row.scope_values },
  ...(row.starts_at ? { startsAt: iso(row.starts_at) } : {}),
  ...(row.ends_at ? { endsAt: iso(row.ends_at) } : {}),
  ...(row.max_uses !== null ? { maxUses: row.max_uses } : {}),
  ...(row.max_uses_per_customer !== null ? { maxUsesPerCustomer: row.max_uses_per_customer } : {}),
  ...(row.minimum_usd_minor !== null && row.minimum_egp_minor !== null
    ? { minimum: { usd: usd(toCount(row.minimum_usd_minor)), egp: egp(toCount(row.minimum_egp_minor)) } }
    : {}),
  disabled: row.disabled,
  uses: row.uses,
  createdAt: iso(row.created_at),
});

const toRow = (c: NewCoupon) => ({
  id: c.id,
  code: c.code,
  percent_off: c.off.kind === 'percent' ? c.off.percent : null,
  usd_off_minor: c.off.kind === 'fixed' ? c.off.usd.minor : null,
  egp_off_minor: c.off.kind === 'fixed' ? c.off.egp.minor : null,
  scope: c.scope.kind,
  scope_values: JSON.stringify(c.scope.kind === 'all' ? [] : c.scope.values),
  starts_at: c.startsAt ?? null,
  ends_at: c.endsAt ?? null,
  max_uses: c.maxUses ?? null,
  max_uses_per_customer: c.maxUsesPerCustomer ?? null,
  minimum_usd_minor: c.minimum?.usd.minor ?? null,
  minimum_egp_minor: c.minimum?.egp.minor ?? null,
  created_at: c.createdAt,
});

/** Coupons in PostgreSQL (or PGlite); the writes in a unit of work's transaction (knex-unit-of-work.ts). */
export class KnexCoupons implements CouponReader, CouponLedger {
  constructor(private readonly db: Knex) {}

  async byCode(code: string): Promise<Coupon | undefined> {
    const row: CouponRow | undefined = await this.db('coupons').where({ code }).first();
    return row && toCoupon(row);
  }

  async usesBy(couponId: Id, customer: string): Promise<number> {
    const [{ count }] = await this.db('coupon_redemptions').where({ coupon_id: couponId, customer, given_back: false }).count({ count: '*' });
    return toCount(count as string | number);
  }

  async list(paging: Paging): Promise<{ readonly items: readonly Coupon[]; readonly total: number }> {
    const rows: (CouponRow & { total: string | number })[] = await this.db('coupons')
      .select('*', this.db.raw('count(*) over () as total'))
      .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }])
      .limit(paging.limit)
      .offset(offsetOf(paging));
    const total = rows.length ? toCount(rows[0].total) : toCount((await this.db('coupons').count({ count: '*' }))[0].count as string | number);
    return { items: rows.map(toCoupon), total };
  }

  /** `on conflict do nothing` keeps the transaction alive; a batch with any code taken takes its own rows back. */
  async add(coupons: readonly NewCoupon[]): Promise<'added' | 'code-taken'> {
    const inserted: { id: string }[] = await this.db('coupons').insert(coupons.map(toRow)).onConflict('code').ignore().returning('id');
    if (inserted.length === coupons.length) return 'added';
    if (inserted.length) await this.db('coupons').whereIn('id', inserted.map((r) => r.id)).delete();
    return 'code-taken';
  }

  async disable(id: Id): Promise<Coupon | undefined> {
    const [row]: CouponRow[] = await this.db('coupons').where({ id }).update({ disabled: true }).returning('*');
    return row && toCoupon(row);
  }

  /**
   * The coupon's row is locked first: buyers racing for it wait here one after another, and each
   * counts the uses the one before it committed (read committed reads afresh after the wait).
   */
  async redeem(use: CouponUse): Promise<Redemption> {
    const row: CouponRow | undefined = await this.db('coupons').where({ id: use.couponId }).forUpdate().first();
    if (!row || row.disabled) return 'closed';
    if (row.max_uses !== null && row.uses >= row.max_uses) return 'used-up';
    if (row.max_uses_per_customer !== null && (await this.usesBy(use.couponId, use.customer)) >= row.max_uses_per_customer) return 'used-by-customer';
    await this.db('coupons').where({ id: use.couponId }).increment('uses', 1);
    await this.db('coupon_redemptions').insert({
      order_id: use.orderId,
      coupon_id: use.couponId,
      customer: use.customer,
      discount_minor: use.discount.minor,
      currency: use.discount.currency,
      redeemed_at: use.at,
    });
    return 'redeemed';
  }

  async giveBack(orderId: Id): Promise<boolean> {
    return this.turn(orderId, true);
  }

  async retake(orderId: Id): Promise<boolean> {
    return this.turn(orderId, false);
  }

  private async turn(orderId: Id, back: boolean): Promise<boolean> {
    const [changed]: { coupon_id: string }[] = await this.db('coupon_redemptions')
      .where({ order_id: orderId, given_back: !back })
      .update({ given_back: back })
      .returning('coupon_id');
    if (!changed) return false;
    await this.db('coupons')
      .where({ id: changed.coupon_id })
      .update({ uses: this.db.raw(back ? 'greatest(uses - 1, 0)' : 'uses + 1') });
    return true;
  }
}

import * as E from 'fp-ts/Either';
import * as TE from 'fp-ts/TaskEither';
import { Json, entryOf } from '../audit/domain/audit';
import { requireAdmin } from '../identity/domain/rights';
import { User } from '../identity/domain/user';
import { UnitOfWork } from '../ordering/ports/orders';
import { DomainError, conflict, invalid, isDomainError, notFound } from '../shared/errors';
import { Clock, IdGenerator, isId } from '../shared/ids';
import { PageOf, pageOf, paging } from '../shared/paging';
import { attempt } from '../shared/task';
import { toDecimal } from '../shared/money';
import { Coupon, CouponRules, NewCoupon } from './domain/coupon';
import { COUPON_CODE_TAKEN, CouponDraft, codesWanted, rulesOf } from './domain/coupon-draft';
import { CouponCodes, CouponReader } from './ports';

export const COUPON_NOT_FOUND = 'Coupon not found';

/** The rules as the audit log keeps them: plain data an admin can read back. */
const rulesAsJson = (rules: CouponRules): Json => ({
  off: rules.off.kind === 'percent' ? { percent: rules.off.percent } : { usd: toDecimal(rules.off.usd), egp: toDecimal(rules.off.egp) },
  scope: rules.scope.kind === 'all' ? 'all' : { [rules.scope.kind]: [...rules.scope.values] },
  startsAt: rules.startsAt ?? null,
  endsAt: rules.endsAt ?? null,
  maxUses: rules.maxUses ?? null,
  maxUsesPerCustomer: rules.maxUsesPerCustomer ?? null,
  minimum: rules.minimum ? { usd: toDecimal(rules.minimum.usd), egp: toDecimal(rules.minimum.egp) } : null,
});

/** The admin's coupons (issue 21): made one by one or in a batch with the same rules, listed, disabled; each change audited. */
export class ManageCoupons {
  constructor(
    private readonly coupons: CouponReader,
    private readonly work: UnitOfWork,
    private readonly ids: IdGenerator,
    private readonly codes: CouponCodes,
    private readonly clock: Clock,
  ) {}

  create(user: User | undefined, draft: CouponDraft): TE.TaskEither<DomainError, readonly Coupon[]> {
    return attempt(async () => {
      const admin = requireAdmin(user);
      if (isDomainError(admin)) return admin;
      const wanted = codesWanted(draft);
      if (typeof wanted === 'string') return invalid(wanted);
      const rules = rulesOf(draft);
      if (typeof rules === 'string') return invalid(rules);
      // A generated code taken already is a one-in-a-quadrillion draw: draw again rather than refuse.
      for (let tries = 0; tries < 3; tries++) {
        const now = this.clock.now();
        const codes = 'code' in wanted ? [wanted.code] : [...new Set(Array.from({ length: wanted.count }, () => this.codes.next()))];
        const made: NewCoupon[] = codes.map((code) => ({ ...rules, id: this.ids.next(), code, createdAt: now.toISOString() }));
        const added = await this.work.run(async (tx) => {
          const result = await tx.coupons.add(made);
          if (result === 'added')
            await tx.audit(
              entryOf({ ...admin, at: now }, 'coupons-created', {
                ...(made.length === 1 ? { subject: made[0].id } : {}),
                after: rulesAsJson(rules),
                detail: { codes: made.length <= 20 ? made.map((c) => c.code) : made.length },
              }),
            );
          return result;
        });
        if (added === 'added') return made.map((c) => ({ ...c, disabled: false, uses: 0 }));
        if ('code' in wanted) return conflict(COUPON_CODE_TAKEN);
      }
      return conflict(COUPON_CODE_TAKEN);
    });
  }

  list(user: User | undefined, page: number, limit: number): TE.TaskEither<DomainError, PageOf<Coupon>> {
    return attempt(async () => {
      const admin = requireAdmin(user);
      if (isDomainError(admin)) return admin;
      const p = paging(page, limit);
      if (E.isLeft(p)) return p.left;
      const { items, total } = await this.coupons.list(p.right);
      return pageOf(items, total, p.right);
    });
  }

  disable(user: User | undefined, id: string): TE.TaskEither<DomainError, Coupon> {
    return attempt(async () => {
      const admin = requireAdmin(user);
      if (isDomainError(admin)) return admin;
      if (!isId(id)) return notFound(COUPON_NOT_FOUND);
      const now = this.clock.now();
      const disabled = await this.work.run(async (tx) => {
        const coupon = await tx.coupons.disable(id);
        if (coupon) await tx.audit(entryOf({ ...admin, at: now }, 'coupon-disabled', { subject: id, detail: { code: coupon.code } }));
        return coupon;
      });
      return disabled ?? notFound(COUPON_NOT_FOUND);
    });
  }
}

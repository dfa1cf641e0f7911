import { BOOK_CATEGORIES, PRODUCT_TYPES } from '../../catalog/domain/product';
import { isId } from '../../shared/ids';
import { fromDecimal } from '../../shared/money';
import { CouponOff, CouponRules, CouponScope, Minimum, normalCode } from './coupon';

/**
 * A coupon as the admin's form sends it, already shaped by the edge (numbers are numbers); the
 * rules below decide whether it makes sense and say why not.
 */
export interface CouponDraft {
  /** One coupon with this code; without it, `count` generated codes (one when unset). */
  readonly code?: string;
  readonly count?: number;
  readonly percent?: number;
  readonly offUsd?: number;
  readonly offEgp?: number;
  readonly scope: CouponScope['kind'];
  readonly values?: readonly string[];
  readonly startsAt?: string;
  readonly endsAt?: string;
  readonly maxUses?: number;
  readonly maxUsesPerCustomer?: number;
  readonly minimumUsd?: number;
  readonly minimumEgp?: number;
}

export const CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,31}$/;
export const BATCH_MAX = 1000;
export const SCOPE_VALUES_MAX = 100;

export const CODE_RULE = 'A coupon code has 3 to 32 letters, digits, - or _';
export const CODE_OR_COUNT = 'Give a code for one coupon, or a count of codes to generate, not both';
export const COUNT_RULE = `The count of codes must be a whole number from 1 to ${BATCH_MAX}`;
export const OFF_ONE_WAY = 'A coupon takes a percent off, or an amount off in both USD and EGP';
export const PERCENT_RULE = 'The percent off must be a whole number from 1 to 100';
export const AMOUNT_RULE = 'An amount off must be above zero, with at most two decimals';
export const MINIMUM_RULE = 'A minimum order needs both a USD and an EGP amount, with at most two decimals';
export const SCOPE_VALUES_NEEDED = 'Name the products, types or categories the coupon covers';
export const SCOPE_VALUE_UNKNOWN = 'The coupon names a product, type or category the store does not have';
export const COUPON_DATES_RULE = 'Start and end must be dates, and the end after the start';
export const USES_RULE = 'A cap on uses must be a whole number from 1 to 1000000';
export const COUPON_CODE_TAKEN = 'A coupon with this code already exists';

const isWhole = (n: number | undefined, min: number, max: number) => n !== undefined && Number.isSafeInteger(n) && n >= min && n <= max;

const offOf = (draft: CouponDraft): CouponOff | string => {
  const fixed = draft.offUsd !== undefined || draft.offEgp !== undefined;
  if ((draft.percent !== undefined) === fixed) return OFF_ONE_WAY;
  if (draft.percent !== undefined) return isWhole(draft.percent, 1, 100) ? { kind: 'percent', percent: draft.percent } : PERCENT_RULE;
  if (draft.offUsd === undefined || draft.offEgp === undefined) return OFF_ONE_WAY;
  const usd = fromDecimal(draft.offUsd, 'USD');
  const egp = fromDecimal(draft.offEgp, 'EGP');
  return usd && egp && usd.minor > 0 && egp.minor > 0 ? { kind: 'fixed', usd, egp } : AMOUNT_RULE;
};

const scopeOf = (draft: CouponDraft): CouponScope | string => {
  if (draft.scope === 'all') return { kind: 'all' };
  const values = [...new Set(draft.values ?? [])];
  if (values.length === 0 || values.length > SCOPE_VALUES_MAX) return SCOPE_VALUES_NEEDED;
  const known: (v: string) => boolean =
    draft.scope === 'products' ? isId : draft.scope === 'types' ? (v) => (PRODUCT_TYPES as readonly string[]).includes(v) : (v) => (BOOK_CATEGORIES as readonly string[]).includes(v);
  return values.every(known) ? { kind: draft.scope, values } : SCOPE_VALUE_UNKNOWN;
};

const minimumOf = (draft: CouponDraft): Minimum | undefined | string => {
  if (draft.minimumUsd === undefined && draft.minimumEgp === undefined) return undefined;
  const usd = draft.minimumUsd === undefined ? undefined : fromDecimal(draft.minimumUsd, 'USD');
  const egp = draft.minimumEgp === undefined ? undefined : fromDecimal(draft.minimumEgp, 'EGP');
  return usd && egp ? { usd, egp } : MINIMUM_RULE;
};

const datesOk = (startsAt: string | undefined, endsAt: string | undefined) => {
  const start = startsAt === undefined ? undefined : Date.parse(startsAt);
  const end = endsAt === undefined ? undefined : Date.parse(endsAt);
  if (Number.isNaN(start) || Number.isNaN(end)) return false;
  return start === undefined || end === undefined || end > start;
};

/** The rules a draft sets, or why it cannot be a coupon. */
export const rulesOf = (draft: CouponDraft): CouponRules | string => {
  const off = offOf(draft);
  if (typeof off === 'string') return off;
  const scope = scopeOf(draft);
  if (typeof scope === 'string') return scope;
  const minimum = minimumOf(draft);
  if (typeof minimum === 'string') return minimum;
  if (!datesOk(draft.startsAt, draft.endsAt)) return COUPON_DATES_RULE;
  for (const cap of [draft.maxUses, draft.maxUsesPerCustomer]) if (cap !== undefined && !isWhole(cap, 1, 1_000_000)) return USES_RULE;
  return {
    off,
    scope,
    ...(draft.startsAt ? { startsAt: new Date(draft.startsAt).toISOString() } : {}),
    ...(draft.endsAt ? { endsAt: new Date(draft.endsAt).toISOString() } : {}),
    ...(draft.maxUses !== undefined ? { maxUses: draft.maxUses } : {}),
    ...(draft.maxUsesPerCustomer !== undefined ? { maxUsesPerCustomer: draft.maxUsesPerCustomer } : {}),
    ...(minimum ? { minimum } : {}),
  };
};

/** The codes a draft asks for: its own (checked), or how many to generate. */
export const codesWanted = (draft: CouponDraft): { readonly code: string } | { readonly count: number } | string => {
  if (draft.code !== undefined && draft.count !== undefined) return CODE_OR_COUNT;
  if (draft.code !== undefined) {
    const code = normalCode(draft.code);
    return CODE_PATTERN.test(code) ? { code } : CODE_RULE;
  }
  const count = draft.count ?? 1;
  return isWhole(count, 1, BATCH_MAX) ? { count } : COUNT_RULE;
};

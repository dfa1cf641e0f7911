import type { ReportRange } from '../../api/reports';

/**
 * The place of the coupon use report (issue 21, part 6): coupons are built on the bo-coupons branch,
 * and the lead wires their report here after merging, over the same range as the rest of the page.
 * Until then it shows nothing.
 */
export function CouponUseReport(_props: { range: ReportRange }) {
  return null;
}

/**
 * The coupon race (issue 21): the admin makes a coupon capped at 1, then 50 guests check out with it
 * at once through PayPal's emulator. Exactly one order may carry the discount; the others are told
 * the coupon is used up. Shopware GHSA-27gv and Shopper GHSA-9rh9 were this race.
 */
export const COUPON_RACERS = 50;

export interface CouponRace {
  readonly racers: number;
  /** Orders made with the coupon: 1 is right. */
  readonly redemptions: number;
  readonly refused: number;
  /** Uses the coupon counts afterwards, read back through the admin's list. */
  readonly usesCounted: number;
  readonly ms: number;
}

const post = (base: string, path: string, body: object, cookie = '') =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });

export const measureCouponRace = async (base: string, adminCookie: string, productId: string): Promise<CouponRace> => {
  const made = await post(base, '/api/admin/coupons', { percent: 50, scope: 'all', maxUses: 1 }, adminCookie);
  const body = (await made.json()) as { coupons?: { code: string }[]; message?: string };
  const code = body.coupons?.[0]?.code;
  if (!made.ok || !code) throw new Error(`The race's coupon was refused (${made.status}): ${body.message}`);
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: COUPON_RACERS }, async (_, i) => {
      const answer = await post(base, '/api/guest/checkout/start', { name: 'Racer', email: `racer${i}@bench.test`, productId, provider: 'paypal', method: 'paypal', coupon: code });
      const order = ((await answer.json()) as { order?: { coupon?: unknown } }).order;
      return { ok: answer.ok, discounted: Boolean(order?.coupon) };
    }),
  );
  const ms = Number((performance.now() - started).toFixed(0));
  const listed = (await (await fetch(`${base}/api/admin/coupons?page=1&limit=50`, { headers: { cookie: adminCookie } })).json()) as { coupons: { code: string; uses: number }[] };
  return {
    racers: COUPON_RACERS,
    redemptions: answers.filter((a) => a.discounted).length,
    refused: answers.filter((a) => !a.ok).length,
    usesCounted: listed.coupons.find((c) => c.code === code)?.uses ?? -1,
    ms,
  };
};

export const couponRaceLine = (race: CouponRace) =>
  `Coupon race: ${race.racers} guests at once with a coupon capped at 1: ${race.redemptions} redemption${race.redemptions === 1 ? '' : 's'} ` +
  `(${race.refused} refused, ${race.usesCounted} use counted) in ${race.ms} ms${race.redemptions === 1 && race.usesCounted === 1 ? '' : ' — WRONG, expected 1'}`;

export const CART_BADGE_MAX = 999;

/** The navbar's cart count: never negative, and 999 at most so the badge keeps its size. */
export const cartBadge = (count: number): string => String(Math.min(Math.max(0, count), CART_BADGE_MAX));

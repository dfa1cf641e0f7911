import { OrderStatus } from '../../ordering/domain/order';

/** The states in which an order no longer holds what it bought: its coupon's use is free again. */
const RELEASED: readonly OrderStatus[] = ['failed', 'expired', 'refunded'];

/**
 * What an order's change does to its coupon's use: a pending or paid order that fails, expires or
 * is wholly refunded gives it back; a failed order paid after all (a late capture) takes it again.
 */
export const couponUseAfter = (before: OrderStatus, after: OrderStatus): 'give-back' | 'retake' | undefined => {
  const was = RELEASED.includes(before);
  const is = RELEASED.includes(after);
  if (!was && is) return 'give-back';
  if (was && !is) return 'retake';
  return undefined;
};

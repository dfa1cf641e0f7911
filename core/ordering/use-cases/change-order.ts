import { couponUseAfter } from '../../coupons/domain/coupon-use';
import { Id } from '../../shared/ids';
import { Change, Unchanged } from '../domain/order-life';
import { Order } from '../domain/order';
import { OrderReader, OrderWork, UnitOfWork } from '../ports/orders';

/** What became of a change: made (the order as saved), or why not. */
export type Changed =
  | { readonly kind: 'changed'; readonly order: Order }
  | { readonly kind: 'unchanged'; readonly why: Unchanged | 'payment-taken'; readonly order: Order }
  | { readonly kind: 'missing' };

/** Another writer moved the order on between each read and save; past this many tries something is wrong. */
const TRIES = 5;

/**
 * Reads the order, computes `transition` over it, and saves it with `alongside`'s writes (mail,
 * audit, cart...) in one unit of work. When another writer saved the order in between, it reads
 * again and computes the transition over what is there now: racing callers change it once. Given
 * the order as the caller just read it, the first attempt starts from that read instead of another
 * (a callback's settlement reads the order once); the version still guards the save.
 */
export const changeOrder = async (
  orders: OrderReader,
  work: UnitOfWork,
  start: Id | Order,
  transition: (order: Order) => Change,
  alongside: (tx: OrderWork, order: Order) => Promise<void> = async () => {},
): Promise<Changed> => {
  const id = typeof start === 'string' ? start : start.id;
  for (let attempt = 0; attempt < TRIES; attempt++) {
    const order = attempt === 0 && typeof start !== 'string' ? start : await orders.findById(id);
    if (!order) return { kind: 'missing' };
    const change = transition(order);
    if (!change.ok) return { kind: 'unchanged', why: change.why, order };
    const saved = await work.run(async (tx) => {
      const result = await tx.orders.save(change.order);
      if (result === 'saved') {
        // Every transition passes here, so no path can fail or refund an order and keep its coupon's use.
        const use = order.coupon ? couponUseAfter(order.status, change.order.status) : undefined;
        if (use === 'give-back') await tx.coupons.giveBack(order.id);
        if (use === 'retake') await tx.coupons.retake(order.id);
        await alongside(tx, change.order);
      }
      return result;
    });
    if (saved === 'saved') return { kind: 'changed', order: change.order };
    if (saved === 'payment-taken') return { kind: 'unchanged', why: 'payment-taken', order };
  }
  throw new Error(`Order ${id} kept changing under ${TRIES} attempts to change it`);
};

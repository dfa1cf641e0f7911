import { Id } from '../../shared/ids';
import { Order } from './order';

/**
 * Who asks for an order: a signed-in account; a guest's library session, which proves one e-mail
 * address (its magic link came to that mailbox); or the browser that just started a guest checkout
 * and holds the store's signed pass for that one order (it pays, and reads its result page, before
 * any e-mail arrives).
 */
export type OrderHolder =
  | { readonly kind: 'account'; readonly userId: Id }
  | { readonly kind: 'library'; readonly email: string }
  | { readonly kind: 'checkout'; readonly orderId: Id };

export const accountHolder = (user: { readonly id: Id }): Extract<OrderHolder, { kind: 'account' }> => ({ kind: 'account', userId: user.id });

/** A guest's order: bought with an e-mail address and no account, and not yet attached to one. */
export const isGuestOrder = (order: Pick<Order, 'userId'>): boolean => order.userId === undefined;

/**
 * The one rule for who may see, pay, read or download an order. An account reaches its own orders;
 * a library reaches the guest orders of its address (once attached to an account, they are that
 * account's alone); a checkout pass reaches the guest order it was made for. Everyone else is
 * answered as if the order did not exist.
 */
export const mayReach = (holder: OrderHolder | undefined, order: Pick<Order, 'id' | 'userId' | 'buyerEmail'>): boolean => {
  if (!holder) return false;
  switch (holder.kind) {
    case 'account':
      return order.userId === holder.userId;
    case 'library':
      return isGuestOrder(order) && order.buyerEmail === holder.email;
    case 'checkout':
      return isGuestOrder(order) && order.id === holder.orderId;
  }
};

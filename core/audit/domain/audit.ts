import { Id } from '../../shared/ids';

/** Plain data, as the log keeps it (PostgreSQL jsonb). */
export type Json = string | number | boolean | null | readonly Json[] | { readonly [key: string]: Json };

/** Who did something, and when: every admin write carries one, and the log keeps it. */
export interface Actor {
  readonly id: Id;
  readonly username: string;
  readonly at: Date;
}

export const AUDIT_ACTIONS = [
  'product-created',
  'product-updated',
  'product-deleted',
  'product-recreated',
  'egp-prices-updated',
  'order-delivered',
  'order-refunded',
  'transfer-approved',
  'transfer-rejected',
  /** Not an admin's: an account proved a guest's address and took that address's orders (DECISIONS 25). */
  'guest-orders-attached',
  'product-file-added',
  'product-file-removed',
  'downloads-per-buyer-set',
  'downloads-reset',
  'job-retried',
  /** One coupon or a batch with the same rules (issue 21). */
  'coupons-created',
  'coupon-disabled',
  /** The back office sent an order's confirmation, or a guest's library link, again (issue 21). */
  'confirmation-resent',
  'library-link-resent',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * One admin action as the audit log keeps it: who, what, when; a product's state before and after
 * a change (enough to recreate it by hand); the rate and count of a reprice.
 */
export interface AuditEntry {
  readonly at: string;
  readonly actorId: Id;
  readonly actorName: string;
  readonly action: AuditAction;
  /** The product or order acted on; none for a reprice of the whole catalogue. */
  readonly subject?: Id;
  readonly before?: Json;
  readonly after?: Json;
  readonly detail?: { readonly [key: string]: Json };
}

/** The entry of an action by `actor`; adapters write it in the transaction of the change. */
export const entryOf = (actor: Actor, action: AuditAction, parts: Omit<AuditEntry, 'at' | 'actorId' | 'actorName' | 'action'>): AuditEntry => ({
  at: actor.at.toISOString(),
  actorId: actor.id,
  actorName: actor.username,
  action,
  ...parts,
});

import * as TE from 'fp-ts/TaskEither';
import { DomainError, isDomainError } from '../../shared/errors';
import { Clock } from '../../shared/ids';
import { attempt } from '../../shared/task';
import { MAIL, StoreContact, reminderOf } from '../domain/confirmation';
import { ABANDON_AFTER_HOURS, Order, isAbandoned } from '../domain/order';
import { expired } from '../domain/order-life';
import { OrderReader, UnitOfWork } from '../ports/orders';
import { Gateways } from '../ports/payment-gateway';
import { changeOrder } from './change-order';
import { RefundOrder } from './refund-order';
import { Settlement } from './settlement';

export interface ReconcilePolicy {
  /** A payment this young may still be settled by its capture or notice: leave it alone. */
  readonly afterMinutes: number;
  /** Still not paid at the provider after this long: the buyer left; the order fails. */
  readonly abandonAfterHours: number;
  /** A reference to pay away from the store (a kiosk's) gets one reminder this long before it runs out. */
  readonly remindBeforeHours: number;
  /** Orders asked about per run, so one run stays short whatever piled up. */
  readonly batch: number;
}

export const DEFAULT_RECONCILE_POLICY: ReconcilePolicy = { afterMinutes: 5, abandonAfterHours: ABANDON_AFTER_HOURS, remindBeforeHours: 12, batch: 50 };

export interface ReconcileCounts {
  readonly checked: number;
  readonly paid: number;
  readonly failed: number;
  /** Not settled yet, or the provider could not be asked: asked again next run. */
  readonly pending: number;
  /** The provider's answer did not match the order (amount, currency, payment id): changed nothing. */
  readonly refused: number;
  /** Reminders queued for references about to run out. */
  readonly reminded: number;
  /** Refunds whose provider's answer was lost, asked again and recorded. */
  readonly refunds: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Asks the providers about pending orders nobody settled (a lost webhook, the app stopped after the
 * capture), and settles them through the same path as a capture; reminds buyers whose reference
 * runs out soon, and fails the order when it has; asks again about refunds whose answer was lost.
 * Scheduling is the caller's.
 */
export class Reconcile {
  constructor(
    private readonly orders: OrderReader,
    private readonly work: UnitOfWork,
    private readonly gateways: Gateways,
    private readonly settlement: Settlement,
    private readonly refunds: RefundOrder,
    private readonly clock: Clock,
    private readonly contact: StoreContact,
    private readonly policy: ReconcilePolicy = DEFAULT_RECONCILE_POLICY,
  ) {}

  run(): TE.TaskEither<DomainError, ReconcileCounts> {
    return attempt(async () => {
      const now = this.clock.now().getTime();
      const due = await this.orders.unsettled(new Date(now - this.policy.afterMinutes * MINUTE), this.policy.batch);
      const counts = { checked: due.length, paid: 0, failed: 0, pending: 0, refused: 0, reminded: 0, refunds: 0 };
      for (const order of due) counts[await this.settle(order, now)]++;
      counts.reminded = await this.remind(now);
      counts.refunds = await this.refunds.retryStuck(new Date(now - this.policy.afterMinutes * MINUTE), this.policy.batch);
      return counts;
    });
  }

  private async settle(order: Order, now: number): Promise<'paid' | 'failed' | 'pending' | 'refused'> {
    const gateway = order.method === 'free' ? undefined : this.gateways[order.method];
    if (!gateway || !order.reference) return 'pending';
    const outcome = await gateway.inquire(order.reference, order.id);
    if (outcome.kind === 'pending' && isAbandoned(order, new Date(now), this.policy.abandonAfterHours)) {
      // A reference that ran out expires the order; any other payment left this long has failed.
      if (!order.payAt) return (await this.settlement.fail(order)).status === 'failed' ? 'failed' : 'pending';
      return (await changeOrder(this.orders, this.work, order.id, expired)).kind === 'changed' ? 'failed' : 'pending';
    }
    const settled = await this.settlement.apply(order, outcome);
    if (isDomainError(settled)) return 'refused';
    const status = settled.order.status;
    return status === 'paid' || status === 'failed' ? status : 'pending';
  }

  /** One reminder per order (its outbox id), for references running out within the policy's hours. */
  private async remind(now: number): Promise<number> {
    const soon = await this.orders.expiring(new Date(now + this.policy.remindBeforeHours * HOUR), this.policy.batch);
    const open = soon.filter((order) => order.payAt && !isAbandoned(order, new Date(now)));
    // Most runs have none: no empty transaction for them.
    if (!open.length) return 0;
    await this.work.run(async (tx) => {
      for (const order of open) await tx.queueMail(MAIL.reminder(order.id), reminderOf(order, order.payAt!, this.contact));
    });
    return open.length;
  }
}

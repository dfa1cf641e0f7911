import * as TE from 'fp-ts/TaskEither';
import { DomainError, isDomainError } from '../../shared/errors';
import { Clock } from '../../shared/ids';
import { attempt } from '../../shared/task';
import { ABANDON_AFTER_HOURS, Order, isAbandoned } from '../domain/order';
import { Orders } from '../ports/orders';
import { Gateways } from '../ports/payment-gateway';
import { Settlement } from './settlement';

export interface ReconcilePolicy {
  /** A payment this young may still be settled by its capture or notice: leave it alone. */
  readonly afterMinutes: number;
  /** Still not paid at the provider after this long: the buyer left; the order fails. */
  readonly abandonAfterHours: number;
  /** Orders asked about per run, so one run stays short whatever piled up. */
  readonly batch: number;
}

export const DEFAULT_RECONCILE_POLICY: ReconcilePolicy = { afterMinutes: 5, abandonAfterHours: ABANDON_AFTER_HOURS, batch: 50 };

export interface ReconcileCounts {
  readonly checked: number;
  readonly paid: number;
  readonly failed: number;
  /** Not settled yet, or the provider could not be asked: asked again next run. */
  readonly pending: number;
  /** The provider's answer did not match the order (amount, currency, payment id): changed nothing. */
  readonly refused: number;
}

const MINUTE = 60_000;

/**
 * Asks the providers about pending orders nobody settled (a lost webhook, the app stopped after the
 * capture), and settles them through the same path as a capture. Scheduling is the caller's.
 */
export class Reconcile {
  constructor(
    private readonly orders: Orders,
    private readonly gateways: Gateways,
    private readonly settlement: Settlement,
    private readonly clock: Clock,
    private readonly policy: ReconcilePolicy = DEFAULT_RECONCILE_POLICY,
  ) {}

  run(): TE.TaskEither<DomainError, ReconcileCounts> {
    return attempt(async () => {
      const now = this.clock.now().getTime();
      const due = await this.orders.unsettled(new Date(now - this.policy.afterMinutes * MINUTE), this.policy.batch);
      const counts = { checked: due.length, paid: 0, failed: 0, pending: 0, refused: 0 };
      for (const order of due) counts[await this.settle(order, now)]++;
      return counts;
    });
  }

  private async settle(order: Order, now: number): Promise<'paid' | 'failed' | 'pending' | 'refused'> {
    const gateway = order.method === 'free' ? undefined : this.gateways[order.method];
    if (!gateway || !order.reference) return 'pending';
    const outcome = await gateway.inquire(order.reference, order.id);
    if (outcome.kind === 'pending' && isAbandoned(order, new Date(now), this.policy.abandonAfterHours))
      return (await this.orders.markFailed(order.id)) === 'failed' ? 'failed' : 'pending';
    const settled = await this.settlement.apply(order, outcome);
    if (isDomainError(settled)) return 'refused';
    return settled.order.status === 'pending' ? 'pending' : settled.order.status;
  }
}

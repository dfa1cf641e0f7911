import {
  IncomingNotification,
  PaymentGateway,
  PaymentNotice,
  PaymentOutcome,
  PaymentRequest,
  PaymentStart,
  RefundNotice,
  RefundOutcome,
  RefundRequest,
} from '../../../core/ordering/ports/payment-gateway';
import { Clock, Id } from '../../../core/shared/ids';
import { TransferConfig, payToOf } from './config';
import { transferReference } from './reference';

/** How long the buyer has to transfer before the order expires (a reminder goes out before). */
export const TRANSFER_DAYS = 3;
const DAY = 24 * 3_600_000;

const WAITING: PaymentOutcome = { kind: 'pending', reason: 'The transfer waits for the store to check it' };

/**
 * The manual transfer as a payment port: there is no provider to call. Starting hands out where to
 * pay, the amount (the order's) and a reference; the admin's approval is the settlement (core
 * PaymentsByHand), so asking about a payment always answers pending and no notice is ever believed.
 */
export class TransferGateway implements PaymentGateway {
  readonly provider = 'transfer';
  readonly currency = 'EGP' as const;
  readonly methods = ['transfer'];

  constructor(
    private readonly config: TransferConfig,
    private readonly clock: Clock,
  ) {}

  async start(request: PaymentRequest): Promise<PaymentStart> {
    const reference = transferReference(request.orderId);
    const expiresAt = new Date(this.clock.now().getTime() + TRANSFER_DAYS * DAY).toISOString();
    return { kind: 'started', reference, next: { kind: 'offline', payAt: { reference, payTo: payToOf(this.config), expiresAt } } };
  }

  async settle(_reference: string, _orderId: Id): Promise<PaymentOutcome> {
    return WAITING;
  }

  async inquire(_reference: string, _orderId: Id): Promise<PaymentOutcome> {
    return WAITING;
  }

  async verify(_notification: IncomingNotification): Promise<PaymentNotice | RefundNotice | undefined> {
    return undefined;
  }

  /** The owner gives the money back themselves: the store records the refund as made by hand. */
  async refund(request: RefundRequest): Promise<RefundOutcome> {
    return { kind: 'refunded', refundId: `manual:${request.refundKey}` };
  }
}

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Id } from '../../../core/shared/ids';
import { Currency, Money } from '../../../core/shared/money';
import {
  IncomingNotification,
  PaymentGateway,
  PaymentNotice,
  PaymentOutcome,
  PaymentRequest,
  PaymentStart,
  ProviderName,
  MethodName,
  RefundOutcome,
  RefundRequest,
  RefundNotice,
} from '../../../core/ordering/ports/payment-gateway';

type State = 'created' | 'approved' | 'paid' | 'declined';

interface Payment {
  readonly orderId: Id;
  readonly amount: Money;
  state: State;
  paymentId?: string;
  /** Minor units given back so far, and the refunds already made by key (a repeat refunds nothing). */
  refunded: number;
  readonly refunds: Map<string, string>;
}

const SIGNATURE = 'x-memory-signature';

/**
 * A payment provider kept in memory, for use-case tests: it behaves as the PaymentGateway contract
 * says every provider does (tests/payments/memory-gateway.test.ts holds it to that contract), and
 * lets a test play the buyer and the provider: approve, decline, fail, send a notice.
 */
export class MemoryGateway implements PaymentGateway {
  private readonly payments = new Map<string, Payment>();
  private readonly secret = randomBytes(16);
  private failing = 0;
  private sequence = 0;
  /** When a 'kiosk' reference runs out: the store's clock in tests, so they can move past it. */
  kioskExpiry: () => Date = () => new Date(Date.now() + 48 * 3_600_000);

  constructor(
    readonly provider: ProviderName = 'paypal',
    readonly currency: Currency = provider === 'paymob' ? 'EGP' : 'USD',
    /** Providers that pay in an embedded frame answer its address (Paymob's iframe). */
    private readonly frameBase?: string,
    readonly methods: readonly MethodName[] = [frameBase ? 'card' : provider],
  ) {}

  async start(request: PaymentRequest): Promise<PaymentStart> {
    if (this.fails()) return { kind: 'unavailable', reason: 'The provider answered 500' };
    if (request.amount.currency !== this.currency) return { kind: 'unavailable', reason: `This provider charges in ${this.currency} only` };
    const known = [...this.payments].find(([, p]) => p.orderId === request.orderId);
    const reference = known?.[0] ?? `MEM-${this.provider.toUpperCase()}-${++this.sequence}`;
    if (!known) this.payments.set(reference, { orderId: request.orderId, amount: request.amount, state: 'created', refunded: 0, refunds: new Map() });
    if (!this.methods.includes(request.method)) return { kind: 'refused', reason: `This provider offers no ${request.method}` };
    // Cash at a kiosk: paid away from the store against the reference, until it runs out.
    if (request.method === 'kiosk')
      return { kind: 'started', reference, next: { kind: 'offline', payAt: { reference, expiresAt: this.kioskExpiry().toISOString(), payTo: 'Aman or Masary kiosk', place: 'kiosk' } } };
    return { kind: 'started', reference, next: this.frameBase ? { kind: 'frame', url: `${this.frameBase}?payment=${reference}` } : { kind: 'buttons' } };
  }

  async settle(reference: string, orderId: Id): Promise<PaymentOutcome> {
    if (this.fails()) return { kind: 'unavailable', reason: 'The provider answered 500' };
    const payment = this.paymentOf(reference, orderId);
    if (payment) this.capture(payment);
    return this.outcomeOf(payment);
  }

  async inquire(reference: string, orderId: Id): Promise<PaymentOutcome> {
    if (this.fails()) return { kind: 'unavailable', reason: 'The provider answered 500' };
    return this.outcomeOf(this.paymentOf(reference, orderId));
  }

  async verify(notification: IncomingNotification): Promise<PaymentNotice | RefundNotice | undefined> {
    const signature = Buffer.from(notification.headers[SIGNATURE] ?? '', 'hex');
    const expected = this.sign(notification.rawBody);
    if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return undefined;
    try {
      const notice = JSON.parse(notification.rawBody) as PaymentNotice | RefundNotice;
      if (notice.kind === 'refund') return typeof notice.paymentId === 'string' ? notice : undefined;
      return typeof notice.reference === 'string' && notice.outcome ? notice : undefined;
    } catch {
      return undefined;
    }
  }

  async refund(request: RefundRequest): Promise<RefundOutcome> {
    if (this.fails()) return { kind: 'unavailable', reason: 'The provider answered 500' };
    const payment = this.payments.get(request.reference);
    if (!payment || payment.state !== 'paid' || payment.paymentId !== request.paymentId) return { kind: 'refused', reason: 'No such settled payment' };
    const done = payment.refunds.get(request.refundKey);
    if (done) return { kind: 'refunded', refundId: done };
    if (request.amount.currency !== payment.amount.currency || payment.refunded + request.amount.minor > payment.amount.minor)
      return { kind: 'refused', reason: 'More than is left of the payment' };
    payment.refunded += request.amount.minor;
    const refundId = `MEM-REFUND-${++this.sequence}`;
    payment.refunds.set(request.refundKey, refundId);
    return { kind: 'refunded', refundId };
  }

  // What the buyer and the provider do outside the store.

  /** The buyer approves at the provider; money moves when the store settles it. */
  approve(reference: string): void {
    const payment = this.payments.get(reference);
    if (payment?.state === 'created') payment.state = 'approved';
  }

  /** The buyer pays and the provider settles on its own (a frame that captures at once). */
  pay(reference: string): void {
    this.approve(reference);
    const payment = this.payments.get(reference);
    if (payment) this.capture(payment);
  }

  decline(reference: string): void {
    const payment = this.payments.get(reference);
    if (payment && payment.state !== 'paid') payment.state = 'declined';
  }

  /** The next `count` calls answer as a provider that is down. */
  failNext(count: number): void {
    this.failing = count;
  }

  /** The notice the provider sends now about `reference`, signed as it signs them. */
  notificationOf(reference: string): IncomingNotification {
    const payment = this.payments.get(reference);
    const notice: PaymentNotice = { reference, ...(payment ? { orderId: payment.orderId } : {}), outcome: this.outcomeOf(payment) };
    const rawBody = JSON.stringify(notice);
    return { headers: { 'content-type': 'application/json', [SIGNATURE]: this.sign(rawBody).toString('hex') }, rawBody, query: {} };
  }

  /**
   * The notice the provider sends when `paymentId` was refunded, signed: `refundedSoFar` as given (a
   * refund at its own dashboard), else what this gateway refunded of it when that is only a part;
   * none says the whole.
   */
  refundNotificationOf(paymentId: string, refundedSoFar: Money | undefined = this.partRefunded(paymentId)): IncomingNotification {
    const notice: RefundNotice = { kind: 'refund', paymentId, ...(refundedSoFar ? { refundedSoFar } : {}) };
    const rawBody = JSON.stringify(notice);
    return { headers: { 'content-type': 'application/json', [SIGNATURE]: this.sign(rawBody).toString('hex') }, rawBody, query: {} };
  }

  private partRefunded(paymentId: string): Money | undefined {
    const payment = [...this.payments.values()].find((p) => p.paymentId === paymentId);
    if (!payment || payment.refunded === 0 || payment.refunded >= payment.amount.minor) return undefined;
    return { minor: payment.refunded, currency: payment.amount.currency };
  }

  private capture(payment: Payment): void {
    if (payment.state !== 'approved') return;
    payment.state = 'paid';
    payment.paymentId = `MEM-PAY-${this.provider}-${++this.sequence}`;
  }

  private fails(): boolean {
    if (this.failing <= 0) return false;
    this.failing--;
    return true;
  }

  private paymentOf(reference: string, orderId: Id): Payment | undefined {
    const payment = this.payments.get(reference);
    return payment?.orderId === orderId ? payment : undefined;
  }

  private outcomeOf(payment: Payment | undefined): PaymentOutcome {
    if (!payment) return { kind: 'declined', reason: 'No such payment at the provider' };
    switch (payment.state) {
      case 'paid':
        return { kind: 'paid', paymentId: payment.paymentId ?? '', amount: payment.amount };
      case 'declined':
        return { kind: 'declined', reason: 'The card was declined' };
      default:
        return { kind: 'pending', reason: payment.state === 'approved' ? 'Approved, not captured yet' : 'The buyer has not approved the payment yet' };
    }
  }

  private sign(body: string): Buffer {
    return createHmac('sha256', this.secret).update(body).digest();
  }
}

import { LRUCache } from 'lru-cache';
import { RefundOutcome, RefundRequest } from '../../../core/ordering/ports/payment-gateway';
import { egp, toDecimal } from '../../../core/shared/money';
import { PaymobApi } from './api';
import { field, isOk, refused } from './http';
import { transactionById } from './reads';

export const KIOSK_NOT_REFUNDABLE = 'A kiosk payment cannot be refunded: give the money back another way';
/** Refunds remembered by key; a store refunds far fewer than this between two restarts of a process. */
const REMEMBERED_REFUNDS = 10_000;

const format = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const pounds = (cents: number) => `EGP ${format.format(toDecimal(egp(cents)))}`;

/**
 * Paymob's refund (`POST /api/acceptance/void_refund/refund { transaction_id, amount_cents }`)
 * takes no idempotency key, so a repeat of one refund is recognised here:
 * - each refundKey's answer is kept (bounded, in memory): asked again, the same answer, no call;
 *   two calls at once with one key share one attempt;
 * - the refunds of one payment run one after the other, each first asking Paymob how much of the
 *   payment is refunded already, so two refunds at once never give back more than was paid;
 * - a refund whose answer was lost (time-out) remembers how much was refunded before it: asked again,
 *   a refunded amount grown by it means it went through, and it is not made twice.
 * What memory cannot cover is a process restarted between Paymob's refund and the store's write:
 * Paymob's refund callback (a RefundNotice with the amount refunded so far) tells the store then.
 */
export class PaymobRefunds {
  private readonly byKey = new LRUCache<string, { readonly amountCents: number; readonly outcome: Promise<RefundOutcome> }>({ max: REMEMBERED_REFUNDS });
  /** Refunded cents of the payment before an attempt whose answer never came. */
  private readonly uncertain = new LRUCache<string, number>({ max: REMEMBERED_REFUNDS });
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(private readonly api: PaymobApi) {}

  refund(request: RefundRequest): Promise<RefundOutcome> {
    if (request.method === 'kiosk') return Promise.resolve({ kind: 'refused', reason: KIOSK_NOT_REFUNDABLE });
    const invalid = this.invalid(request);
    if (invalid) return Promise.resolve({ kind: 'refused', reason: invalid });
    const known = this.byKey.get(request.refundKey);
    if (known) {
      return known.amountCents === request.amount.minor
        ? known.outcome
        : Promise.resolve({ kind: 'refused', reason: `This refund was asked for ${pounds(known.amountCents)}, not ${pounds(request.amount.minor)}.` });
    }
    const outcome = this.inTurn(request.paymentId, () => this.attempt(request));
    this.byKey.set(request.refundKey, { amountCents: request.amount.minor, outcome });
    // Only a refund made is final: a refusal or an outage may be asked again with the same key.
    void outcome.then((result) => {
      if (result.kind !== 'refunded' && this.byKey.get(request.refundKey)?.outcome === outcome) this.byKey.delete(request.refundKey);
    });
    return outcome;
  }

  private invalid({ paymentId, amount, paid }: RefundRequest): string | undefined {
    if (!/^\d{1,18}$/.test(paymentId)) return `${paymentId} is not a Paymob transaction id.`;
    if (amount.currency !== 'EGP' || paid.currency !== 'EGP') return 'Paymob refunds in EGP only.';
    if (amount.minor <= 0) return 'A refund must give back something.';
    if (amount.minor > paid.minor) return `A refund of ${pounds(amount.minor)} is more than the ${pounds(paid.minor)} paid.`;
    return undefined;
  }

  /** One refund of a payment at a time, in this process: each sees what the one before gave back. */
  private inTurn<T>(paymentId: string, work: () => Promise<T>): Promise<T> {
    const before = this.queues.get(paymentId) ?? Promise.resolve();
    const mine = before.then(work, work);
    const tail = mine.catch(() => undefined);
    this.queues.set(paymentId, tail);
    void tail.then(() => {
      if (this.queues.get(paymentId) === tail) this.queues.delete(paymentId);
    });
    return mine;
  }

  private async attempt(request: RefundRequest): Promise<RefundOutcome> {
    const read = await transactionById(this.api, request.paymentId);
    if (read.kind === 'unavailable') return { kind: 'unavailable', reason: read.reason };
    if (read.kind === 'none') return { kind: 'refused', reason: `Paymob knows no transaction ${request.paymentId}.` };
    const payment = read.facts;
    if (payment.source === 'aggregator') return { kind: 'refused', reason: KIOSK_NOT_REFUNDABLE };
    if (payment.child || !payment.success || payment.pending || payment.voided) return { kind: 'refused', reason: `Transaction ${request.paymentId} is not a settled payment.` };
    const refundedBefore = payment.refundedCents ?? 0;
    const lost = this.uncertain.get(request.refundKey);
    if (lost !== undefined && refundedBefore >= lost + request.amount.minor) {
      this.uncertain.delete(request.refundKey);
      return { kind: 'refunded', refundId: `${request.paymentId}:refunded:${refundedBefore}` };
    }
    const left = payment.amountCents - refundedBefore;
    if (request.amount.minor > left) return { kind: 'refused', reason: `Only ${pounds(left)} of this payment is left to refund, not ${pounds(request.amount.minor)}.` };

    const reply = await this.api.post('/api/acceptance/void_refund/refund', { transaction_id: Number(request.paymentId), amount_cents: request.amount.minor });
    if (reply.kind === 'unreachable') {
      this.uncertain.set(request.refundKey, lost ?? refundedBefore);
      return { kind: 'unavailable', reason: reply.reason };
    }
    this.uncertain.delete(request.refundKey);
    const id = field(reply.body, 'id');
    if (isOk(reply) && field(reply.body, 'success') === true && (typeof id === 'number' || typeof id === 'string'))
      return { kind: 'refunded', refundId: String(id) };
    const message = field(field(reply.body, 'data'), 'message');
    return { kind: 'refused', reason: isOk(reply) ? `Paymob did not refund: ${typeof message === 'string' ? message : 'no reason given'}.` : refused(reply, 'the refund') };
  }
}

import { LRUCache } from 'lru-cache';
import {
  IncomingNotification,
  NextStep,
  PaymentGateway,
  PaymentNotice,
  PaymentOutcome,
  PaymentRequest,
  PaymentStart,
  RefundNotice,
  RefundOutcome,
  RefundRequest,
} from '../../../core/ordering/ports/payment-gateway';
import { Id } from '../../../core/shared/ids';
import { PaymobApi } from './api';
import { integrationsFor, methodsOf, PaymobMethod, PaymobSettings } from './config';
import { isOk, refused } from './http';
import { checkoutUrl, Intention, intentionOf, intentionRequest } from './intention';
import { verifyNotice } from './notices';
import { outcomeOf } from './outcome';
import { walletNumber, WALLET_NUMBER_NEEDED } from '../../../core/ordering/domain/wallet-number';
import { latestPaymentOf } from './reads';
import { PaymobRefunds } from './refunds';
import { payAtKiosk, payByWallet } from './pay';

export { TOKEN_REUSE_MS } from './api';

export interface PaymobGatewayConfig extends PaymobSettings {
  /** The store's callback and way back, named in each intention; unset: those registered on the integrations. */
  readonly notificationUrl?: string;
  readonly redirectionUrl?: string;
  readonly timeoutMs?: number;
  /** Milliseconds now; tests move it to expire the auth token. */
  readonly now?: () => number;
}

/** Intentions this process made, by store order and by intention id: a repeated start, a callback's check. */
const REMEMBERED_INTENTIONS = 10_000;

/**
 * Paymob through its Intention API: an intention per order lists the integration of the method
 * chosen; the card and instalments are paid in Unified Checkout, a wallet on its approval page, and
 * a kiosk reference in cash. Whatever the method, the payment's reference is Paymob's order (the
 * intention's `intention_order_id`), which the transaction callbacks sign and the inquiry and
 * refunds use. Payments are captured when made, so settling only asks Paymob what became of them.
 */
export class PaymobGateway implements PaymentGateway {
  readonly provider = 'paymob' as const;
  readonly currency = 'EGP' as const;
  readonly methods: readonly PaymobMethod[];
  private readonly config: PaymobGatewayConfig;
  private readonly api: PaymobApi;
  private readonly refunds: PaymobRefunds;
  private readonly now: () => number;
  private readonly byOrder = new LRUCache<Id, Intention>({ max: REMEMBERED_INTENTIONS });
  private readonly byIntention = new LRUCache<string, Intention>({ max: REMEMBERED_INTENTIONS });
  /** A kiosk reference made for an order: the same one is shown again on a repeated start. */
  private readonly kioskSteps = new LRUCache<Id, NextStep>({ max: REMEMBERED_INTENTIONS });

  constructor(config: PaymobGatewayConfig) {
    this.config = { ...config, baseUrl: config.baseUrl.replace(/\/+$/, '') };
    this.now = this.config.now ?? Date.now;
    this.api = new PaymobApi(this.config, this.config.timeoutMs ?? 10_000, this.now);
    this.refunds = new PaymobRefunds(this.api);
    this.methods = methodsOf(this.config.integrations);
  }

  async start(request: PaymentRequest): Promise<PaymentStart> {
    if (request.amount.currency !== 'EGP') return { kind: 'unavailable', reason: 'Paymob charges in EGP only.' };
    const integrations = integrationsFor(this.config.integrations, request.method);
    if (!integrations.length) return { kind: 'refused', reason: `Paying by ${request.method} is not offered through Paymob in this store.` };
    // The wallet's number is the wallet; for the other methods a number given goes in the billing data.
    const phone = walletNumber(request.buyer.phone);
    if (request.method === 'wallet' && !phone) return { kind: 'refused', reason: WALLET_NUMBER_NEEDED };

    const intention = await this.intentionFor(request, integrations, phone);
    if (!intention.ok) return { kind: 'unavailable', reason: intention.reason };
    const { value } = intention;
    const started = (next: NextStep): PaymentStart => ({ kind: 'started', reference: value.paymobOrderId, next });
    const key = value.paymentKeys.get(integrations[0] as number);
    switch (request.method) {
      case 'wallet': {
        if (!key) return { kind: 'unavailable', reason: 'Paymob made no payment key for the wallet integration.' };
        const paid = await payByWallet(this.api, this.config.baseUrl, key, phone as string);
        return paid.kind === 'redirect' ? started(paid) : paid;
      }
      case 'kiosk': {
        const shown = this.kioskSteps.get(request.orderId);
        if (shown) return started(shown);
        if (!key) return { kind: 'unavailable', reason: 'Paymob made no payment key for the kiosk integration.' };
        const bill = await payAtKiosk(this.api, key, value.createdAt);
        if (bill.kind !== 'offline') return bill;
        this.kioskSteps.set(request.orderId, bill);
        return started(bill);
      }
      default:
        return started({ kind: 'frame', url: checkoutUrl(this.config.baseUrl, this.config.publicKey, value.clientSecret) });
    }
  }

  settle(reference: string, orderId: Id): Promise<PaymentOutcome> {
    return this.inquire(reference, orderId);
  }

  async inquire(reference: string, orderId: Id): Promise<PaymentOutcome> {
    if (!/^\d{1,18}$/.test(reference)) return { kind: 'unavailable', reason: `${reference} is not a Paymob order id.` };
    const read = await latestPaymentOf(this.api, reference);
    if (read.kind === 'none') return { kind: 'pending', reason: 'The buyer has not paid at Paymob yet.' };
    if (read.kind === 'unavailable') return read;
    const facts = read.facts;
    if (facts.paymobOrderId !== reference || (facts.merchantOrderId !== undefined && facts.merchantOrderId !== orderId))
      return { kind: 'unavailable', reason: `Paymob order ${reference} is not the payment of order ${orderId}.` };
    return outcomeOf(facts);
  }

  verify(notification: IncomingNotification): Promise<PaymentNotice | RefundNotice | undefined> {
    return verifyNotice(notification, { hmacSecret: this.config.hmacSecret, api: this.api, intention: (id) => this.byIntention.get(id) });
  }

  refund(request: RefundRequest): Promise<RefundOutcome> {
    return this.refunds.refund(request);
  }

  /**
   * One intention per store order (its special_reference, which Paymob holds unique): a repeated
   * start reuses the one this process made. After a restart Paymob refuses a second one, and the
   * start is unavailable: the store keeps the reference of a started order and does not start it again.
   */
  private async intentionFor(
    request: PaymentRequest,
    integrations: readonly number[],
    phone: string | undefined,
  ): Promise<{ ok: true; value: Intention } | { ok: false; reason: string }> {
    const known = this.byOrder.get(request.orderId);
    if (known) {
      return known.method === request.method && known.amountCents === request.amount.minor
        ? { ok: true, value: known }
        : { ok: false, reason: `Paymob holds order ${request.orderId} for ${known.amountCents} piasters by ${known.method}, not ${request.amount.minor} by ${request.method}.` };
    }
    const body = intentionRequest(request, integrations, phone, this.config);
    const reply = await this.api.withSecretKey('/v1/intention/', body);
    if (!isOk(reply)) return { ok: false, reason: refused(reply, 'the intention') };
    const intention = intentionOf(reply.body, request, this.now());
    if (!intention) return { ok: false, reason: 'Paymob answered the intention without its id, client secret, order or payment keys.' };
    this.byOrder.set(request.orderId, intention);
    this.byIntention.set(intention.id, intention);
    return { ok: true, value: intention };
  }
}

import { Id } from '../../shared/ids';
import { Currency, Money } from '../../shared/money';
import { PayPlace } from '../domain/pay-places';

/**
 * A payment provider as the store's use cases see it: every provider (PayPal, Paymob, the manual
 * transfer, another one a team adds as a folder of adapters/payments) implements this port, and
 * turns its own answers, errors and time-outs into the normalised values below. No method throws
 * for a provider's refusal or outage; a throw is a bug.
 */

/** A provider as registered (its folder's descriptor names it): the core knows no list of them. */
export type ProviderName = string;

/**
 * How the buyer pays through a provider: 'card', 'wallet', 'kiosk', 'instalments', 'paypal',
 * 'transfer'... A provider lists the ones it offers; the order records the one chosen.
 */
export type MethodName = string;

export interface PaymentItem {
  readonly name: string;
  readonly price: Money;
}

export interface PaymentRequest {
  /** The store's order: the merchant reference the provider echoes back. */
  readonly orderId: Id;
  /** One of the gateway's `methods`. */
  readonly method: MethodName;
  /** The total the provider must charge: the sum of the items, in the provider's currency. */
  readonly amount: Money;
  readonly items: readonly PaymentItem[];
  /** `phone`: the wallet's number, for a mobile wallet payment. */
  readonly buyer: { readonly name: string; readonly email: string; readonly phone?: string };
}

/** What the buyer does next to pay a started payment. */
export type NextStep =
  /** Pays in the provider's page, embedded in the checkout (Paymob's card and instalments frame). */
  | { readonly kind: 'frame'; readonly url: string }
  /** Goes to the provider's page and comes back (a wallet's approval page, with its OTP). */
  | { readonly kind: 'redirect'; readonly url: string }
  /** Approves in the provider's own buttons, which know the payment by `reference` (PayPal). */
  | { readonly kind: 'buttons' }
  /**
   * Pays away from the store against a reference (cash at an Aman or Masary kiosk, an InstaPay
   * transfer): the order waits, possibly days, and fails at `expiresAt` when it is given.
   */
  | { readonly kind: 'offline'; readonly payAt: OfflinePayment };

/** A payment made away from the store: where, against which reference, until when. */
export interface OfflinePayment {
  /** The number the buyer pays against (the kiosk's bill reference, the transfer's reference code). */
  readonly reference: string;
  /** ISO time; after it the reference is void and the order expires. */
  readonly expiresAt?: string;
  /** Where to pay, as the provider or the operator words it: 'Aman or Masary kiosk', an InstaPay address... */
  readonly payTo?: string;
  /** Where to pay, when it is a place the store names in the buyer's language (`payTo` is then its English). */
  readonly place?: PayPlace;
}

export type PaymentStart =
  /** The provider holds a payment for the order: `reference` is its id for it (PayPal's order id, Paymob's order id). */
  | { readonly kind: 'started'; readonly reference: string; readonly next: NextStep }
  /** The buyer's own details do not do for this method (a wallet number that is no wallet): nothing was started. */
  | { readonly kind: 'refused'; readonly reason: string }
  /** The provider could not be reached or refused the request; nothing was charged. */
  | { readonly kind: 'unavailable'; readonly reason: string };

export type PaymentOutcome =
  /** Money moved: `paymentId` is unique per payment at the provider (a capture or transaction id). */
  | { readonly kind: 'paid'; readonly paymentId: string; readonly amount: Money }
  /** Refused for good (card declined, voided, refunded before capture); `retry` when the buyer may pick another card at the provider. */
  | { readonly kind: 'declined'; readonly reason: string; readonly retry?: boolean }
  /** Not settled yet (not approved, under review, 3-D Secure pending, cash not paid yet): ask again later. */
  | { readonly kind: 'pending'; readonly reason: string; readonly redirectUrl?: string }
  /** The provider could not be asked (time-out, 5xx): the order stays as it is. */
  | { readonly kind: 'unavailable'; readonly reason: string };

/**
 * What a provider told the store on its own (webhook, server callback, browser redirect), once
 * verified. Everything but `unsignedOrderId` comes from what the provider's signature covers.
 */
export interface PaymentNotice {
  readonly kind?: 'payment';
  /** The provider's id of the payment (PayPal's order id, Paymob's order id): finds the order. */
  readonly reference: string;
  /** The store's order id, only when the signature covers it (PayPal's webhook signs the whole body). */
  readonly orderId?: Id;
  /**
   * The store's order id as the notice names it outside the signature (Paymob's merchant_order_id).
   * It finds and settles nothing; a browser sent back naming another order than the signed
   * reference's carries a replayed or altered notice, and is not told of a success.
   */
  readonly unsignedOrderId?: string;
  /**
   * Paymob's intention callback signs the intention id and amount only: the order it names must be
   * the one started with that intention, for that amount (checked by the gateway against `reference`).
   */
  readonly outcome: PaymentOutcome;
}

/**
 * A provider saying a settled payment was refunded or reversed (PayPal's PAYMENT.CAPTURE.REFUNDED or
 * REVERSED, Paymob's callback with is_refunded): found by the payment id (capture, transaction).
 */
export interface RefundNotice {
  readonly kind: 'refund';
  readonly paymentId: string;
  /** Everything refunded of that payment so far, when the provider says; undefined: the whole of it. */
  readonly refundedSoFar?: Money;
}

/** An incoming notification as the HTTP edge received it, for the gateway to verify. */
export interface IncomingNotification {
  readonly headers: Readonly<Record<string, string | undefined>>;
  /** The exact bytes received: signatures are computed over them. */
  readonly rawBody: string;
  readonly query: Readonly<Record<string, string | undefined>>;
}

export interface RefundRequest {
  /** The payment's reference and settled payment id, as the order recorded them. */
  readonly reference: string;
  readonly paymentId: string;
  /** What the payment was, and how much of it to give back now (never more than is left). */
  readonly paid: Money;
  readonly amount: Money;
  /** The same for every attempt of one refund: a provider that takes an idempotency key gets it. */
  readonly refundKey: string;
  /** How the order was paid: a kiosk payment, for one, cannot be refunded. */
  readonly method: MethodName;
}

export type RefundOutcome =
  /** The provider gave the money back: `refundId` is its id of that refund. */
  | { readonly kind: 'refunded'; readonly refundId: string }
  /** The provider will not refund this payment (a kiosk payment, a refund larger than what is left). */
  | { readonly kind: 'refused'; readonly reason: string }
  /** The provider could not be asked: nothing is known to have moved; the same refund may be asked again. */
  | { readonly kind: 'unavailable'; readonly reason: string };

export interface PaymentGateway {
  readonly provider: ProviderName;
  /** The currency this provider charges in (PayPal USD from `price`, Paymob EGP from `egpprice`). */
  readonly currency: Currency;
  /** The ways of paying it offers now (only those configured), in the order the checkout lists them. */
  readonly methods: readonly MethodName[];
  /** Registers the payment with the provider. Repeating it for the same order does not make a second one. */
  start(request: PaymentRequest): Promise<PaymentStart>;
  /**
   * Settles a started payment the buyer approved (PayPal: capture). Idempotent: asking twice never
   * charges twice; the second answer reports the same payment.
   */
  settle(reference: string, orderId: Id): Promise<PaymentOutcome>;
  /** Asks the provider what became of a payment, without changing it (reconciliation). */
  inquire(reference: string, orderId: Id): Promise<PaymentOutcome>;
  /** Verifies a notification's signature or HMAC; undefined when it is forged, malformed or not about a payment. */
  verify(notification: IncomingNotification): Promise<PaymentNotice | RefundNotice | undefined>;
  /** Gives back `amount` of a settled payment; asking again with the same `refundKey` never refunds twice. */
  refund(request: RefundRequest): Promise<RefundOutcome>;
}

/** The providers the store is configured with, by name: checkout picks one, settlement finds an order's. */
export type Gateways = Readonly<Record<ProviderName, PaymentGateway | undefined>>;

export const isRefundNotice = (notice: PaymentNotice | RefundNotice): notice is RefundNotice => notice.kind === 'refund';

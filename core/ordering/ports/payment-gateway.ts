import { Id } from '../../shared/ids';
import { Currency, Money } from '../../shared/money';

/**
 * A payment provider as the store's use cases see it: every provider (PayPal, Paymob, another one
 * a team adds) implements this port, and turns its own answers, errors and time-outs into the
 * normalised values below. No method throws for a provider's refusal or outage; a throw is a bug.
 */
export type ProviderName = 'paypal' | 'paymob';

export interface PaymentItem {
  readonly name: string;
  readonly price: Money;
}

export interface PaymentRequest {
  /** The store's order: the merchant reference the provider echoes back. */
  readonly orderId: Id;
  /** The total the provider must charge: the sum of the items, in the provider's currency. */
  readonly amount: Money;
  readonly items: readonly PaymentItem[];
  readonly buyer: { readonly name: string; readonly email: string };
}

export type PaymentStart =
  /**
   * The provider holds a payment for the order: `reference` is its id for it (PayPal's order id,
   * Paymob's order id); `frameUrl` is the page to embed, for providers that pay in a frame.
   */
  | { readonly kind: 'started'; readonly reference: string; readonly frameUrl?: string }
  /** The provider could not be reached or refused the request; nothing was charged. */
  | { readonly kind: 'unavailable'; readonly reason: string };

export type PaymentOutcome =
  /** Money moved: `paymentId` is unique per payment at the provider (a capture or transaction id). */
  | { readonly kind: 'paid'; readonly paymentId: string; readonly amount: Money }
  /** Refused for good (card declined, voided, refunded before capture); `retry` when the buyer may pick another card at the provider. */
  | { readonly kind: 'declined'; readonly reason: string; readonly retry?: boolean }
  /** Not settled yet (not approved, under review, 3-D Secure pending): ask again later. */
  | { readonly kind: 'pending'; readonly reason: string; readonly redirectUrl?: string }
  /** The provider could not be asked (time-out, 5xx): the order stays as it is. */
  | { readonly kind: 'unavailable'; readonly reason: string };

/**
 * What a provider told the store on its own (webhook, server callback, browser redirect), once
 * verified. Everything but `unsignedOrderId` comes from what the provider's signature covers.
 */
export interface PaymentNotice {
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
  readonly outcome: PaymentOutcome;
}

/** An incoming notification as the HTTP edge received it, for the gateway to verify. */
export interface IncomingNotification {
  readonly headers: Readonly<Record<string, string | undefined>>;
  /** The exact bytes received: signatures are computed over them. */
  readonly rawBody: string;
  readonly query: Readonly<Record<string, string | undefined>>;
}

export interface PaymentGateway {
  readonly provider: ProviderName;
  /** The currency this provider charges in (PayPal USD from `price`, Paymob EGP from `egpprice`). */
  readonly currency: Currency;
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
  verify(notification: IncomingNotification): Promise<PaymentNotice | undefined>;
}

/** The providers the store is configured with, by name: checkout picks one, settlement finds an order's. */
export type Gateways = Readonly<Partial<Record<ProviderName, PaymentGateway>>>;

import { PaymobSettings } from '../config';
import { PaymobTransaction } from '../wire';

/** The account the emulator plays: the same keys, secrets and integration ids the adapter is given. */
export type EmulatedAccount = Pick<PaymobSettings, 'secretKey' | 'publicKey' | 'apiKey' | 'hmacSecret' | 'integrations'>;

export interface EmulatorExtras {
  /** The store's transaction processed callback, registered on the integrations; an intention's notification_url wins. */
  readonly callbackUrl?: string;
  /** The store's way back for the browser (GET with the signed fields); an intention's redirection_url wins. */
  readonly responseUrl?: string;
  /** Where the router is mounted in a bigger app, e.g. '/emulator/paymob'. */
  readonly prefix?: string;
  readonly latencyMs?: number;
  /** Intentions kept; the oldest is dropped beyond it, with its keys, transactions and references. */
  readonly maxOrders?: number;
  /** Milliseconds now: tests move it to expire kiosk references and payment keys. */
  readonly now?: () => number;
}

export type PaymobEmulatorOptions = EmulatedAccount & EmulatorExtras;


export interface IntentionHeld {
  readonly id: string;
  readonly integrations: readonly number[];
  readonly specialReference: string;
  readonly amountCents: number;
  readonly expiresAt: number;
  readonly notificationUrl?: string;
  readonly redirectionUrl?: string;
  readonly extras: Readonly<Record<string, string>>;
}

export type CallbackDelivery = 'once' | 'twice' | 'never';
/** Which of Paymob's two callback shapes go out: the transaction callback, the intention ("flash") one, or both. */
export type CallbackShape = 'transaction' | 'intention' | 'both';
export type KioskPayment = 'paid' | 'paid already' | 'expired' | 'unknown';

/** What tests (and the store's demo) change directly: an object, not HTTP. */
export interface PaymobEmulatorControl {
  latencyMs: number;
  /** How the callbacks go out after a payment or a refund, and how long after (ms). */
  delivery: CallbackDelivery;
  lateMs: number;
  shape: CallbackShape;
  callbackUrl?: string;
  responseUrl?: string;
  /** Extra wait of one API path (ms), after it has done its work: an answer that comes too late. */
  readonly slowAnswers: Record<string, number>;
  /** The next `count` API calls answer 500 (the buyer's pages are not API calls). */
  failNext(count: number): void;
  /** API calls answered so far, by path (auth tokens, intentions, pay, inquiries, refunds). */
  readonly calls: Readonly<Record<string, number>>;
  /** What an intention of a Paymob order was made with, as Paymob holds it. */
  intentionOf(paymobOrderId: string): IntentionHeld | undefined;
  /** Unified Checkout of the intention of a Paymob order, relative to the mount point. */
  framePathOf(paymobOrderId: string): string | undefined;
  /** The OTP of the latest wallet approval of a Paymob order (the page shows it too). */
  walletOtpOf(paymobOrderId: string): string | undefined;
  /** Marks a kiosk reference paid, as the kiosk would at any later time: refused once it expired. */
  payKiosk(billReference: string): KioskPayment;
  /** The transaction callback Paymob would send now about an order's latest payment, genuinely signed. */
  callbackOf(paymobOrderId: string): { rawBody: string; query: { hmac: string } } | undefined;
  /** The intention callback Paymob would send now about an order's latest payment, genuinely signed. */
  intentionCallbackOf(paymobOrderId: string): { rawBody: string; query: Record<string, string> } | undefined;
  /** The flattened, signed query of the browser's way back for an order's latest payment. */
  redirectQueryOf(paymobOrderId: string): Record<string, string> | undefined;
  /** Changes an order's latest payment as Paymob's dashboard would (refund, void, still pending). */
  amend(
    paymobOrderId: string,
    changes: Partial<Pick<PaymobTransaction, 'pending' | 'success' | 'is_voided' | 'is_refunded' | 'refunded_amount_cents' | 'amount_cents'>>,
  ): void;
  /** Resolves once every callback due so far has been delivered or has failed. */
  delivered(): Promise<void>;
  /** Cancels callbacks still waiting to go out. */
  close(): void;
}

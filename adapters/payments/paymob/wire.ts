/**
 * Paymob's requests and answers as the adapter and the emulator both read and write them (the
 * Intention API and the older API it still leans on). Only the fields the store relies on are
 * typed; Paymob sends many more.
 */

/** Paymob's order, made by an intention: its id is the intention's `intention_order_id`. */
export interface PaymobOrder {
  readonly id: number;
  readonly created_at: string;
  readonly delivery_needed: boolean;
  readonly amount_cents: number;
  readonly currency: string;
  /** The intention's special_reference: the store's order id. */
  readonly merchant_order_id: string;
  readonly paid_amount_cents: number;
  readonly items: readonly IntentionItem[];
}

/** One transaction, as the processed callback (`obj`), the inquiry and a transaction read carry it. */
export interface PaymobTransaction {
  readonly id: number;
  readonly pending: boolean;
  readonly amount_cents: number;
  readonly success: boolean;
  readonly is_auth: boolean;
  readonly is_capture: boolean;
  readonly is_standalone_payment: boolean;
  readonly is_voided: boolean;
  readonly is_refunded: boolean;
  /** Outside the HMAC: read only from Paymob's authenticated answers. */
  readonly refunded_amount_cents: number;
  readonly is_3d_secure: boolean;
  readonly integration_id: number;
  readonly profile_id: number;
  /** True for a refund, void or capture: a child of the payment named by `parent_transaction`. */
  readonly has_parent_transaction: boolean;
  readonly parent_transaction?: number;
  readonly is_refund?: boolean;
  readonly order: PaymobOrder;
  readonly created_at: string;
  readonly currency: string;
  readonly error_occured: boolean;
  readonly owner: number;
  /** `type`: card, wallet, aggregator (kiosk); `pan`: the card's last digits or the wallet's number. */
  readonly source_data: { readonly pan: string; readonly sub_type: string; readonly type: string };
  readonly data: { readonly message: string; readonly txn_response_code?: string; readonly bill_reference?: number };
}

/** The processed callback's body: `POST { type: 'TRANSACTION', obj }` with `?hmac=`. */
export interface TransactionCallback {
  readonly type: 'TRANSACTION';
  readonly obj: PaymobTransaction;
}

export interface IntentionItem {
  readonly name: string;
  /** Piasters, as the intention's amount. */
  readonly amount: number;
  readonly description: string;
  readonly quantity: number;
}

export interface BillingData {
  readonly first_name: string;
  readonly last_name: string;
  readonly email: string;
  readonly phone_number: string;
  readonly [more: string]: string;
}

/** `POST /v1/intention/` with `Authorization: Token <secret key>`. */
export interface IntentionRequest {
  /** Piasters; the items must sum to it. */
  readonly amount: number;
  readonly currency: 'EGP';
  /** Integration ids, of the account's mode (test or live). */
  readonly payment_methods: readonly number[];
  readonly items: readonly IntentionItem[];
  readonly billing_data: BillingData;
  /** Unique per intention: the store's order id. */
  readonly special_reference: string;
  /** Seconds the intention (and a kiosk reference made from it) stays payable. */
  readonly expiration: number;
  readonly notification_url?: string;
  readonly redirection_url?: string;
  readonly extras?: Readonly<Record<string, string>>;
}

export interface IntentionAnswer {
  readonly id: string;
  readonly client_secret: string;
  readonly intention_order_id: number;
  readonly payment_keys: readonly { readonly integration: number; readonly key: string }[];
  readonly intention_detail: { readonly amount: number; readonly currency: string; readonly items: readonly IntentionItem[] };
  readonly special_reference: string;
  readonly status: string;
}

/**
 * The intention ("flash") callback: `POST { intention, transaction, hmac }`. Its HMAC covers the
 * intention's amount and id only; `transaction` is outside it.
 */
export interface IntentionCallback {
  readonly intention: {
    readonly id: string;
    readonly intention_order_id: number;
    readonly special_reference: string;
    readonly intention_detail: { readonly amount: number; readonly currency: string };
    readonly extras: { readonly creation_extras: Readonly<Record<string, string>> };
  };
  readonly transaction: PaymobTransaction;
  readonly hmac: string;
}

/** `POST /api/acceptance/payments/pay`: a wallet by its number, or a kiosk reference. */
export interface PayRequest {
  readonly source: { readonly identifier: string; readonly subtype: 'WALLET' | 'AGGREGATOR' };
  readonly payment_token: string;
}

/** The answer: the transaction made, with the wallet's approval page (`redirect_url`) for a wallet. */
export type PayAnswer = PaymobTransaction & { readonly redirect_url?: string };

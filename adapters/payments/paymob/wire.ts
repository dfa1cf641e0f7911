/**
 * Paymob Accept's answers as the adapter and the emulator both read and write them (legacy API).
 * Only the fields the store relies on are typed; Paymob sends many more.
 */
export interface PaymobOrder {
  readonly id: number;
  readonly created_at: string;
  readonly delivery_needed: boolean;
  readonly amount_cents: number;
  readonly currency: string;
  readonly merchant_order_id: string;
  readonly paid_amount_cents: number;
  readonly items: readonly { name: string; amount_cents: number; description: string; quantity: number }[];
}

/** One transaction, as the processed callback (`obj`) and the transaction inquiry answer carry it. */
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
  readonly is_3d_secure: boolean;
  readonly integration_id: number;
  readonly profile_id: number;
  readonly has_parent_transaction: boolean;
  readonly order: PaymobOrder;
  readonly created_at: string;
  readonly currency: string;
  readonly error_occured: boolean;
  readonly owner: number;
  readonly source_data: { readonly pan: string; readonly sub_type: string; readonly type: string };
  readonly data: { readonly message: string; readonly txn_response_code?: string };
}

/** The processed callback's body: `POST { type: 'TRANSACTION', obj }` with `?hmac=`. */
export interface TransactionCallback {
  readonly type: 'TRANSACTION';
  readonly obj: PaymobTransaction;
}

/** Paymob refuses a second order with the same merchant_order_id: 422 with this message. */
export const DUPLICATE = 'duplicate';

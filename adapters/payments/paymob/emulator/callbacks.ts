import { hmacMessage, intentionHmacMessage, nestedFields, signHmac } from '../hmac';
import { IntentionCallback, PaymobTransaction, TransactionCallback } from '../wire';
import { HeldIntention } from './ledger';
import { CallbackDelivery, CallbackShape } from './options';

/** The 20-field HMAC of a transaction, as Paymob computes it. */
export const signTransaction = (hmacSecret: string, t: PaymobTransaction): string => signHmac(hmacSecret, hmacMessage(nestedFields(t)) as string);

/** The transaction's fields as the browser's way back carries them: flattened, the order as `order`. */
export const flattenTransaction = (t: PaymobTransaction): Record<string, string> => ({
  id: String(t.id),
  pending: String(t.pending),
  amount_cents: String(t.amount_cents),
  success: String(t.success),
  is_auth: String(t.is_auth),
  is_capture: String(t.is_capture),
  is_standalone_payment: String(t.is_standalone_payment),
  is_voided: String(t.is_voided),
  is_refunded: String(t.is_refunded),
  is_3d_secure: String(t.is_3d_secure),
  integration_id: String(t.integration_id),
  profile_id: String(t.profile_id),
  has_parent_transaction: String(t.has_parent_transaction),
  order: String(t.order.id),
  created_at: t.created_at,
  currency: t.currency,
  error_occured: String(t.error_occured),
  owner: String(t.owner),
  merchant_order_id: t.order.merchant_order_id,
  'source_data.type': t.source_data.type,
  'source_data.pan': t.source_data.pan,
  'source_data.sub_type': t.source_data.sub_type,
  'data.message': t.data.message,
  txn_response_code: t.data.txn_response_code ?? '',
});

export const redirectQuery = (hmacSecret: string, t: PaymobTransaction): Record<string, string> => ({ ...flattenTransaction(t), hmac: signTransaction(hmacSecret, t) });

export const transactionCallback = (hmacSecret: string, t: PaymobTransaction) => ({
  rawBody: JSON.stringify({ type: 'TRANSACTION', obj: t } satisfies TransactionCallback),
  query: { hmac: signTransaction(hmacSecret, t) },
});

/** The intention ("flash") callback: signed over the intention's amount and id, in the body. */
export const intentionCallback = (hmacSecret: string, held: HeldIntention, t: PaymobTransaction) => {
  const body: IntentionCallback = {
    intention: {
      id: held.id,
      intention_order_id: held.order.id,
      special_reference: held.order.merchant_order_id,
      intention_detail: { amount: held.order.amount_cents, currency: held.order.currency },
      extras: { creation_extras: held.extras },
    },
    transaction: t,
    hmac: signHmac(hmacSecret, intentionHmacMessage(held.order.amount_cents, held.id)),
  };
  return { rawBody: JSON.stringify(body), query: {} as Record<string, string> };
};

export interface DeliverySettings {
  readonly delivery: CallbackDelivery;
  readonly lateMs: number;
  readonly shape: CallbackShape;
  readonly callbackUrl?: string;
}

/**
 * Sends the callbacks of a transaction to the store, as Paymob does after a payment or a refund:
 * in the shapes asked, once, twice or never, at once or late. The store being down is its own
 * affair: Paymob does not fail a payment for it.
 */
export class Deliveries {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly sending = new Set<Promise<void>>();

  constructor(
    private readonly hmacSecret: string,
    private readonly settings: () => DeliverySettings,
  ) {}

  send(held: HeldIntention, t: PaymobTransaction): void {
    const { delivery, lateMs, shape, callbackUrl } = this.settings();
    const url = held.notificationUrl ?? callbackUrl;
    if (!url || delivery === 'never') return;
    const callbacks = [
      ...(shape !== 'intention' ? [transactionCallback(this.hmacSecret, t)] : []),
      ...(shape !== 'transaction' ? [intentionCallback(this.hmacSecret, held, t)] : []),
    ];
    for (let time = 0; time < (delivery === 'twice' ? 2 : 1); time++) {
      for (const callback of callbacks) {
        const post = () => this.post(url, callback);
        if (lateMs <= 0) post();
        else {
          const timer = setTimeout(() => (this.timers.delete(timer), post()), lateMs);
          this.timers.add(timer);
        }
      }
    }
  }

  /** Resolves once every callback due so far has been delivered or has failed. */
  async delivered(): Promise<void> {
    while (this.sending.size > 0) await Promise.all([...this.sending]);
  }

  close(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private post(url: string, callback: { rawBody: string; query: Record<string, string> }): void {
    const query = new URLSearchParams(callback.query).toString();
    const sent = fetch(query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: callback.rawBody,
      signal: AbortSignal.timeout(10_000),
    })
      .then((response) => response.arrayBuffer())
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => this.sending.delete(sent));
    this.sending.add(sent);
  }
}

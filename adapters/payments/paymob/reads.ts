import { PaymobApi } from './api';
import { nestedFields } from './hmac';
import { isOk, refused } from './http';
import { TransactionFacts, transactionFacts } from './outcome';

/** Paymob's own, authenticated answer about a transaction: every field of it can be believed. */
export type Read =
  | { readonly kind: 'found'; readonly facts: TransactionFacts }
  /** Paymob knows no such transaction (an order nobody has tried to pay yet). */
  | { readonly kind: 'none' }
  | { readonly kind: 'unavailable'; readonly reason: string };

const readOf = async (reply: ReturnType<PaymobApi['get']>, what: string): Promise<Read> => {
  const answer = await reply;
  if (answer.kind === 'answer' && answer.status === 404) return { kind: 'none' };
  if (!isOk(answer)) return { kind: 'unavailable', reason: refused(answer, what) };
  const facts = transactionFacts(nestedFields(answer.body));
  return facts ? { kind: 'found', facts } : { kind: 'unavailable', reason: `Paymob answered ${what} with an unreadable transaction.` };
};

/** The latest payment of a Paymob order (the transaction inquiry): 404 while nobody has tried to pay. */
export const latestPaymentOf = (api: PaymobApi, paymobOrderId: string): Promise<Read> =>
  readOf(api.post('/api/ecommerce/orders/transaction_inquiry', { order_id: Number(paymobOrderId) }), 'the transaction inquiry');

/** One transaction by its id (a payment, or a refund with its parent). */
export const transactionById = (api: PaymobApi, transactionId: string): Promise<Read> =>
  readOf(api.get(`/api/acceptance/transactions/${encodeURIComponent(transactionId)}`), `transaction ${transactionId}`);

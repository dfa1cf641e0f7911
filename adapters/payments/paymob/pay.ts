import { NextStep } from '../../../core/ordering/ports/payment-gateway';
import { PaymobApi } from './api';
import { field, isOk, refused } from './http';
import { KIOSK_SECONDS } from './intention';
import { PayRequest } from './wire';

export const KIOSK_PAY_TO = 'Aman or Masary kiosk';

type Failed = { readonly kind: 'refused' | 'unavailable'; readonly reason: string };

const pay = (api: PaymobApi, request: PayRequest) => api.withPaymentKey('/api/acceptance/payments/pay', request);

/** Paymob's addresses are absolute; the emulator's are relative to where it is mounted. Only http(s) is followed. */
const addressOf = (baseUrl: string, url: string): string | undefined => {
  try {
    const address = new URL(url, `${baseUrl.replace(/\/+$/, '')}/`);
    return address.protocol === 'https:' || address.protocol === 'http:' ? address.href : undefined;
  } catch {
    return undefined;
  }
};

/**
 * A wallet payment: Paymob asks the wallet (by its number) to approve, and answers the page where
 * the buyer does (OTP or the wallet's app). No page means the number is no wallet.
 */
export const payByWallet = async (api: PaymobApi, baseUrl: string, paymentKey: string, phone: string): Promise<Extract<NextStep, { kind: 'redirect' }> | Failed> => {
  const reply = await pay(api, { source: { identifier: phone, subtype: 'WALLET' }, payment_token: paymentKey });
  if (!isOk(reply)) return { kind: 'unavailable', reason: refused(reply, 'the wallet payment') };
  const url = field(reply.body, 'redirect_url');
  const page = typeof url === 'string' && url ? addressOf(baseUrl, url) : undefined;
  if (page) return { kind: 'redirect', url: page };
  return { kind: 'refused', reason: `No mobile wallet answers on ${phone}: check the number, or choose another way to pay.` };
};

/**
 * A kiosk reference: the buyer pays it in cash at an Aman or Masary kiosk until the intention
 * expires (its `expiration`, counted from when it was made).
 */
export const payAtKiosk = async (api: PaymobApi, paymentKey: string, intentionMadeAt: number): Promise<Extract<NextStep, { kind: 'offline' }> | Failed> => {
  const reply = await pay(api, { source: { identifier: 'AGGREGATOR', subtype: 'AGGREGATOR' }, payment_token: paymentKey });
  if (!isOk(reply)) return { kind: 'unavailable', reason: refused(reply, 'the kiosk reference') };
  const bill = field(field(reply.body, 'data'), 'bill_reference');
  const reference = typeof bill === 'number' || (typeof bill === 'string' && /^\d+$/.test(bill)) ? String(bill) : undefined;
  if (!reference) return { kind: 'unavailable', reason: 'Paymob answered the kiosk payment without a bill reference.' };
  return { kind: 'offline', payAt: { reference, expiresAt: new Date(intentionMadeAt + KIOSK_SECONDS * 1000).toISOString(), payTo: KIOSK_PAY_TO, place: 'kiosk' } };
};

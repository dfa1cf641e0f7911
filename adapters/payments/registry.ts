import type { PaymentProvider } from './provider';
import { paymob } from './paymob';
import { paypal } from './paypal';
import { transfer } from './transfer';

/**
 * Every payment provider the store can take payments through, in the order the checkout lists them.
 * Adding one is a folder with its descriptor (adapters/payments/provider.ts) and one line here.
 */
export const PAYMENT_PROVIDERS: readonly PaymentProvider<unknown>[] = [paypal, paymob, transfer];

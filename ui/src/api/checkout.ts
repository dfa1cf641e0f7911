/**
 * The checkout and payment calls, apart from the rest of the client so that they load with the
 * checkout screens, not with the home page.
 */
import type { PublicProduct as Product } from '../../../api/catalog';
import type { CheckoutRequest, NextStepData, OrderData, PaymentSettings, StartPaymentRequest } from '../../../api/ordering';
import type { AnswerOf } from '../../../api/schemas';
import { call } from './client';

export type { CheckoutRequest, NextStepData, OrderData, PaymentSettings, ProviderSettings, StartPaymentRequest } from '../../../api/ordering';
export type CaptureOutcome = Omit<AnswerOf<'capturePayPalOrder'>, 'success'>;

/** Checkout and payment (spec section 7): requests name products; the server prices them. */
export const checkoutApi = {
  async product(id: string): Promise<Product> {
    const r = await call('checkoutProduct', { params: { id } });
    return r.productDetails;
  },

  /** The registered payment providers, their methods and the components that pay through them. */
  async settings(): Promise<PaymentSettings> {
    const r = await call('paymentSettings');
    return { providers: r.providers };
  },

  /** Any provider's method: the buyer's next step, or for a free order none and the order already paid. */
  async startPayment(request: StartPaymentRequest): Promise<{ next?: NextStepData; order: OrderData }> {
    const r = await call('startPayment', { body: request });
    return { next: r.next, order: r.order };
  },

  /** Paymob's frame to embed, or for a free order no frame and the order already paid. */
  async pay(checkout: CheckoutRequest): Promise<{ iframeUrl?: string; order: OrderData }> {
    const r = await call('pay', { body: { ...checkout, name: checkout.name ?? '' } });
    return { iframeUrl: r.iframeUrl, order: r.order };
  },

  /** PayPal's order id for the buttons. */
  async createPayPalOrder(checkout: CheckoutRequest): Promise<{ id?: string; order: OrderData }> {
    const r = await call('createPayPalOrder', { body: checkout });
    return { id: r.id, order: r.order };
  },

  /** One order of the signed-in buyer, for the result page after Paymob's redirect (which names only its id). */
  async order(orderId: string): Promise<OrderData> {
    const r = await call('order', { params: { orderId } });
    return r.order;
  },

  async capturePayPalOrder(orderID: string): Promise<CaptureOutcome> {
    const r = await call('capturePayPalOrder', { body: { orderID } });
    return { message: r.message, result: r.result, redirect: r.redirect, restart: r.restart };
  },
};

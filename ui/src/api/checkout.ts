/**
 * The checkout and payment calls, apart from the rest of the client so that they load with the
 * checkout screens, not with the home page.
 */
import type { PublicProduct as Product } from '../../../api/catalog';
import type { CheckoutRequest, NextStepData, OrderData, PaymentSettings, StartPaymentRequest } from '../../../api/ordering';
import type { AnswerOf } from '../../../api/schemas';
import { ApiError, call } from './client';

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

  /**
   * One order of the signed-in buyer, for the result page after Paymob's redirect (which names only
   * its id); signed out, the guest order this browser started or its library holds (DECISIONS 25).
   */
  async order(orderId: string): Promise<OrderData> {
    try {
      return (await call('order', { params: { orderId } })).order;
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 401) throw error;
      return (await call('guestOrder', { params: { orderId } })).order;
    }
  },

  async capturePayPalOrder(orderID: string): Promise<CaptureOutcome> {
    const r = await call('capturePayPalOrder', { body: { orderID } });
    return { message: r.message, code: r.code, result: r.result, redirect: r.redirect, restart: r.restart };
  },
};

/** What a checkout screen calls: a signed-in buyer's calls, or a guest's. */
export type CheckoutCalls = Pick<typeof checkoutApi, 'startPayment' | 'pay' | 'createPayPalOrder' | 'capturePayPalOrder'>;

/**
 * A guest's checkout (DECISIONS 25): the same steps through the guest's own calls, which take a
 * name and an address and no account. Paymob's frame and PayPal's order are the start call's next step.
 */
export const guestCheckoutApi: CheckoutCalls = {
  async startPayment(request) {
    const r = await call('guestStartPayment', { body: request });
    return { next: r.next, order: r.order };
  },

  async pay(checkout) {
    const { next, order } = await guestCheckoutApi.startPayment({ ...checkout, name: checkout.name ?? '', provider: 'paymob', method: 'card' });
    return { iframeUrl: next?.kind === 'frame' ? next.url : undefined, order };
  },

  async createPayPalOrder(checkout) {
    const { next, order } = await guestCheckoutApi.startPayment({ ...checkout, name: checkout.name ?? '', provider: 'paypal', method: 'paypal' });
    return { id: next?.kind === 'buttons' ? next.reference : undefined, order };
  },

  async capturePayPalOrder(orderID) {
    const r = await call('guestCapture', { body: { orderID } });
    return { message: r.message, code: r.code, result: r.result, redirect: r.redirect, restart: r.restart };
  },
};

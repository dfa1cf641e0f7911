import { z } from 'zod';
import { publicProduct } from './catalog';
import { answer } from './envelope';

/**
 * Checkout, payment and delivery calls (spec section 7, DECISIONS 13-15, 20). Requests name
 * products, never prices: the server prices every order from its catalogue.
 */

/** What the checkout form sends: one product (Buy now) by its id, or the whole cart without one. */
export const checkoutRequest = z.object({
  name: z.string(),
  email: z.string(),
  productId: z.string().optional(),
});
export type CheckoutRequest = z.infer<typeof checkoutRequest>;

/** GET /api/checkout/productdetails/:id */
export const checkoutProductAnswer = answer({ productDetails: publicProduct });

/** How the store pays today, for the checkout page: PayPal's script address and whether a provider is the local test one. */
export const paymentSettings = z
  .object({
    paypal: z.object({ clientId: z.string(), sdkBaseUrl: z.string().optional(), test: z.boolean() }).strict(),
    paymob: z.object({ test: z.boolean() }).strict(),
  })
  .strict();
export type PaymentSettings = z.infer<typeof paymentSettings>;
/** GET /api/payment/settings */
export const paymentSettingsAnswer = answer({ settings: paymentSettings });

/** The order a checkout made, as its result page needs it. */
export const orderData = z
  .object({
    orderId: z.string(),
    orderNumber: z.string(),
    status: z.enum(['pending', 'paid', 'failed']),
    total: z.number(),
    currency: z.enum(['USD', 'EGP']),
  })
  .strict();
export type OrderData = z.infer<typeof orderData>;

/**
 * POST /api/checkout/pay (Paymob): the frame to embed, or for a free order no frame and the order
 * already paid.
 */
export const payAnswer = answer({ message: z.string(), iframeUrl: z.string().optional(), order: orderData });

/** POST /api/paypal/create-order: PayPal's order id for the buttons, or a free order already paid. */
export const createOrderAnswer = answer({ message: z.string(), id: z.string().optional(), order: orderData });

/**
 * GET /api/orders/:orderId: one order of the signed-in buyer, as its result page shows it (after
 * Paymob's redirect, which names the order and nothing else); anyone else's is a 404.
 */
export const orderAnswer = answer({ order: orderData });

/** POST /api/paypal/capture-order { orderID } */
export const captureRequest = z.object({ orderID: z.string() });
/**
 * Paid; or still pending, with `redirect` when the buyer must go back to PayPal (the browser
 * follows it after 1.5 s) or `restart` when the card was declined and the buyer may pick another
 * in PayPal's window (the buttons' actions.restart()). A payment refused for good is a failure
 * (402, 'Payment failed. Please try again.'); a provider that cannot be reached, 503.
 */
export const captureAnswer = answer({
  message: z.string(),
  result: orderData,
  redirect: z.string().optional(),
  restart: z.boolean().optional(),
});

/**
 * A product of an order in its owner's profile; the download only once the order is delivered:
 * a link of this store (it checks the owner, then sends the browser on) and the file's password.
 */
export const orderedProduct = z
  .object({
    _id: z.string(),
    title: z.string(),
    price: z.number(),
    download: z.object({ url: z.string(), password: z.string() }).strict().optional(),
  })
  .strict();

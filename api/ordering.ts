import { z } from 'zod';
import { lineFiles } from './delivery';
import { NO_PRODUCTS_NAMED, ORDER_MAX_PRODUCTS, ORDER_STATUSES, TOO_MANY_PRODUCTS } from '../core/ordering/domain/order';
import { PAY_PLACES } from '../core/ordering/domain/pay-places';
import { publicProduct } from './catalog';
import { answer } from './envelope';
import { ignored, textField } from './fields';

/**
 * Checkout, payment and delivery calls (spec section 7, DECISIONS 13-15, 20). Requests name
 * products, never prices: the server prices every order from its catalogue.
 */

/** A product a checkout names: the spec's `items` (name, price, productId) or the cart item shape (productId, price, priceEGP, name). */
const checkoutItem = z
  .object({
    productId: textField('productId', { max: 100, missing: 'Each item needs its productId', notText: 'productId must be a product id', tooLong: 'Product not found' }),
    name: ignored,
    price: ignored,
    priceEGP: ignored,
  })
  .strict();

/**
 * What a checkout sends (spec section 7): `items` names the products bought (the store's own
 * form may name one as `productId`); neither means the signed-in user's cart. Prices, amounts and
 * user ids are accepted and never read (DECISIONS 14).
 */
const checkoutFields = {
  items: z
    .array(checkoutItem, { error: 'items must be a list of products' })
    .min(1, NO_PRODUCTS_NAMED)
    .max(ORDER_MAX_PRODUCTS, TOO_MANY_PRODUCTS)
    .optional(),
  productId: textField('productId', { max: 100, tooLong: 'Product not found' }).optional(),
  name: textField('name', { missing: 'Name is required' }),
  email: textField('email', { missing: 'Email is required' }),
  /** A coupon code (issue 21): the server checks it and prices the order with it. */
  coupon: textField('coupon', { max: 40, tooLong: 'This coupon code does not exist' }).optional(),
  paymentmethod: ignored,
  price: ignored,
  amount: ignored,
  userId: ignored,
};
const oneWayOfNaming = (body: { items?: unknown; productId?: unknown }) => body.items === undefined || body.productId === undefined;
const NAMED_TWICE_OVER = 'Name the products in items or in productId, not both';
/** POST /api/checkout/pay */
export const payRequest = z.object(checkoutFields).strict().refine(oneWayOfNaming, NAMED_TWICE_OVER);
/** POST /api/paypal/create-order: the spec's carries no name. */
export const createOrderRequest = z
  .object({ ...checkoutFields, name: textField('name').optional() })
  .strict()
  .refine(oneWayOfNaming, NAMED_TWICE_OVER);
/**
 * POST /api/checkout/start: any registered provider and one of its methods (the spec's
 * /api/checkout/pay and /api/paypal/create-order are this call with the provider fixed); `phone`
 * for a method that asks for one (a mobile wallet).
 */
export const startPaymentRequest = z
  .object({
    ...checkoutFields,
    provider: textField('provider', { max: 50, missing: 'Please select a payment method' }),
    method: textField('method', { max: 50, missing: 'Please select a payment method' }),
    phone: textField('phone', { max: 30 }).optional(),
  })
  .strict()
  .refine(oneWayOfNaming, NAMED_TWICE_OVER);
/** The products a checkout names, or undefined for the cart. */
export const productIdsOf = (body: { items?: readonly { productId: string }[]; productId?: string }): string[] | undefined =>
  body.items?.map((item) => item.productId) ?? (body.productId === undefined ? undefined : [body.productId]);
export type CheckoutRequest = z.input<typeof createOrderRequest>;
export type StartPaymentRequest = z.input<typeof startPaymentRequest>;

/** GET /api/checkout/productdetails/:id */
export const checkoutProductAnswer = answer({ productDetails: publicProduct });

/**
 * A payment provider as the checkout offers it (one per registered provider, adapters/payments):
 * the component that pays through it, its methods (`egypt`: Egypt's own, listed first for visitors
 * in Egypt, DECISIONS 24), whether it is the local test one (DECISIONS 20), and the public settings
 * its component needs (PayPal's client id and script address). `client` holds what the provider's
 * descriptor gives as public, and nothing else.
 */
export const providerSettings = z
  .object({
    name: z.string(),
    label: z.string(),
    currency: z.enum(['USD', 'EGP']),
    test: z.boolean(),
    component: z.string(),
    methods: z.array(z.object({ name: z.string(), label: z.string(), egypt: z.literal(true).optional() }).strict()),
    client: z.record(z.string(), z.string()).optional(),
  })
  .strict();
export type ProviderSettings = z.infer<typeof providerSettings>;
export const paymentSettings = z.object({ providers: z.array(providerSettings) }).strict();
export type PaymentSettings = z.infer<typeof paymentSettings>;
/** GET /api/payment/settings */
export const paymentSettingsAnswer = answer({ providers: z.array(providerSettings) });

/** The order a checkout made, as its result page needs it. */
export const orderData = z
  .object({
    orderId: z.string(),
    orderNumber: z.string(),
    status: z.enum(ORDER_STATUSES),
    total: z.number(),
    currency: z.enum(['USD', 'EGP']),
    /** The coupon used and what it took off (issue 21). */
    coupon: z.object({ code: z.string(), discount: z.number() }).strict().optional(),
  })
  .strict();
export type OrderData = z.infer<typeof orderData>;

/**
 * POST /api/checkout/pay (Paymob): the frame to embed, or for a free order no frame and the order
 * already paid.
 */
export const payAnswer = answer({ message: z.string(), iframeUrl: z.string().optional(), order: orderData });

/**
 * What the buyer does next (core's NextStep): pay in the provider's frame, go to its page and come
 * back, approve in its buttons (which know the payment by `reference`), or pay away from the store
 * against a reference until it expires.
 */
/** Where and against what a buyer pays away from the store (a kiosk's bill reference, a transfer's code). */
export const payAt = z.object({ reference: z.string(), expiresAt: z.string().optional(), payTo: z.string().optional(), place: z.enum(PAY_PLACES).optional() }).strict();

export const nextStep = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('frame'), url: z.string() }).strict(),
  z.object({ kind: z.literal('redirect'), url: z.string() }).strict(),
  z.object({ kind: z.literal('buttons'), reference: z.string() }).strict(),
  z
    .object({
      kind: z.literal('offline'),
      payAt,
    })
    .strict(),
]);
export type NextStepData = z.infer<typeof nextStep>;

/** POST /api/checkout/start: the order and the buyer's next step; a free order comes back paid, with none. */
export const startPaymentAnswer = answer({ message: z.string(), order: orderData, next: nextStep.optional() });

/** POST /api/paypal/create-order: PayPal's order id for the buttons, or a free order already paid. */
export const createOrderAnswer = answer({ message: z.string(), id: z.string().optional(), order: orderData });

/**
 * GET /api/orders/:orderId: one order of the signed-in buyer, as its result page shows it (after
 * Paymob's redirect, which names the order and nothing else); anyone else's is a 404.
 */
export const orderAnswer = answer({ order: orderData });

/** POST /api/paypal/capture-order { orderID } */
export const captureRequest = z.object({ orderID: textField('orderID', { max: 100, missing: 'orderID is required' }) }).strict();
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
    /** Its money went back: no download any more. */
    refunded: z.boolean().optional(),
    download: z.object({ url: z.string(), password: z.string() }).strict().optional(),
    /** The product's own files (issue 19), each downloaded through a fresh link of the store. */
    files: lineFiles.optional(),
  })
  .strict();

/** POST /api/payments/<provider>/orders/:orderId/receipt (multipart, one image under 'receipt'): the buyer's transfer receipt. */
export const RECEIPT_RECEIVED = 'Receipt received. We will check your transfer and e-mail you.';
export const receiptAnswer = answer({ message: z.string(), uploadedAt: z.string() });

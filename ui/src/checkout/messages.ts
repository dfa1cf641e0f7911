/** What the payment step says (spec section 8, Payment; DECISIONS 20), and its timings (spec section 9). */
export const PAYMENT_INIT_FAILED = 'Payment initialization failed';
export const PAYMENT_FAILED = 'Payment failed. Please try again.';
export const PAYPAL_LOAD_FAILED = 'Failed to load PayPal. Please refresh the page or try another payment method.';
export const PAYPAL_CREATE_FAILED = 'Failed to create PayPal order. Please try again.';
export const PAYMENT_CANCELLED = 'Payment was cancelled. Please try again if you wish to complete your purchase.';
export const PAYMENT_ERROR = 'Payment processing error. Please try another method or contact support.';
export const PAYPAL_UNAVAILABLE = 'PayPal payment method is not available in your region. Please choose another payment method.';
export const PAYMENT_DECLINED = 'Payment was declined. Please try another payment method.';
export const PAYPAL_BUTTONS_FAILED = 'Unable to load PayPal buttons. Please refresh the page or try another payment method.';
export const PAYPAL_REDIRECTING = 'PayPal needs one more step from you. Taking you back to PayPal…';
export const TEST_PAYMENT = 'Test payment, no money moves';

/** A payment made away from the store (a kiosk, a transfer): where the order waits meanwhile. */
export const OFFLINE_WAITS =
  'Your order waits in the Orders section of your profile until the payment arrives, and we have e-mailed you the same details.';

/** PayPal's script: up to 3 attempts, 2 s apart; a capture's redirect is followed after 1.5 s. */
export const SCRIPT_ATTEMPTS = 3;
export const SCRIPT_RETRY_MS = 2000;
export const REDIRECT_DELAY_MS = 1500;

/** Paymob's frame: 600 px high at 768 px wide or narrower, 550 px otherwise. */
export const frameHeight = (viewportWidth: number): number => (viewportWidth <= 768 ? 600 : 550);

export const SUCCESS_PATH = '/Paymentsuccess';
export const FAILED_PATH = '/PaymentFailed';

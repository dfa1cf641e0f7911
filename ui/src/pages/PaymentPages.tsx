/** The payment result pages, one chunk for the three routes (they follow each other). */
export { default as AfterPaymentPage } from './AfterPaymentPage';
export { default as PaymentSuccessPage } from './PaymentSuccessPage';
export { default as PaymentFailedPage } from './PaymentFailedPage';

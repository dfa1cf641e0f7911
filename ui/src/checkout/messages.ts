/**
 * The payment step's timings (spec section 9) and result addresses. What it says (spec section 8,
 * Payment; DECISIONS 20) is in the 'checkout' catalogue, under `says`.
 */

/** PayPal's script: up to 3 attempts, 2 s apart; a capture's redirect is followed after 1.5 s. */
export const SCRIPT_ATTEMPTS = 3;
export const SCRIPT_RETRY_MS = 2000;
export const REDIRECT_DELAY_MS = 1500;

/** Paymob's frame: 600 px high at 768 px wide or narrower, 550 px otherwise. */
export const frameHeight = (viewportWidth: number): number => (viewportWidth <= 768 ? 600 : 550);

export const SUCCESS_PATH = '/Paymentsuccess';
export const FAILED_PATH = '/PaymentFailed';

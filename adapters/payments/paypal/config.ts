/** What the PayPal adapter needs to talk to PayPal (or to its local emulator). */
export interface PayPalConfig {
  /** https://api-m.sandbox.paypal.com, https://api-m.paypal.com, or the emulator's base URL. */
  readonly baseUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** The id PayPal gave the store's webhook when it was registered: signatures are checked against it. */
  readonly webhookId: string;
  /** How long one call to PayPal may take before the adapter answers `unavailable`. */
  readonly timeoutMs: number;
}

export type PayPalEnvironment = 'sandbox' | 'live';

const BASE_URLS: Record<PayPalEnvironment, string> = {
  sandbox: 'https://api-m.sandbox.paypal.com',
  live: 'https://api-m.paypal.com',
};

/** `PAYPAL_ENV=sandbox|live` as PayPal's REST base URL; sandbox unless live is said in so many words. */
export const paypalBaseUrl = (environment: string | undefined): string =>
  environment === 'live' ? BASE_URLS.live : BASE_URLS.sandbox;

export const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * The adapter's settings from PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET, PAYPAL_WEBHOOK_ID and PAYPAL_ENV,
 * or undefined when the credentials are absent (the store then serves its local emulator).
 */
export const paypalConfigFromEnv = (env: Readonly<Record<string, string | undefined>>): PayPalConfig | undefined => {
  const { PAYPAL_CLIENT_ID: clientId, PAYPAL_CLIENT_SECRET: clientSecret, PAYPAL_WEBHOOK_ID: webhookId } = env;
  if (!clientId || !clientSecret || !webhookId) return undefined;
  if (env.PAYPAL_ENV !== undefined && env.PAYPAL_ENV !== 'sandbox' && env.PAYPAL_ENV !== 'live') {
    throw new Error(`PAYPAL_ENV must be sandbox or live, not ${env.PAYPAL_ENV}`);
  }
  return { baseUrl: paypalBaseUrl(env.PAYPAL_ENV), clientId, clientSecret, webhookId, timeoutMs: DEFAULT_TIMEOUT_MS };
};

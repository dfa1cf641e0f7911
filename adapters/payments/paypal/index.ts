import { randomBytes } from 'node:crypto';
import type { PaymentProvider } from '../provider';
import { allOrNone, invalidSetting } from '../settings';
import { DEFAULT_TIMEOUT_MS, PayPalConfig, paypalBaseUrl } from './config';
import { paypalEmulator } from './emulator';
import { PayPalGateway } from './gateway';

const CREDENTIALS = ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID'] as const;

/** PayPal's JS SDK, its buttons' frames and its API calls (developer.paypal.com/sdk/js/best-practices). */
const PAYPAL_HOSTS = ['https://www.paypal.com', 'https://*.paypal.com', 'https://*.paypalobjects.com'];

const secret = () => randomBytes(16).toString('hex');

/** PayPal (Orders v2) in USD: the buyer approves in PayPal's buttons, the store captures. */
export const paypal: PaymentProvider<PayPalConfig> = {
  name: 'paypal',
  label: 'PayPal',
  currency: 'USD',
  // The spec's text for its radio button.
  methods: () => [{ name: 'paypal', label: 'PayPal (wallet and credit cards)' }],

  settings: CREDENTIALS,
  optionalSettings: ['PAYPAL_ENV'],
  settingsFrom(env) {
    const environment = env.PAYPAL_ENV;
    if (environment !== undefined && environment !== 'sandbox' && environment !== 'live') throw invalidSetting('PAYPAL_ENV', 'must be sandbox or live');
    const given = allOrNone(env, CREDENTIALS);
    return (
      given && {
        baseUrl: paypalBaseUrl(environment),
        clientId: given.PAYPAL_CLIENT_ID,
        clientSecret: given.PAYPAL_CLIENT_SECRET,
        webhookId: given.PAYPAL_WEBHOOK_ID,
        timeoutMs: DEFAULT_TIMEOUT_MS,
      }
    );
  },

  gateway: (config) => new PayPalGateway(config),

  emulator({ publicUrl, prefix, routes }) {
    const baseUrl = `${publicUrl}${prefix}`;
    const config: PayPalConfig = { baseUrl, clientId: `test-${secret()}`, clientSecret: secret(), webhookId: `WH-${secret()}`, timeoutMs: DEFAULT_TIMEOUT_MS };
    const emulator = paypalEmulator({
      clientId: config.clientId,
      clientSecret: config.clientSecret,
      webhookId: config.webhookId,
      prefix,
      publicBaseUrl: baseUrl,
      webhookUrl: routes('/webhook'),
    });
    return { config, router: emulator.router, close: emulator.close };
  },

  // PayPal's webhooks: captures completed, declined, pending, refunded, reversed.
  routes(router, { notification }) {
    router.post('/webhook', notification);
  },
  aliases: { '/webhook': '/api/paypal/webhook' },

  csp: {
    // PayPal's real SDK writes the style of its buttons' container inline, and documents
    // 'unsafe-inline' for style-src; the emulator and the store's own UI need none.
    real: { 'script-src': PAYPAL_HOSTS, 'connect-src': PAYPAL_HOSTS, 'frame-src': PAYPAL_HOSTS, 'style-src': [...PAYPAL_HOSTS, "'unsafe-inline'"] },
  },

  ui: {
    component: 'paypal-buttons',
    // The emulator serves the SDK's stand-in beside its API; the real SDK is PayPal's default address.
    client: (config, { test }) => ({ clientId: config.clientId, ...(test ? { sdkBaseUrl: `${config.baseUrl}/sdk/js` } : {}) }),
  },
};

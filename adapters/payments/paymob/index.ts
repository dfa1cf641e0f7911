import { randomBytes } from 'node:crypto';
import type { PaymentProvider } from '../provider';
import { allOrNone, positiveWhole } from '../settings';
import { paymobEmulator } from './emulator';
import { PaymobConfig, PaymobGateway } from './gateway';

// Issue 18 under way: the Intention API's settings move to paymob/config.ts (paymobSettingsFrom).
const CREDENTIALS = ['PAYMOB_API_KEY', 'PAYMOB_INTEGRATION_ID', 'PAYMOB_IFRAME_ID', 'PAYMOB_HMAC_SECRET'] as const;

const secret = () => randomBytes(16).toString('hex');

/** Paymob Accept in EGP: the card page framed in the checkout, HMAC-signed callbacks and returns. */
export const paymob: PaymentProvider<PaymobConfig> = {
  name: 'paymob',
  label: 'Paymob',
  currency: 'EGP',
  // The spec's text for its radio button.
  methods: () => [{ name: 'card', label: 'Credit card (Paymob)' }],

  settings: CREDENTIALS,
  settingsFrom(env) {
    const given = allOrNone(env, CREDENTIALS);
    return (
      given && {
        apiKey: given.PAYMOB_API_KEY,
        integrationId: positiveWhole('PAYMOB_INTEGRATION_ID', given.PAYMOB_INTEGRATION_ID),
        iframeId: given.PAYMOB_IFRAME_ID,
        hmacSecret: given.PAYMOB_HMAC_SECRET,
      }
    );
  },

  gateway: (config) => new PaymobGateway(config),

  emulator({ publicUrl, prefix, routes }) {
    const config = { baseUrl: `${publicUrl}${prefix}`, apiKey: secret(), hmacSecret: secret(), integrationId: 4_000_001, iframeId: 800_001 };
    const emulator = paymobEmulator({
      apiKey: config.apiKey,
      hmacSecret: config.hmacSecret,
      integrationId: config.integrationId,
      iframeId: config.iframeId,
      prefix,
      callbackUrl: routes('/callback'),
      responseUrl: routes('/response'),
    });
    return { config, router: emulator.router, close: () => emulator.control.close() };
  },

  routes(router, { notification, returned }) {
    // The transaction processed callback, server to server.
    router.post('/callback', notification);
    // The browser, sent back by Paymob's frame with the transaction's fields and their HMAC: success
    // only when the order the signature names is paid by it (ConfirmPayment.returned). A success names
    // the store's order, so that its result page can ask for its number and amount (GET
    // /api/orders/:orderId, for its buyer only): the query carries the id, never an amount.
    router.get('/response', async (ctx) => {
      const paid = await returned(ctx);
      ctx.set('Cache-Control', 'no-store');
      ctx.redirect(paid ? `/afterpayment?success=true&order=${encodeURIComponent(paid.id)}` : '/afterpayment?success=false');
    });
  },
  aliases: { '/callback': '/api/paymob/callback', '/response': '/api/paymob/response' },

  // Paymob's hosted card page, framed by the checkout; its emulator's pages are framed the same way.
  csp: { real: { 'frame-src': ['https://accept.paymob.com'] }, framedEmulatorPages: '/' },

  ui: { component: 'frame' },
};

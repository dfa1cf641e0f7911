import type { PaymentProvider } from '../provider';
import { PAYMOB_INTEGRATION_SETTINGS, PAYMOB_KEYS, PaymobMethod, methodsOf, paymobSettingsFrom } from './config';
import { emulatedPaymobSettings, paymobEmulator } from './emulator';
import { PaymobGateway, PaymobGatewayConfig } from './gateway';

/** The radio buttons' texts: the card's is the spec's; the others are Egypt's own ways of paying (DECISIONS 24). */
const LABELS: Record<PaymobMethod, string> = {
  card: 'Credit card (Paymob)',
  wallet: 'Mobile wallet (Vodafone Cash, Orange Cash, e& money, WE Pay)',
  kiosk: 'Cash at an Aman or Masary kiosk',
  instalments: 'Instalments (valU, bank instalments)',
};

/**
 * Paymob (Egypt) through its Intention API, in EGP: the card and instalments in Unified Checkout
 * framed in the checkout, a wallet on its approval page, cash against a kiosk reference; both
 * callback shapes HMAC-verified. Only the methods whose integration ids are set are offered.
 */
export const paymob: PaymentProvider<PaymobGatewayConfig> = {
  name: 'paymob',
  label: 'Paymob',
  currency: 'EGP',
  methods: (config) => methodsOf(config.integrations).map((method) => ({ name: method, label: LABELS[method], ...(method === 'card' ? {} : { regions: ['EG'] }) })),

  settings: PAYMOB_KEYS,
  optionalSettings: [...Object.values(PAYMOB_INTEGRATION_SETTINGS), 'PAYMOB_BASE_URL'],
  settingsFrom: paymobSettingsFrom,

  // Each intention names the store's callback and way back, so the integrations need not (DECISIONS 19).
  gateway: (config, deps) => new PaymobGateway({ notificationUrl: deps.routeUrl('/callback'), redirectionUrl: deps.routeUrl('/response'), ...config }),

  emulator({ publicUrl, prefix, routes }) {
    const config = emulatedPaymobSettings(`${publicUrl}${prefix}`);
    const emulator = paymobEmulator({ ...config, prefix, callbackUrl: routes('/callback'), responseUrl: routes('/response') });
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

import Router from '@koa/router';
import type { PaymentProvider } from '../provider';
import { EXAMPLE_DETAILS, TRANSFER_SETTINGS, TransferConfig, transferSettingsFrom } from './config';
import { TransferGateway } from './gateway';

/**
 * InstaPay or wallet-to-wallet transfer, by hand (issue 18, item 4; PROVIDERS.md): InstaPay has no
 * merchant API, so the buyer transfers the exact amount against the order's reference, sends the
 * receipt, and the admin approves or rejects in Customer Orders. Off unless the owner sets where
 * the money goes; a test store shows example details, marked as such.
 */
export const transfer: PaymentProvider<TransferConfig> = {
  name: 'transfer',
  label: 'InstaPay or wallet transfer',
  currency: 'EGP',
  methods: () => [{ name: 'transfer', label: 'InstaPay or wallet transfer', regions: ['EG'] }],

  settings: TRANSFER_SETTINGS,
  settingsFrom: transferSettingsFrom,
  offUnlessConfigured: true,

  gateway: (config, { clock }) => new TransferGateway(config, clock),

  // Nothing to stand in for: there is no provider to call. The descriptor needs an emulator for
  // test mode, so it is an empty router with the example details as its configuration.
  emulator: ({ prefix }) => ({ config: EXAMPLE_DETAILS, router: new Router({ prefix }), close: () => {} }),

  routes(router, { receipt }) {
    // The buyer's receipt for their order (multipart, field 'receipt'): checked as a cover image, kept privately.
    router.post('/orders/:orderId/receipt', receipt);
  },

  // No page of another site is shown: nothing to let in.
  csp: { real: {} },

  ui: {
    component: 'transfer',
    client: (config) => ({
      ...(config.instapay ? { instapay: config.instapay } : {}),
      ...(config.wallet ? { wallet: config.wallet } : {}),
    }),
  },
};

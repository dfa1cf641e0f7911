import { randomBytes } from 'node:crypto';
import Router from '@koa/router';
import { PaymentGateway, ProviderName } from '../../core/ordering/ports/payment-gateway';
import { PaymentSettings } from '../../api/ordering';
import { PAYMENT_PATHS } from '../http/routes/provider-notices';
import { PayPalGateway } from '../payments/paypal/gateway';
import { PayPalConfig, DEFAULT_TIMEOUT_MS } from '../payments/paypal/config';
import { paypalEmulator } from '../payments/paypal/emulator';
import { PaymobConfig, PaymobGateway } from '../payments/paymob/gateway';
import { paymobEmulator } from '../payments/paymob/emulator';

export const EMULATOR_PREFIX: Record<ProviderName, string> = { paypal: '/emulator/paypal', paymob: '/emulator/paymob' };

export interface PaymentsConfig {
  /** The store's own address, as browsers and providers reach it. */
  readonly publicUrl: string;
  /** Whether a provider without credentials may be paid through its emulator (DECISIONS 21). */
  readonly testMode: boolean;
  /** Unset: the local emulator, in test mode only (DECISIONS 20, 21). */
  readonly paypal?: PayPalConfig;
  readonly paymob?: Omit<PaymobConfig, 'now'>;
}

export interface Payments {
  readonly gateways: Readonly<Record<ProviderName, PaymentGateway>>;
  /** What the checkout page needs to know: PayPal's client id and script, and which provider is a test one. */
  readonly settings: PaymentSettings;
  /** The emulators' routers, mounted by the app outside its body parser (they read their own bodies). */
  readonly emulators: readonly Router[];
  close(): void;
}

/** Checked again where the providers are composed, whatever built the configuration (DECISIONS 21). */
export const refuseEmulatorsOutsideTestMode = (config: { readonly testMode: boolean; readonly paypal?: object; readonly paymob?: object }) => {
  const lacking = (['paypal', 'paymob'] as const).filter((provider) => !config[provider]);
  if (lacking.length && !config.testMode)
    throw new Error(`Outside test mode every payment provider needs its credentials; missing: ${lacking.join(', ')}`);
};

/**
 * Each provider with credentials talks to the real service; in test mode, one without is paid
 * through its local emulator, served by the store itself under /emulator/..., with credentials made
 * up at start. Outside test mode a provider without credentials is a mistake: the store does not start.
 */
export const composePayments = (config: PaymentsConfig): Payments => {
  refuseEmulatorsOutsideTestMode(config);
  const secret = () => randomBytes(16).toString('hex');
  const emulators: Router[] = [];
  const closers: (() => void)[] = [];

  let paypal = config.paypal;
  if (!paypal) {
    const base = `${config.publicUrl}${EMULATOR_PREFIX.paypal}`;
    paypal = { baseUrl: base, clientId: `test-${secret()}`, clientSecret: secret(), webhookId: `WH-${secret()}`, timeoutMs: DEFAULT_TIMEOUT_MS };
    const emulator = paypalEmulator({
      clientId: paypal.clientId,
      clientSecret: paypal.clientSecret,
      webhookId: paypal.webhookId,
      prefix: EMULATOR_PREFIX.paypal,
      publicBaseUrl: base,
      webhookUrl: config.publicUrl + PAYMENT_PATHS.paypalWebhook,
    });
    emulators.push(emulator.router);
    closers.push(emulator.close);
  }

  let paymob = config.paymob;
  if (!paymob) {
    paymob = { baseUrl: `${config.publicUrl}${EMULATOR_PREFIX.paymob}`, apiKey: secret(), hmacSecret: secret(), integrationId: 4_000_001, iframeId: 800_001 };
    const emulator = paymobEmulator({
      apiKey: paymob.apiKey,
      hmacSecret: paymob.hmacSecret,
      integrationId: paymob.integrationId,
      iframeId: paymob.iframeId,
      prefix: EMULATOR_PREFIX.paymob,
      callbackUrl: config.publicUrl + PAYMENT_PATHS.paymobCallback,
      responseUrl: config.publicUrl + PAYMENT_PATHS.paymobResponse,
    });
    emulators.push(emulator.router);
    closers.push(() => emulator.control.close());
  }

  return {
    gateways: { paypal: new PayPalGateway(paypal), paymob: new PaymobGateway(paymob) },
    settings: {
      paypal: {
        clientId: paypal.clientId,
        test: !config.paypal,
        ...(config.paypal ? {} : { sdkBaseUrl: `${config.publicUrl}${EMULATOR_PREFIX.paypal}/sdk/js` }),
      },
      paymob: { test: !config.paymob },
    },
    emulators,
    close: () => closers.forEach((close) => close()),
  };
};

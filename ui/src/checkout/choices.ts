import type { TFunction } from 'i18next';
import type { PaymentMethod } from '../../../core/cart/domain/checkout-form';
import type { Currency } from '../../../core/shared/money';
import type { PaymentSettings } from '../api/checkout';
import type { PayPalClient } from './PayPalPayment';

export const PAYMENT_LABELS: Record<PaymentMethod, string> = {
  Dpaypal: 'PayPal (wallet and credit cards)',
  DPaymob: 'Credit card (Paymob)',
};

/** A provider's name in the page's language (the server's label is English); one the catalogue does not know yet keeps the server's. */
export const providerLabelIn = (t: TFunction<'checkout'>, provider: string, label: string): string =>
  t(`providers.${provider}`, { defaultValue: label });

/** One radio of the method choice: a provider's method, and who charges it in which currency. */
export interface Choice {
  readonly value: string;
  readonly label: string;
  readonly provider: string;
  readonly providerLabel: string;
  readonly currency: Currency;
  readonly method: string;
  readonly egypt: boolean;
  readonly test: boolean;
}

/** The spec's radio values stay those of PayPal and Paymob's card; another provider's method is `provider:method`. */
const SPEC_VALUES: Readonly<Record<string, PaymentMethod>> = { 'paypal:paypal': 'Dpaypal', 'paymob:card': 'DPaymob' };
/** Until the payment settings answer (or if they cannot be read), the spec's two choices. */
export const SPEC_CHOICES: readonly Choice[] = [
  { value: 'Dpaypal', label: PAYMENT_LABELS.Dpaypal, provider: 'paypal', providerLabel: 'PayPal', currency: 'USD', method: 'paypal', egypt: false, test: false },
  { value: 'DPaymob', label: PAYMENT_LABELS.DPaymob, provider: 'paymob', providerLabel: 'Paymob', currency: 'EGP', method: 'card', egypt: false, test: false },
];

/**
 * The registered providers' methods: the spec's two first, with the spec's texts, then the others;
 * for a visitor in Egypt, Egypt's own methods come before all of them (DECISIONS 24).
 */
export const choicesOf = (settings: PaymentSettings, inEgypt: boolean): Choice[] => {
  const all = settings.providers.flatMap((provider) =>
    provider.methods.map((method): Choice => {
      const spec = SPEC_VALUES[`${provider.name}:${method.name}`];
      return {
        value: spec ?? `${provider.name}:${method.name}`,
        label: spec ? PAYMENT_LABELS[spec] : method.label,
        provider: provider.name,
        providerLabel: provider.label,
        currency: provider.currency,
        method: method.name,
        egypt: method.egypt === true,
        test: provider.test,
      };
    }),
  );
  const spec = all.filter((c) => Object.hasOwn(PAYMENT_LABELS, c.value));
  const others = all.filter((c) => !Object.hasOwn(PAYMENT_LABELS, c.value));
  const egypts = inEgypt ? others.filter((c) => c.egypt) : [];
  return [...egypts, ...spec, ...others.filter((c) => !egypts.includes(c))];
};

/** A mobile wallet asks for the wallet's number, and nothing else does. */
export const asksForPhone = (choice: Choice | undefined): boolean => choice?.method === 'wallet';

/** PayPal's buttons' client settings, from the provider whose component they are. */
export const paypalClientOf = (settings: PaymentSettings): PayPalClient | undefined => {
  const client = settings.providers.find((p) => p.component === 'paypal-buttons')?.client;
  return client?.clientId ? { clientId: client.clientId, ...(client.sdkBaseUrl ? { sdkBaseUrl: client.sdkBaseUrl } : {}) } : undefined;
};

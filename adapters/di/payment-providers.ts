import Router from '@koa/router';
import { Gateways, PaymentGateway, ProviderName } from '../../core/ordering/ports/payment-gateway';
import { Clock } from '../../core/shared/ids';
import { PaymentSettings, ProviderSettings } from '../../api/ordering';
import { ProviderRoutes, paymentRoutePath } from '../http/routes/provider-notices';
import { Readiness } from '../http/routes/health';
import { SecurityPolicy } from '../http/security-headers';
import { PaymentProvider } from '../payments/provider';

/** Where a provider's emulator is served, in test mode (its descriptor's `emulator` is told). */
export const emulatorPrefix = (provider: ProviderName): string => `/emulator/${provider}`;

/** A registered name is a path segment of its routes and its emulator, and the orders' record of it (migration 016). */
const NAME = /^[a-z][a-z0-9-]{0,29}$/;
/** What an order paid by no provider records. */
const RESERVED = new Set(['free']);

export interface PaymentsConfig {
  /** The store's own address, as browsers and providers reach it. */
  readonly publicUrl: string;
  /** Whether a provider without credentials may be paid through its emulator (DECISIONS 21). */
  readonly testMode: boolean;
  /** The registered providers (adapters/payments/registry.ts). */
  readonly providers: readonly PaymentProvider<unknown>[];
  /** Each provider's configuration by name (its `settingsFrom`); a provider without one is paid through its emulator (DECISIONS 20). */
  readonly configured: Readonly<Record<ProviderName, unknown>>;
  readonly clock: Clock;
}

export interface Payments {
  readonly gateways: Gateways;
  /** What the checkout reads: each provider, its methods and component, whether it is a test one. */
  readonly settings: PaymentSettings;
  /** The emulators' routers, mounted by the app outside its body parser (they read their own bodies). */
  readonly emulators: readonly Router[];
  /** Each provider's own calls to the store, for the app to mount. */
  readonly routes: readonly ProviderRoutes[];
  /** What the store's pages must let in: the real providers' sites, the emulators' framed pages. */
  readonly pages: Pick<SecurityPolicy, 'sources' | 'framedPages'>;
  /** Every provider's own readiness probe: the first that is not ready says why. */
  readiness(): Promise<Readiness>;
  close(): void;
}

const configurationOf = (configured: PaymentsConfig['configured'], provider: ProviderName): unknown =>
  Object.hasOwn(configured, provider) ? configured[provider] : undefined;

/** The registered providers that have no configuration of their own: each would be its emulator. */
export const unconfiguredProviders = (providers: readonly PaymentProvider<unknown>[], configured: PaymentsConfig['configured']) =>
  providers.filter((provider) => configurationOf(configured, provider.name) === undefined);

/**
 * The providers the store runs: outside test mode, one the owner turns on by configuring it
 * (`offUnlessConfigured`) is left out without its settings, neither offered nor a reason not to start.
 */
export const providersInUse = (config: Pick<PaymentsConfig, 'testMode' | 'providers' | 'configured'>): readonly PaymentProvider<unknown>[] =>
  config.testMode ? config.providers : config.providers.filter((provider) => !provider.offUnlessConfigured || configurationOf(config.configured, provider.name) !== undefined);

/** Checked again where the providers are composed, whatever built the configuration (DECISIONS 21). */
export const refuseEmulatorsOutsideTestMode = (config: Pick<PaymentsConfig, 'testMode' | 'providers' | 'configured'>) => {
  const lacking = unconfiguredProviders(providersInUse(config), config.configured).map((provider) => provider.name);
  if (lacking.length && !config.testMode)
    throw new Error(`Outside test mode every payment provider needs its credentials; missing: ${lacking.join(', ')}`);
};

/** A mistake in the registry stops the store at start, not a buyer at checkout. */
const checkRegistry = (providers: readonly PaymentProvider<unknown>[]) => {
  const seen = new Set<string>();
  for (const { name } of providers) {
    if (!NAME.test(name) || RESERVED.has(name)) throw new Error(`A payment provider's name must be lower-case letters, digits and hyphens, and not 'free': '${name}'`);
    if (seen.has(name)) throw new Error(`Two payment providers are registered as '${name}'`);
    seen.add(name);
  }
};

/** The gateway and the descriptor must offer the same methods: the checkout lists one, the gateway is asked the other. */
const checkMethods = (provider: PaymentProvider<unknown>, config: unknown, gateway: PaymentGateway) => {
  const listed = provider.methods(config).map((method) => method.name);
  if (listed.join() !== gateway.methods.join())
    throw new Error(`${provider.label} lists the methods ${listed.join(', ')} but its gateway offers ${gateway.methods.join(', ')}`);
};

interface Composed {
  readonly provider: PaymentProvider<unknown>;
  readonly config: unknown;
  readonly test: boolean;
  readonly gateway: PaymentGateway;
}

const settingsOf = ({ provider, config, test }: Composed): ProviderSettings => {
  const client = provider.ui.client?.(config, { test });
  return {
    name: provider.name,
    label: provider.label,
    currency: provider.currency,
    test,
    component: provider.ui.component,
    methods: provider.methods(config).map((method) => ({ name: method.name, label: method.label, ...(method.regions?.includes('EG') ? { egypt: true as const } : {}) })),
    ...(client ? { client } : {}),
  };
};

/**
 * Each registered provider with its configuration talks to the real service; in test mode, one
 * without is paid through its local emulator, served by the store itself under /emulator/<name>,
 * with credentials made up at start. Outside test mode a provider without them is a mistake: the
 * store does not start. Nothing here names a provider: each one's descriptor says what it needs.
 */
export const composePayments = (config: PaymentsConfig): Payments => {
  checkRegistry(config.providers);
  refuseEmulatorsOutsideTestMode(config);
  const emulators: Router[] = [];
  const closers: (() => void)[] = [];

  const composed = providersInUse(config).map((provider): Composed => {
    const routeUrl = (path: string) => `${config.publicUrl}${paymentRoutePath(provider.name, path)}`;
    let providerConfig = configurationOf(config.configured, provider.name);
    const test = providerConfig === undefined;
    if (test) {
      const emulator = provider.emulator({ publicUrl: config.publicUrl, prefix: emulatorPrefix(provider.name), routes: routeUrl });
      emulators.push(emulator.router);
      closers.push(emulator.close);
      providerConfig = emulator.config;
    }
    const gateway = provider.gateway(providerConfig, { publicUrl: config.publicUrl, routeUrl, clock: config.clock });
    checkMethods(provider, providerConfig, gateway);
    return { provider, config: providerConfig, test, gateway };
  });

  return {
    gateways: Object.fromEntries(composed.map(({ provider, gateway }) => [provider.name, gateway])),
    settings: { providers: composed.map(settingsOf) },
    emulators,
    routes: composed.map(({ provider, gateway }) => ({
      name: provider.name,
      gateway,
      mount: (router, tools) => provider.routes(router, tools),
      ...(provider.aliases ? { aliases: provider.aliases } : {}),
    })),
    pages: {
      sources: composed.filter(({ test }) => !test).map(({ provider }) => provider.csp.real),
      framedPages: composed.flatMap(({ provider, test }) =>
        test && provider.csp.framedEmulatorPages !== undefined ? [`${emulatorPrefix(provider.name)}${provider.csp.framedEmulatorPages}`] : [],
      ),
    },
    readiness: async () => {
      const probes = await Promise.all(
        composed.map(async ({ provider, config }) => ({ provider, now: provider.readiness ? await provider.readiness(config) : { ready: true as const } })),
      );
      const unready = probes.find(({ now }) => !now.ready);
      return unready && !unready.now.ready ? { ready: false, reason: `${unready.provider.label}: ${unready.now.reason}` } : { ready: true };
    },
    close: () => closers.forEach((close) => close()),
  };
};

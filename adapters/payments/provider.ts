import type Router from '@koa/router';
import type { Context } from 'koa';
import type { Order } from '../../core/ordering/domain/order';
import type { MethodName, PaymentGateway, ProviderName } from '../../core/ordering/ports/payment-gateway';
import type { ConfirmPayment } from '../../core/ordering/use-cases/confirm-payment';
import type { Clock } from '../../core/shared/ids';
import type { Currency } from '../../core/shared/money';

/**
 * A payment provider is one folder of adapters/payments: its `index.ts` exports one descriptor of
 * this type, and adapters/payments/registry.ts lists it. Everything outside the folder (the
 * composition, the settings, the routes, the content policy, readiness, the payment settings the
 * checkout reads) works from the descriptor and never names a provider.
 *
 * `Config` is the provider's own configuration: what `settingsFrom` reads from the environment, or
 * what its emulator makes up in test mode. The composition only ever hands a provider a
 * configuration that its own `settingsFrom` or `emulator` made (or a test made for it), which is
 * why the registry may hold every descriptor as `PaymentProvider<unknown>`: the members taking a
 * configuration are methods, so each descriptor keeps its own type for it.
 */
export interface PaymentProvider<Config> {
  /** The registered name: the core's ProviderName, the orders' record of it, the path of its routes. */
  readonly name: ProviderName;
  /** As buyers and operators read it: 'PayPal'. */
  readonly label: string;
  /** What it charges in (DECISIONS 24): PayPal USD, Paymob EGP. */
  readonly currency: Currency;
  /** The ways of paying it offers with this configuration, in the order the checkout lists them. */
  methods(config: Config): readonly MethodOffer[];

  /** The environment variables of its credentials: all of them, or none (then its emulator, in test mode only). */
  readonly settings: readonly string[];
  /** Other variables it reads, each with a default (PAYPAL_ENV). */
  readonly optionalSettings?: readonly string[];
  /**
   * Its configuration from the environment, or undefined when none of `settings` is set. Throws,
   * naming the variable, for a part of them or a malformed one (adapters/payments/settings.ts).
   */
  settingsFrom(env: Environment): Config | undefined;
  /**
   * A way of paying the owner turns on by configuring it (the manual transfer: where the money
   * goes). Without its settings outside test mode it is not offered, rather than a reason for the
   * store not to start; in test mode it runs on its emulator's configuration, as every provider does.
   */
  readonly offUnlessConfigured?: true;

  gateway(config: Config, deps: GatewayDeps): PaymentGateway;
  /** Its local stand-in, served by the store itself under `prefix`, in test mode only (DECISIONS 20, 21). */
  emulator(options: EmulatorOptions): RunningEmulator<Config>;

  /**
   * The provider's own calls to the store (webhooks, server callbacks, the buyer's browser sent
   * back), mounted under /api/payments/<name>. Each is verified by the gateway before anything is believed.
   */
  routes(router: ProviderRouter, tools: ProviderRouteTools): void;
  /**
   * Addresses operators registered at the provider before the generic ones (`/api/paypal/webhook`),
   * by the route's own path ('/webhook'): they keep working.
   */
  readonly aliases?: Readonly<Record<string, string>>;

  /** What the store's pages must let in for it (DECISIONS 20: a real provider only). */
  readonly csp: ProviderCsp;
  /**
   * Whether it can take payments now, cheaply (never a call per probe to the provider). The reason
   * is answered to whoever asks GET /api/ready: it names no credential, host or error text.
   */
  readiness?(config: Config): Promise<ProviderReadiness>;
  /** How the checkout shows it. */
  readonly ui: ProviderUi<Config>;
}

/** A way of paying, as the checkout offers it. */
export interface MethodOffer {
  readonly name: MethodName;
  /** The radio button's text. */
  readonly label: string;
  /** Countries (ISO 3166 alpha-2) whose own method this is: 'EG' lists it first for visitors in Egypt (DECISIONS 24). */
  readonly regions?: readonly string[];
}

export type Environment = Readonly<Record<string, string | undefined>>;

export interface GatewayDeps {
  /** The store's own address (DECISIONS 19): return addresses are built from it, never from a request. */
  readonly publicUrl: string;
  /** The public address of one of the provider's own routes ('/callback'), as the provider is told it. */
  routeUrl(path: string): string;
  readonly clock: Clock;
}

export interface EmulatorOptions {
  /** The store's own address: the emulator hands out addresses under publicUrl + prefix. */
  readonly publicUrl: string;
  /** Where its router is mounted: '/emulator/<name>'. */
  readonly prefix: string;
  /** The public address of one of the provider's own routes in the store ('/webhook'): where the emulator calls back. */
  routes(path: string): string;
}

export interface RunningEmulator<Config> {
  /** The configuration that makes the gateway talk to this emulator (credentials made up at start). */
  readonly config: Config;
  /** Mounted by the app outside its body parser: an emulator reads its own bodies. */
  readonly router: Router;
  close(): void;
}

export type ProviderRoute = (ctx: Context) => Promise<void>;

/** Where a provider mounts its routes: paths are its own ('/webhook'); the store puts them under /api/payments/<name>. */
export interface ProviderRouter {
  get(path: string, route: ProviderRoute): void;
  post(path: string, route: ProviderRoute): void;
}

/** What the store gives a provider's routes: the shared reading and settling of notifications (adapters/http). */
export interface ProviderRouteTools {
  readonly gateway: PaymentGateway;
  readonly confirm: ConfirmPayment;
  /**
   * A provider's server-to-server call: its exact bytes verified by the gateway, then settled;
   * acknowledged once verified (even when it changed nothing), 400 when forged, 413 when too large.
   */
  readonly notification: ProviderRoute;
  /**
   * The buyer's browser sent back by the provider with a signed query: verified and settled; the
   * order when this return pays the order its signature names, else undefined (ConfirmPayment.returned).
   */
  returned(ctx: Context): Promise<Order | undefined>;
  /**
   * The buyer's receipt of a payment made by hand, for the order `:orderId` of the route's path:
   * signed in, the order's owner, a multipart form with one image under 'receipt', checked as a cover
   * image is (core PaymentsByHand); answered 201, or 400/401/404/409/413 with a clear message.
   */
  readonly receipt: ProviderRoute;
}

/** Content-security-policy directives a provider may add origins to. */
export type CspDirective = 'script-src' | 'style-src' | 'connect-src' | 'frame-src' | 'img-src' | 'form-action';

export interface ProviderCsp {
  /** The origins (and keywords) its real pages need, by directive; none when it is emulated. */
  readonly real: Readonly<Partial<Record<CspDirective, readonly string[]>>>;
  /**
   * Pages of its emulator that the checkout frames (a card page), as a path under the emulator's
   * prefix ('/' for all): they may be framed by the store itself, and by nothing else.
   */
  readonly framedEmulatorPages?: string;
}

export type ProviderReadiness = { readonly ready: true } | { readonly ready: false; readonly reason: string };

export interface ProviderUi<Config> {
  /** The checkout's component that pays through it: 'paypal-buttons', 'frame'... */
  readonly component: string;
  /** Settings the browser needs, all of them public (PayPal's client id and script address). */
  client?(config: Config, mode: { readonly test: boolean }): Readonly<Record<string, string>>;
}

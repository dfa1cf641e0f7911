/**
 * What the Paymob folder needs to talk to Paymob (or to its local emulator), read from the
 * environment by `paymobSettingsFrom`. Egypt's account only: the store charges EGP through Paymob.
 */

/** The ways of paying through Paymob the store can offer, in the order the checkout lists them. */
export const PAYMOB_METHODS = ['card', 'wallet', 'kiosk', 'instalments'] as const;
export type PaymobMethod = (typeof PAYMOB_METHODS)[number];

/** The integration ids of the account (Developers → Payment integrations), one per way of paying. */
export interface PaymobIntegrations {
  readonly card?: number;
  readonly wallet?: number;
  readonly kiosk?: number;
  /** Each is one instalment option (valU, a bank's instalments...), offered together in the checkout page. */
  readonly instalments?: readonly number[];
}

export type PaymobMode = 'test' | 'live';

export interface PaymobSettings {
  /** `egy_sk_…`: creates intentions (Authorization: Token …). */
  readonly secretKey: string;
  /** `egy_pk_…`: opens the Unified Checkout page in the buyer's browser. */
  readonly publicKey: string;
  /** The legacy API key: the auth token for inquiries, refunds and transaction reads. */
  readonly apiKey: string;
  /** Signs both callback shapes and the browser's way back. */
  readonly hmacSecret: string;
  readonly integrations: PaymobIntegrations;
  /** https://accept.paymob.com, or the emulator's address. */
  readonly baseUrl: string;
  /** From the keys: a test-mode account is Paymob's sandbox (test cards, test wallets). */
  readonly mode: PaymobMode;
}

export const PAYMOB_BASE_URL = 'https://accept.paymob.com';

/** The keys and secrets: all of them or none (none: the store serves its emulator, in test mode only). */
export const PAYMOB_KEYS = ['PAYMOB_SECRET_KEY', 'PAYMOB_PUBLIC_KEY', 'PAYMOB_API_KEY', 'PAYMOB_HMAC_SECRET'] as const;
/** At least one of these with the keys; a method whose integration id is unset is not offered. */
export const PAYMOB_INTEGRATION_SETTINGS = {
  card: 'PAYMOB_CARD_INTEGRATION_ID',
  wallet: 'PAYMOB_WALLET_INTEGRATION_ID',
  kiosk: 'PAYMOB_KIOSK_INTEGRATION_ID',
  instalments: 'PAYMOB_INSTALMENT_INTEGRATION_IDS',
} as const satisfies Record<PaymobMethod, string>;
/** Every variable the folder reads: PAYMOB_BASE_URL is optional (Paymob's own host by default). */
export const PAYMOB_ENV = [...PAYMOB_KEYS, ...Object.values(PAYMOB_INTEGRATION_SETTINGS), 'PAYMOB_BASE_URL'] as const;
/** The legacy card frame's settings, replaced by the card integration and Unified Checkout. */
const RETIRED = { PAYMOB_INTEGRATION_ID: 'PAYMOB_CARD_INTEGRATION_ID', PAYMOB_IFRAME_ID: 'nothing (Unified Checkout replaces the iframe)' } as const;

/** The methods the settings offer, in the checkout's order. */
export const methodsOf = (integrations: PaymobIntegrations): PaymobMethod[] =>
  PAYMOB_METHODS.filter((method) => (method === 'instalments' ? (integrations.instalments?.length ?? 0) > 0 : integrations[method] !== undefined));

/** The integration ids an intention for `method` lists: none when the method is not offered. */
export const integrationsFor = (integrations: PaymobIntegrations, method: string): readonly number[] => {
  if (method === 'instalments') return integrations.instalments ?? [];
  const id = method === 'card' || method === 'wallet' || method === 'kiosk' ? integrations[method] : undefined;
  return id === undefined ? [] : [id];
};

/** `egy_sk_test_…` → its country, kind and mode; undefined when it is no Paymob key. */
export const keyFacts = (key: string): { country: string; kind: 'sk' | 'pk'; mode: PaymobMode } | undefined => {
  const match = /^([a-z]{3})_(sk|pk)_(test|live)_[A-Za-z0-9]+$/.exec(key);
  return match ? { country: match[1] as string, kind: match[2] as 'sk' | 'pk', mode: match[3] as PaymobMode } : undefined;
};

const integrationId = (name: string, text: string): number => {
  if (!/^\s*\d{1,15}\s*$/.test(text) || Number(text) <= 0) throw new Error(`${name} must be an integration id (a positive whole number), not "${text}"`);
  return Number(text);
};

const problem = (lines: readonly string[]): Error => new Error(`The Paymob settings are not valid:\n${lines.map((line) => `  ${line}`).join('\n')}`);

/** Both keys of one Egyptian account and one mode: a test public key with a live secret key pays nothing. */
const checkKeys = (secretKey: string, publicKey: string): PaymobMode => {
  const secret = keyFacts(secretKey);
  const publik = keyFacts(publicKey);
  const wrong: string[] = [];
  if (secret?.kind !== 'sk') wrong.push('PAYMOB_SECRET_KEY: not a Paymob secret key (egy_sk_test_… or egy_sk_live_…)');
  if (publik?.kind !== 'pk') wrong.push('PAYMOB_PUBLIC_KEY: not a Paymob public key (egy_pk_test_… or egy_pk_live_…)');
  if (!secret || !publik || wrong.length) throw problem(wrong);
  if (secret.country !== publik.country || secret.mode !== publik.mode)
    throw problem([`PAYMOB_SECRET_KEY (${secret.country}, ${secret.mode}) and PAYMOB_PUBLIC_KEY (${publik.country}, ${publik.mode}) must be of one account and one mode`]);
  if (secret.country !== 'egy') throw problem([`the keys are of Paymob's ${secret.country} account: the store charges EGP, through Paymob Egypt (egy_ keys)`]);
  return secret.mode;
};

/**
 * The Paymob settings from the environment, or undefined when none is set (the store then serves
 * its emulator, in test mode only). Throws, naming what is missing or wrong, for a partial or
 * inconsistent set: a store half configured for real payments never starts.
 */
export const paymobSettingsFrom = (env: Readonly<Record<string, string | undefined>>): PaymobSettings | undefined => {
  const set = (name: string) => env[name] !== undefined && env[name]?.trim() !== '';
  const retired = Object.entries(RETIRED).filter(([name]) => set(name));
  if (retired.length) throw problem(retired.map(([name, instead]) => `${name} is no longer read: set ${instead}`));
  const integrationNames = Object.values(PAYMOB_INTEGRATION_SETTINGS);
  const given = [...PAYMOB_KEYS, ...integrationNames].filter(set);
  if (!given.length) return undefined;
  const missing = PAYMOB_KEYS.filter((name) => !set(name));
  if (missing.length) throw problem([`${missing.join(', ')}: needed with ${given.join(', ')}`]);
  if (!integrationNames.some(set)) throw problem([`set at least one of ${integrationNames.join(', ')}: a method whose integration id is unset is not offered`]);

  const text = (name: string) => (env[name] as string).trim();
  const mode = checkKeys(text('PAYMOB_SECRET_KEY'), text('PAYMOB_PUBLIC_KEY'));
  const one = (method: 'card' | 'wallet' | 'kiosk') =>
    set(PAYMOB_INTEGRATION_SETTINGS[method]) ? integrationId(PAYMOB_INTEGRATION_SETTINGS[method], text(PAYMOB_INTEGRATION_SETTINGS[method])) : undefined;
  const instalments = set(PAYMOB_INTEGRATION_SETTINGS.instalments)
    ? text(PAYMOB_INTEGRATION_SETTINGS.instalments).split(',').map((id) => integrationId(PAYMOB_INTEGRATION_SETTINGS.instalments, id.trim()))
    : undefined;
  const integrations: PaymobIntegrations = { card: one('card'), wallet: one('wallet'), kiosk: one('kiosk'), instalments };
  const ids = [integrations.card, integrations.wallet, integrations.kiosk, ...(instalments ?? [])].filter((id) => id !== undefined);
  // One integration id, one way of paying: the callbacks name the integration, and refunds depend on it (kiosk).
  const twice = ids.filter((id, at) => ids.indexOf(id) !== at);
  if (twice.length) throw problem([`integration id ${[...new Set(twice)].join(', ')} is given for two methods: each method has its own integration`]);

  const baseUrl = set('PAYMOB_BASE_URL') ? text('PAYMOB_BASE_URL').replace(/\/+$/, '') : PAYMOB_BASE_URL;
  if (!/^https?:\/\/[^/\s]+(\/\S*)?$/.test(baseUrl)) throw problem([`PAYMOB_BASE_URL must be an http(s) address, not "${baseUrl}"`]);
  return {
    secretKey: text('PAYMOB_SECRET_KEY'),
    publicKey: text('PAYMOB_PUBLIC_KEY'),
    apiKey: text('PAYMOB_API_KEY'),
    hmacSecret: text('PAYMOB_HMAC_SECRET'),
    integrations,
    baseUrl,
    mode,
  };
};

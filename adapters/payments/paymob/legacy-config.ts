import { createHash } from 'node:crypto';
import { PAYMOB_BASE_URL, PaymobSettings } from './config';

/**
 * TRANSITIONAL, to be deleted when the provider registry builds Paymob from `paymobSettingsFrom`:
 * the legacy settings adapters/di still passes (PAYMOB_API_KEY, PAYMOB_INTEGRATION_ID,
 * PAYMOB_IFRAME_ID, PAYMOB_HMAC_SECRET), which have no secret or public key. They are made up
 * here from the API key, the same way for the gateway and the emulator, so that the store's
 * emulated Paymob keeps working (card only) until then. Against the real Paymob they fail (401),
 * as they should: the Intention API needs the account's own keys.
 */
export interface LegacyPaymobConfig {
  readonly baseUrl?: string;
  readonly apiKey: string;
  /** The card integration. */
  readonly integrationId: number;
  /** The legacy card frame: Unified Checkout replaces it, so it is not used. */
  readonly iframeId: string | number;
  readonly hmacSecret: string;
  readonly timeoutMs?: number;
  readonly now?: () => number;
}

/** One-way: the made-up public key is shown to browsers, and must not reveal the API key. */
const madeUp = (kind: 'sk' | 'pk', apiKey: string) => `egy_${kind}_test_${createHash('sha256').update(`${kind}:${apiKey}`).digest('hex').slice(0, 32)}`;

export const settingsOfLegacy = (legacy: LegacyPaymobConfig): PaymobSettings & Pick<LegacyPaymobConfig, 'timeoutMs' | 'now'> => ({
  secretKey: madeUp('sk', legacy.apiKey),
  publicKey: madeUp('pk', legacy.apiKey),
  apiKey: legacy.apiKey,
  hmacSecret: legacy.hmacSecret,
  integrations: { card: legacy.integrationId },
  baseUrl: (legacy.baseUrl ?? PAYMOB_BASE_URL).replace(/\/+$/, ''),
  mode: 'test',
  ...(legacy.timeoutMs !== undefined ? { timeoutMs: legacy.timeoutMs } : {}),
  ...(legacy.now ? { now: legacy.now } : {}),
});

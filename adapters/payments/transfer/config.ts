import type { Environment } from '../provider';
import { invalidSetting } from '../settings';

/** Where buyers send the money: the owner's InstaPay address, a mobile wallet's number, or both. */
export interface TransferConfig {
  readonly instapay?: string;
  readonly wallet?: string;
  /** Example details of a test store (DECISIONS 20, 21): said wherever they are shown. */
  readonly example?: true;
}

export const TRANSFER_SETTINGS = ['TRANSFER_INSTAPAY_ADDRESS', 'TRANSFER_WALLET_NUMBER'] as const;

/** An InstaPay payment address, as the InstaPay app shows it: 'dentallibrary@instapay'. */
const INSTAPAY_ADDRESS = /^[a-z0-9][a-z0-9._-]{1,39}@instapay$/i;
/** An Egyptian mobile number, as wallets take it (Vodafone, Etisalat/e&, Orange, WE). */
const WALLET_NUMBER = /^01[0125]\d{8}$/;

const read = (env: Environment, name: (typeof TRANSFER_SETTINGS)[number], shape: RegExp, problem: string): string | undefined => {
  const value = env[name];
  if (value === undefined) return undefined;
  if (!shape.test(value.trim())) throw invalidSetting(name, problem);
  return value.trim();
};

/**
 * The receiving details from the environment: at least one of them; undefined when neither is set
 * (then the transfer is not offered, outside test mode: see the descriptor's `offUnlessConfigured`).
 */
export const transferSettingsFrom = (env: Environment): TransferConfig | undefined => {
  const instapay = read(env, 'TRANSFER_INSTAPAY_ADDRESS', INSTAPAY_ADDRESS, "must be an InstaPay address such as 'yourstore@instapay'");
  const wallet = read(env, 'TRANSFER_WALLET_NUMBER', WALLET_NUMBER, "must be an Egyptian mobile wallet number such as '01012345678'");
  if (instapay === undefined && wallet === undefined) return undefined;
  return { ...(instapay ? { instapay } : {}), ...(wallet ? { wallet } : {}) };
};

/** What a test store shows: details nobody can pay to, marked as examples. */
export const EXAMPLE_DETAILS: TransferConfig = { instapay: 'example-store@instapay', wallet: '01000000000', example: true };

/** Where to transfer, in the buyer's words. */
export const payToOf = (config: TransferConfig): string => {
  const where = [config.instapay && `InstaPay ${config.instapay}`, config.wallet && `wallet ${config.wallet}`].filter(Boolean).join(' or ');
  return config.example ? `${where} (example details of a test store: do not send money)` : where;
};

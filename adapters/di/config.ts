import * as E from 'fp-ts/Either';
import { BAD_RATE, exchangeRate } from '../../core/catalog/domain/exchange-rate';
import { INVALID_EMAIL, emailMessage, normalEmail } from '../../core/identity/domain/user';
import fs from 'node:fs';
import type { PageRenderer } from '../../api/rendered-page';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { DatabaseConfig } from '../persistence/database';
import { LOG_LEVELS, LogLevel } from '../http/logger';
import { AddressLimit, AddressLimits } from '../http/address-limits';
import { Clock } from '../../core/shared/ids';
import { ProviderName } from '../../core/ordering/ports/payment-gateway';
import { PaymentProvider } from '../payments/provider';
import { PAYMENT_PROVIDERS } from '../payments/registry';
import { allOrNone, invalidSetting } from '../payments/settings';
import type { S3Settings } from '../storage/s3-storage';
import type { FileStorage } from '../../core/delivery/ports/file-storage';

const parsedUrl = (text: string): URL | undefined => {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
};
/** What the pg driver can connect to: a postgres:// address naming a host (or a socket directory in ?host=). */
const isPostgresUrl = (text: string) => {
  const url = parsedUrl(text);
  return !!url && (url.protocol === 'postgres:' || url.protocol === 'postgresql:') && (url.hostname !== '' || url.searchParams.has('host'));
};
const isWebAddress = (text: string) => {
  const url = parsedUrl(text);
  return !!url && (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
};

/** `tries/seconds` (`1000/10s`), or `off`. */
const addressLimit = (example: string) =>
  z
    .string()
    .regex(/^(off|[1-9]\d{0,6}\/[1-9]\d{0,5}s)$/, `must be a number of tries and a window in seconds, such as ${example}, or off`)
    .default(example)
    .transform((text): AddressLimit | undefined => {
      const [tries, seconds] = text === 'off' ? [] : text.slice(0, -1).split('/').map(Number);
      return tries && seconds ? { tries, seconds } : undefined;
    });

/** One core for the event loop (and on PGlite the database), the others for sign-ins' Argon2id. */
export const defaultSignInsAtOnce = () => Math.max(1, os.availableParallelism() - 1);

/** Every setting the store reads, from the environment, with its default (docs/operating.md's table). */
const env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .refine(isPostgresUrl, 'must be a PostgreSQL address, postgres://user:password@host:5432/database')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  DATA_DIR: z.string().default('data'),
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  // The store's one e-mail rule (ADMIN_EMAIL is checked by it at start, by the core), in the form it keeps.
  SUPPORT_EMAIL: z.string().refine((address) => !emailMessage(address), INVALID_EMAIL).transform(normalEmail).default('support@dental-library.example'),
  CATALOGUE_REFRESH_MS: z.coerce.number().int().min(50).default(1000),
  LISTEN_FOR_CHANGES: z.enum(['true', 'false']).default('true'),
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  ADMIN_USERNAME: z.string().optional(),
  ADMIN_EMAIL: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  ARGON2_MEMORY_KIB: z.coerce.number().int().min(1024).max(1048576).default(19456),
  ARGON2_TIME_COST: z.coerce.number().int().min(1).max(10).default(2),
  SIGN_INS_AT_ONCE: z.coerce.number().int().min(1).max(64).optional(),
  RATE_LIMIT_REQUESTS: addressLimit('1000/10s'),
  PUBLIC_URL: z.string().refine(isWebAddress, 'must be the http:// or https:// address the store is reached at').optional(),
  SMTP_URL: z.string().optional(),
  EGP_PER_USD: z.string().refine((rate) => E.isRight(exchangeRate(rate)), BAD_RATE).default('50'),
  RECONCILE_EVERY_MS: z.coerce.number().int().min(1000).default(60_000),
  // Each payment provider reads its own settings (its descriptor's settingsFrom).
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  TEST_PAYMENTS: z.enum(['on', 'off'], { error: 'must be on or off (unset: on only for a store on this machine)' }).optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  STORAGE: z.enum(['disk', 's3'], { error: 'must be disk (files under DATA_DIR/files) or s3 (an S3-compatible bucket)' }).default('disk'),
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens').optional(),
  S3_REGION: z.string().regex(/^[a-z0-9-]{1,32}$/, 'must be a region such as us-east-1 (auto on Cloudflare R2)').default('us-east-1'),
  S3_ENDPOINT: z.string().refine(isWebAddress, 'must be the http:// or https:// address of the S3-compatible service').optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
});

/** Every S3 setting: set while the files stay on disk, they are a mistake to say, not to ignore. */
const S3_SETTINGS = ['S3_BUCKET', 'S3_REGION', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const;

/** Where the store's files are kept (DECISIONS 5): the local disk under DATA_DIR/files, or an S3-compatible bucket. */
export type StorageSettings = { readonly kind: 'disk' } | { readonly kind: 's3'; readonly s3: S3Settings };

const storageOf = (e: z.infer<typeof env>, source: NodeJS.ProcessEnv): StorageSettings => {
  if (e.STORAGE === 'disk') {
    const stray = S3_SETTINGS.filter((name) => source[name] !== undefined);
    if (stray.length) throw invalidSetting(stray.join(', '), 'set while STORAGE is disk: set STORAGE=s3 to keep the files in the bucket, or remove them');
    return { kind: 'disk' };
  }
  if (!e.S3_BUCKET) throw invalidSetting('S3_BUCKET', 'needed with STORAGE=s3: the bucket the store keeps its files in');
  // Both keys, or neither: then the SDK's own chain (AWS_* variables, a profile, an instance role).
  const keys = allOrNone(source, ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']);
  return {
    kind: 's3',
    s3: {
      bucket: e.S3_BUCKET,
      region: e.S3_REGION,
      endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ''),
      credentials: keys && { accessKeyId: keys.S3_ACCESS_KEY_ID, secretAccessKey: keys.S3_SECRET_ACCESS_KEY },
      // Self-hosted services (Garage, Ceph RGW, MinIO) want the bucket in the path; AWS prefers its host name.
      forcePathStyle: e.S3_FORCE_PATH_STYLE ? e.S3_FORCE_PATH_STYLE === 'true' : e.S3_ENDPOINT !== undefined,
    },
  };
};

export const GOOGLE_ISSUER = 'https://accounts.google.com';

const GOOGLE_SETTINGS = ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'] as const;

const LOOPBACK_HOSTS = new Set(['localhost', '::1', '[::1]']);
/** An address only this machine can reach: 127.0.0.0/8, ::1, localhost. */
export const isLoopback = (host: string): boolean => LOOPBACK_HOSTS.has(host) || /^127(\.\d{1,3}){3}$/.test(host);

/**
 * Test mode (DECISIONS 21): the emulated PayPal, Paymob and Google are served only then. 'local' is
 * the default of a store only this machine can reach (listening on, and reached at, a loopback
 * address: the README's `npm start`); 'public' is an operator's explicit TEST_PAYMENTS=on, and every
 * page then says so. Undefined: real payments only.
 */
export type TestMode = 'local' | 'public';

const testModeOf = (switched: 'on' | 'off' | undefined, host: string, publicUrl: string | undefined): TestMode | undefined => {
  if (switched === 'on') return 'public';
  if (switched === 'off') return undefined;
  return isLoopback(host) && (publicUrl === undefined || isLoopback(new URL(publicUrl).hostname)) ? 'local' : undefined;
};

/** A store outside test mode takes real payments or does not start: this names what it lacks, from the registry. */
const refuseWithoutPayments = (lacking: readonly PaymentProvider<unknown>[], host: string, publicUrl: string | undefined) => {
  if (!lacking.length) return;
  const where = publicUrl ? `is reached at ${publicUrl}` : `listens on ${host}`;
  throw new Error(
    [
      `The store ${where}, so it takes real payments only, and these settings are missing:`,
      ...lacking.map((provider) => `  ${provider.label}: ${provider.settings.join(', ')}`),
      'Set them, or set TEST_PAYMENTS=on to run a test store with emulated payments (every page then says "Test store: no real payments").',
    ].join('\n'),
  );
};

export interface AppConfig {
  readonly port: number;
  readonly host: string;
  readonly database: DatabaseConfig;
  readonly dataDir: string;
  readonly trustProxy: number;
  readonly supportEmail: string;
  readonly catalogueRefreshMs: number;
  /** On PostgreSQL, hear of other processes' changes by LISTEN/NOTIFY at once (unset: true); the poll stays either way. */
  readonly listenForChanges?: boolean;
  readonly seedDemo: boolean;
  readonly uiDir?: string;
  /** The UI's renderer of the shopper's pages (issue 22), joined here by the store's entry; without it, every page is rendered by the browser. */
  readonly renderPages?: PageRenderer;
  /** The operator's admin account, made sure of at start when all three are set. */
  readonly admin?: { readonly username: string; readonly email: string; readonly password: string };
  readonly argon2: { readonly memoryCost: number; readonly timeCost: number };
  /** Sign-in calls handled at once, and password hashes computed at once; more wait their turn, in a bounded queue. */
  readonly signInsAtOnce: number;
  /** The per-address request limit at the HTTP edge (adapters/http/address-limits.ts). */
  readonly addressLimits: AddressLimits;
  /** SMTP server for e-mail (smtp:// or smtps://); unset: .eml files under DATA_DIR/outbox. */
  readonly smtpUrl?: string;
  /** Pounds per dollar for the admin's bulk EGP reprice (DECISIONS 10). */
  readonly egpPerUsd: string;
  /** How often unsettled payments are asked about again. */
  readonly reconcileEveryMs: number;
  /**
   * Run the job queue's workers here: the e-mail sender, reconciliation, housekeeping and any queued
   * job (off in tests that drive them by hand; jobs are still queued, for another process to run).
   */
  readonly background: boolean;
  /** How often records past their retention are removed; unset: hourly (tests shorten it). */
  readonly housekeepingEveryMs?: number;
  /** How often the outbox is looked at for due e-mail; unset: every 5 s (tests shorten it). */
  readonly sendMailEveryMs?: number;
  /** The store's own address (DECISIONS 19); unset: the local address it listens on. */
  readonly publicUrl?: string;
  /** Whether the emulated providers are served (DECISIONS 21); unset: real providers only. */
  readonly testMode?: TestMode;
  /**
   * Each payment provider's configuration, by its registered name, as its descriptor's settingsFrom
   * reads it (tests may point one at an emulator they drive); in test mode, a provider without one
   * is paid through its local emulator (DECISIONS 20).
   */
  readonly payments?: Readonly<Record<ProviderName, unknown>>;
  /** The payment providers; unset: adapters/payments/registry.ts. A test registers one of its own. */
  readonly paymentProviders?: readonly PaymentProvider<unknown>[];
  /**
   * Google's OAuth client; unset: in test mode the local emulated provider, else no sign-in with
   * Google. Tests may name another issuer.
   */
  readonly google?: { readonly clientId: string; readonly clientSecret: string; readonly issuer: string };
  /** The least severe log lines written (one JSON line per request at info). */
  readonly logLevel: LogLevel;
  /** The store's time; unset: the system's. Tests move a fixed clock to see what happens days later. */
  readonly clock?: Clock;
  /** Where covers, receipts and product files are kept; unset: the local disk under DATA_DIR/files. */
  readonly storage?: StorageSettings;
  /** A file storage of a test's own (one that fails); unset: the one `storage` names. */
  readonly fileStorage?: FileStorage;
}

/** The repository's folder: the nearest above this file with a package.json, whether this runs from adapters/di or compiled into build/server. */
const rootAbove = (dir: string): string =>
  fs.existsSync(path.join(dir, 'package.json')) || path.dirname(dir) === dir ? dir : rootAbove(path.dirname(dir));
export const ROOT = rootAbove(__dirname);
export const UI_DIST = path.join(ROOT, 'ui', 'dist');

export const configFromEnv = (source: NodeJS.ProcessEnv = process.env, providers: readonly PaymentProvider<unknown>[] = PAYMENT_PROVIDERS): AppConfig => {
  const parsed = env.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`The configuration is not valid:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicUrl = e.PUBLIC_URL?.replace(/\/+$/, '');
  // Each registered provider's own settings; one without them is its emulator, in test mode only.
  const payments = Object.fromEntries(
    providers.flatMap((provider) => {
      const settings = provider.settingsFrom(source);
      return settings === undefined ? [] : [[provider.name, settings]];
    }),
  );
  const google = allOrNone(source, GOOGLE_SETTINGS);
  const testMode = testModeOf(e.TEST_PAYMENTS, e.HOST, publicUrl);
  if (!testMode) refuseWithoutPayments(providers.filter((provider) => !provider.offUnlessConfigured && !Object.hasOwn(payments, provider.name)), e.HOST, publicUrl);
  const dataDir = path.resolve(ROOT, e.DATA_DIR);
  const storage = storageOf(e, source);
  return {
    port: e.PORT,
    host: e.HOST,
    database: e.DATABASE_URL
      ? { engine: 'postgres', url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE }
      : { engine: 'pglite', dataDir },
    dataDir,
    trustProxy: e.TRUST_PROXY,
    supportEmail: e.SUPPORT_EMAIL,
    catalogueRefreshMs: e.CATALOGUE_REFRESH_MS,
    listenForChanges: e.LISTEN_FOR_CHANGES === 'true',
    seedDemo: e.SEED_DEMO === 'true',
    uiDir: UI_DIST,
    admin:
      e.ADMIN_USERNAME && e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { username: e.ADMIN_USERNAME, email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD }
        : undefined,
    argon2: { memoryCost: e.ARGON2_MEMORY_KIB, timeCost: e.ARGON2_TIME_COST },
    signInsAtOnce: e.SIGN_INS_AT_ONCE ?? defaultSignInsAtOnce(),
    addressLimits: { requests: e.RATE_LIMIT_REQUESTS },
    publicUrl,
    testMode,
    smtpUrl: e.SMTP_URL,
    reconcileEveryMs: e.RECONCILE_EVERY_MS,
    egpPerUsd: e.EGP_PER_USD,
    background: true,
    payments,
    paymentProviders: providers,
    google: google ? { clientId: google.GOOGLE_CLIENT_ID, clientSecret: google.GOOGLE_CLIENT_SECRET, issuer: GOOGLE_ISSUER } : undefined,
    logLevel: e.LOG_LEVEL,
    storage,
  };
};

/** The address browsers and providers reach the store at: PUBLIC_URL, or where it listens. */
export const publicUrlOf = (config: Pick<AppConfig, 'publicUrl' | 'host'>, port: number): string =>
  config.publicUrl ?? `http://${config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host}:${port}`;

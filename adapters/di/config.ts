import path from 'node:path';
import { z } from 'zod';
import { DatabaseConfig } from '../persistence/database';

/** Every setting the store reads, from the environment, with its default (see the README's table). */
const env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  DATA_DIR: z.string().default('data'),
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  SUPPORT_EMAIL: z.string().email().default('support@dental-library.example'),
  CATALOGUE_REFRESH_MS: z.coerce.number().int().min(50).default(1000),
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  ADMIN_USERNAME: z.string().optional(),
  ADMIN_EMAIL: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  ARGON2_MEMORY_KIB: z.coerce.number().int().min(1024).max(1048576).default(19456),
  ARGON2_TIME_COST: z.coerce.number().int().min(1).max(10).default(2),
});

export interface AppConfig {
  readonly port: number;
  readonly host: string;
  readonly database: DatabaseConfig;
  readonly dataDir: string;
  readonly trustProxy: number;
  readonly supportEmail: string;
  readonly catalogueRefreshMs: number;
  readonly seedDemo: boolean;
  readonly uiDir?: string;
  /** The operator's admin account, made sure of at start when all three are set. */
  readonly admin?: { readonly username: string; readonly email: string; readonly password: string };
  readonly argon2: { readonly memoryCost: number; readonly timeCost: number };
}

export const ROOT = path.resolve(__dirname, '..', '..');
export const UI_DIST = path.join(ROOT, 'ui', 'dist');

export const configFromEnv = (source: NodeJS.ProcessEnv = process.env): AppConfig => {
  const parsed = env.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`The configuration is not valid:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(ROOT, e.DATA_DIR);
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
    seedDemo: e.SEED_DEMO === 'true',
    uiDir: UI_DIST,
    admin:
      e.ADMIN_USERNAME && e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { username: e.ADMIN_USERNAME, email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD }
        : undefined,
    argon2: { memoryCost: e.ARGON2_MEMORY_KIB, timeCost: e.ARGON2_TIME_COST },
  };
};

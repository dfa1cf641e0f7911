import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AddressInfo } from 'node:net';
import { Server } from 'node:http';
import { ServerLimits, SERVER_LIMITS, createStoreServer } from '../../adapters/http/server-limits';
import { AppConfig, defaultSignInsAtOnce, ROOT } from '../../adapters/di/config';
import { composeStore, Store } from '../../adapters/di/container';
import { TOKENS } from '../../adapters/di/tokens';
import { NewProduct } from '../../core/catalog/domain/product';
import { Json } from './json';
import { testPglite } from './databases';

export interface RunningStore {
  readonly store: Store;
  readonly url: string;
  get(path: string, headers?: Record<string, string>): Promise<{ status: number; body: Json; headers: Headers }>;
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<{ status: number; body: Json; headers: Headers }>;
  close(): Promise<void>;
}

export const testConfig = (overrides: Partial<AppConfig> = {}): AppConfig => ({
  port: 0,
  host: '127.0.0.1',
  database: { engine: 'pglite' },
  dataDir: '',
  trustProxy: 0,
  supportEmail: 'help@store.test',
  catalogueRefreshMs: 1000,
  seedDemo: false,
  // The cheapest Argon2id cost: tests check behaviour, the benchmark measures the real cost.
  argon2: { memoryCost: 1024, timeCost: 1 },
  signInsAtOnce: defaultSignInsAtOnce(),
  // Raised far above the production limit: suites call many times from 127.0.0.1.
  // tests/http/address-limits.test.ts checks the production limit (configFromEnv's default).
  addressLimits: { requests: { tries: 1_000_000, seconds: 1 } },
  reconcileEveryMs: 60_000,
  egpPerUsd: '50',
  // As `npm start` on this machine: the emulated providers are served (DECISIONS 21).
  testMode: 'local',
  // The e-mail sender and reconciliation are driven by the tests that need them.
  background: false,
  // Tests that read the log ask for it.
  logLevel: 'silent',
  ...overrides,
});

const read = async (response: Response) => {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: the body stays the text.
  }
  return { status: response.status, body, headers: response.headers };
};

/**
 * The real container and Koa app on a PGlite of its own (a copy of the run's migrated one, removed
 * at close: tests/support/databases.ts), listening on a free port. The server listens first, so
 * that the store knows its own address (the providers' emulators and the links they hand out are
 * built from it, as from PUBLIC_URL).
 */
export const startStore = async (
  products: readonly NewProduct[],
  overrides: Partial<AppConfig> = {},
  limits: ServerLimits = SERVER_LIMITS,
): Promise<RunningStore> => {
  const server: Server = createStoreServer(undefined, limits);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const own = overrides.database ? undefined : testPglite();
  let store: Store;
  try {
    store = await composeStore(testConfig({ port, publicUrl: `http://127.0.0.1:${port}`, database: own?.config, ...overrides }));
  } catch (error) {
    server.close();
    own?.remove();
    throw error;
  }
  try {
    await store.get(TOKENS.CatalogWriter).addMany(products);
  } catch (error) {
    // Closed here, or its database would keep Jest from exiting.
    server.close();
    await store.close();
    own?.remove();
    throw error;
  }
  server.on('request', store.app.callback());
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    store,
    url,
    get: async (path, headers) => read(await fetch(url + path, { headers })),
    post: async (path, body, headers) =>
      read(
        await fetch(url + path, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: typeof body === 'string' ? body : JSON.stringify(body),
        }),
      ),
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await store.close();
      own?.remove();
    },
  };
};

/**
 * Runs the stamping job of a paid order now (the test stores run no background work): a buyer's
 * PDF or EPUB is served as their own copy, made by this job.
 */
export const copiesMade = async (api: RunningStore, orderId: string): Promise<void> => {
  await api.store.get(TOKENS.StampCopies).run(orderId);
};

/**
 * A folder holding the UI's page template as the source has it, so a store can serve and render
 * pages without a build (`uiDir`): made before the tests of the describe block it is called in,
 * removed after them. Call it before the block's own beforeAll.
 */
export function pageTemplateFolder(): () => string {
  let dir = '';
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ui-'));
    fs.copyFileSync(path.join(ROOT, 'ui/index.html'), path.join(dir, 'index.html'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  return () => dir;
}

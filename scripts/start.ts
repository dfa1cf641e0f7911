import { configFromEnv } from '../adapters/di/config';
import { TOKENS } from '../adapters/di/tokens';
import { composeStore } from '../adapters/di/container';
import { seedDemoOnFirstStart } from '../adapters/persistence/seed/seed';
import { createStoreServer } from '../adapters/http/server-limits';
import { ensureDemoAdmin } from './demo-admin';
import { gracefulShutdown } from '../adapters/http/graceful';
import './ignore-styles';
import { pageRenderer } from '../ui/src/server/render';

/** How long requests in flight may take once the store is asked to stop. */
const SHUTDOWN_GRACE_MS = 10_000;

/**
 * The store's server, compiled into build/server/start.js by scripts/builds.js; `npm start`
 * (scripts/launch.js) builds the UI and this when stale, then runs it. Opens and migrates the
 * database, seeds it once, serves.
 */
const main = async () => {
  const config = configFromEnv();
  const store = await composeStore({ ...config, renderPages: pageRenderer });
  if (config.seedDemo) {
    const seeded = await seedDemoOnFirstStart(
      store.get(TOKENS.Database).knex,
      store.get(TOKENS.CatalogWriter),
      store.get(TOKENS.FileStorage),
      store.get(TOKENS.Clock).now(),
    );
    if (seeded) console.log(`Seeded the demo catalogue: ${seeded} products.`);
  }
  if (config.admin) {
    const admin = await store.get(TOKENS.AdminAtStart).ensure(config.admin)();
    if (admin._tag === 'Left') throw new Error(`The admin account (ADMIN_USERNAME, ADMIN_EMAIL, ADMIN_PASSWORD) was refused: ${admin.left.message}`);
    console.log(`Admin account: ${admin.right.username}`);
  } else if (config.database.engine === 'pglite' && config.seedDemo) {
    await ensureDemoAdmin(store, config.dataDir);
  }
  const server = createStoreServer(store.app.callback()).listen(config.port, config.host, () => {
    const where = config.database.engine === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
    console.log(`Dental Library is open at http://${config.host}:${config.port} (database: ${where})`);
  });
  // A second signal, after this one, stops the process at once (the default).
  const graceful = gracefulShutdown(server, { graceMs: SHUTDOWN_GRACE_MS, closeStore: () => store.close() });
  const stop = (signal: NodeJS.Signals) => {
    console.log(`${signal}: no new connections; finishing the requests under way, then stopping.`);
    graceful.shutdown().then(
      (how) => {
        if (how === 'forced') console.log(`Requests still under way after ${SHUTDOWN_GRACE_MS / 1000} s were cut off.`);
        process.exit(0);
      },
      (error: unknown) => {
        console.error(`The store did not close cleanly: ${error instanceof Error ? error.message : error}`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
};

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

import { configFromEnv } from '../adapters/di/config';
import { TOKENS } from '../adapters/di/tokens';
import { composeStore } from '../adapters/di/container';
import { CatalogWriter } from '../core/catalog/ports/catalog';
import { Database } from '../adapters/persistence/database';
import { seedDemoOnFirstStart } from '../adapters/persistence/seed/seed';
import { ensureDemoAdmin } from './demo-admin';

/**
 * The store's server, compiled into build/server/start.js by scripts/builds.js; `npm start`
 * (scripts/launch.js) builds the UI and this when stale, then runs it. Opens and migrates the
 * database, seeds it once, serves.
 */
const main = async () => {
  const config = configFromEnv();
  const store = await composeStore(config);
  if (config.seedDemo) {
    const seeded = await seedDemoOnFirstStart(
      store.get(TOKENS.Database).knex,
      store.get(TOKENS.CatalogWriter),
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
  const server = store.app.listen(config.port, config.host, () => {
    const where = config.database.engine === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
    console.log(`Dental Library is open at http://${config.host}:${config.port} (database: ${where})`);
  });
  const stop = () => {
    server.close();
    server.closeAllConnections();
    void store.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
};

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

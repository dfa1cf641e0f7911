import { randomBytes, randomInt } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Store } from '../adapters/di/container';
import { TOKENS } from '../adapters/di/tokens';

export const DEMO_ADMIN = { username: 'admin', email: 'admin@dental-library.local' } as const;

/**
 * The embedded default's admin, so that a new user can try the back office with no configuration:
 * made once, with a random password (never a known one) printed and kept in DATA_DIR/demo-admin.txt,
 * readable by its owner only. ADMIN_USERNAME, ADMIN_EMAIL and ADMIN_PASSWORD replace it.
 */
export const ensureDemoAdmin = async (store: Store, dataDir: string): Promise<void> => {
  const file = path.join(dataDir, 'demo-admin.txt');
  if (await store.get(TOKENS.Users).findByUsername(DEMO_ADMIN.username)) {
    if (fs.existsSync(file)) console.log(`Demo admin: username ${DEMO_ADMIN.username}, password in ${file}`);
    return;
  }
  // The password rules: an upper-case letter, two digits, no spaces.
  const password = `A${randomBytes(12).toString('base64url')}${randomInt(10)}${randomInt(10)}`;
  const admin = await store.get(TOKENS.AdminAtStart).ensure({ ...DEMO_ADMIN, password })();
  if (admin._tag === 'Left') return void console.warn(`No demo admin: ${admin.left.message}`);
  fs.writeFileSync(file, `username: ${DEMO_ADMIN.username}\npassword: ${password}\n`, { mode: 0o600 });
  console.log(`Demo admin: username ${DEMO_ADMIN.username}, password ${password} (kept in ${file})`);
};
